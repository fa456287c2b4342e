"""A real server with the API on its web port (Connect and gRPC-Web) beside gRPC, in one process."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from service.client import Client
from service.config import MAX_MESSAGE_BYTES
from service.grpc_api.connect.front import ConnectFront
from service.server import Running
from service.web.server import RunningHttp, start_http
from tests.conftest import ORGANISER, start_server


@dataclass
class ApiSite:
    grpc: Running
    http: RunningHttp
    client: Client  # gRPC, no token of its own

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.http.port}"


@contextmanager
def api_site(
    data: Path,
    cors_origins: tuple[str, ...] = (),
    max_message_bytes: int = MAX_MESSAGE_BYTES,
    **settings: object,
) -> Iterator[ApiSite]:
    running = start_server(data, max_message_bytes=max_message_bytes, **settings)
    assert running.served is not None
    http = start_http(
        running.ledger,
        ORGANISER,
        "127.0.0.1",
        0,
        failures=running.servicer.failures,
        signing_key=running.servicer.signing_key,
        api=ConnectFront(running.served, max_message_bytes),
        cors_origins=cors_origins,
    )
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            yield ApiSite(running, http, client)
    finally:
        http.stop()
        running.stop()
