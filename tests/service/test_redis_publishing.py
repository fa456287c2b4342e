"""Publishing to Redis off the command's path: a hung Redis holds no command up, and batches keep order.

Real servers: PostgreSQL and Valkey from `tests.servers`, a `frontier serve` on a real port.
"""

from __future__ import annotations

import json
import os
import random
import signal
import threading
import uuid
from pathlib import Path
from typing import Any

import redis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.client import Client
from service.fanout import Update
from service.generated.frontier.v1 import frontier_pb2
from service.redis_fanout import RedisBroker, game_stream
from tests.conftest import ORGANISER, available_games
from tests.servers import Postgres, Redis
from tests.service.helpers import create, legal, state
from tests.service.test_scale_out import Watcher, play_through, start

# Below the broker's Redis socket timeout (5 s): a command that waited on a hung Redis misses it.
DEADLINE = 3.0


def test_commands_are_acknowledged_while_redis_hangs_and_watchers_miss_nothing(
    postgres: Postgres, redis_server: Redis, tmp_path: Path
) -> None:
    running = start(postgres, redis_server, tmp_path)
    assert redis_server.process is not None
    pid = redis_server.process.pid
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            game = create(client, available_games()[0])
            watcher = Watcher(client, game.game_id)
            watcher.start()
            chooser = random.Random(3)
            acknowledged = []
            os.kill(pid, signal.SIGSTOP)  # Redis takes connections and never answers
            try:
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
            finally:
                os.kill(pid, signal.SIGCONT)
            assert len(acknowledged) == 3
            final = play_through([client], game, chooser)
            watcher.join(timeout=120)
            assert not watcher.is_alive()
            assert [u.version for u in watcher.updates] == list(range(1, final + 1))
    finally:
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
            entry = {"version": version, "seat": 0, "events": [], "hash": f"h{version}"}
            broker.publish(Update(game_id, entry, version == length))

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


def test_close_stops_the_publisher(redis_server: Redis) -> None:
    broker = RedisBroker(redis_server.url)
    broker.close()
    assert not broker._publisher.is_alive()
