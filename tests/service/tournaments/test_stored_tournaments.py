"""Tournaments stored while the games' application saved them still open, with their games, now that
tournaments are an application of their own over the same store (tests/fixtures/tournaments-v1)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from service.cli.tournaments import TournamentClient
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER, requires_most_wanted, start_server
from tests.service.helpers import failure
from tests.service.tournaments import helpers
from tests.service.tournaments.stored_tournaments import EXPECTED, FOLDER, observe

STORED = json.loads(EXPECTED.read_text(encoding="utf-8"))
pytestmark = requires_most_wanted


@pytest.fixture(scope="module")
def old_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    data = tmp_path_factory.mktemp("tournaments-v1")
    shutil.copy(FOLDER / "frontier.sqlite", data / "frontier.sqlite")  # never write the fixture itself
    running = start_server(data)
    yield running
    running.stop()


def test_the_fixture_holds_finished_open_and_dealt_tournaments() -> None:
    statuses = sorted(t["tournament"]["status"] for t in STORED.values())
    assert statuses == ["finished", "playing", "waiting"]
    assert any(t["tournament"].get("duplicateDeals") for t in STORED.values())


def test_stored_tournaments_and_their_games_read_as_they_were_written(old_store: Running) -> None:
    with TournamentClient(f"127.0.0.1:{old_store.port}", token=ORGANISER) as organiser:
        assert observe(organiser, sorted(STORED)) == {key: STORED[key] for key in sorted(STORED)}


def test_stored_tournaments_are_listed(old_store: Running) -> None:
    assert set(old_store.ledger.tournament_app.ids()) == set(STORED)


def test_a_finished_duplicate_deal_opens_to_spectators(old_store: Running) -> None:
    """The gate reads the stored tournament to learn the deal is over; unread, it would stay closed."""
    (dealt,) = (t for t in STORED.values() if t["tournament"].get("duplicateDeals"))
    with TournamentClient(f"127.0.0.1:{old_store.port}") as spectator:
        for game_id, expected in dealt["games"].items():
            view = spectator.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id))
            assert (view.status, view.state_hash) == (expected["status"], expected["hash"])


def test_an_id_of_the_other_kind_is_not_found(old_store: Running) -> None:
    tournament_id = sorted(STORED)[0]
    game_id = sorted(STORED[tournament_id]["games"])[0]
    with TournamentClient(f"127.0.0.1:{old_store.port}", token=ORGANISER) as organiser:
        read_game = failure(
            lambda: organiser.call("GetState", frontier_pb2.GetStateRequest(game_id=tournament_id))
        )
        assert (read_game.code, read_game.reason) == (grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND")
        read_tournament = failure(lambda: helpers.get(organiser, game_id))
        assert (read_tournament.code, read_tournament.reason) == (
            grpc.StatusCode.NOT_FOUND,
            "TOURNAMENT_NOT_FOUND",
        )


def test_the_fixture_is_a_store_alone() -> None:
    assert sorted(p.name for p in Path(FOLDER).iterdir()) == ["expected.json", "frontier.sqlite"]
