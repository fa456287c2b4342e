"""The viewer in a real headless Chromium: it loads, steps both ways, follows a live game, and the
public page never holds a seat's secret, in its DOM or in any response it fetched.

FRONTIER_WEB_SCREENSHOT=PATH saves the Western Legends page as the manual's screenshot (docs/web-viewer.png).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.web.conftest import Site
from tests.service.web.games import play, start_game
from tests.service.web.http_client import get
from tests.service.web.secrets import game_secrets, tokens
from tests.service.web.tournaments import played_tournament

GAMES = [("western-legends", 4, 40), ("deadwood-1876", 5, 25), ("most-wanted", 4, 25)]


def shown_version(page: Any) -> int:
    return int(page.locator("#picture").get_attribute("data-version"))


def picture(page: Any) -> str:
    return str(page.locator("#picture").inner_html())


@pytest.mark.parametrize(("game", "seats", "moves"), GAMES)
def test_the_viewer_loads_and_steps_with_the_slider_and_the_arrow_keys(
    site: Site, site_client: Client, page: Any, game: str, seats: int, moves: int
) -> None:
    played = start_game(site_client, game, seats, moves)
    expected = get(f"{site.url}/api/games/{played.game_id}/steps").json()["steps"]
    page.goto(f"{site.url}/games/{played.game_id}")
    page.wait_for_selector("#picture svg")
    last = expected[-1]["version"]
    assert shown_version(page) == last, "the page opens on the latest step"
    latest_picture = picture(page)

    page.keyboard.press("ArrowLeft")
    assert shown_version(page) == last - 1
    assert page.locator("#narrative").inner_text() == expected[-2]["narrative"]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    assert shown_version(page) == last - 1

    page.locator("#step").fill("0")  # the slider, dragged to the start
    assert shown_version(page) == 1
    assert page.locator("#narrative").inner_text().startswith("Setup")
    assert picture(page) != latest_picture, "the table at the setup is not the table now"
    page.keyboard.press("ArrowLeft")
    assert shown_version(page) == 1, "no step before the setup"
    page.locator("#forward").click()
    assert shown_version(page) == 2
    page.locator("#step").fill(str(len(expected) - 1))
    assert shown_version(page) == last and picture(page) == latest_picture

    screenshot = os.environ.get("FRONTIER_WEB_SCREENSHOT")
    if screenshot and game == "western-legends":
        page.locator("#step").fill(str(len(expected) - 1))
        page.screenshot(path=screenshot, full_page=False)


def test_a_live_game_updates_as_it_is_played(site: Site, site_client: Client, page: Any) -> None:
    played = start_game(site_client, "most-wanted", 4, 6)
    page.goto(f"{site.url}/games/{played.game_id}")
    page.wait_for_selector("#picture svg")
    before = shown_version(page)
    play(site_client, played, 3, random.Random(11))
    page.wait_for_function(
        f"() => Number(document.querySelector('#picture').dataset.version) === {before + 3}", timeout=10_000
    )
    assert page.locator("#story li").count() == before + 3
    assert page.locator("#step").get_attribute("max") == str(before + 2)


def test_the_public_page_never_holds_a_seats_secret(site: Site, site_client: Client, page: Any) -> None:
    played = start_game(site_client, "deadwood-1876", 5, 20)
    app = site.grpc.app
    responses: list[Any] = []
    page.on("response", lambda response: responses.append(response))
    page.goto(f"{site.url}/games/{played.game_id}")
    page.wait_for_selector("#picture svg")
    before = page.locator("#story li").count()
    play(site_client, played, 4, random.Random(5))  # so the page's polls bring new steps too
    page.wait_for_function(f"() => document.querySelectorAll('#story li').length > {before}", timeout=10_000)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")

    record = app.get(played.game_id)
    secrets = game_secrets(record.header, list(app.entries(played.game_id)))
    assert secrets, "an unfinished Deadwood game hides cards and safes"
    seen = tokens(page.content())  # the live DOM, after the script drew the pictures
    assert any("/api/games/" in r.url for r in responses), "the page polled for new steps"
    for response in responses:
        seen |= tokens(response.text())
    assert not secrets & seen, f"the public page shows hidden {sorted(secrets & seen)[:5]}"

    # The same search finds them once the organiser signs in: the attack would see a leak.
    page.goto(f"{site.url}/login")
    page.fill("input[name=token]", ORGANISER)
    page.click("button")
    page.wait_for_url(f"{site.url}/")
    page.goto(f"{site.url}/games/{played.game_id}")
    page.wait_for_selector("#picture svg")
    assert "everything" in page.locator("#viewer").inner_text()
    assert secrets & tokens(page.content())


def test_a_hostile_player_name_or_tag_runs_no_script(site: Site, site_client: Client, page: Any) -> None:
    hostile = '<img src=x onerror="window.pwned=1">'
    reply = site_client.call(
        "CreateGame",
        frontier_pb2.CreateGameRequest(
            game="most-wanted",
            seats=2,
            players=[hostile, "</script><script>window.pwned=2</script>"],
            tag=hostile,
        ),
    )
    dialogs: list[Any] = []
    page.on("dialog", lambda dialog: dialogs.append(dialog))
    for url in (f"{site.url}/", f"{site.url}/games/{reply.game_id}"):
        page.goto(url)
        page.wait_for_load_state("load")
        assert page.evaluate("window.pwned") is None, url
        assert page.locator("img").count() == 0
    assert hostile in page.locator("header").inner_text(), "the name is shown, as text"
    assert hostile in (page.locator("#picture svg").text_content() or ""), "and drawn, as text"
    assert not dialogs


def test_the_tournament_page_leads_to_each_tables_game(site: Site, page: Any) -> None:
    tournament_id = played_tournament(site, ["Ann", "Bo", "Cy", "Di"], rounds=1, name="Browser Cup")
    page.goto(f"{site.url}/")
    page.click("a[href='/tournaments']")
    page.click(f"a[href='/tournaments/{tournament_id}']")
    page.wait_for_url(f"{site.url}/tournaments/{tournament_id}")
    assert page.locator("h1").inner_text() == "Browser Cup"
    assert page.locator("#standings tr").count() == 1 + 4, "a heading and every player"
    links = page.locator("li.table a")
    assert links.count() == 2
    game_url = f"{site.url}{links.nth(1).get_attribute('href')}"
    links.nth(1).click()
    page.wait_for_url(game_url)
    page.wait_for_selector("#picture svg")
    assert "Most Wanted" in page.locator("h1").inner_text()
    assert page.locator("#result").inner_text(), "the tournament's game is over and shows its result"


def test_a_visitor_of_a_finished_game_is_told_why_it_is_shown_whole(
    site: Site, site_client: Client, page: Any
) -> None:
    """Not "everything (organiser)" to a visitor who signed in as no one: the game is over."""
    finished = start_game(site_client, "most-wanted", 2, 2000)
    page.goto(f"{site.url}/games/{finished.game_id}")
    page.wait_for_selector("#picture svg")
    shown = page.locator("#viewer").inner_text()
    assert shown == "everything (the game is over, so everyone sees it whole)"
