"""The gRPC service: servicers, the Game application on eventsourcing, auth and live fan-out."""
