"""/healthz of a real server on Redis: failing (503) while Redis is away, well again once it is back."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path

from service.ops.metrics_http import bind_metrics, start_metrics
from tests.conftest import start_server
from tests.servers import Redis


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
