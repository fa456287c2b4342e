"""/healthz of a real server on Redis: failing (503) while Redis is away, well again once it is back."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
import urllib.error
import urllib.request
from pathlib import Path

import grpc
from prometheus_client.parser import text_string_to_metric_families

from service.client import Client
from service.config import SQLITE_FILE
from service.ops.metrics_http import bind_metrics, start_metrics
from tests.conftest import start_server
from tests.servers import Redis
from tests.service.helpers import create, failure, legal, state, submit


def healthz(port: int) -> tuple[int, dict[str, str]]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=20) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def wait_for_health(port: int, status: int, seconds: float = 20.0) -> dict[str, str]:
    deadline = time.monotonic() + seconds
    while True:
        code, body = healthz(port)
        if code == status or time.monotonic() > deadline:
            assert code == status, body
            return body
        time.sleep(0.1)


def test_the_health_check_fails_while_redis_is_away_and_recovers(tmp_path: Path, redis_server: Redis) -> None:
    running = start_server(tmp_path / "data", redis=redis_server.url)
    metrics = start_metrics(bind_metrics("127.0.0.1", 0), running.app)
    try:
        assert healthz(metrics.port) == (200, {"status": "ok", "store": "ok", "redis": "ok"})
        redis_server.stop()
        assert wait_for_health(metrics.port, 503) == {"status": "failing", "store": "ok", "redis": "failing"}
        redis_server.start()
        assert wait_for_health(metrics.port, 200)["redis"] == "ok"
    finally:
        metrics.stop()
        running.stop()


def test_a_failing_store_fails_the_health_check_and_counts_store_errors(tmp_path: Path) -> None:
    running = start_server(tmp_path / "data")
    metrics = start_metrics(bind_metrics("127.0.0.1", 0), running.app)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            game = create(client, "most-wanted", 2)
            seat = state(client, game.game_id).seats_to_act[0]
            command = legal(client, game, seat).commands[0]
            before = store_errors(metrics.port)
            with contextlib.closing(sqlite3.connect(tmp_path / "data" / SQLITE_FILE)) as vandal:
                vandal.execute("DROP TABLE stored_events")  # the store is there, and cannot be read
                vandal.commit()
            lost = failure(lambda: submit(client, game, seat, command))
            assert lost.code == grpc.StatusCode.UNAVAILABLE
        assert store_errors(metrics.port) > before
        code, body = healthz(metrics.port)
        assert code == 503 and body["store"].startswith("failing") and body["redis"] == "off"
    finally:
        metrics.stop()
        running.stop()


def store_errors(port: int) -> float:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=20) as answer:
        families = text_string_to_metric_families(answer.read().decode())
    return sum(s.value for f in families for s in f.samples if s.name == "frontier_store_errors_total")
