"""Tournaments are an application of their own, beside the kernel, over the kernel's store.

- The kernel (service/core/games.py) neither imports nor mentions tournaments: it gets, locks,
  appends and publishes games, and knows no other kind of record.
- Each application caches its own records: a tournament is never in the kernel's cache, a game
  never in the tournaments'.
- Both store into one database and one notification log: a round's record is stored after every
  game it seats (ordered, not one transaction: the games first, then the round), as before.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.application import Cache

from service.cli.tournaments import TournamentClient
from service.core.errors import NotFound
from service.server import Running
from tests.conftest import ORGANISER, requires_most_wanted
from tests.service.tournaments import helpers

KERNEL = Path(__file__).resolve().parents[3] / "service" / "core" / "games.py"


def test_the_kernel_neither_imports_nor_mentions_tournaments() -> None:
    source = KERNEL.read_text(encoding="utf-8")
    imported = [
        ast.unparse(node)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, (ast.Import, ast.ImportFrom)) and "tournament" in ast.unparse(node).lower()
    ]
    assert imported == []
    mentions = [n for n, line in enumerate(source.splitlines(), 1) if "tournament" in line.lower()]
    assert mentions == [], f"service/core/games.py mentions tournaments at lines {mentions}"


def _cached(cache: Cache[UUID, Any] | None, uid: str) -> bool:
    assert cache is not None
    try:
        cache.get(UUID(uid))
    except KeyError:
        return False
    return True


@requires_most_wanted
def test_each_application_caches_its_own_records(server: Running) -> None:
    with TournamentClient(f"127.0.0.1:{server.port}", token=ORGANISER) as organiser:
        made = helpers.create(organiser, players=4, table_size=2, rounds=1)
        started = helpers.start_round(organiser, made.tournament_id)
        helpers.get(organiser, made.tournament_id, "GetStandings")  # reads every table's game too
    games = {grant.game_id for grant in started.seats}
    kernel, tournaments = server.ledger.games.repository.cache, server.ledger.tournament_app.repository.cache
    assert _cached(tournaments, made.tournament_id)
    assert not _cached(kernel, made.tournament_id)
    assert all(_cached(kernel, game_id) and not _cached(tournaments, game_id) for game_id in games)


@requires_most_wanted
def test_a_round_is_stored_after_the_games_it_seats_in_the_kernels_store(server: Running) -> None:
    with TournamentClient(f"127.0.0.1:{server.port}", token=ORGANISER) as organiser:
        made = helpers.create(organiser, players=4, table_size=2, rounds=1)
        started = helpers.start_round(organiser, made.tournament_id)
    recorder = server.ledger.games.recorder
    logged = [(str(n.originator_id), n.topic) for n in recorder.select_notifications(start=1, limit=10_000)]
    created = [n for n, (_, topic) in enumerate(logged) if topic.endswith(":GameCreated")]
    (round_at,) = [n for n, (uid, topic) in enumerate(logged) if topic.endswith(":RoundStarted")]
    assert logged[round_at][0] == made.tournament_id
    assert {uid for uid, topic in logged if topic.endswith(":GameCreated")} == {
        g.game_id for g in started.seats
    }
    assert created and max(created) < round_at


@pytest.mark.parametrize("kind", ["game", "tournament"])
def test_neither_projector_takes_the_other_kinds_record(server: Running, kind: str) -> None:
    """An id of the other kind is not found by each application's own lookup, without a TypeError."""
    with TournamentClient(f"127.0.0.1:{server.port}", token=ORGANISER) as organiser:
        made = helpers.create(organiser, players=4, table_size=2, rounds=1)
        started = helpers.start_round(organiser, made.tournament_id)
    with pytest.raises(NotFound) as refused:
        if kind == "game":
            server.ledger.games.get(made.tournament_id)
        else:
            server.ledger.tournament_app.get(started.seats[0].game_id)
    assert refused.value.reason == ("GAME_NOT_FOUND" if kind == "game" else "TOURNAMENT_NOT_FOUND")
