"""What an operator runs the server with: TLS, metrics and health, JSON logs, backups."""
