"""The server's threads carry their names for the system, so `top -H` and profiles tell them apart."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from service.client import Client
from service.config import Settings
from service.server import create_server
from tests.conftest import ORGANISER
from tests.service.helpers import create


def system_thread_names() -> set[str]:
    return {comm.read_text().strip() for comm in Path("/proc/self/task").glob("*/comm")}


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="thread names for the system are Linux's prctl"
)
def test_the_event_loop_and_the_worker_pools_are_named_for_the_system(tmp_path: Path) -> None:
    running = create_server(Settings(data=tmp_path, port=0, organiser_token=ORGANISER))
    client = Client(f"127.0.0.1:{running.port}")
    try:
        create(client, "most-wanted", 3)  # a unary call: a worker of the server's pool runs it
        names = system_thread_names()
    finally:
        client.close()
        running.stop()
    assert "frontier-loop" in names
    assert "frontier-hooks" in names  # the webhooks' delivery worker
    assert any(name.startswith("frontier_") for name in names), names  # the unary calls' pool
