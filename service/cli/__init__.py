"""The `frontier` command line, on top of the Python client."""

import os

# gRPC's C core logs at INFO unless told otherwise, so a failed TLS handshake printed a raw line
# ("I1207 ... Handshake failed ...") before our own sentence saying the same in words. ERROR is
# gRPC's documented default; it is read once, when gRPC is imported, so it is set here, before
# any module of the command imports it. A value the user set is kept.
os.environ.setdefault("GRPC_VERBOSITY", "ERROR")
