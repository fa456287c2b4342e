"""The `frontier` command line, on top of the Python client."""
