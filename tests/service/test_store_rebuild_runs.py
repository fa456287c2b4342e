"""A rebuild from the store applies a run of accepted commands at once (`project_game`): the record
it ends with must be the record that applying every stored event in turn ends with, for random
games with and without a clock or takebacks, resignations between the moves, open seats, and
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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.config import Settings
from service.core.auth import Caller
from service.core.creation import claim_seat, create_game
from service.core.errors import ServiceError
from service.core.games import Games
from service.core.records import GameRecord, apply, project_game
from service.core.rulings import rule
from service.core.store_events import CommandAccepted
from service.core.takebacks import answer_takeback, request_takeback
from tests.conftest import available_games
from tests.service.helpers import move_at_random
from tests.service.stored_games import EXPECTED, FOLDER

GAMES = available_games()


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Games]:
    games = Games(env=Settings(data=tmp_path_factory.mktemp("rebuild-runs"), port=0).store_env())
    yield games
    games.close()


def _one_by_one(events: list[Any]) -> GameRecord | None:
    record = None
    for event in events:
        record = apply(event, record)
    return record


def _same_records(left: GameRecord | None, right: GameRecord | None) -> None:
    assert left is not None and right is not None
    fields, others = dict(vars(left)), dict(vars(right))
    assert fields.pop("command_ids")._versions == others.pop("command_ids")._versions
    assert fields == others


def _check(games: Games, game_id: str) -> int:
    """Compare both ways of applying the game's stored events; the number of accepted commands."""
    events = list(games.repository.event_store.get(uuid.UUID(game_id)))
    _same_records(project_game(None, iter(events)), _one_by_one(events))
    return sum(type(event) is CommandAccepted for event in events)


ACTION = st.sampled_from(["move"] * 12 + ["resign", "takeback"]).flatmap(
    lambda kind: st.tuples(st.just(kind), st.integers(0, 40))
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    game=st.sampled_from(GAMES),
    clocked=st.booleans(),
    takebacks=st.booleans(),
    open_seat=st.booleans(),
    actions=st.lists(ACTION, max_size=40),
)
def test_a_random_game_rebuilds_to_the_record_of_its_events_applied_one_by_one(
    app: Games, game: str, clocked: bool, takebacks: bool, open_seat: bool, actions: list[tuple[str, int]]
) -> None:
    record, grants = create_game(
        app,
        game,
        3,
        ["a", "b", "" if open_seat else "c"],
        {},
        "runs",
        time_control="60s" if clocked else "",
        timeout_policy="forfeit" if clocked else "",
        takeback_policy="consent" if takebacks else "off",
    )
    game_id = record.header.game_id
    tokens = {seat: token for seat, _, token in grants}
    if open_seat:
        tokens[2] = claim_seat(app, game_id, "c", 2)[1]
    for kind, value in actions:
        with contextlib.suppress(ServiceError):
            if kind == "resign":
                rule(app, game_id, Caller(token=tokens[value % 3]), "resign")
            elif kind == "takeback":
                asker = value % 3
                request_takeback(app, game_id, Caller(token=tokens[asker]), None)
                for seat in {0, 1, 2} - {asker}:
                    with contextlib.suppress(ServiceError):
                        answer_takeback(app, game_id, Caller(token=tokens[seat]), True)
            else:
                move_at_random(app, game_id, tokens, value)
    _check(app, game_id)


def test_the_games_an_earlier_release_stored_rebuild_to_the_same_records(tmp_path: Path) -> None:
    shutil.copy(FOLDER / "frontier.sqlite", tmp_path / "frontier.sqlite")  # never write the fixture
    games = Games(env=Settings(data=tmp_path, port=0).store_env())
    try:
        commands = [_check(games, game_id) for game_id in json.loads(EXPECTED.read_text())]
    finally:
        games.close()
    assert len(commands) >= 6 and min(commands) > 1  # runs of several commands were applied at once
