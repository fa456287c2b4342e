"""The health checks of a real `serve` whose store refuses writes, as on a full disk.

/healthz only asked the store a read, so it said `ok` while every command failed. The process's
file-size limit (`RLIMIT_FSIZE`, set from outside with prlimit) makes every write to its files fail
as a full disk does, with no privileges and no real disk to fill; lifting it is freeing the disk.
"""

from __future__ import annotations

import os
import re
import resource
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from service.client import Client
from tests.conftest import ORGANISER
from tests.service.helpers import create, failure, legal, state, submit
from tests.service.ops.test_health import healthz, wait_for_health

pytestmark = pytest.mark.skipif(not hasattr(resource, "prlimit"), reason="prlimit is Linux's")


@dataclass
class Served:
    pid: int
    address: str
    metrics_port: int


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    env = {**os.environ, "FRONTIER_ORGANISER_TOKEN": ORGANISER}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "service.cli",
            "serve",
            "--port",
            "0",
            "--metrics",
            "0",
            "--data",
            str(tmp_path),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None and process.stderr is not None
    lines = [process.stdout.readline(), process.stdout.readline()]
    address = re.search(r"serving on (\S+:\d+)", lines[0])
    metrics = re.search(r"metrics on http://\S+:(\d+)/", lines[1])
    assert address and metrics, lines
    try:
        yield Served(process.pid, address.group(1), int(metrics.group(1)))
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0, process.stderr.read()


def grpc_health(address: str) -> int:
    with grpc.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        status: int = stub.Check(health_pb2.HealthCheckRequest(service=""), timeout=10).status
        return status


def test_a_store_that_refuses_writes_fails_both_health_checks_until_it_takes_them_again(
    served: Served,
) -> None:
    unlimited = resource.prlimit(served.pid, resource.RLIMIT_FSIZE)
    with Client(served.address) as client:
        game = create(client, "most-wanted", 2)
        seat = state(client, game.game_id).seats_to_act[0]
        command = legal(client, game, seat).commands[0]
        assert healthz(served.metrics_port)[0] == 200
        assert grpc_health(served.address) == health_pb2.HealthCheckResponse.SERVING
        before = state(client, game.game_id, ORGANISER).version

        resource.prlimit(served.pid, resource.RLIMIT_FSIZE, (1, unlimited[1]))  # the disk is full
        try:
            refused = failure(lambda: submit(client, game, seat, command))
            assert refused.code == grpc.StatusCode.UNAVAILABLE
            code, body = healthz(served.metrics_port)
            assert code == 503 and body["status"] == "failing", body
            assert body["store"].startswith("failing: writes refused"), body
            assert grpc_health(served.address) == health_pb2.HealthCheckResponse.NOT_SERVING
            assert state(client, game.game_id, ORGANISER).version == before  # reads still work
        finally:
            resource.prlimit(served.pid, resource.RLIMIT_FSIZE, unlimited)  # freed

        # No command needed: the server's own probe write finds the store taking writes again.
        assert wait_for_health(served.metrics_port, 200)["store"] == "ok"
        assert grpc_health(served.address) == health_pb2.HealthCheckResponse.SERVING
        submit(client, game, seat, command)
        assert state(client, game.game_id, ORGANISER).version == before + 1
