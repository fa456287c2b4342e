"""Attack: read a game's secrets over Connect, the web port's API, as a spectator.

Connect calls run the gRPC handlers, so the gate decides what they show. Here a spectator tries
every way in over Connect: no token, the token of a seat of another game, the organiser's signed-in
session cookie of the viewer on the same port (a browser sends it with every request), and the
organiser's token in the query string; each sees exactly what a spectator sees over gRPC, and never
what a seat or the organiser sees.
"""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from google.protobuf import json_format

from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.web import connect_client as connect
from tests.service.web import http_client
from tests.service.web.api_site import ApiSite, api_site
from tests.service.web.test_connect import new_game


@pytest.fixture
def site(tmp_path: Path) -> Iterator[ApiSite]:
    with api_site(tmp_path / "data") as running:
        yield running


def signed_in_cookie(site: ApiSite) -> str:
    reply = http_client.post_form(f"{site.url}/login", {"token": ORGANISER})
    assert reply.status == 303, reply.body
    return reply.headers["set-cookie"].split(";")[0]


def views(site: ApiSite, game_id: str, token: str | None, headers: dict[str, str] | None = None) -> Any:
    """What a caller reads over Connect: the state's view, the replay's steps, the exported log."""
    state = connect.unary(site.url, "GetState", {"gameId": game_id}, token, headers=headers)
    steps, end = connect.stream(site.url, "Replay", {"gameId": game_id}, token, headers=headers)
    log = connect.unary(site.url, "ExportLog", {"gameId": game_id}, token, headers=headers)
    assert state.status == log.status == 200 and end == {}
    return state.json()["viewJson"], [json.dumps(s, sort_keys=True) for s in steps], log.json()["content"]


def grpc_views(site: ApiSite, game_id: str, token: str | None) -> Any:
    state = site.client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id), token=token)
    metadata = (("authorization", f"Bearer {token}"),) if token else ()
    steps = site.client.stub.Replay(frontier_pb2.ReplayRequest(game_id=game_id), metadata=metadata)
    log = site.client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=token)
    shown = [json.dumps(json_format.MessageToDict(s), sort_keys=True) for s in steps]
    return state.view_json, shown, log.content


def test_a_spectator_over_connect_sees_what_the_gate_shows_a_spectator(site: ApiSite) -> None:
    game_id, tokens = new_game(site, version=5)
    _other_id, other_tokens = new_game(site)
    public = grpc_views(site, game_id, None)
    seat = grpc_views(site, game_id, tokens[0])
    everything = grpc_views(site, game_id, ORGANISER)
    assert public[0] != seat[0] and public[2] != everything[2]  # the game has secrets to keep

    assert views(site, game_id, None) == public
    assert views(site, game_id, tokens[0]) == seat  # the seat's own token: its own sight
    assert views(site, game_id, ORGANISER) == everything
    # The viewer's organiser session rides on a cookie: the API never reads it.
    cookie = signed_in_cookie(site)
    assert views(site, game_id, None, headers={"Cookie": cookie}) == public
    # A token anywhere but the Authorization header is no token.
    query = urllib.parse.urlencode({"token": ORGANISER, "authorization": f"Bearer {ORGANISER}"})
    sent = {"Content-Type": "application/json"}
    body = json.dumps({"gameId": game_id}).encode()
    url = f"{site.url}/{connect.SERVICE}/GetState?{query}"
    with urllib.request.urlopen(urllib.request.Request(url, data=body, headers=sent), timeout=30) as reply:
        assert json.loads(reply.read())["viewJson"] == public[0]
    # A seat of another game is refused, as over gRPC.
    refused = connect.failure(connect.unary(site.url, "GetState", {"gameId": game_id}, other_tokens[0]))
    assert refused.code == "unauthenticated"
    # Connect's GET form (a cross-site <img> could send it, with no preflight) is not served.
    message = urllib.parse.quote(json.dumps({"gameId": game_id}))
    got = http_client.get(f"{site.url}/{connect.SERVICE}/GetState?encoding=json&message={message}")
    assert got.status == 405
    # Watching live over Connect: a spectator's updates are gRPC's spectator's.
    watched = connect.first_messages(site.url, "WatchGame", {"gameId": game_id}, 5)
    updates = site.client.stub.WatchGame(frontier_pb2.WatchGameRequest(game_id=game_id))
    over_grpc = [json_format.MessageToDict(next(updates)) for _ in watched]
    updates.cancel()
    assert watched == over_grpc
    seat_watch = connect.first_messages(site.url, "WatchGame", {"gameId": game_id}, 5, tokens[0])
    assert seat_watch != watched  # the seat sees its own cards in the deal; the spectator does not
