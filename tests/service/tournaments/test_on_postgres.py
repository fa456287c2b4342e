"""Tournaments on PostgreSQL: stored in the kernel's table of the same database, and read by another
server over it as soon as they change (each server's tournaments' cache fast-forwards, as the kernel's)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import grpc
import psycopg
import pytest

from service.cli.tournaments import TournamentClient
from service.server import Running
from tests.conftest import ORGANISER, requires_most_wanted
from tests.servers import Postgres
from tests.service.helpers import failure
from tests.service.test_postgres import pg_server
from tests.service.tournaments import helpers

pytestmark = requires_most_wanted


@pytest.fixture
def two_servers(postgres: Postgres, tmp_path: Path) -> Iterator[tuple[Running, Running]]:
    a, b = pg_server(postgres, tmp_path), pg_server(postgres, tmp_path)
    yield a, b
    a.stop()
    b.stop()


def _event_tables(postgres: Postgres, tournament_id: str) -> dict[str, int]:
    """How many of the tournament's events each events table of the database holds."""
    with psycopg.connect(
        host="127.0.0.1", port=postgres.port, user="frontier", password="frontier", dbname="frontier"
    ) as conn:
        names = [
            str(name)
            for (name,) in conn.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_name LIKE '%events'"
            ).fetchall()
        ]
        counted = {}
        for name in names:
            row = conn.execute(
                f"SELECT count(*) FROM {name} WHERE originator_id = %s", (tournament_id,)
            ).fetchone()
            assert row is not None
            counted[name] = int(row[0])
        return counted


def test_a_round_started_on_one_server_is_seen_by_the_other(
    two_servers: tuple[Running, Running], postgres: Postgres
) -> None:
    a, b = two_servers
    with (
        TournamentClient(f"127.0.0.1:{a.port}", token=ORGANISER) as on_a,
        TournamentClient(f"127.0.0.1:{b.port}", token=ORGANISER) as on_b,
    ):
        made = helpers.create(on_a, players=4, table_size=2, rounds=2)
        assert helpers.get(on_b, made.tournament_id).status == "waiting"  # b caches it without rounds
        started = helpers.start_round(on_a, made.tournament_id)
        seen = helpers.get(on_b, made.tournament_id)
        assert (seen.status, [t.game_id for t in seen.rounds[0].tables]) == (
            "playing",
            [t.game_id for t in started.tournament.rounds[0].tables],
        )
        refused = failure(lambda: helpers.start_round(on_b, made.tournament_id))
        assert (refused.code, refused.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "ROUND_IN_PROGRESS")
    assert _event_tables(postgres, made.tournament_id) == {
        "games_events": 2
    }  # created, round 1: in the kernel's table
