"""The game list in a real headless Chromium: results, readable dates, the waiting filter, and
outcome reasons in words."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.service.web.conftest import Site
from tests.service.web.games import start_game
from tests.service.web.http_client import get


def row_of(page: Any, game_id: str) -> Any:
    return page.locator("tr", has=page.locator(f"a[href='/games/{game_id}']"))


def test_the_list_shows_results_dates_and_filters(
    site: Site, site_client: Client, page: Any, tmp_path: Path
) -> None:
    finished = start_game(site_client, "most-wanted", 2, 2000)
    playing = start_game(site_client, "deadwood-1876", 3, 3)
    waiting = site_client.call(
        "CreateGame",
        frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["Ann"], player_entropy=True),
    )
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site.url}/")
    result = row_of(page, finished.game_id).locator("td.result").inner_text()
    assert re.fullmatch(r"seat \d \(p\d\)( and seat \d \(p\d\))? (wins|share the win)", result), result
    assert row_of(page, playing.game_id).locator("td.result").inner_text() == ""
    created = row_of(page, playing.game_id).locator("td").last.inner_text()
    assert re.fullmatch(r"\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC", created), created
    page.screenshot(path=str(tmp_path / "phone-list.png"), full_page=True)

    page.select_option("select[name=status]", "waiting")
    page.click("text=filter")
    page.wait_for_url(re.compile(r".*status=waiting.*"))
    assert page.locator("table.games a").count() == 1
    assert row_of(page, waiting.game_id).count() == 1

    page.goto(f"{site.url}/?tag=no-such-tag")
    assert page.locator("#no-games").inner_text() == "No games match these filters."


def test_an_empty_server_says_no_games_yet(site: Site, page: Any) -> None:
    page.goto(f"{site.url}/")
    assert page.locator("#no-games").inner_text() == "No games yet."


def test_most_wanted_tells_why_it_ended_in_words(site: Site, site_client: Client, page: Any) -> None:
    game = start_game(site_client, "most-wanted", 2, 2000)
    steps = get(f"{site.url}/api/games/{game.game_id}/steps").json()
    assert steps["status"] == "finished"
    page.goto(f"{site.url}/games/{game.game_id}")
    result = page.locator("#result").inner_text()
    assert "notoriety" in result, result
    assert "most_wanted" not in result and "turn_limit" not in result


def test_each_picture_has_a_key_and_the_notoriety_track_runs_to_13(
    site: Site, site_client: Client, page: Any, tmp_path: Path
) -> None:
    wanted = {
        "western-legends": ["a bandit", "the Sheriff", "a mesa"],
        "deadwood-1876": ["a safe, face down", "a card in hand"],
        "most-wanted": ["notoriety marker"],
    }
    for game, meanings in wanted.items():
        played = start_game(site_client, game, 3, 4)
        page.goto(f"{site.url}/games/{played.game_id}")
        page.wait_for_selector("#picture svg")
        key = page.locator("#key").inner_text()
        for meaning in meanings:
            assert meaning in key, (game, meaning)
        picture = page.locator("#picture").inner_text()
        assert "_" not in picture, f"codes in snake case are shown in words: {game}"
        if game == "deadwood-1876":
            assert "room for " in picture
        if game == "most-wanted":
            marks = [m.text_content() for m in page.locator("#picture .mw-track-mark").all()]
            assert marks == [str(n) for n in range(14)], "the whole track, 0 to 13, from the first step"
            assert "13 is Most Wanted" in picture
        page.screenshot(path=str(tmp_path / f"{game}.png"))
        setup = page.locator("#story li").first.inner_text()
        assert not re.search(r"; (The|A|An|Round|Turn) ", setup), f"no capital mid-sentence: {setup}"
