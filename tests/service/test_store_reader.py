"""The store's own read of a game's rows (`StoreEventStore`) makes the very events the library's
`select_events` and `Mapper.to_domain_event` make: the same classes and the same fields, for
random games with and without a clock, rulings between the moves, any range of versions, and
the games an earlier release stored."""

from __future__ import annotations

import contextlib
import json
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.persistence import EventStore
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.config import Settings
from service.core.auth import Caller
from service.core.creation import create_game
from service.core.errors import ServiceError
from service.core.games import Games
from service.core.rulings import rule
from service.core.store_reader import StoreEventStore
from tests.conftest import available_games
from tests.service.helpers import move_at_random
from tests.service.stored_games import EXPECTED, FOLDER

GAMES = available_games()


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Games]:
    games = Games(env=Settings(data=tmp_path_factory.mktemp("store-reader"), port=0).store_env())
    yield games
    games.close()


def _shape(events: Iterator[Any]) -> list[tuple[type, dict[str, Any]]]:
    return [(type(event), vars(event)) for event in events]


def _same_reads(games: Games, uid: uuid.UUID, ranges: list[tuple[int | None, int | None]]) -> int:
    """Compare ours and the library's read of `uid` over each (gt, lte); the number of events."""
    store = games.repository.event_store
    assert type(store) is StoreEventStore  # the application reads through it
    everything = _shape(store.get(uid))
    assert everything == _shape(EventStore.get(store, uid))
    for gt, lte in ranges:
        assert _shape(store.get(uid, gt=gt, lte=lte)) == _shape(EventStore.get(store, uid, gt=gt, lte=lte))
    # What it leaves to the library reads as the library does.
    assert _shape(store.get(uid, desc=True, limit=3)) == _shape(
        EventStore.get(store, uid, desc=True, limit=3)
    )
    return len(everything)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    game=st.sampled_from(GAMES),
    clocked=st.booleans(),
    moves=st.lists(st.integers(0, 40), max_size=30),
    resign_at=st.integers(0, 40),
    ranges=st.lists(st.tuples(st.none() | st.integers(0, 40), st.none() | st.integers(0, 40)), max_size=4),
)
def test_a_random_game_reads_as_the_library_reads_it(
    app: Games,
    game: str,
    clocked: bool,
    moves: list[int],
    resign_at: int,
    ranges: list[tuple[int | None, int | None]],
) -> None:
    record, grants = create_game(
        app,
        game,
        3,
        ["a", "b", "c"],
        {},
        "reader",
        time_control="60s" if clocked else "",
        timeout_policy="forfeit" if clocked else "",
    )
    game_id = record.header.game_id
    tokens = {seat: token for seat, _, token in grants}
    for number, value in enumerate(moves):
        with contextlib.suppress(ServiceError):
            if number == resign_at:
                rule(app, game_id, Caller(token=tokens[value % 3]), "resign")
            else:
                move_at_random(app, game_id, tokens, value)
    assert _same_reads(app, uuid.UUID(game_id), ranges) >= 1


def test_an_unknown_game_reads_as_nothing(app: Games) -> None:
    assert list(app.repository.event_store.get(uuid.uuid4())) == []


def test_the_games_an_earlier_release_stored_read_as_the_library_reads_them(tmp_path: Path) -> None:
    shutil.copy(FOLDER / "frontier.sqlite", tmp_path / "frontier.sqlite")  # never write the fixture
    games = Games(env=Settings(data=tmp_path, port=0).store_env())
    try:
        counts = [
            _same_reads(games, uuid.UUID(game_id), [(1, None), (None, 3), (2, 5)])
            for game_id in json.loads(EXPECTED.read_text())
        ]
    finally:
        games.close()
    assert min(counts) > 2
