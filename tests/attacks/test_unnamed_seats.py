"""Attack: seats left unnamed at creation were given tokens although the game's log calls them open.

`CreateGame(players=["Ann", "", ""])` returned three tokens: whoever created the game held seats
the log shows as open, and a claim on them was refused. An unnamed seat is open now: no token, and
anyone may claim it.
"""

from __future__ import annotations

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2


def test_an_unnamed_seat_at_creation_is_open_and_gets_no_token(client: Client) -> None:
    request = frontier_pb2.CreateGameRequest(game="most-wanted", seats=3, players=["Ann", "", " "])
    made = client.call("CreateGame", request)
    assert [(s.seat, s.player) for s in made.seats] == [(0, "Ann")]
    # The open seats are open indeed: anyone claims them, and their claims are the seats' tokens.
    for seat, name in ((1, "Bob"), (2, "Cy")):
        claimed = client.call(
            "ClaimSeat", frontier_pb2.ClaimSeatRequest(game_id=made.game_id, player=name, seat=seat)
        )
        assert claimed.seat.seat == seat and claimed.seat.token
