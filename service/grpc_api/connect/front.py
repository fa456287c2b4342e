"""The Connect front end as the web port mounts it: an ASGI app, the paths it answers, and its stop."""

from __future__ import annotations

from connectrpc.server import ConnectASGIApplication

from service.generated.frontier.v1 import frontier_pb2, tournaments_pb2
from service.grpc_api.connect.codecs import CODECS
from service.grpc_api.connect.endpoints import endpoint_table, served_methods
from service.grpc_api.connect.stops import StreamStops
from service.grpc_api.served import ServedMethods


class ConnectApp(ConnectASGIApplication[ServedMethods]):
    @property
    def path(self) -> str:
        return "/"


class ConnectFront:
    """Every unary and server-streaming method the gRPC server serves, over Connect and gRPC-Web."""

    def __init__(self, served: ServedMethods, max_message_bytes: int) -> None:
        self.streams = StreamStops()
        methods = served_methods((frontier_pb2.DESCRIPTOR, tournaments_pb2.DESCRIPTOR))
        table = endpoint_table(served, methods, self.streams)
        self.paths = frozenset(table)
        self.app = ConnectApp(
            service=served,
            endpoints=lambda _served: table,
            read_max_bytes=max_message_bytes,
            codecs=CODECS,
        )

    def stop(self) -> None:
        """End the open streams: uvicorn's stop waits for every connection (stops.py)."""
        self.streams.stop()
