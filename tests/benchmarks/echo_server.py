"""A bare gRPC unary echo server, the ceiling for the service's calls.

Run as `python -m tests.benchmarks.echo_server`: it prints its port and echoes a
`google.protobuf.BytesValue` back, on a thread-pool `grpc.server` with the
service's number of workers, until it is terminated. (The service itself is a
`grpc.aio` server; the same echo there costs ~1.6x the server CPU per call: docs/benchmarks.md.)
"""

from __future__ import annotations

import signal
import threading
from concurrent import futures
from typing import Any

import grpc
from google.protobuf import wrappers_pb2

from service.config import Settings

METHOD = "/bench.Echo/Echo"


def _echo(request: wrappers_pb2.BytesValue, context: Any) -> wrappers_pb2.BytesValue:
    return request


def serve() -> None:
    settings = Settings()
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=settings.workers))
    handler = grpc.unary_unary_rpc_method_handler(
        _echo,
        request_deserializer=wrappers_pb2.BytesValue.FromString,
        response_serializer=wrappers_pb2.BytesValue.SerializeToString,
    )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("bench.Echo", {"Echo": handler}),))
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    print(f"echo serving on 127.0.0.1:{port}", flush=True)
    stopped = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopped.set())
    stopped.wait()
    server.stop(0.5).wait()


class EchoClient:
    def __init__(self, address: str) -> None:
        self.channel = grpc.insecure_channel(address)
        self.call = self.channel.unary_unary(
            METHOD,
            request_serializer=wrappers_pb2.BytesValue.SerializeToString,
            response_deserializer=wrappers_pb2.BytesValue.FromString,
        )

    def echo(self, message: wrappers_pb2.BytesValue) -> None:
        self.call(message, timeout=30)

    def close(self) -> None:
        self.channel.close()


if __name__ == "__main__":
    serve()
