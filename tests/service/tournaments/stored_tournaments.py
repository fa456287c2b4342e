"""A store with tournaments, written while tournaments were saved by the games' application, kept in
tests/fixtures so the tournaments and their games keep loading after tournaments became an application
of their own.

    python -m tests.service.tournaments.stored_tournaments   # rewrite tests/fixtures/tournaments-v1

It holds a finished tournament, one whose second round is still on, and a duplicate deal whose tables
all finished (a spectator may read them only if the gate can read the tournament). The test next to
this file opens the store with the current code and compares what each channel answers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from google.protobuf.json_format import MessageToDict

from service.cli.tournaments import TournamentClient
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, start_server
from tests.service.tournaments import helpers

FOLDER = Path(__file__).resolve().parents[2] / "fixtures" / "tournaments-v1"
EXPECTED = FOLDER / "expected.json"


def observe(client: TournamentClient, tournament_ids: list[str]) -> dict[str, Any]:
    """What the organiser reads of each tournament and each of its games."""
    seen: dict[str, Any] = {}
    for tournament_id in tournament_ids:
        shown = helpers.get(client, tournament_id)
        games = {}
        for round_ in shown.rounds:
            for table in round_.tables:
                view = client.call("GetState", frontier_pb2.GetStateRequest(game_id=table.game_id))
                games[table.game_id] = {
                    "status": view.status,
                    "version": view.version,
                    "hash": view.state_hash,
                }
        seen[tournament_id] = {
            "tournament": MessageToDict(shown),
            "standings": MessageToDict(helpers.get(client, tournament_id, "GetStandings")),
            "games": games,
        }
    return seen


def write_store(folder: Path = FOLDER) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    running = start_server(folder)
    try:
        with TournamentClient(f"127.0.0.1:{running.port}", token=ORGANISER) as client:
            finished = helpers.create(client, players=4, table_size=2, rounds=1, name="Finished Cup")
            helpers.run(client, finished.tournament_id, 1)
            playing = helpers.create(client, players=4, table_size=2, rounds=2, name="Open Cup")
            helpers.run(client, playing.tournament_id, 1)
            helpers.start_round(client, playing.tournament_id)
            dealt = helpers.create(
                client, players=4, table_size=2, rounds=2, name="Deal Cup", duplicate_deals=True
            )
            helpers.run(client, dealt.tournament_id, 1)
            ids = [finished.tournament_id, playing.tournament_id, dealt.tournament_id]
            expected = observe(client, ids)
    finally:
        running.stop()
    for extra in folder.iterdir():  # WAL files, the server's key and heartbeat: the store is enough
        if extra.name != "frontier.sqlite":
            extra.unlink()
    EXPECTED.write_text(json.dumps(expected, indent=2, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_store()
