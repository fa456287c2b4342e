"""One step number on the whole page, links to a step, no spoiler, forks and tournaments named,
and a page that fits a 390 px phone: in a real headless Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.web.conftest import Site
from tests.service.web.games import start_game
from tests.service.web.http_client import get
from tests.service.web.tournaments import played_tournament

PHONE = {"width": 390, "height": 844}


def fits_the_width(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_the_counter_the_narrative_and_the_story_say_the_same_step(
    site: Site, site_client: Client, page: Any, tmp_path: Path
) -> None:
    game = start_game(site_client, "western-legends", 4, 130)
    steps = get(f"{site.url}/api/games/{game.game_id}/steps").json()["steps"]
    last = steps[-1]["version"] - 1
    assert last > 110, "a game long enough for three-digit steps"
    page.goto(f"{site.url}/games/{game.game_id}?v=105")
    page.wait_for_selector("#picture svg")
    assert page.locator("#counter").inner_text() == f"Step 105 of {last}"
    assert page.locator("#narrative").inner_text().startswith("Step 105 —")
    current = page.locator("#story li.current")
    assert current.inner_text().startswith("Step 105 —")
    story_left = page.locator("#story").bounding_box()["x"]
    assert current.bounding_box()["x"] >= story_left, "no digit is cut off at the list's edge"
    assert page.locator("#story li").first.inner_text().startswith("Setup —")
    assert page.locator("#story li:visible").count() == 106, "the story so far: setup to step 105"
    page.screenshot(path=str(tmp_path / "desktop.png"))
    page.keyboard.press("ArrowRight")
    assert page.url.endswith("?v=106"), "the address follows the step shown"
    assert page.locator("#permalink").get_attribute("href").endswith("?v=106")
    page.locator("#step").fill(str(len(steps) - 1))
    assert "?v=" not in page.url, "the newest step needs no ?v"

    page.set_viewport_size(PHONE)
    page.goto(f"{site.url}/games/{game.game_id}?v=0")
    page.wait_for_selector("#picture svg")
    assert page.locator("#counter").inner_text() == f"Setup (step 0 of {last})"
    assert fits_the_width(page), "the viewer fits a phone"
    page.screenshot(path=str(tmp_path / "phone-game.png"), full_page=True)
    page.goto(f"{site.url}/")
    assert fits_the_width(page), "the game list fits a phone"
    page.screenshot(path=str(tmp_path / "phone-list.png"), full_page=True)


def test_the_result_is_told_at_the_last_step_only(site: Site, site_client: Client, page: Any) -> None:
    game = start_game(site_client, "most-wanted", 2, 2000)
    steps = get(f"{site.url}/api/games/{game.game_id}/steps").json()["steps"]
    page.goto(f"{site.url}/games/{game.game_id}?v=10")
    page.wait_for_selector("#picture svg")
    assert page.locator("#result").inner_text() == "The result is told at the last step."
    assert not page.locator("#story li").last.is_visible(), "nor does the story's last line tell it"
    page.locator("#step").fill(str(len(steps) - 1))
    result = page.locator("#result").inner_text()
    assert "wins" in result or "share the win" in result


def test_a_fork_names_its_source_with_a_link_instead_of_retelling_it(
    site: Site, site_client: Client, page: Any
) -> None:
    source = start_game(site_client, "most-wanted", 2, 2000)  # a game forks once it is over
    fork = frontier_pb2.ForkGameRequest(game_id=source.game_id, version=20, players=["Ann", "Bo"])
    forked = site_client.call("ForkGame", fork, token=ORGANISER)
    page.goto(f"{site.url}/games/{forked.game_id}?v=0")
    page.wait_for_selector("#picture svg")
    setup = page.locator("#narrative").inner_text()
    assert setup.startswith(f"Setup — forked from game {source.game_id} at step 19")
    assert len(setup) < 600, "the source's history is not told again"
    page.click("#forked-from a")
    page.wait_for_url(f"{site.url}/games/{source.game_id}?v=19")
    page.wait_for_selector("#picture svg")
    assert page.locator("#counter").inner_text().startswith("Step 19 of")


def test_a_tournament_game_names_its_tournament(site: Site, page: Any, tmp_path: Path) -> None:
    tournament_id = played_tournament(site, ["Ann", "Bo"], rounds=1, name="Harvest Cup")
    page.goto(f"{site.url}/")
    assert "tournament:" not in page.locator("table.games").inner_text(), "the list names it too"
    assert (
        page.locator(f"table.games a[href='/tournaments/{tournament_id}']").first.inner_text()
        == "Harvest Cup"
    )
    page.goto(f"{site.url}/tournaments/{tournament_id}")
    page.click("li.table a")
    page.wait_for_selector("#picture svg")
    assert "tournament:" not in page.locator("header").inner_text()
    link = page.locator("#tournament a")
    assert link.inner_text() == "Harvest Cup"
    page.set_viewport_size(PHONE)
    link.click()
    page.wait_for_url(f"{site.url}/tournaments/{tournament_id}")
    assert fits_the_width(page), "the tournament page fits a phone"
    page.screenshot(path=str(tmp_path / "phone-tournament.png"), full_page=True)
