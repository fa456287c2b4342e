"""The Connect front end as the web port mounts it: an ASGI app, the paths it answers, and its stop."""

from __future__ import annotations

import json
from typing import Any

from connectrpc.server import ConnectASGIApplication

from service.generated.frontier.v1 import frontier_pb2, ladders_pb2, tournaments_pb2, webhooks_pb2
from service.grpc_api.connect.codecs import CODECS
from service.grpc_api.connect.endpoints import endpoint_table, served_methods
from service.grpc_api.connect.stops import StreamStops
from service.grpc_api.served import ServedMethods


class ConnectApp(ConnectASGIApplication[ServedMethods]):
    @property
    def path(self) -> str:
        return "/"


GRPC_ELSEWHERE = (
    "gRPC needs HTTP/2 and trailers: call the server's gRPC port; this port speaks Connect "
    "(application/json, application/proto) and gRPC-Web (application/grpc-web+proto)"
)


class HttpOnePort:
    """Refuses plain gRPC (`application/grpc`) with 415 before connectrpc sees it: over HTTP/1.1 it
    raised inside connectrpc, and uvicorn logged a traceback for each such request."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        content_type = dict(scope.get("headers", ())).get(b"content-type", b"").decode("latin-1")
        if content_type.split(";")[0].split("+")[0].strip().lower() != "application/grpc":
            await self.app(scope, receive, send)
            return
        body = json.dumps({"code": "unimplemented", "message": GRPC_ELSEWHERE}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 415, "headers": headers})
        await send({"type": "http.response.body", "body": body})


# Every service in proto/ (the OpenAPI document describes them all: tools/api_specs).
SERVED_FILES = (
    frontier_pb2.DESCRIPTOR,
    tournaments_pb2.DESCRIPTOR,
    ladders_pb2.DESCRIPTOR,
    webhooks_pb2.DESCRIPTOR,
)


class ConnectFront:
    """Every unary and server-streaming method the gRPC server serves, over Connect and gRPC-Web."""

    def __init__(self, served: ServedMethods, max_message_bytes: int) -> None:
        self.streams = StreamStops()
        methods = served_methods(SERVED_FILES)
        table = endpoint_table(served, methods, self.streams)
        self.paths = frozenset(table)
        self.app = HttpOnePort(
            ConnectApp(
                service=served,
                endpoints=lambda _served: table,
                read_max_bytes=max_message_bytes,
                codecs=CODECS,
            )
        )

    def stop(self) -> None:
        """End the open streams: uvicorn's stop waits for every connection (stops.py)."""
        self.streams.stop()
