"""Western Legends WL-END-1 over a real server: the end begins whenever any seat reaches the target LP.

Each game is a bot playout found by its seed, sealed as a log and imported: the server re-runs it
under today's rules and serves every position, so the test reads where the end was triggered
and when the game ended from the server itself.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from engines.registry import get_engine
from engines.simulate import playout
from engines.western_legends import events as ev
from replay.logfile import write_lines
from replay.verify import build_record
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.helpers import state

ENGINE = get_engine("western-legends")


def imported_playout(client: Client, number: int, seats: int, lean: float) -> tuple[str, list[Any]]:
    """Bot game `number` (its seed and bot seed) at the default options, imported: its id and steps."""
    seed = b"end-%d" % number
    game_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"https://frontier-ledger.invalid/end-trigger/{number}"))
    steps = list(playout(ENGINE, seats, seed=seed, game_id=game_id, bot_seed=number, lean=lean))
    players = [f"Rider {seat + 1}" for seat in range(seats)]
    record = build_record(game_id, ENGINE.game_id, ENGINE.options({}), seats, players, "end", seed, steps)
    content = "\n".join(write_lines(*record)) + "\n"
    client.call("ImportLog", frontier_pb2.ImportLogRequest(content=content), token=ORGANISER)
    return game_id, steps


def view_at(client: Client, game_id: str, version: int | None = None) -> Any:
    return json.loads(state(client, game_id, ORGANISER, version=version).view_json)


def triggered(steps: list[Any]) -> list[tuple[int, int]]:
    """(version, seat) of each step that triggered the end."""
    return [(s.version, e.seat) for s in steps for e in s.events if isinstance(e, ev.EndTriggered)]


def test_WL_END_1_a_non_active_seat_reaching_the_target_at_poker_triggers_the_end_at_once(
    client: Client,
) -> None:
    game_id, steps = imported_playout(client, 2984, 4, 0.3)
    [(version, seat)] = triggered(steps)
    before, after = view_at(client, game_id, version - 1), view_at(client, game_id, version)
    assert before["active"] == after["active"] == 1 and seat == 3  # seat 3 is not the one playing its turn
    assert before["poker"] is not None and after["poker"] is None  # the showdown of seat 1's Gamble
    assert before["players"][3]["lp"] == 14 and after["players"][3]["lp"] == 15
    assert before["end_round"] == 0 and after["end_round"] == after["round"] == 25
    final = view_at(client, game_id)
    assert final["round"] == 26 and final["end_round"] == 25  # round 25 finished, then one more round
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=game_id))
    assert report.verdict == "passed", report.problems
