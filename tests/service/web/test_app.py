"""The web viewer over real HTTP, beside a real gRPC server: who sees what, errors, live steps."""

from __future__ import annotations

import random

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from service.web.steps import WHOLE_WHEN_OVER
from tests.conftest import ORGANISER
from tests.service.web.conftest import Site
from tests.service.web.games import Game, play, start_game
from tests.service.web.http_client import get, post_form
from tests.service.web.secrets import game_secrets, step_secrets, tokens


def started(client: Client, moves: int = 12) -> Game:
    return start_game(client, "deadwood-1876", 4, moves)


def test_the_game_list_shows_games_with_names_as_text(site: Site, site_client: Client) -> None:
    reply = site_client.call(
        "CreateGame",
        frontier_pb2.CreateGameRequest(
            game="most-wanted", seats=2, players=["<b>Ann</b>", "Bo"], tag="final"
        ),
    )
    page = get(site.url + "/")
    assert page.status == 200
    assert f'href="/games/{reply.game_id}"' in page.body
    assert "&lt;b&gt;Ann&lt;/b&gt;" in page.body and "<b>Ann</b>" not in page.body
    assert get(site.url + "/?tag=other").body.count("/games/") == 0
    assert get(site.url + "/?tag=final").body.count(f"/games/{reply.game_id}") == 1


def test_the_public_page_and_its_steps_hold_no_secret(site: Site, site_client: Client) -> None:
    game = started(site_client)
    record = site.grpc.app.get(game.game_id)
    secrets = game_secrets(record.header, list(site.grpc.app.entries(game.game_id)))
    assert secrets, "an unfinished Deadwood game has hidden cards and safes"
    page = get(f"{site.url}/games/{game.game_id}")
    steps = get(f"{site.url}/api/games/{game.game_id}/steps")
    assert page.status == steps.status == 200
    assert steps.json()["viewer"] == "public"
    for body in (page.body, steps.body):
        assert not secrets & tokens(body)
    organiser = get(f"{site.url}/games/{game.game_id}", token=ORGANISER)
    assert secrets & tokens(organiser.body), "the organiser's page shows them, so the search can find them"


def test_a_seat_token_sees_its_own_secrets_only(site: Site, site_client: Client) -> None:
    game = started(site_client)
    record = site.grpc.app.get(game.game_id)
    entries = list(site.grpc.app.entries(game.game_id))
    as_seat = get(f"{site.url}/api/games/{game.game_id}/steps", token=game.tokens[0])
    assert as_seat.json()["viewer"] == "seat 1 (p0)"
    as_organiser_seat = get(f"{site.url}/api/games/{game.game_id}/steps?seat=1", token=ORGANISER)
    assert as_seat.json()["steps"] == as_organiser_seat.json()["steps"]
    own = game_secrets(record.header, entries)
    assert own & tokens(as_seat.body), "seat 1 sees its own cards"
    per_step = step_secrets(record.header, entries, viewer=0)
    for step, (hidden_from_seat_one, _seen) in zip(as_seat.json()["steps"], per_step, strict=True):
        leaked = hidden_from_seat_one & tokens(step["picture"] + " " + step["narrative"])
        assert not leaked, f"seat 1 sees another seat's {sorted(leaked)[:5]} at version {step['version']}"


def test_the_organiser_page_offers_every_view_the_public_none(site: Site, site_client: Client) -> None:
    game = started(site_client, moves=1)
    organiser = get(f"{site.url}/games/{game.game_id}", token=ORGANISER).body
    for choice in ("all", "public", "1", "2", "3", "4"):
        assert f'href="/games/{game.game_id}?seat={choice}"' in organiser
    assert "?seat=" not in get(f"{site.url}/games/{game.game_id}").body.replace("/steps?seat", "")
    seat_page = get(f"{site.url}/games/{game.game_id}?seat=3", token=ORGANISER).body
    assert f'"poll": "/api/games/{game.game_id}/steps?seat=3"' in seat_page, "its polls keep the view"


def test_bad_requests_get_clear_errors(site: Site, site_client: Client) -> None:
    missing = get(f"{site.url}/games/00000000-0000-4000-8000-000000000000")
    assert missing.status == 404 and "no game with id" in missing.body
    malformed = get(f"{site.url}/api/games/not-a-game/steps")
    assert malformed.status == 400 and malformed.json()["error"] == "BAD_GAME_ID"
    game = started(site_client, moves=1)
    after = get(f"{site.url}/api/games/{game.game_id}/steps?after=-1")
    assert after.status == 400 and after.json()["field"] == "after"
    stranger = get(f"{site.url}/api/games/{game.game_id}/steps", token="no-such-token")
    assert stranger.status == 401 and stranger.json()["error"] == "UNKNOWN_TOKEN", "as over gRPC"
    assert get(f"{site.url}/games/{game.game_id}", token="no-such-token").status == 401
    blank = get(f"{site.url}/api/games/{game.game_id}/steps", token=" ")
    assert blank.status == 401 and blank.json()["error"] == "BAD_AUTHORIZATION"
    assert get(f"{site.url}/", token=" ").status == 401


def test_polling_after_a_version_returns_only_newer_steps(site: Site, site_client: Client) -> None:
    game = started(site_client, moves=3)
    first = get(f"{site.url}/api/games/{game.game_id}/steps").json()
    last = first["steps"][-1]["version"]
    idle = get(f"{site.url}/api/games/{game.game_id}/steps?after={last}").json()
    assert idle == {"steps": [], **{k: first[k] for k in ("status", "result", "viewer")}}
    as_seat = get(f"{site.url}/api/games/{game.game_id}/steps?after={last}", token=game.tokens[1]).json()
    assert as_seat["viewer"] == "seat 2 (p1)", "an up-to-date poll is still answered for its viewer"
    play(site_client, game, 2, random.Random(3))
    newer = get(f"{site.url}/api/games/{game.game_id}/steps?after={last}").json()["steps"]
    assert [s["version"] for s in newer] == [last + 1, last + 2]
    assert newer[0]["picture"] != first["steps"][-1]["picture"]


def test_a_finished_game_is_shown_whole_with_its_result(site: Site, site_client: Client) -> None:
    game = start_game(site_client, "most-wanted", 2, 2000)
    whole = get(f"{site.url}/api/games/{game.game_id}/steps").json()
    assert whole["status"] == "finished"
    assert "wins" in whole["result"] or "share the win" in whole["result"]
    assert whole["viewer"] == WHOLE_WHEN_OVER, (
        "once the game is over everyone sees everything, and is told so"
    )
    last = whole["steps"][-1]["version"]
    idle = get(f"{site.url}/api/games/{game.game_id}/steps?after={last}").json()
    assert idle == {"steps": [], **{k: whole[k] for k in ("status", "result", "viewer")}}


def test_organiser_sign_in_sets_a_strict_http_only_cookie(site: Site) -> None:
    refused = post_form(site.url + "/login", {"token": "guess"})
    assert refused.status == 403 and "set-cookie" not in {k.lower() for k in refused.headers}
    accepted = post_form(site.url + "/login", {"token": ORGANISER})
    assert accepted.status == 303
    cookie = accepted.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie


def test_the_web_checks_ids_and_tokens_as_every_front_end_does(site: Site) -> None:
    """The id-length check of core/fields and the organiser comparison of core/auth, as over gRPC."""
    long_id = get(f"{site.url}/api/games/{'a' * 200}/steps")
    assert long_id.status == 400 and long_id.json()["error"] == "FIELD_TOO_LONG"
    assert long_id.json()["field"] == "game_id"
    # A token that is not ASCII is compared as bytes: refused, never a server error.
    assert post_form(site.url + "/login", {"token": "é" * 40}).status == 403
