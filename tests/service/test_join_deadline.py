"""Join deadlines: a game still waiting for a seat when its deadline passes is abandoned by the
server, so a player-entropy seat never claimed, or never revealed, cannot hold a game for ever."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import grpc
import pytest

from service.client import Client, claim_seat
from service.config import Settings
from service.core import creation
from service.core.errors import RuleBroken
from service.core.games import Games
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, available_games
from tests.service.helpers import failure, state

GAME = available_games()[0]


def waiting_game(client: Client, deadline_seconds: int, **fields: Any) -> Any:
    request = frontier_pb2.CreateGameRequest(
        game=GAME, seats=2, player_entropy=True, join_deadline_seconds=deadline_seconds, **fields
    )
    return client.call("CreateGame", request)


def wait_until_finished(client: Client, game_id: str, seconds: float = 15.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        shown = state(client, game_id)
        if shown.status == "finished":
            return shown
        time.sleep(0.05)
    raise AssertionError("the game was not closed")


def test_table_join_1_a_seat_never_claimed_closes_the_game_as_abandoned_at_its_deadline(
    client: Client,
) -> None:
    created = waiting_game(client, 1)
    claim_seat(client, created.game_id, "Ann")
    assert state(client, created.game_id).join_deadline
    closed = wait_until_finished(client, created.game_id)
    assert closed.outcome.ended == "abandoned"
    assert "join deadline" in closed.outcome.reason and "seat(s) 2" in closed.outcome.reason
    late = failure(lambda: claim_seat(client, created.game_id, "Bob", attempts=1))
    assert (late.code, late.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_OVER")
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=created.game_id), token=ORGANISER)
    assert report.ok, report.problems


def test_a_seat_that_committed_but_never_revealed_closes_the_game_too(client: Client) -> None:
    created = waiting_game(client, 2)
    claim_seat(client, created.game_id, "Ann")
    claim_seat(client, created.game_id, "Bob")  # both committed; neither reveals
    closed = wait_until_finished(client, created.game_id)
    assert closed.outcome.ended == "abandoned" and "seat(s) 1, 2" in closed.outcome.reason


def test_a_game_whose_seats_are_all_taken_in_time_is_not_closed(client: Client) -> None:
    request = frontier_pb2.CreateGameRequest(game=GAME, seats=2, players=["Ann"], join_deadline_seconds=1)
    created = client.call("CreateGame", request)
    claim_seat(client, created.game_id, "Bob")
    time.sleep(1.5)
    assert state(client, created.game_id).status == "in_progress"


def test_a_bad_join_deadline_is_refused(client: Client) -> None:
    for seconds in (-1, 31 * 86_400):
        refused = failure(lambda s=seconds: waiting_game(client, s))
        assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_JOIN_DEADLINE")
        assert refused.metadata.get("field") == "join_deadline_seconds"


@pytest.fixture
def games(tmp_path: Path) -> Iterator[tuple[Games, list[datetime]]]:
    app = Games(env=Settings(data=tmp_path, port=0).store_env())
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    app.now = lambda: now[0]
    yield app, now
    app.close()


def test_a_claim_that_comes_after_the_deadline_abandons_the_game_and_is_refused(
    games: tuple[Games, list[datetime]],
) -> None:
    """Before the keeper wakes: the late claim finds the deadline passed and records it first."""
    app, now = games
    record, _ = creation.create_game(
        app, GAME, 2, ["Ann"], {}, "", player_entropy=True, join_deadline_seconds=60
    )
    game_id = record.header.game_id
    now[0] += timedelta(seconds=61)
    with pytest.raises(RuleBroken) as late:
        creation.claim_seat(app, game_id, "Bob", None, client_commitment="a" * 64)
    assert late.value.reason == "JOIN_DEADLINE_PASSED"
    closed = app.get(game_id)
    assert closed.status == "finished" and closed.outcome is not None and closed.outcome.ended == "abandoned"
    assert closed.token_hashes[1] == "", "the late claim took no seat"
