"""Run the web viewer beside the gRPC server: uvicorn in a thread of the same process.

Started by `frontier serve --http PORT` through `start_http`; it shares the server's core (`Ledger`,
service/core/root.py), so pages read exactly what the gRPC API reads. Given an API front end (`api`:
Connect and gRPC-Web, service/grpc_api/connect/), the port serves the API beside the pages
(service/web/api_port.py). The socket is bound here, before the thread starts, so a taken port is an
error at start-up and port 0 reports the port it got.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from dataclasses import dataclass

import uvicorn
from starlette.types import ASGIApp

from replay.trust.keys import SigningKey
from service.config import ConfigError
from service.core.rate_limit import TokenFailures
from service.core.root import Ledger
from service.core.witnessing import Witnessing
from service.ops.tls import ServerTls
from service.web.api_port import ApiFront, with_api
from service.web.app import create_app


@dataclass
class RunningHttp:
    server: uvicorn.Server
    thread: threading.Thread
    port: int
    api: ApiFront | None = None  # its open streams end first, or uvicorn's stop waits on them
    witnessing: Witnessing | None = None

    def stop(self) -> None:
        if self.witnessing is not None:
            self.witnessing.stop()
        if self.api is not None:
            self.api.stop()
        self.server.should_exit = True
        self.thread.join(timeout=5)


def start_http(
    ledger: Ledger,
    organiser_token: str | None,
    host: str,
    port: int,
    failures: TokenFailures | None = None,
    tls: ServerTls | None = None,
    signing_key: SigningKey | None = None,
    trusted_proxy: str | None = None,
    api: ApiFront | None = None,
    cors_origins: tuple[str, ...] = (),
    witnesses: tuple[str, ...] = (),
    witness_every: float = 5.0,
) -> RunningHttp:
    """`trusted_proxy`: the addresses (comma-separated, or `*`) whose X-Forwarded-For header is
    believed. Off by default: any client could otherwise name itself a new address per request
    and so escape the per-address count of wrong tokens. `cors_origins`: the other sites whose pages
    may call the API (service/web/api_port.py); none by default. `witnesses`: the witnesses the log's
    checkpoints are pushed to every `witness_every` seconds (service/core/witnessing.py)."""
    try:
        sock = socket.create_server((host, port))
    except OSError as error:
        raise ConfigError(f"cannot serve the web viewer on {host}:{port}: {error.strerror}") from None
    # asyncio turns Nagle off only on sockets whose protocol reads IPPROTO_TCP, and this one reads 0:
    # each answer (headers, then body) then waited for the client's delayed ACK, 40 ms a call on a
    # kept-alive connection. Set on the listening socket, the option is inherited by every connection.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    witnessing = None
    if witnesses and signing_key is not None:
        witnessing = Witnessing(ledger.service_log, signing_key, witnesses, witness_every)
    app: ASGIApp = create_app(ledger, organiser_token, failures, signing_key, witnessing)
    if api is not None:
        app = with_api(app, api, cors_origins)
    config = uvicorn.Config(
        app,
        log_level="warning",
        log_config=None,  # the server's own log set-up (text or JSON, service/ops/logs.py) applies
        lifespan="off",
        ssl_certfile=tls.cert if tls else None,
        ssl_keyfile=tls.key if tls else None,
        proxy_headers=trusted_proxy is not None,
        forwarded_allow_ips=trusted_proxy or "",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(
        target=lambda: asyncio.run(server.serve(sockets=[sock])), name="frontier-http", daemon=True
    )
    thread.start()
    if witnessing is not None:
        witnessing.start()
    return RunningHttp(server, thread, sock.getsockname()[1], api, witnessing)
