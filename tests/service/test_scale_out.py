"""Several servers behind one store: PostgreSQL for the record, Redis Streams for live fan-out."""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from service.client import Client
from service.config import ConfigError, Settings
from service.core.fanout import Update
from service.core.redis_fanout import RedisBroker
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running, create_server
from tests.conftest import ORGANISER, available_games
from tests.servers import Postgres, Redis, free_port
from tests.service.helpers import Game, create, legal, state
from tests.service.serving import frontier_serving

GAMES = available_games()


def start(postgres: Postgres, redis: Redis, tmp_path: Path) -> Running:
    settings = Settings(data=tmp_path, port=0, store=postgres.url, redis=redis.url, organiser_token=ORGANISER)
    return create_server(settings)


@pytest.fixture
def cluster(postgres: Postgres, redis_server: Redis, tmp_path: Path) -> Iterator[list[Client]]:
    servers = [start(postgres, redis_server, tmp_path) for _ in range(2)]
    clients = [Client(f"127.0.0.1:{s.port}") for s in servers]
    yield clients
    for c in clients:
        c.close()
    for s in servers:
        s.stop()


class Watcher(threading.Thread):
    """Collects one game's updates from one server until the game ends."""

    def __init__(self, client: Client, game_id: str) -> None:
        super().__init__(daemon=True)
        self.client, self.game_id = client, game_id
        self.updates: list[Any] = []
        self.notices: list[str] = []

    def run(self) -> None:
        request = frontier_pb2.WatchGameRequest(game_id=self.game_id, from_version=0)
        for update in self.client.stub.WatchGame(
            request, metadata=self.client.metadata(ORGANISER), timeout=300
        ):
            if update.notice:
                self.notices.append(update.notice)
            else:
                self.updates.append(update)


def play_through(clients: list[Client], game: Game, chooser: random.Random) -> int:
    """Random legal commands, each sent through a randomly chosen server; returns the final version."""
    current = state(clients[0], game.game_id, ORGANISER)
    while current.status != "finished":
        via = chooser.choice(clients)
        seat = chooser.choice(list(current.seats_to_act))
        options = legal(via, game, seat)
        try:
            via.call(
                "SubmitCommand",
                frontier_pb2.SubmitCommandRequest(
                    game_id=game.game_id,
                    command_id=uuid.uuid4().hex,
                    command=chooser.choice(list(options.commands)),
                    expected_version=options.version,
                ),
                token=game.tokens[seat],
            )
        except grpc.RpcError as error:
            assert error.code() == grpc.StatusCode.ABORTED  # another server won this version
        current = state(chooser.choice(clients), game.game_id, ORGANISER)
    version: int = current.version
    return version


@pytest.mark.parametrize("game", GAMES)
def test_two_servers_share_games_and_every_watcher_sees_every_step_once(
    cluster: list[Client], game: str
) -> None:
    games = [create(cluster[0], game) for _ in range(2)]
    watchers = [Watcher(c, g.game_id) for g in games for c in cluster]
    for w in watchers:
        w.start()
    players = [
        threading.Thread(
            target=lambda g=g, i=i: finals.__setitem__(g.game_id, play_through(cluster, g, random.Random(i)))
        )
        for i, g in enumerate(games)
    ]
    finals: dict[str, int] = {}
    for p in players:
        p.start()
    for p in players:
        p.join(timeout=600)
    for w in watchers:
        w.join(timeout=60)
        assert not w.is_alive()
        assert [u.version for u in w.updates] == list(range(1, finals[w.game_id] + 1))
    for g in games:
        report = cluster[1].call("Audit", frontier_pb2.AuditRequest(game_id=g.game_id))
        assert report.ok, report.problems


def test_two_serve_processes_on_one_store_play_one_game_between_them(
    postgres: Postgres, redis_server: Redis, tmp_path: Path
) -> None:
    """As docs/operating.md starts them: two `frontier serve` processes, one PostgreSQL, one Redis,
    one signing key; a game's commands go through either, and a watcher on each sees every step."""
    shared = ("--store", postgres.url, "--redis", redis_server.url)
    with frontier_serving(tmp_path / "a", ORGANISER, *shared) as first:
        key = tmp_path / "a" / "signing-key.pem"  # made by the first server; the second signs with it
        with frontier_serving(tmp_path / "b", ORGANISER, *shared, "--signing-key", str(key)) as second:
            clients = [Client(first), Client(second)]
            try:
                game = create(clients[0], GAMES[0])
                watchers = [Watcher(client, game.game_id) for client in clients]
                for watcher in watchers:
                    watcher.start()
                final = play_through(clients, game, random.Random(5))
                for watcher in watchers:
                    watcher.join(timeout=60)
                    assert not watcher.is_alive()
                    assert [u.version for u in watcher.updates] == list(range(1, final + 1))
                for client in clients:  # each process reads the whole record from the shared store
                    assert state(client, game.game_id, ORGANISER).version == final
                    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=game.game_id))
                    assert report.ok, report.problems
            finally:
                for client in clients:
                    client.close()


@pytest.mark.parametrize("game", GAMES[:1])
def test_redis_down_mid_game_commands_go_on_and_watchers_recover(
    postgres: Postgres, redis_server: Redis, tmp_path: Path, game: str
) -> None:
    running = start(postgres, redis_server, tmp_path)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            g = create(client, game)
            watcher = Watcher(client, g.game_id)
            watcher.start()
            chooser = random.Random(9)

            def play_some(moves: int) -> None:
                for _ in range(moves):
                    current = state(client, g.game_id, ORGANISER)
                    seat = current.seats_to_act[0]
                    client.call(
                        "SubmitCommand",
                        frontier_pb2.SubmitCommandRequest(
                            game_id=g.game_id,
                            command_id=uuid.uuid4().hex,
                            command=chooser.choice(list(legal(client, g, seat).commands)),
                        ),
                        token=g.tokens[seat],
                    )

            play_some(3)
            redis_server.stop()
            time.sleep(1.5)
            play_some(3)  # the store is the truth: commands still succeed
            # The watcher hears of the outage when it next wakes (within its poll interval); a game
            # that ended first would only be caught up from the store, with nothing to notice.
            deadline = time.monotonic() + 30
            while not any("unavailable" in n for n in watcher.notices) and time.monotonic() < deadline:
                time.sleep(0.05)
            final = play_through([client], g, chooser)
            redis_server.start()
            watcher.join(timeout=60)
            assert not watcher.is_alive()
            assert [u.version for u in watcher.updates] == list(range(1, final + 1))
            assert any("unavailable" in n for n in watcher.notices)
    finally:
        running.stop()


def test_an_unreachable_redis_is_one_clear_error_at_start(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot reach Redis"):
        create_server(Settings(data=tmp_path, port=0, redis=f"redis://127.0.0.1:{free_port()}/0"))


def test_a_new_watcher_gets_entries_published_right_after_it_subscribed(redis_server: Redis) -> None:
    """The stream is followed from the moment of subscribing, not from the reader's next read."""
    watching, publishing = RedisBroker(redis_server.url), RedisBroker(redis_server.url)
    try:
        busy = watching.subscribe("game-a")  # the reader now blocks on game-a's stream
        time.sleep(0.1)
        late = watching.subscribe("game-b")
        entry = {"version": 2, "seat": 0, "events": [], "hash": "h"}
        publishing.publish(Update("game-b", entry, False))
        received = late.get(timeout=5)
        assert received is not None and received.entry == entry
        busy.close()
        late.close()
    finally:
        watching.close()
        publishing.close()
