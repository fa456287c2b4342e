"""A real server serving gRPC and Play over WebSocket on real ports, with a real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from service.server import Running
from tests.conftest import start_server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = start_server(tmp_path / "data", ws_port=0)
    yield running
    running.stop()


@pytest.fixture
def url(server: Running) -> str:
    return f"ws://127.0.0.1:{server.ws_port}/v1/play"
