"""Attack: a seat's Play stream opened on a player-entropy game that waits for its seats.

The stream used to fail at once with UNKNOWN (an AttributeError on the missing state), and a stream
opened from the game's version then never heard of the deal: the seat to act first got no legal
commands, so a client that trusts its stream waited for ever.
"""

from __future__ import annotations

import queue
from typing import Any

import grpc

from service.client import Client, SeatStream, claim_seat, reveal_seed
from service.generated.frontier.v1 import frontier_pb2
from tests.service.helpers import Game, legal

WAIT = 20.0


def next_update(inbox: queue.Queue[tuple[int, Any]]) -> Any:
    _, update = inbox.get(timeout=WAIT)
    if isinstance(update, grpc.RpcError):
        raise update
    return update


def test_a_seat_playing_a_waiting_game_is_told_it_waits_then_gets_the_deal_and_its_turn(
    client: Client,
) -> None:
    request = frontier_pb2.CreateGameRequest(
        game="most-wanted", seats=2, players=["Ann"], player_entropy=True
    )
    request.options.update({"first_player": "named", "first_seat": 0})
    created = client.call("CreateGame", request)
    game = Game(created.game_id, "most-wanted", {0: created.seats[0].token})
    inbox: queue.Queue[tuple[int, Any]] = queue.Queue()
    SeatStream(client, game.game_id, 0, game.tokens[0], inbox)
    opening = next_update(inbox)
    assert (opening.version, opening.status) == (1, "waiting")
    assert not opening.seats_to_act and not opening.legal_commands
    game.tokens[1] = claim_seat(client, game.game_id, "Bob", 1)[1]
    reveal_seed(client, game.game_id, 1, game.tokens[1])
    while True:  # a notice that the game waits may come first
        update = next_update(inbox)
        if update.step.version == 1:
            break
    assert update.step.events and update.status == "in_progress"
    assert list(update.seats_to_act) == [0]
    listed = legal(client, game, 0)
    assert listed.commands and [c.SerializeToString() for c in update.legal_commands] == [
        c.SerializeToString() for c in listed.commands
    ]
