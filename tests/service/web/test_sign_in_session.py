"""The organiser's sign-in in a real browser: the cookie names a sign-in the server holds, never the token."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from service.client import Client
from tests.conftest import ORGANISER
from tests.service.web.conftest import Site
from tests.service.web.games import start_game
from tests.service.web.http_client import get, post_form


def sign_in(page: Any, site: Site, token: str) -> None:
    page.goto(f"{site.url}/login")
    page.fill("input[name=token]", token)
    page.click("button")


def test_the_cookie_holds_a_session_id_not_the_token(site: Site, site_client: Client, page: Any) -> None:
    game = start_game(site_client, "deadwood-1876", 3, 5)
    sign_in(page, site, ORGANISER)
    page.wait_for_url(f"{site.url}/")
    [cookie] = page.context.cookies()
    assert cookie["name"] == "frontier_session"
    assert ORGANISER not in cookie["value"] and cookie["value"] not in ORGANISER
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    assert not cookie["secure"], "served over plain HTTP, the browser could not send it back"
    page.goto(f"{site.url}/games/{game.game_id}")
    assert "everything" in page.locator("#viewer").inner_text()

    # Signed out, the same id is worth nothing any more, even if someone kept a copy.
    page.goto(f"{site.url}/")
    page.click("text=sign out")
    page.wait_for_url(f"{site.url}/")
    page.context.add_cookies([{"name": cookie["name"], "value": cookie["value"], "url": site.url}])
    page.goto(f"{site.url}/games/{game.game_id}")
    assert page.locator("#viewer").inner_text() == "public"


def test_a_cookie_holding_the_token_itself_signs_no_one_in(
    site: Site, site_client: Client, page: Any
) -> None:
    game = start_game(site_client, "deadwood-1876", 3, 5)
    page.context.add_cookies([{"name": "frontier_session", "value": ORGANISER, "url": site.url}])
    page.goto(f"{site.url}/games/{game.game_id}")
    assert page.locator("#viewer").inner_text() == "public"


def test_a_wrong_token_shows_the_form_again_with_a_message(site: Site, page: Any, tmp_path: Path) -> None:
    sign_in(page, site, "not-the-token")
    page.wait_for_selector("[role=alert]")
    assert "not the organiser's token" in page.locator("[role=alert]").inner_text()
    assert page.locator("input[name=token]").is_visible(), "the form is there to try again"
    page.screenshot(path=str(tmp_path / "wrong-token.png"))
    assert not page.context.cookies()
    page.fill("input[name=token]", ORGANISER)
    page.click("button")
    page.wait_for_url(f"{site.url}/")
    assert "signed in as the organiser" in page.content()


def test_the_cookie_is_secure_when_the_page_came_over_https(site: Site) -> None:
    plain = post_form(site.url + "/login", {"token": ORGANISER})
    assert "secure" not in plain.headers["set-cookie"].lower()
    assert ORGANISER not in plain.headers["set-cookie"]
    behind_tls = post_form(site.url + "/login", {"token": ORGANISER}, {"X-Forwarded-Proto": "https"})
    assert "; secure" in behind_tls.headers["set-cookie"].lower()
    assert get(f"{site.url}/healthz").status == 200
