"""Random legal-move bots for a tournament's tables: they play existing games by their seat tokens."""

from __future__ import annotations

import random
import uuid

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2


def play_table(
    client: Client, game_id: str, tokens: dict[int, str], chooser: random.Random, max_commands: int = 100_000
) -> int:
    """Play the game to its end with random legal commands; returns the commands sent."""
    state = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id), token=tokens[0])
    commands = 0
    while state.status != "finished":
        if commands >= max_commands:
            raise RuntimeError(f"game {game_id} did not end after {max_commands} commands")
        seat = chooser.choice(list(state.seats_to_act))
        legal = client.call(
            "ListLegalCommands", frontier_pb2.ListLegalCommandsRequest(game_id=game_id), token=tokens[seat]
        )
        state = client.call(
            "SubmitCommand",
            frontier_pb2.SubmitCommandRequest(
                game_id=game_id,
                command_id=uuid.uuid4().hex,
                expected_version=legal.version,
                command=chooser.choice(list(legal.commands)),
            ),
            token=tokens[seat],
        )
        commands += 1
    return commands
