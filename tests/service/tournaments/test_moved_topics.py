"""A tournament stored before its package moved into the service floor still loads.

Stored events carry their class path as a topic; the tournaments' events moved from
`tournaments.store_events` to `service.tournaments.store_events` and then to
`service.core.tournaments.store_events`, and a store written before either move must not lose
its tournaments.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from service.cli.tournaments import TournamentClient
from tests.conftest import ORGANISER, start_server
from tests.service.tournaments import helpers

NEW = "service.core.tournaments.store_events:"


@pytest.mark.parametrize("OLD", ["tournaments.store_events:", "service.tournaments.store_events:"])
def test_a_tournament_stored_under_the_old_topics_loads_after_the_move(tmp_path: Path, OLD: str) -> None:
    data = tmp_path / "data"
    running = start_server(data)
    try:
        with TournamentClient(f"127.0.0.1:{running.port}", token=ORGANISER) as organiser:
            made = helpers.create(organiser, players=4, table_size=2, rounds=2)
            helpers.start_round(organiser, made.tournament_id)
            before = helpers.get(organiser, made.tournament_id)
    finally:
        running.stop()
    with sqlite3.connect(data / "frontier.sqlite") as store:
        table = next(
            name
            for (name,) in store.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if "topic" in [column[1] for column in store.execute(f"PRAGMA table_info({name})")]
        )
        rewritten = store.execute(
            f"UPDATE {table} SET topic = replace(topic, ?, ?) WHERE topic LIKE ?", (NEW, OLD, NEW + "%")
        ).rowcount
    assert rewritten >= 2, "a created tournament and a started round are stored"
    running = start_server(data)
    try:
        with TournamentClient(f"127.0.0.1:{running.port}", token=ORGANISER) as organiser:
            assert helpers.get(organiser, made.tournament_id) == before
        assert made.tournament_id in running.ledger.tournament_app.ids()  # the web's list finds it too
    finally:
        running.stop()
