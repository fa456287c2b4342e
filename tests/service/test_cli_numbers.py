"""One convention for the numbers people read (docs/cli.md, "Numbers people read"): seats from 1, and a
game's positions as the narrative and the web viewer number its steps (version v is step v - 1, the
setup is step 0), in every `frontier` command's text, run as a user runs them against a real server.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, requires_most_wanted
from tests.service.serving import frontier_run as frontier
from tests.service.serving import frontier_serving

STEP = re.compile(r"^Step (\d+) — seat (\d+)\b")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with frontier_serving(tmp_path_factory.mktemp("numbers") / "data", ORGANISER) as address:
        yield address


@requires_most_wanted
def test_watch_games_import_and_fork_number_steps_and_seats_as_the_narrative_does(
    served: str, tmp_path: Path
) -> None:
    played = frontier("bots", "--game", "most-wanted", "--players", "Ann,Bob", "--seed", "4", server=served)
    game_id = played.stdout.split()[0]
    log = tmp_path / "game.jsonl"
    frontier("export", game_id, "-o", str(log), server=served, token=ORGANISER)
    told = frontier("replay", str(log)).stdout.splitlines()
    watched = frontier("watch", game_id, server=served).stdout.splitlines()  # a finished game: it ends
    assert watched[0].startswith("Setup — ") and any(line.startswith("Setup — ") for line in told)
    story = [m.groups() for m in map(STEP.match, told) if m]
    assert story and [m.groups() for m in map(STEP.match, watched) if m] == story, "the same steps, seats"
    last_step = int(story[-1][0])

    listed = frontier("games", "--tag", "bots", server=served).stdout
    assert f" step {last_step} " in listed and " v" not in listed
    with frontier_serving(tmp_path / "elsewhere", ORGANISER) as elsewhere:  # the game's id is taken here
        imported = frontier("import", str(log), server=elsewhere, token=ORGANISER).stdout
    assert imported.strip().endswith(f"(it stands at step {last_step})"), imported
    forked = frontier("fork", game_id, "--at", "3", server=served, token=ORGANISER)
    assert f"forked from {game_id} at step 2 (version 3)" in forked.stderr


def test_end_game_echoes_a_ranking_with_seats_counted_from_1(served: str) -> None:
    with Client(served) as client:
        created = client.call(
            "CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=3, players=["a", "b", "c"])
        )
    where = ("end-game", created.game_id, "--reason", "the hall closed")
    bad = frontier(*where, "--result", "2,3=4", server=served, token=ORGANISER, check=False)
    assert bad.returncode == 1 and bad.stdout == ""
    assert "every seat, seat 1 to seat 3, exactly once" in bad.stderr
    assert "got 2,3=4 (seats counted from 1" in bad.stderr, bad.stderr
    ended = frontier(*where, "--result", "2,1=3", server=served, token=ORGANISER)
    assert re.fullmatch(
        r"step \d+, finished: adjudicated: the hall closed; ranking 2,1=3 \(seats from 1\)\n", ended.stdout
    ), ended.stdout
