"""The web viewer shows clocks: each step carries every seat's time left (the line's own reading)
and whose clock runs, a live game's steps API the clocks now with each running one's deadline, and a
timeout is a step of the narrative. In a real headless Chromium, the running seat is marked."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from service.cli.main import main
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, available_games
from tests.service.web.conftest import Site
from tests.service.web.games import Game, play, start_game
from tests.service.web.http_client import get

GAME = available_games()[0]


def clocked(client: Client, game: str, seats: int, time_control: str, policy: str = "") -> Game:
    return start_game(client, game, seats, 0, time_control=time_control, policy=policy)


def state(client: Client, game_id: str, token: str | None = None) -> Any:
    return client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id), token=token)


def wait_for(check: Callable[[], bool], seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)


def frontier(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(list(args))
    return status, capsys.readouterr().out


def steps_of(site: Site, game_id: str) -> Any:
    return get(f"{site.url}/api/games/{game_id}/steps").json()


def exported(client: Client, game_id: str) -> str:
    return str(
        client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER).content
    )


def readings(client: Client, game_id: str) -> dict[int, list[int]]:
    """Each line's `clock.left_ms`, by version, from the exported log."""
    lines = [json.loads(line) for line in exported(client, game_id).splitlines() if line.strip()]
    return {
        line["version"]: line["clock"]["left_ms"] for line in lines if line["type"] in ("entry", "ruling")
    }


def test_each_step_carries_every_seats_time_left_and_a_timeout_is_a_step(
    site: Site, site_client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g = clocked(site_client, GAME, 2, "3s", "forfeit")
    mover = state(site_client, g.game_id, ORGANISER).seats_to_act[0]
    play(site_client, g, 1, random.Random(0))  # the only seat to act moves
    stalled = state(site_client, g.game_id, ORGANISER).seats_to_act[0]
    wait_for(lambda: state(site_client, g.game_id).status == "finished")
    shown = steps_of(site, g.game_id)
    setup, *played = shown["steps"]
    assert [(c["seat"], c["left_ms"]) for c in setup["clocks"]] == [(0, 3000), (1, 3000)]
    assert [c["seat"] for c in setup["clocks"] if c["running"]] == [mover]
    recorded = readings(site_client, g.game_id)
    assert played and all(step["version"] in recorded for step in played)
    for step in played:
        assert [c["left_ms"] for c in step["clocks"]] == recorded[step["version"]], step["version"]
    timeout = played[-1]
    assert "runs out of time" in timeout["narrative"] and f"seat {stalled + 1}" in timeout["narrative"]
    assert timeout["clocks"][stalled]["left_ms"] == 0
    assert not any(c["running"] for c in timeout["clocks"]), "no clock runs once the game is over"
    assert shown["status"] == "finished" and not any(c["running"] for c in shown["clocks"])
    page = get(f"{site.url}/games/{g.game_id}").body
    assert "clock 3s" in page and "runs out of time" in page
    log = tmp_path / "game.jsonl"
    log.write_text(exported(site_client, g.game_id))
    status, told = frontier(capsys, "replay", str(log))
    assert status == 0 and timeout["narrative"] in told, "the printed narrative tells the timeout too"
    status, html = frontier(capsys, "replay", str(log), "--html")
    assert status == 0 and "runs out of time" in html


def test_a_live_games_steps_give_the_clocks_now_with_the_running_deadline(
    site: Site, site_client: Client
) -> None:
    g = clocked(site_client, GAME, 2, "10m+5s")
    mover = state(site_client, g.game_id, ORGANISER).seats_to_act[0]
    shown = steps_of(site, g.game_id)
    (setup,) = shown["steps"]
    assert [c["left_ms"] for c in setup["clocks"]] == [600_000, 600_000]
    running = [c for c in shown["clocks"] if c["running"]]
    assert [c["seat"] for c in running] == [mover] and running[0]["deadline"]
    assert running[0]["deadline"] == state(site_client, g.game_id).clocks[mover].deadline
    idle = get(f"{site.url}/api/games/{g.game_id}/steps?after=1").json()
    assert idle["steps"] == [] and idle["clocks"] == shown["clocks"], "an idle poll keeps the clocks"
    unclocked = steps_of(site, clocked(site_client, GAME, 2, "").game_id)
    assert "clocks" not in unclocked and unclocked["steps"][0]["clocks"] == []


def test_the_page_marks_the_running_seat_and_counts_down(site: Site, site_client: Client, page: Any) -> None:
    g = clocked(site_client, GAME, 2, "10m")
    mover = state(site_client, g.game_id, ORGANISER).seats_to_act[0]
    page.goto(f"{site.url}/games/{g.game_id}")
    running = page.locator("#clocks .clock.running")
    running.wait_for()
    assert running.get_attribute("data-seat") == str(mover)
    assert running.inner_text().startswith("▶ ")
    first = running.inner_text()
    page.wait_for_function(
        "first => document.querySelector('#clocks .clock.running').textContent !== first", arg=first
    )
    assert page.locator("#clocks .clock").count() == 2
