"""Rules fuzzing (replay/golden/fuzz.py): the engines survive random and adversarial playouts, and the fuzzer
catches each kind of failure in a deliberately broken engine, writing a log that reproduces it.

Sizes: FRONTIER_FUZZ_GAMES planned playouts per game (default 15: every strategy with every seat
order; .ci/run sets 120, which also plays every value of every option at least once before drawing
tables at random) and FRONTIER_FUZZ_EXAMPLES Hypothesis-drawn playouts per game (default 5;
.ci/run sets 40).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.base import Command, Engine, JsonValue, OptionError, RuleViolation, Seat
from engines.registry import game_ids, get_engine
from engines.rng import SeededRng
from replay.golden.fuzz import SEAT_ORDERS, STRATEGIES, Finding, Playout, plan, play, run
from replay.golden.option_space import option_values, single_changes
from replay.logfile import read
from replay.verify import verify
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER

GAMES = int(os.environ.get("FRONTIER_FUZZ_GAMES", "15"))
EXAMPLES = int(os.environ.get("FRONTIER_FUZZ_EXAMPLES", "5"))


def reports(findings: list[Finding]) -> str:
    return "\n".join(finding.report() for finding in findings)


@pytest.mark.parametrize("game", game_ids())
def test_planned_playouts_find_no_dead_end_crash_endless_game_or_unencodable_view(
    game: str, tmp_path: Path
) -> None:
    findings = run(plan(GAMES, [game]), tmp_path)
    assert not findings, reports(findings)


@pytest.mark.parametrize("game", game_ids())
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_drawn_playouts_find_nothing(game: str, tmp_path: Path, data: st.DataObject) -> None:
    engine = get_engine(game)
    playout = Playout(
        game,
        data.draw(st.integers(engine.min_seats, engine.max_seats), label="players"),
        data.draw(st.sampled_from(single_changes(engine)), label="options"),
        data.draw(st.sampled_from(list(STRATEGIES)), label="strategy"),
        data.draw(st.sampled_from(SEAT_ORDERS), label="seat order"),
        data.draw(st.integers(0, 2**32), label="number"),
    )
    finding = play(playout, tmp_path)
    assert finding is None, finding.report()


@pytest.mark.parametrize("game", game_ids())
def test_the_plan_covers_every_option_value_strategy_seat_order_and_the_table_sizes(game: str) -> None:
    engine = get_engine(game)
    tables = single_changes(engine)
    playouts = plan(max(len(tables), len(STRATEGIES) * len(SEAT_ORDERS)), [game])
    assert {(p.strategy, p.seat_order) for p in playouts} == {(s, o) for s in STRATEGIES for o in SEAT_ORDERS}
    assert {p.players for p in playouts} == {engine.min_seats, engine.max_seats}
    played = {(name, repr(value)) for p in playouts for name, value in p.options.items()}
    every = {(name, repr(value)) for name, values in option_values(engine).items() for value in values[1:]}
    assert played == every
    assert len({p.name for p in plan(60, [game])}) == 60, "two playouts with one name share their seeds"


def test_option_values_include_both_ends_of_a_choice_and_refuse_nothing_the_engine_refuses() -> None:
    values = option_values(get_engine("deadwood-1876"))
    assert values["badge_turns"][0] == get_engine("deadwood-1876").options({})["badge_turns"]
    assert sorted(values["mystery_safes"]) == [0, 1, 2, 3, 4, 5]
    assert sorted(values["assists"]) == [False, True]
    for game in game_ids():
        engine = get_engine(game)
        for table in single_changes(engine):
            engine.options(table)  # raises if the space holds a value the engine refuses


# -- the fuzzer catches what it hunts: engines broken on purpose -------------------------------


class Broken:
    """A real engine with one method replaced: the fault the fuzzer must find."""

    def __init__(self, game: str, **replaced: Callable[..., Any]) -> None:
        self.real = get_engine(game)
        self.replaced = replaced

    def __getattr__(self, name: str) -> Any:
        return self.replaced.get(name) or getattr(self.real, name)


def broken(game: str, **replaced: Callable[..., Any]) -> Engine:
    return cast(Engine, Broken(game, **replaced))


def first_seat_stuck(real: Engine) -> Callable[[Any, Seat], list[Command]]:
    def legal_commands(state: Any, seat: Seat) -> list[Command]:
        return [] if seat == 0 else real.legal_commands(state, seat)

    return legal_commands


def test_a_seat_to_act_without_a_legal_command_is_a_dead_end_with_a_log(tmp_path: Path) -> None:
    real = get_engine("deadwood-1876")
    playout = Playout("deadwood-1876", 3, seat_order="first")
    finding = play(playout, tmp_path, engine=broken("deadwood-1876", legal_commands=first_seat_stuck(real)))
    assert finding is not None and finding.kind == "DEAD_END"
    assert finding.message == "seat 1 is to act but has no legal command"
    assert finding.log is not None and finding.log.is_file()
    assert f"reproduce: frontier audit {finding.log}" in finding.report()
    assert "frontier import --server HOST:PORT" in finding.report()
    header, entries, trailer = read(finding.log)
    assert verify(header, entries, trailer).ok  # the real engine agrees with every step of the log
    assert trailer is not None and trailer.status == "in_progress" and trailer.version == finding.version


def test_an_unfinished_game_waiting_for_nobody_is_a_dead_end(tmp_path: Path) -> None:
    real = get_engine("most-wanted")
    calls = {"n": 0}

    def seats_to_act(state: Any) -> tuple[Seat, ...]:
        calls["n"] += 1
        return () if calls["n"] > 4 else real.seats_to_act(state)

    finding = play(
        Playout("most-wanted", 2), tmp_path, engine=broken("most-wanted", seats_to_act=seats_to_act)
    )
    assert finding is not None and finding.kind == "DEAD_END"
    assert finding.message == "the game is not over but no seat is to act"
    assert finding.version == 5


@pytest.mark.parametrize("where", ["decide", "evolve", "view", "redact", "legal_commands", "outcome"])
def test_an_exception_from_any_engine_call_is_a_crash_naming_the_call(where: str, tmp_path: Path) -> None:
    real = get_engine("western-legends")
    original = getattr(real, where)
    calls = {"n": 0}

    def failing(*args: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 30:
            raise ZeroDivisionError("planted")
        return original(*args)

    finding = play(
        Playout("western-legends", 2), tmp_path, engine=broken("western-legends", **{where: failing})
    )
    assert finding is not None and finding.kind == "CRASH", finding
    assert where in finding.message and "ZeroDivisionError('planted')" in finding.message
    assert finding.log is not None


def test_a_crash_in_decide_logs_the_crashing_command_as_the_last_line(tmp_path: Path) -> None:
    real = get_engine("most-wanted")
    calls = {"n": 0}

    def decide(state: Any, seat: Seat, command: Command, rng: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 13:  # the fuzzer decides each command twice: this is the 7th command's first
            raise KeyError("planted")
        return real.decide(state, seat, command, rng)

    finding = play(Playout("most-wanted", 4), tmp_path, engine=broken("most-wanted", decide=decide))
    assert finding is not None and finding.kind == "CRASH" and finding.version == 7
    assert finding.log is not None
    header, entries, trailer = read(finding.log)
    assert trailer is None and [e.version for e in entries] == list(range(2, 9))
    assert entries[-1].events == ()  # the engine crashed before producing any
    result = verify(header, entries, trailer)
    # The real engine does not crash: it runs every earlier line as recorded and differs only at the last.
    assert result.problem is not None and result.problem.line == len(entries) + 1
    assert result.problem.code == "EVENTS_DIFFER"


def test_a_listed_command_the_engine_refuses_is_found(tmp_path: Path) -> None:
    real = get_engine("deadwood-1876")

    def decide(state: Any, seat: Seat, command: Command, rng: Any) -> Any:
        if seat == 1:
            raise RuleViolation("PLANTED", "seat 2 may never act", rule="TEST-1")
        return real.decide(state, seat, command, rng)

    finding = play(Playout("deadwood-1876", 2), tmp_path, engine=broken("deadwood-1876", decide=decide))
    assert finding is not None and finding.kind == "LISTED_BUT_REFUSED"
    assert "listed as legal, refused with PLANTED: seat 2 may never act" in finding.message


def test_a_decision_that_differs_when_repeated_is_found(tmp_path: Path) -> None:
    real = get_engine("western-legends")
    calls = {"n": 0}

    def decide(state: Any, seat: Seat, command: Command, rng: Any) -> Any:
        calls["n"] += 1
        events = real.decide(state, seat, command, rng)
        return events[:-1] if calls["n"] == 20 else events  # a hidden counter: not pure

    finding = play(Playout("western-legends", 2), tmp_path, engine=broken("western-legends", decide=decide))
    assert finding is not None and finding.kind == "NONDETERMINISTIC"
    assert finding.message.endswith(
        "decided twice on the same state and seed gives different draws or events"
    )
    assert finding.version == 10  # the tenth command is decided by calls 19 and 20


def test_a_view_that_does_not_encode_is_found(tmp_path: Path) -> None:
    real = get_engine("most-wanted")

    def view(state: Any, seat: Seat | None) -> dict[str, JsonValue]:
        shown = dict(real.view(state, seat))
        if seat == 1:
            shown["hand"] = {"a set", "is not JSON"}
        return shown

    finding = play(Playout("most-wanted", 3), tmp_path, engine=broken("most-wanted", view=view))
    assert finding is not None and finding.kind == "NOT_ENCODABLE"
    assert finding.message.startswith("the view for seat 2 does not encode as JSON: TypeError(")


def test_a_game_past_its_cap_is_reported_and_its_log_imports_on_a_real_server(
    tmp_path: Path, client: Client
) -> None:
    finding = play(Playout("western-legends", 3), tmp_path, cap=20)
    assert finding is not None and finding.kind == "NO_END"
    assert finding.message == "the game has not ended after 20 steps"
    assert finding.log is not None
    content = finding.log.read_text(encoding="utf-8")
    imported = client.call("ImportLog", frontier_pb2.ImportLogRequest(content=content), token=ORGANISER)
    assert imported.version == finding.version == 21


def test_a_table_the_rules_refuse_is_skipped_not_reported(tmp_path: Path) -> None:
    """Setup refuses options that depend on the seat count (BAD_OPTION on a server): not a crash."""
    options = {"first_player": "named", "first_seat": 7}
    engine = get_engine("most-wanted")
    with pytest.raises(OptionError):
        engine.setup(engine.options(options), 2, SeededRng(b"s", "g", 0))
    assert play(Playout("most-wanted", 2, options), tmp_path) is None
    assert play(Playout("most-wanted", 2, {"first_player": "named", "first_seat": 1}), tmp_path) is None
