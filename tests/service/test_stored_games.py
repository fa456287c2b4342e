"""Games stored by an earlier release still load and verify with the current code."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator

import pytest

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, start_server
from tests.service.stored_games import EXPECTED, FOLDER

STORED: dict[str, dict[str, object]] = json.loads(EXPECTED.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def old_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    data = tmp_path_factory.mktemp("store-v1")
    shutil.copy(FOLDER / "frontier.sqlite", data / "frontier.sqlite")  # never write the fixture itself
    running = start_server(data)
    with Client(f"127.0.0.1:{running.port}", token=ORGANISER) as client:
        yield client
    running.stop()


def test_the_stored_store_holds_finished_and_unfinished_games_of_every_engine() -> None:
    games = {(g["game"], g["status"]) for g in STORED.values()}
    assert {game for game, _ in games} >= {"most-wanted", "deadwood-1876", "western-legends"}
    assert {status for _, status in games} == {"finished", "in_progress"}


@pytest.mark.parametrize("game_id", sorted(STORED))
def test_a_stored_game_loads_with_the_same_state_and_audits(old_store: Client, game_id: str) -> None:
    expected = STORED[game_id]
    view = old_store.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id))
    assert (view.status, view.version, view.state_hash) == (
        expected["status"],
        expected["version"],
        expected["state_hash"],
    )
    report = old_store.call("Audit", frontier_pb2.AuditRequest(game_id=game_id))
    assert report.ok, report.problems


def test_stored_games_are_listed(old_store: Client) -> None:
    listed = old_store.call("ListGames", frontier_pb2.ListGamesRequest(tag="stored-v1", page_size=100))
    assert {g.game_id for g in listed.games} == set(STORED)
