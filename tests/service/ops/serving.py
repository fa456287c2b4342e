"""`frontier serve` with TLS, a WebSocket and a web port, metrics and JSON logs, in a process of its own."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.service.ops.certificates import Certificates


@dataclass(frozen=True)
class Served:
    grpc: str  # localhost:PORT (the name the certificate carries)
    ws: str  # wss://localhost:PORT/v1/play
    http: str  # https://localhost:PORT/
    metrics: str  # http://127.0.0.1:PORT (plain: the operator's port)
    log: Path  # the server's standard error


@contextmanager
def serving_tls(data: Path, certificates: Certificates, log: Path) -> Iterator[Served]:
    command = [sys.executable, "-m", "service.cli", "serve", "--port", "0", "--ws-port", "0", "--http", "0"]
    command += ["--tls-cert", str(certificates.cert), "--tls-key", str(certificates.key)]
    command += ["--metrics", "0", "--log-format", "json"]
    with log.open("w") as errors:
        process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            env={**os.environ, "FRONTIER_DATA": str(data)},
        )
        assert process.stdout is not None
        printed = [process.stdout.readline() for _ in range(4)]
        text = "".join(printed)
        ports = [
            re.search(pattern, text)
            for pattern in (
                r"serving on \S+:(\d+)",
                r"wss://\S+:(\d+)/",
                r"https://\S+:(\d+)/",
                r"metrics on http://\S+:(\d+)/",
            )
        ]
        assert all(ports), f"{text!r} {log.read_text()}"
        grpc_port, ws_port, http_port, metrics_port = (m.group(1) for m in ports if m)
        try:
            yield Served(
                f"localhost:{grpc_port}",
                f"wss://localhost:{ws_port}/v1/play",
                f"https://localhost:{http_port}/",
                f"http://127.0.0.1:{metrics_port}",
                log,
            )
        finally:
            process.send_signal(signal.SIGTERM)
            assert process.wait(timeout=30) == 0, log.read_text()
