"""Western Legends WL-END-1 over a real server: the end begins whenever any seat reaches the target LP.

Each game is a bot playout found by its seed, sealed as a log and imported: the server re-runs it
under today's rules and serves every position, so the test reads where the end was triggered
and when the game ended from the server itself.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from engines.base import Event
from engines.codec import Codec, encode
from engines.registry import get_engine
from engines.rng import SeededRng
from engines.simulate import playout
from engines.western_legends import commands as cmd
from engines.western_legends import events as ev
from replay.forgeries import reseal
from replay.forks import fork_header
from replay.logfile import write_lines
from replay.record import Entry, Header, line_salt
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


def dropping_below_log() -> tuple[str, str]:
    """A fork whose first seat stands at the cabaret with 14 LP and $30, a bandit next door; it
    revels to 15 LP, then loses 1 LP to the bandit's fight card 2 before its end phase.

    The position is written as the fork's copied history (replay/forks.py), so the import checks
    every move from it under today's rules. Returns the game id and the log."""
    source_id = str(uuid.uuid5(uuid.NAMESPACE_URL, "https://frontier-ledger.invalid/end-trigger/source"))
    history: list[dict[str, Any]] = []
    state: Any = None
    for step in playout(ENGINE, 2, seed=b"drop-source", game_id=source_id, bot_seed=1, lean=0.7):
        history += [encode(e) for e in step.events]
        state = step.state
        if state.phase == "actions":
            break
    rider = state.players[0]
    assert state.active == 0 and rider.hand == ("8S", "4H")
    position: tuple[Event, ...] = (
        # not Wanted: a won bandit fight then offers MP instead of LP
        ev.PlayerChanged(0, "position", money=30 - rider.money, lp=14 - rider.lp, mp=-rider.mp, wp=-rider.wp),
        ev.Moved(seat=0, to="I4", reason="position"),  # the cabaret
        ev.BanditsPlaced(spaces=("H5",)),
    )
    for event in position:
        state = ENGINE.evolve(state, event)
        history.append(encode(event))
    seed = b"drop-2"  # the one whose reshuffled fight deck offers the card 2 first
    game_id = str(uuid.uuid5(uuid.NAMESPACE_URL, "https://frontier-ledger.invalid/end-trigger/drop-2"))
    source = Header(
        game_id=source_id, game=ENGINE.game_id, options=ENGINE.options({}), seats=2, players=("", ""),
        tag="end", seed_commitment=None, setup_events=(), setup_draws=(),
    )  # fmt: skip
    header = fork_header(
        ENGINE,
        source,
        history,
        state,
        9,
        game_id=game_id,
        seed=seed,
        players=["Rider 1", "Rider 2"],
        tag="end",
    )
    codec = Codec(ENGINE.events)
    for data in header.setup_events[len(history) :]:
        state = ENGINE.evolve(state, codec.decode(data))  # type: ignore[arg-type]
    entries: list[Entry] = []
    for seat, command in (
        (0, cmd.Revel(times=1)),
        (0, cmd.Move(to="H5")),
        (1, cmd.ChooseFightCard(card="2")),
        (0, cmd.CommitFightCard(card="4H")),
        (0, cmd.NpcChoice(choice="mp")),
        (0, cmd.EndActions()),
    ):
        version = len(entries) + 2
        rng = SeededRng(seed, game_id, version - 1)
        events = ENGINE.decide(state, seat, command, rng)
        for event in events:
            state = ENGINE.evolve(state, event)
        entry = Entry(
            version=version, seat=seat, command=encode(command), draws=tuple(rng.draws),
            events=tuple(encode(e) for e in events), prev="", format_version=header.format_version,
            salt=line_salt(seed, game_id, version),
        )  # fmt: skip
        entries.append(entry)
    return game_id, "\n".join(write_lines(*reseal(header, entries, None))) + "\n"


def test_WL_END_1_a_seat_that_reaches_the_target_then_drops_below_before_its_end_phase_has_ended_the_game(
    client: Client,
) -> None:
    game_id, content = dropping_below_log()
    client.call("ImportLog", frontier_pb2.ImportLogRequest(content=content), token=ORGANISER)
    revelled, fought, ended = (
        view_at(client, game_id, 2),
        view_at(client, game_id, 5),
        view_at(client, game_id),
    )
    assert revelled["players"][0]["lp"] == 15 and revelled["end_round"] == revelled["round"]
    assert fought["players"][0]["lp"] == 14 and fought["fight"] is None
    assert ended["active"] == 1 and ended["players"][0]["lp"] == 14  # its end phase is over, below 15
    assert ended["end_round"] == revelled["round"]  # the end began at the gain and stays begun
