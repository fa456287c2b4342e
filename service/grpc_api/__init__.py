"""The gRPC front end: servicers and interceptors over the application core."""
