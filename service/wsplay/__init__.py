"""Play over WebSocket: the gRPC Play protocol (PlayRequest in, PlayUpdate out) on a cheaper transport."""
