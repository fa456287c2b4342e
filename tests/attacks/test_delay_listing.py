"""Attack: the spectator delay in the game listing, asked with a token that holds no seat of the game.

ListGames (and the web viewer's game list) has no game to check a token against, so it used to
take any token -- a made-up one, or a seat token of the caller's own game -- as "not a spectator"
and show every delayed game's live version and status: a game's moves and its end, early.
"""

from __future__ import annotations

import random
import urllib.request

from service.client import Client, play_game
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from service.web.server import start_http
from tests.conftest import ORGANISER
from tests.service.helpers import create, state
from tests.service.relays.test_spectator_delay import delayed_game


def test_a_token_of_another_game_does_not_lift_the_delay_in_list_games(client: Client) -> None:
    hidden = delayed_game(client, 600)
    play_game(client, hidden.game_id, hidden.tokens, random.Random(5))
    over = state(client, hidden.game_id, ORGANISER)
    assert over.status == "finished" and over.version > 2
    mine = create(client, "most-wanted")  # the attacker's own game: a real seat token
    for token in (mine.tokens[0], "made-up-token"):
        listed = client.call("ListGames", frontier_pb2.ListGamesRequest(), token=token).games
        shown = {g.game_id: (g.version, g.status) for g in listed}
        assert shown[hidden.game_id] == (1, "in_progress")
        finished = client.call("ListGames", frontier_pb2.ListGamesRequest(status="finished"), token=token)
        assert hidden.game_id not in [g.game_id for g in finished.games]
    # The organiser still sees the game as it is.
    organiser = client.call("ListGames", frontier_pb2.ListGamesRequest(), token=ORGANISER).games
    assert {g.game_id: (g.version, g.status) for g in organiser}[hidden.game_id] == (over.version, "finished")


def test_a_cookie_token_does_not_lift_the_delay_in_the_web_game_list(client: Client, server: Running) -> None:
    hidden = delayed_game(client, 600)
    play_game(client, hidden.game_id, hidden.tokens, random.Random(6))
    assert state(client, hidden.game_id, ORGANISER).status == "finished"
    http = start_http(server.ledger, ORGANISER, "127.0.0.1", 0)
    try:
        request = urllib.request.Request(
            f"http://127.0.0.1:{http.port}/?status=finished",
            headers={"Authorization": "Bearer made-up-token"},
        )
        with urllib.request.urlopen(request, timeout=10) as page:
            assert hidden.game_id not in page.read().decode()
    finally:
        http.stop()
