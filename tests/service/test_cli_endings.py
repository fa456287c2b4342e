"""`frontier bots --clock`, `frontier resign` and `frontier end-game` as a user runs them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.serving import frontier_serving
from tests.service.test_cli import frontier


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """`frontier serve --port 0` with an organiser token, in its own process; yields HOST:PORT."""
    with frontier_serving(tmp_path / "data", ORGANISER) as address:
        yield address


def test_bots_play_with_a_clock_and_every_move_records_its_time(served: str, tmp_path: Path) -> None:
    bots = frontier(
        "bots", "--server", served, "--game", "most-wanted", "--players", "2", "--clock", "10m+5s"
    )
    (game_id,) = bots.stdout.split()
    log = tmp_path / "game.log"
    frontier("export", "--server", served, game_id, "-o", str(log), "--token", ORGANISER)
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert lines[0]["clock"] == {"time_control": "10m+5s", "timeout_policy": "forfeit"}
    entries = [line for line in lines if line["type"] == "entry"]
    assert entries and all("elapsed_ms" in e["clock"] and "used_ms" in e["clock"] for e in entries)
    audit = frontier("audit", "--server", served, game_id)
    assert audit.returncode == 0, audit.stdout + audit.stderr


def test_resign_and_end_game_from_the_command_line(served: str) -> None:
    with Client(served) as client:
        created = client.call(
            "CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=3, players=["a", "b", "c"])
        )
    tokens = {grant.seat: grant.token for grant in created.seats}
    # --token=: a random token may begin with '-', which argparse would read as an option
    resigned = frontier("resign", created.game_id, f"--token={tokens[2]}", "--server", served)
    assert resigned.stdout.strip().endswith("in_progress")
    where = ("--server", served, "--token", ORGANISER)
    bad = frontier("end-game", created.game_id, "--result", "2,x", "--reason", "r", *where, check=False)
    assert bad.returncode == 2 and "1-based" in bad.stderr
    ended = frontier("end-game", created.game_id, "--result", "2,1=3", "--reason", "the hall closed", *where)
    assert "finished: adjudicated: the hall closed" in ended.stdout
    with Client(served) as client:
        shown = client.call("GetState", frontier_pb2.GetStateRequest(game_id=created.game_id))
    assert [list(t.seats) for t in shown.outcome.ranking] == [[1], [0, 2]]
