"""The web viewer shows a ruling as a step, and the result the rulings lead to."""

from __future__ import annotations

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.web.conftest import Site
from tests.service.web.games import start_game
from tests.service.web.http_client import get


def test_a_resignation_and_an_adjudication_are_steps_of_the_viewer(site: Site, site_client: Client) -> None:
    game = start_game(site_client, "deadwood-1876", 3, 4)
    site_client.call("Resign", frontier_pb2.ResignRequest(game_id=game.game_id), token=game.tokens[2])
    request = frontier_pb2.EndGameRequest(
        game_id=game.game_id,
        result=[
            frontier_pb2.SeatGroup(seats=[1]),
            frontier_pb2.SeatGroup(seats=[0]),
            frontier_pb2.SeatGroup(seats=[2]),
        ],
        reason="the saloon closed",
    )
    site_client.call("EndGame", request, token=ORGANISER)
    shown = get(f"{site.url}/api/games/{game.game_id}/steps").json()
    told = [step["narrative"] for step in shown["steps"]]
    assert any("seat 3" in line and "resigns" in line for line in told), told
    assert "adjudicates" in told[-1] and "the saloon closed" in told[-1]
    assert shown["status"] == "finished"
    assert "adjudicated: the saloon closed" in shown["result"]
    page = get(f"{site.url}/games/{game.game_id}")
    assert "resigns" in page.body and "the saloon closed" in page.body
