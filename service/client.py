"""A small gRPC client for the CLI, the bots and the tests: a stub plus token handling."""

from __future__ import annotations

import random
import secrets
import uuid
from collections.abc import Callable
from typing import Any

import grpc

from service.generated.frontier.v1 import frontier_pb2, frontier_pb2_grpc


class Client:
    def __init__(self, address: str, *, token: str | None = None, timeout: float = 30.0) -> None:
        self.channel = grpc.insecure_channel(
            address,
            options=[("grpc.max_receive_message_length", 64 * 1024 * 1024)],
        )
        self.stub = frontier_pb2_grpc.FrontierLedgerStub(self.channel)
        self.token = token
        self.timeout = timeout

    def metadata(self, token: str | None = None) -> list[tuple[str, str]]:
        chosen = token or self.token
        return [("authorization", f"Bearer {chosen}")] if chosen else []

    def call(
        self, method: str, request: Any, *, token: str | None = None, timeout: float | None = None
    ) -> Any:
        rpc: Callable[..., Any] = getattr(self.stub, method)
        return rpc(request, metadata=self.metadata(token), timeout=timeout or self.timeout)

    def close(self) -> None:
        self.channel.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def play_bot_game(
    client: Client,
    game: str,
    players: int,
    *,
    chooser: random.Random,
    options: dict[str, Any] | None = None,
    tag: str = "bots",
    max_commands: int = 100_000,
    lean: float = 0.0,
    player_entropy: bool = False,
) -> tuple[str, int]:
    """Create a game, play it to the end with random legal commands over gRPC; return (game id, commands).

    `lean` is the chance of taking the first (most purposeful) legal command, as in `engines.bot`.
    With `player_entropy` every bot claims its seat with its own client seed, and the last claim deals.
    """
    names = [f"bot {i + 1}" for i in range(players)]
    request = frontier_pb2.CreateGameRequest(
        game=game,
        seats=players,
        players=[] if player_entropy else names,
        tag=tag,
        player_entropy=player_entropy,
    )
    if options:
        request.options.update(options)
    created = client.call("CreateGame", request)
    tokens = {grant.seat: grant.token for grant in created.seats}
    if player_entropy:
        tokens = {seat: claim_seat(client, created.game_id, name, seat)[1] for seat, name in enumerate(names)}
    commands = play_game(client, created.game_id, tokens, chooser, lean=lean, max_commands=max_commands)
    return created.game_id, commands


def claim_seat(
    client: Client, game_id: str, player: str, seat: int | None = None, client_seed: str | None = None
) -> tuple[int, str]:
    """Take a seat; return (seat, token). A player-entropy game still waiting for its seats gets a
    client seed: the one given, else 32 random bytes from `secrets`, drawn here on the client side
    so that the server cannot choose it."""
    current = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id))
    if client_seed is None and current.player_entropy and current.status == "waiting":
        client_seed = secrets.token_hex(32)
    request = frontier_pb2.ClaimSeatRequest(game_id=game_id, player=player, client_seed=client_seed or "")
    if seat is not None:
        request.seat = seat
    granted = client.call("ClaimSeat", request).seat
    return granted.seat, granted.token


def play_game(
    client: Client,
    game_id: str,
    tokens: dict[int, str],
    chooser: random.Random,
    *,
    lean: float = 0.0,
    max_commands: int = 100_000,
) -> int:
    """Play an existing game to its end by its seat tokens with random legal commands; the commands sent."""
    state = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id), token=tokens[0])
    commands = 0
    while state.status != "finished":
        if commands >= max_commands:
            raise RuntimeError(f"game {game_id} did not end after {max_commands} commands")
        seat = chooser.choice(list(state.seats_to_act))
        legal = client.call(
            "ListLegalCommands", frontier_pb2.ListLegalCommandsRequest(game_id=game_id), token=tokens[seat]
        )
        if lean and chooser.random() < lean:
            command = legal.commands[0]
        else:
            command = chooser.choice(list(legal.commands))
        state = client.call(
            "SubmitCommand",
            frontier_pb2.SubmitCommandRequest(
                game_id=game_id, command_id=uuid.uuid4().hex, expected_version=legal.version, command=command
            ),
            token=tokens[seat],
        )
        commands += 1
    return commands
