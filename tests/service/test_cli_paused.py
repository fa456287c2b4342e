"""A game paused by a timeout (the `pause` policy) says so wherever a person reads its state: `frontier
watch`, `frontier replay` and the viewer's result, run as a user runs them against a real server."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ORGANISER, requires_most_wanted
from tests.service.serving import frontier_run as frontier
from tests.service.serving import frontier_serving

PAUSED = re.compile(r"paused after seat (\d)'s timeout: the organiser adjudicates or abandons it")


@pytest.fixture(scope="module")
def paused(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """(HOST:PORT, the id of a game paused after a seat's timeout on a 1 s/move clock)."""
    with frontier_serving(tmp_path_factory.mktemp("paused") / "data", ORGANISER) as address:
        played = frontier("bots", "--game", "most-wanted", "--players", "2", "--seed", "2", server=address)
        forked = frontier(
            "fork", played.stdout.split()[0], "--at", "3", "--clock", "1s/move", "--timeout-policy", "pause",
            server=address, token=ORGANISER,
        )  # fmt: skip
        yield address, forked.stdout.split()[0]


@requires_most_wanted
def test_watch_says_the_game_is_paused_and_who_ends_it(paused: tuple[str, str]) -> None:
    address, game_id = paused
    watch = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "watch", game_id, "--server", address],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert watch.stdout is not None
    lines = [watch.stdout.readline() for _ in range(2)]  # the setup, then the timeout once it comes
    watch.send_signal(signal.SIGINT)
    watch.communicate(timeout=60)
    said = PAUSED.search(lines[1])
    assert said is not None and lines[1].startswith(f"Step 1 — seat {said[1]}: timeout   — paused"), lines
    assert "waiting for seat" not in lines[1]


@requires_most_wanted
def test_replay_and_the_viewer_say_the_game_is_paused(paused: tuple[str, str], tmp_path: Path) -> None:
    address, game_id = paused
    log = tmp_path / "paused.jsonl"
    _export_once_paused(address, game_id, log)
    told = frontier("replay", str(log))
    assert PAUSED.match(told.stdout.splitlines()[-1].removeprefix("Result: ")), told.stdout
    assert "not decided yet" not in told.stdout
    page = tmp_path / "paused.html"
    frontier("replay", "--html", str(log), "-o", str(page))
    assert PAUSED.search(page.read_text().replace("\\u0027", "'"))  # the page's JSON escapes quotes


def _export_once_paused(address: str, game_id: str, log: Path) -> None:
    """The game's log once its timeout is recorded (the clock keeper records it after 1 s)."""
    for _ in range(60):  # each export is a process of its own: ~0.5 s
        frontier("export", game_id, "-o", str(log), server=address, token=ORGANISER)
        if '"ruling":"timeout"' in log.read_text():
            return
    raise AssertionError(f"no timeout recorded in {game_id}")
