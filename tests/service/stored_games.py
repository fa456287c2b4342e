"""A store written by an earlier release, kept in tests/fixtures, so stored games keep loading.

    python -m tests.service.stored_games     # rewrite tests/fixtures/store-v1 (only on a format change)

The store's event topics are class paths and its payloads are engine events: renaming
an event class or changing an event's fields would strand every stored game. The
test next to this file opens this store with the current code and checks every game.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

from engines.registry import game_ids
from service.client import Client, play_bot_game
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, start_server

FOLDER = Path(__file__).resolve().parents[1] / "fixtures" / "store-v1"
EXPECTED = FOLDER / "expected.json"


def write_store(folder: Path = FOLDER) -> None:
    shutil.rmtree(folder, ignore_errors=True)
    running = start_server(folder)
    expected: dict[str, dict[str, object]] = {}
    try:
        with Client(f"127.0.0.1:{running.port}", token=ORGANISER) as client:
            for game in game_ids():
                finished, _ = play_bot_game(client, game, 2, chooser=random.Random(7), tag="stored-v1")
                unfinished = _start_game(client, game, 3, commands=6, chooser=random.Random(8))
                for game_id in (finished, unfinished):
                    view = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id))
                    expected[game_id] = {
                        "game": game,
                        "status": view.status,
                        "version": view.version,
                        "state_hash": view.state_hash,
                    }
    finally:
        running.stop()
    for extra in folder.glob("frontier.sqlite-*"):  # WAL files: the checkpointed file is enough
        extra.unlink()
    summary = json.dumps(expected, indent=2, sort_keys=True) + "\n"
    (folder / EXPECTED.name).write_text(summary, encoding="utf-8")


def _start_game(client: Client, game: str, players: int, *, commands: int, chooser: random.Random) -> str:
    """A game left in progress after a few random legal commands."""
    names = [f"stored {seat + 1}" for seat in range(players)]
    request = frontier_pb2.CreateGameRequest(game=game, seats=players, players=names, tag="stored-v1")
    created = client.call("CreateGame", request)
    tokens = {grant.seat: grant.token for grant in created.seats}
    for number in range(commands):
        view = client.call("GetState", frontier_pb2.GetStateRequest(game_id=created.game_id))
        seat = chooser.choice(list(view.seats_to_act))
        legal = client.call(
            "ListLegalCommands",
            frontier_pb2.ListLegalCommandsRequest(game_id=created.game_id),
            token=tokens[seat],
        )
        command = chooser.choice(list(legal.commands))
        submit = frontier_pb2.SubmitCommandRequest(
            game_id=created.game_id, command_id=f"stored-{number}", command=command
        )
        client.call("SubmitCommand", submit, token=tokens[seat])
    return str(created.game_id)


if __name__ == "__main__":
    write_store()
