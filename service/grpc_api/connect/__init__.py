"""The API over the Connect protocol and gRPC-Web on the web port, for browsers and curl.

Served by the `connectrpc` package's ASGI application (it speaks Connect's unary and streaming
envelopes, JSON and binary, and gRPC-Web's framing, with Connect's error codes and `details`).
Its generated code and codecs expect messages of another runtime (`protobuf-py`); ours are
google.protobuf's. Rather than a second generated tree, its codecs here pass the request's bytes
through, and the endpoint table is built from the handlers the gRPC server itself serves
(service/grpc_api/served.py): every method calls the same handler, through the same drain and
request guard, on the gRPC server's event loop and worker pool, so tokens, statuses, the rate
limiter, the gate and the size limit are gRPC's own. Errors are gRPC's statuses carried over:
the code by name, the message, and the `google.rpc.Status` details as Connect `details`.
"""
