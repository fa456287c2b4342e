"""Publishing to Redis off the command's path: a hung Redis holds no command up, batches keep order,
the outbox is bounded, publishing resumes after a restart, and close() ends the publisher.

Real servers: PostgreSQL and Valkey from `tests.servers`, `frontier serve` processes on real ports.
A paused Redis is a real one stopped with SIGSTOP: it accepts connections and never answers.
"""

from __future__ import annotations

import json
import os
import random
import signal
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import redis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.client import Client
from service.core import redis_fanout
from service.core.fanout import Update
from service.core.redis_fanout import Publisher, RedisBroker, game_stream
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, available_games
from tests.servers import Postgres, Redis
from tests.service.helpers import create, legal, state
from tests.service.test_scale_out import Watcher, play_through, start

# The gRPC deadline of a command sent while Redis is paused. Commands take milliseconds; one
# that waited on Redis would wait out a socket timeout (the old inline publish: 5 s) first.
DEADLINE = 4.0


@contextmanager
def paused(server: Redis) -> Iterator[None]:
    """Redis stopped (SIGSTOP) for the block: connections are accepted, nothing is answered."""
    assert server.process is not None
    os.kill(server.process.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(server.process.pid, signal.SIGCONT)


def entry(version: int) -> dict[str, Any]:
    return {"version": version, "seat": 0, "events": [], "hash": f"h{version}"}


def stream_versions(url: str, game_id: str) -> list[int]:
    connection = redis.Redis.from_url(url)
    try:
        items: Any = connection.xrange(game_stream(game_id))
        return [json.loads(fields[b"entry"])["version"] for _, fields in items]
    finally:
        connection.close()


def wait_until(condition: Callable[[], bool], seconds: float = 30) -> None:
    """Wait for `condition` (not a timing check: the assertion after it is what counts)."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.02)


def test_commands_are_acknowledged_while_redis_is_paused_and_watchers_elsewhere_see_every_step(
    postgres: Postgres, redis_server: Redis, tmp_path: Path
) -> None:
    servers = [start(postgres, redis_server, tmp_path) for _ in range(2)]
    try:
        client, other = (Client(f"127.0.0.1:{running.port}") for running in servers)
        with client, other:
            game = create(client, available_games()[0])
            watcher = Watcher(other, game.game_id)  # on the other server: it hears only through Redis
            watcher.start()
            chooser = random.Random(3)
            acknowledged = []
            with paused(redis_server):
                for _ in range(3):
                    seat = state(client, game.game_id, ORGANISER).seats_to_act[0]
                    reply = client.call(
                        "SubmitCommand",
                        frontier_pb2.SubmitCommandRequest(
                            game_id=game.game_id,
                            command_id=uuid.uuid4().hex,
                            command=chooser.choice(list(legal(client, game, seat).commands)),
                        ),
                        token=game.tokens[seat],
                        timeout=DEADLINE,
                    )
                    acknowledged.append(reply.version)
            assert len(acknowledged) == 3
            final = play_through([client], game, chooser)
            watcher.join(timeout=120)
            assert not watcher.is_alive()
            assert [u.version for u in watcher.updates] == list(range(1, final + 1))
            # Every step after the pause went out through Redis, once each and in order.
            later = [v for v in stream_versions(redis_server.url, game.game_id) if v > acknowledged[-1]]
            assert later == list(range(acknowledged[-1] + 1, final + 1))
    finally:
        for running in servers:
            running.stop()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(games=st.lists(st.integers(min_value=1, max_value=60), min_size=1, max_size=6))
def test_batched_publishing_gives_each_stream_what_one_at_a_time_publishing_gives(
    redis_server: Redis, games: list[int]
) -> None:
    """Games published concurrently from a thread each: every stream holds its game's entries once, in order.

    The plain path, one XADD per entry as it is published, would give exactly `range(1, n + 1)`.
    `close` right after the last publish: whatever is still queued goes out first.
    """
    broker = RedisBroker(redis_server.url)
    ids = [uuid.uuid4().hex for _ in games]

    def play(game_id: str, length: int) -> None:
        for version in range(1, length + 1):
            broker.publish(Update(game_id, entry(version), version == length))

    threads = [threading.Thread(target=play, args=pair) for pair in zip(ids, games, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    broker.close()
    connection = redis.Redis.from_url(redis_server.url)
    try:
        for game_id, length in zip(ids, games, strict=True):
            items: Any = connection.xrange(game_stream(game_id))
            stored = [(int(f[b"finished"]), json.loads(f[b"entry"])["version"]) for _, f in items]
            assert stored == [(int(v == length), v) for v in range(1, length + 1)]
    finally:
        connection.close()


def test_a_hung_redis_keeps_only_the_newest_entries_and_they_go_out_in_order_once_it_answers(
    redis_server: Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    limit = 50
    monkeypatch.setattr(redis_fanout, "OUTBOX_LIMIT", limit)
    publisher = Publisher(redis_server.url)
    total = 10 * limit
    try:
        with paused(redis_server):
            for version in range(1, total + 1):
                publisher.put(Update("g", entry(version), False))
            # At most one batch is out (stuck on the paused Redis); the rest waits, bounded.
            assert publisher.queued == limit
            assert total - 2 * limit <= publisher.dropped <= total - limit
            assert not publisher.healthy
    finally:
        publisher.close()
    versions = stream_versions(redis_server.url, "g")
    assert versions == sorted(set(versions))  # in order, none twice
    assert versions[-limit:] == list(range(total - limit + 1, total + 1))  # the newest all went out
    assert len(versions) <= 2 * limit


def test_publishing_resumes_after_redis_restarts_and_the_broker_is_healthy_again(redis_server: Redis) -> None:
    broker = RedisBroker(redis_server.url)
    try:
        broker.publish(Update("g", entry(1), False))
        wait_until(lambda: stream_versions(redis_server.url, "g") == [1])
        assert stream_versions(redis_server.url, "g") == [1]
        redis_server.stop()
        broker.publish(Update("g", entry(2), False))  # lost with Redis: watchers read the store
        wait_until(lambda: not broker.healthy)
        assert not broker.healthy and broker.publisher.dropped == 1
        redis_server.start()  # a fresh, empty Redis on the same port
        wait_until(lambda: broker.healthy)  # without publishing anything: the publisher checks
        assert broker.healthy
        broker.publish(Update("g", entry(3), False))
        wait_until(lambda: stream_versions(redis_server.url, "g") == [3])
        assert stream_versions(redis_server.url, "g") == [3]
    finally:
        broker.close()


def test_close_with_redis_hung_ends_the_publisher_and_drops_later_publishes(redis_server: Redis) -> None:
    broker = RedisBroker(redis_server.url)
    with paused(redis_server):
        for version in range(1, 301):
            broker.publish(Update("g", entry(version), False))
        broker.close()
        assert not broker.publisher.running
        broker.publish(Update("g", entry(301), False))  # a command finishing during shutdown
    assert broker.publisher.dropped >= 1
    assert broker.publisher.queued == 0


def test_close_sends_what_is_queued_and_stops_the_publisher(redis_server: Redis) -> None:
    broker = RedisBroker(redis_server.url)
    for version in range(1, 1001):
        broker.publish(Update("g", entry(version), False))
    broker.close()
    assert not broker.publisher.running
    assert broker.publisher.dropped == 0
    assert stream_versions(redis_server.url, "g") == list(range(1, 1001))
