"""Running a tournament over real gRPC for the tests: create it, play its rounds with bots."""

from __future__ import annotations

import random
from typing import Any

from service.cli.tournaments import TournamentClient
from service.client import play_game
from service.generated.frontier.v1 import tournaments_pb2


def create(
    client: TournamentClient,
    players: int | list[str] = 4,
    table_size: int = 2,
    rounds: int = 2,
    **fields: Any,
) -> Any:
    names = players if isinstance(players, list) else [f"Player {i + 1}" for i in range(players)]
    request = tournaments_pb2.CreateTournamentRequest(
        name=fields.pop("name", "Test Cup"),
        game=fields.pop("game", "most-wanted"),
        format=fields.pop("format", "swiss"),
        players=names,
        table_size=table_size,
        rounds=rounds,
        **fields,
    )
    return client.tcall("CreateTournament", request)


def get(client: TournamentClient, tournament_id: str, method: str = "GetTournament") -> Any:
    return client.tcall(method, tournaments_pb2.GetTournamentRequest(tournament_id=tournament_id))


def start_round(client: TournamentClient, tournament_id: str) -> Any:
    return client.tcall("StartRound", tournaments_pb2.StartRoundRequest(tournament_id=tournament_id))


def play_round(client: TournamentClient, started: Any, seed: int = 0) -> None:
    tokens: dict[str, dict[int, str]] = {}
    for grant in started.seats:
        tokens.setdefault(grant.game_id, {})[grant.seat] = grant.token
    chooser = random.Random(seed)
    for game_id, seats in tokens.items():
        play_game(client, game_id, seats, chooser)


def run(client: TournamentClient, tournament_id: str, rounds: int) -> None:
    for number in range(rounds):
        play_round(client, start_round(client, tournament_id), seed=number)
