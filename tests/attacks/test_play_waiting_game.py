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


def test_seats_waiting_on_play_streams_reveal_there_and_the_last_reveal_pushes_the_deal(
    client: Client,
) -> None:
    request = frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, player_entropy=True)
    request.options.update({"first_player": "named", "first_seat": 0})
    game_id = client.call("CreateGame", request).game_id
    tokens = {seat: claim_seat(client, game_id, f"p{seat}", seat)[1] for seat in range(2)}
    seeds = {seat: client.client_seeds[(game_id, seat)] for seat in range(2)}
    inboxes = {seat: queue.Queue[tuple[int, Any]]() for seat in range(2)}
    streams = {seat: SeatStream(client, game_id, seat, tokens[seat], inboxes[seat]) for seat in range(2)}
    for seat in range(2):
        assert next_update(inboxes[seat]).status == "waiting"

    def reveal(seat: int, seed: str, command_id: str) -> Any:
        streams[seat].send_raw(frontier_pb2.PlayRequest(command_id=command_id, reveal_client_seed=seed))
        while True:
            update = next_update(inboxes[seat])
            if update.command_id == command_id:
                return update

    wrong = reveal(0, seeds[1], "r0")  # another seat's seed: refused, nothing stored
    assert (wrong.error.code, wrong.error.reason) == ("INVALID_ARGUMENT", "SEED_REVEAL_DIFFERS")
    first = reveal(0, seeds[0], "r1")
    assert not first.HasField("error") and first.status == "waiting"
    last = reveal(1, seeds[1], "r2")
    assert not last.HasField("error") and last.status == "in_progress"
    while True:  # the deal reaches the seat to act first, with its turn
        update = next_update(inboxes[0])
        if update.step.version == 1:
            break
    assert update.step.events and list(update.seats_to_act) == [0] and update.legal_commands
    for stream in streams.values():
        stream.close()
