"""The same service on PostgreSQL: the library's own recorder, optimistic concurrency across servers."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import grpc
import psycopg
import pytest

from service.client import Client, play_bot_game
from service.config import ConfigError, Settings
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running, create_server
from tests.conftest import ORGANISER, available_games
from tests.servers import Postgres, free_port
from tests.service.helpers import create, failure, legal, state, submit

GAMES = available_games()


def pg_server(postgres: Postgres, tmp_path: Path, **overrides: object) -> Running:
    settings = Settings(data=tmp_path, port=0, store=postgres.url, organiser_token=ORGANISER, **overrides)  # type: ignore[arg-type]
    return create_server(settings)


@pytest.fixture
def two_servers(postgres: Postgres, tmp_path: Path) -> Iterator[tuple[Client, Client]]:
    a, b = pg_server(postgres, tmp_path), pg_server(postgres, tmp_path)
    with Client(f"127.0.0.1:{a.port}") as ca, Client(f"127.0.0.1:{b.port}") as cb:
        yield ca, cb
    a.stop()
    b.stop()


def stored_rows(postgres: Postgres) -> int:
    with psycopg.connect(
        host="127.0.0.1", port=postgres.port, user="frontier", password="frontier", dbname="frontier"
    ) as conn:
        row = conn.execute("SELECT count(*) FROM games_events").fetchone()
        assert row is not None
        return int(row[0])


@pytest.mark.parametrize("game", GAMES)
def test_a_game_plays_on_postgres_and_reads_the_same_from_another_server(
    two_servers: tuple[Client, Client], game: str
) -> None:
    a, b = two_servers
    game_id, _ = play_bot_game(a, game, 2, chooser=random.Random(1))
    seen_a, seen_b = state(a, game_id, ORGANISER), state(b, game_id, ORGANISER)
    assert seen_a.status == seen_b.status == "finished"
    assert seen_a.state_hash == seen_b.state_hash
    assert b.call("Audit", frontier_pb2.AuditRequest(game_id=game_id)).ok


@pytest.mark.parametrize("game", GAMES)
def test_each_server_sees_the_other_servers_commands_before_deciding(
    two_servers: tuple[Client, Client], game: str
) -> None:
    a, b = two_servers
    g = create(a, game)
    chooser = random.Random(2)
    for step in range(12):
        via = (a, b)[step % 2]
        current = state(via, g.game_id, ORGANISER)
        if current.status == "finished":
            break
        seat = chooser.choice(list(current.seats_to_act))
        options = legal(via, g, seat)
        assert options.version == current.version  # never a stale cached game
        submit(via, g, seat, chooser.choice(list(options.commands)), expected_version=current.version)


def test_an_unreachable_postgres_is_one_clear_error_at_start(tmp_path: Path) -> None:
    url = f"postgres://frontier:frontier@127.0.0.1:{free_port()}/frontier"
    with pytest.raises(ConfigError, match="cannot use the event store"):
        create_server(Settings(data=tmp_path, port=0, store=url))


@pytest.mark.parametrize("game", GAMES[:1])
def test_postgres_down_gives_unavailable_and_writes_nothing(
    postgres: Postgres, tmp_path: Path, game: str
) -> None:
    running = pg_server(postgres, tmp_path)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            g = create(client, game)
            seat = state(client, g.game_id, g.tokens[0]).seats_to_act[0]
            command = legal(client, g, seat).commands[0]
            before = stored_rows(postgres)
            postgres.stop()
            try:
                request = frontier_pb2.SubmitCommandRequest(
                    game_id=g.game_id, command_id="x", command=command
                )
                error = failure(
                    lambda: client.call("SubmitCommand", request, token=g.tokens[seat], timeout=90)
                )
                assert error.code == grpc.StatusCode.UNAVAILABLE
            finally:
                postgres.start()
            assert stored_rows(postgres) == before
            submit(client, g, seat, command)  # and the server recovers once PostgreSQL is back
            assert stored_rows(postgres) == before + 1
    finally:
        running.stop()


def test_store_postgres_reads_the_librarys_postgres_variables(
    postgres: Postgres, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in {
        "POSTGRES_HOST": "127.0.0.1",
        "POSTGRES_PORT": str(postgres.port),
        "POSTGRES_USER": "frontier",
        "POSTGRES_PASSWORD": "frontier",
        "POSTGRES_DBNAME": "frontier",
    }.items():
        monkeypatch.setenv(name, value)
    settings = Settings.from_env(store="postgres", data=tmp_path, port=0)
    assert settings.store == postgres.url
    running = create_server(settings)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            before = stored_rows(postgres)
            create(client, GAMES[0])
            assert stored_rows(postgres) > before
    finally:
        running.stop()


def test_a_server_that_only_reads_a_game_keeps_its_cache_current(postgres: Postgres, tmp_path: Path) -> None:
    """Reads fast-forward the cached game and keep the result, so each read costs the new events only."""
    writer, reader = pg_server(postgres, tmp_path), pg_server(postgres, tmp_path)
    try:
        with Client(f"127.0.0.1:{writer.port}") as a, Client(f"127.0.0.1:{reader.port}") as b:
            g = create(a, GAMES[0])
            state(b, g.game_id, ORGANISER)  # the reader caches the game at its first version
            chooser = random.Random(4)
            for _ in range(5):
                current = state(a, g.game_id, ORGANISER)
                seat = chooser.choice(list(current.seats_to_act))
                submit(a, g, seat, chooser.choice(list(legal(a, g, seat).commands)))
            latest = state(b, g.game_id, ORGANISER)
            cache = reader.app.repository.cache
            assert cache is not None
            cached = cache.get(UUID(g.game_id))
            assert cached.game_version == latest.version  # not the version first cached
    finally:
        writer.stop()
        reader.stop()
