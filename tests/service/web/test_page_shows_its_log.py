"""A self-verifying page is green only when what it shows is what its verified log records.

The viewer draws from its data block (#game-data), which neither the checkpoint's signature nor
the page's script hashes cover; the panel checks the log (#match-log). An adversary who edits the
block (crowning the loser) or swaps in another genuine game's block must not get a green panel
over a result the log does not have. Each page is opened from its file in headless Chromium.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from engines.registry import game_ids, get_engine
from engines.wording import as_written
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.web.conftest import Site
from tests.service.web.games import start_game
from tests.service.web.http_client import get
from tests.service.web.test_verdict_pages import GOOD, SAMPLES, offline_page, server_key, settled, verdict
from tests.service.web.verifier_js import ROOT, SAMPLE_KEY

_DATA = re.compile(r'(<script id="game-data" type="application/json">)(.*?)(</script>)', re.DOTALL)


def game_data(html: str) -> dict[str, Any]:
    found = _DATA.search(html)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(2))
    return data


def with_game_data(html: str, data: dict[str, Any]) -> str:
    """The page with its data block replaced, escaped as the page escapes it (Jinja's tojson)."""
    text = json.dumps(data).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return _DATA.sub(lambda m: m.group(1) + text.replace("'", "\\u0027") + m.group(3), html, count=1)


def log_lines(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text().splitlines()]


@pytest.mark.parametrize("log", SAMPLES.values(), ids=lambda log: log.stem)
def test_a_genuine_page_is_green_and_names_the_game_players_and_result(
    tmp_path: Path, page: Any, log: Path
) -> None:
    lines = log_lines(log)
    header, trailer = lines[0], lines[-2]
    winner = trailer["outcome"]["ranking"][0][0]
    shown = verdict(page, offline_page(tmp_path, log).as_uri(), SAMPLE_KEY.read_text())
    assert (shown["state"], shown["signature"]) == ("verified", "verified"), shown
    assert f"the log: game {header['game_id']} ({header['game']})" in shown["details"]
    labels = [f"seat {seat + 1} ({name})" for seat, name in enumerate(header["players"])]
    assert f"the log: players: {', '.join(labels)}" in shown["details"]
    result = page.locator("#result").inner_text()
    assert result.startswith(f"{labels[winner]} wins")
    assert page.locator("#page-differs").count() == 0
    assert f"the log: result: {result}\n" in shown["details"], "the panel words the result as the page does"


def test_a_page_whose_data_crowns_the_loser_is_not_green(tmp_path: Path, page: Any) -> None:
    log = SAMPLES["deadwood-1876"]
    out = offline_page(tmp_path, log)
    html = out.read_text()
    data = game_data(html)
    winner, loser = (tier[0] for tier in log_lines(log)[-2]["outcome"]["ranking"])
    true_result = data["result"]
    data["result"] = true_result.replace(data["labels"][winner], "@@").replace(
        data["labels"][loser], data["labels"][winner]
    )
    data["result"] = data["result"].replace("@@", data["labels"][loser])
    assert data["result"].startswith(f"{data['labels'][loser]} wins")
    out.write_text(with_game_data(html, data))
    shown = verdict(page, out.as_uri(), SAMPLE_KEY.read_text())
    assert shown["state"] == "failed", shown
    assert shown["summary"].startswith("not verified: this page does not show the log it carries"), shown
    assert "the result" in shown["summary"]
    # What the panel names as the log's result is the true one, not the page's.
    assert f"the log: result: {true_result}\n" in shown["details"]
    assert "verified in this browser" not in shown["summary"]
    warning = page.locator("main > #page-differs")
    assert warning.is_visible() and "Not verified" in warning.inner_text(), "said at the top too"


def test_another_games_data_pasted_over_this_log_is_not_green(tmp_path: Path, page: Any) -> None:
    """Two genuine, signed most-wanted games: the page of one carrying the other's data block."""
    this, other = SAMPLES["most-wanted"], GOOD / "most-wanted-commit-reveal.jsonl"
    out = offline_page(tmp_path, this)
    pasted = game_data(offline_page(tmp_path, other).read_text())
    out.write_text(with_game_data(out.read_text(), pasted))
    shown = verdict(page, out.as_uri(), SAMPLE_KEY.read_text())
    assert shown["state"] == "failed", shown
    other_id, this_id = log_lines(other)[0]["game_id"], log_lines(this)[0]["game_id"]
    assert f'the page shows game "{other_id}", the log records "{this_id}"' in shown["summary"]


def test_a_heading_rewritten_to_another_game_is_not_green(tmp_path: Path, page: Any) -> None:
    log = SAMPLES["western-legends"]
    out = offline_page(tmp_path, log)
    game_id = log_lines(log)[0]["game_id"]
    html = out.read_text().replace(
        f'<code id="game-id">{game_id}</code>', '<code id="game-id">other-game</code>'
    )
    out.write_text(html)
    shown = verdict(page, out.as_uri(), SAMPLE_KEY.read_text())
    assert shown["state"] == "failed", shown
    assert f'the page shows game "other-game", the log records "{game_id}"' in shown["summary"]


def test_a_served_page_of_a_ruled_game_with_a_clock_is_green_and_names_its_result(
    site: Site, site_client: Client, page: Any
) -> None:
    """The live viewer shares the check: rulings, a clock and an adjudicated result still verify."""
    game = start_game(site_client, "deadwood-1876", 3, 4, time_control="10m+5s")
    site_client.call("Resign", frontier_pb2.ResignRequest(game_id=game.game_id), token=game.tokens[2])
    result = [frontier_pb2.SeatGroup(seats=[s]) for s in (1, 0, 2)]
    ending = frontier_pb2.EndGameRequest(game_id=game.game_id, result=result, reason="the saloon closed")
    site_client.call("EndGame", ending, token=ORGANISER)
    page.goto(f"{site.url}/games/{game.game_id}")
    shown = settled(page, server_key(site_client))
    assert (shown["state"], shown["signature"]) == ("verified", "verified"), shown
    assert f"the log: game {game.game_id} (deadwood-1876)" in shown["details"]
    assert "the log: players: seat 1 (p0), seat 2 (p1), seat 3 (p2)" in shown["details"]
    assert "the log: result: seat 2 (p1) wins (adjudicated: the saloon closed" in shown["details"], shown


def test_the_pages_reason_words_are_the_engines() -> None:
    """The panel words a result as the page does: its table of each game's reason words is the engines'."""
    text = (ROOT / "service" / "web" / "static" / "reason_words.mjs").read_text()
    table = json.loads(text.split("export const REASON_WORDS = ", 1)[1].rsplit(";", 1)[0])
    for game in game_ids():
        describe_reason = get_engine(game).describe_reason
        words = getattr(sys.modules[describe_reason.__module__], "REASON_WORDS", None)
        if words is None:
            assert describe_reason is as_written and game not in table, game
        else:
            assert table.get(game) == words, game
            assert all(describe_reason(reason) == said for reason, said in words.items())


def test_a_page_whose_clocks_differ_from_the_logs_readings_is_not_green(
    tmp_path: Path, site: Site, site_client: Client, page: Any
) -> None:
    """A clocked game's export as an offline page: green as made, red with one reading changed."""
    game = start_game(site_client, "deadwood-1876", 2, 3, time_control="10m+5s")
    site_client.call("Resign", frontier_pb2.ResignRequest(game_id=game.game_id), token=game.tokens[1])
    log = tmp_path / "clocked.jsonl"
    log.write_text(get(f"{site.url}/api/games/{game.game_id}/log").body)
    out = offline_page(tmp_path, log)
    html = out.read_text()
    key = server_key(site_client)
    assert verdict(page, out.as_uri(), key)["state"] == "verified"
    data = game_data(html)
    last = data["steps"][-1]
    last["clocks"][0]["left_ms"] += 60_000  # a minute more for seat 1 after the last step
    out.write_text(with_game_data(html, data))
    shown = verdict(page, out.as_uri(), key)
    assert shown["state"] == "failed", shown
    assert f"the page shows the clocks (ms left) after step {last['version'] - 1}" in shown["summary"]
