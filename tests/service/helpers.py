"""Small helpers for the service tests: games, errors and states over real gRPC."""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from engines.registry import get_engine
from service.client import Client
from service.core import commands
from service.core.auth import Caller
from service.core.games import Games
from service.generated.frontier.v1 import frontier_pb2


@dataclass
class Game:
    game_id: str
    game: str
    tokens: dict[int, str]


@dataclass
class RpcFailure:
    code: grpc.StatusCode
    message: str
    reason: str
    metadata: dict[str, str]


def create(client: Client, game: str, seats: int | None = None, **options: Any) -> Game:
    engine = get_engine(game)
    count = seats or engine.min_seats
    request = frontier_pb2.CreateGameRequest(game=game, seats=count, players=[f"p{i}" for i in range(count)])
    if options:
        request.options.update(options)
    reply = client.call("CreateGame", request)
    return Game(reply.game_id, game, {g.seat: g.token for g in reply.seats})


def failure(call: Callable[[], Any]) -> RpcFailure:
    """Run a call that must fail and return its status, reason and ErrorInfo metadata."""
    try:
        call()
    except grpc.RpcError as error:
        return failure_of(error)
    raise AssertionError("the call succeeded but should have failed")


def failure_of(error: grpc.RpcError) -> RpcFailure:
    """A failed call's status, reason and ErrorInfo metadata."""
    status = rpc_status.from_call(error)
    reason, metadata = "", {}
    if status is not None:
        for detail in status.details:
            info = error_details_pb2.ErrorInfo()
            if detail.Unpack(info):
                reason, metadata = info.reason, dict(info.metadata)
    return RpcFailure(error.code(), error.details() or "", reason, metadata)


def state(client: Client, game_id: str, token: str | None = None, version: int | None = None) -> Any:
    request = frontier_pb2.GetStateRequest(game_id=game_id)
    if version is not None:
        request.version = version
    return client.call("GetState", request, token=token)


def submit(client: Client, game: Game, seat: int, command: Any, **kwargs: Any) -> Any:
    request = frontier_pb2.SubmitCommandRequest(
        game_id=game.game_id, command_id=kwargs.pop("command_id", uuid.uuid4().hex), command=command, **kwargs
    )
    return client.call("SubmitCommand", request, token=game.tokens[seat])


def legal(client: Client, game: Game, seat: int) -> Any:
    return client.call(
        "ListLegalCommands",
        frontier_pb2.ListLegalCommandsRequest(game_id=game.game_id),
        token=game.tokens[seat],
    )


def play_steps(client: Client, game: Game, steps: int, chooser: random.Random) -> int:
    """Play up to `steps` random legal commands; return the game version reached."""
    current = state(client, game.game_id, game.tokens[0])
    for _ in range(steps):
        if current.status == "finished":
            break
        seat = chooser.choice(list(current.seats_to_act))
        options = legal(client, game, seat)
        current = submit(client, game, seat, chooser.choice(list(options.commands)))
    version: int = state(client, game.game_id, game.tokens[0]).version
    return version


def move_at_random(app: Games, game_id: str, tokens: dict[int, str], value: int) -> None:
    """One legal command, picked by `value`, by a seat to act (if any) of a game in `app`."""
    current = app.get(game_id)
    if current.seats_to_act:
        seat = current.seats_to_act[value % len(current.seats_to_act)]
        options = current.engine.legal_commands(current.state, seat)
        command = options[value % len(options)]
        commands.submit(app, game_id, Caller(token=tokens[seat]), uuid.uuid4().hex, None, command)
