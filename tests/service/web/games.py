"""Live games for the viewer tests: created and played over real gRPC with random legal commands."""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass
from typing import Any

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2


@dataclass
class Game:
    game_id: str
    tokens: dict[int, str]


def start_game(
    client: Client,
    game: str,
    seats: int,
    moves: int,
    seed: int = 7,
    *,
    time_control: str = "",
    policy: str = "",
) -> Game:
    """A game of `seats` named p0, p1, ... with `moves` random legal commands played (and a clock)."""
    request = frontier_pb2.CreateGameRequest(
        game=game,
        seats=seats,
        players=[f"p{i}" for i in range(seats)],
        time_control=time_control,
        timeout_policy=policy,
    )
    reply = client.call("CreateGame", request)
    played = Game(reply.game_id, {grant.seat: grant.token for grant in reply.seats})
    play(client, played, moves, random.Random(seed))
    return played


def play(client: Client, game: Game, moves: int, chooser: random.Random) -> None:
    state: Any = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game.game_id))
    for _ in range(moves):
        if state.status == "finished":
            return
        seat = chooser.choice(list(state.seats_to_act))
        legal = client.call(
            "ListLegalCommands",
            frontier_pb2.ListLegalCommandsRequest(game_id=game.game_id),
            token=game.tokens[seat],
        )
        request = frontier_pb2.SubmitCommandRequest(
            game_id=game.game_id, command_id=uuid.uuid4().hex, command=chooser.choice(list(legal.commands))
        )
        state = client.call(
            "SubmitCommand",
            request,
            token=game.tokens[seat],
        )
