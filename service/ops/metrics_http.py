"""The operator's port: Prometheus metrics at /metrics and the health check at /healthz.

Plain HTTP on a port of its own, apart from the players' ports, so a scraper on the operator's
network needs no certificate and no token (bind it to an address only that network reaches).
/healthz answers 200 when the event store answers a query and takes writes (its last save did not
fail, or a probe write since has not: service/core/write_health.py) and Redis (when used) answers a
ping and takes every update, else 503; its JSON body says which part failed.
"""

from __future__ import annotations

import json
import socket
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

from service.config import ConfigError
from service.core.games import Games


def health(games: Games) -> tuple[bool, dict[str, str]]:
    """(all well, each part's state): the store, and Redis when the broker is Redis."""
    parts: dict[str, str] = {}
    try:
        games.recorder.max_notification_id()
        refused = games.writes.failing
        parts["store"] = "ok" if refused is None else f"failing: writes refused: {refused}"
    except Exception as error:  # any failure of the store is what this check is for
        parts["store"] = f"failing: {error}"
    reachable: Any = getattr(games.broker, "reachable", None)  # a Redis broker's; the local one has none
    if reachable is None:
        parts["redis"] = "off"
    else:
        parts["redis"] = "ok" if reachable() and getattr(games.broker, "healthy", True) else "failing"
    return all(state in ("ok", "off") for state in parts.values()), parts


@dataclass
class MetricsServer:
    server: ThreadingHTTPServer
    thread: threading.Thread
    port: int

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


def bind_metrics(host: str, port: int) -> _Server:
    """Bind the port now, so a taken one stops the server before it opens its store."""
    try:
        return (_Server6 if ":" in host else _Server)((host, port), _Handler)
    except OSError as error:
        raise ConfigError(f"cannot serve metrics on {host}:{port}: {error.strerror}") from None


def start_metrics(bound: _Server, games: Games) -> MetricsServer:
    bound.games = games
    thread = threading.Thread(target=bound.serve_forever, name="frontier-metrics", daemon=True)
    thread.start()
    return MetricsServer(bound, thread, bound.server_address[1])


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    games: Games | None = None  # set once the server has its store


class _Server6(_Server):
    address_family = socket.AF_INET6


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
        path = self.path.split("?", 1)[0]
        if path == "/metrics":
            self._send(200, CONTENT_TYPE_LATEST, generate_latest(REGISTRY))
        elif path == "/healthz":
            assert isinstance(self.server, _Server) and self.server.games is not None
            well, parts = health(self.server.games)
            body = json.dumps({"status": "ok" if well else "failing", **parts}).encode()
            self._send(200 if well else 503, "application/json", body)
        else:
            self._send(404, "text/plain; charset=utf-8", b"/metrics or /healthz\n")

    def _send(self, status: int, content_type: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (http.server's name)
        """Scrapes every few seconds are not worth a log line each."""
