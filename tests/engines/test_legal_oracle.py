"""Legal means accepted, and nothing else is: `legal_commands` checked against `decide` (perft-style).

Over random states of random games (every game, every player count, reached by the random bot), for
every seat and every seat number out of range:
- `decide` accepts every command `legal_commands` lists (with a deterministic rng);
- `decide` refuses with RuleViolation, never another exception, every near miss it does not list:
  the legal commands of the other seats sent by this one (commands out of turn included), the command
  just applied sent again, every field of listed commands mutated (numbers and indexes out of range,
  cards, targets and places that are not held or not there, tuples with an item missing, repeated or
  extra), and commands of every kind the engine has, filled from the values seen in the game.

Every game's list is complete, so nothing is covered only by sampling the command space. Two listed
forms count as the same command where the rules say so: a tuple of cards is a set (its order does not
matter), and in Most Wanted the two copies of a card are interchangeable, so `legal_commands` lists one
of them (engines/most_wanted/legal.py) and the oracle compares cards by their face.

Hypothesis settings: FRONTIER_ORACLE_EXAMPLES examples per game (default 6; CI sets more), each walking
one game to a random depth and checking a few states on the way with up to FRONTIER_ORACLE_MISSES near
misses per seat and state (default 120).
"""

from __future__ import annotations

import dataclasses
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.base import Command, Engine, RuleViolation, Seat
from engines.most_wanted.cards import face, is_card
from engines.registry import game_ids, get_engine
from engines.rng import SeededRng
from engines.simulate import playout
from tests.engines.near_miss import mutations, one_of_each_kind, pool_of

EXAMPLES = int(os.environ.get("FRONTIER_ORACLE_EXAMPLES", "6"))
MISSES = int(os.environ.get("FRONTIER_ORACLE_MISSES", "120"))
MAX_DEPTH = {"most-wanted": 400, "deadwood-1876": 400, "western-legends": 1500}


def same_command_key(game: str, command: Command) -> object:
    """What makes two commands the same move: cards as a set, Most Wanted's copies as one face."""

    def norm(value: Any) -> Any:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return (
                type(value).__name__,
                tuple(norm(getattr(value, f.name)) for f in dataclasses.fields(value)),
            )
        if isinstance(value, tuple):
            items = [norm(v) for v in value]
            return ("tuple", tuple(sorted(items, key=repr)))
        if game == "most-wanted" and isinstance(value, str) and is_card(value):
            return ("card", face(value))
        return value

    return norm(command)


def check_state(engine: Engine, state: Any, version: int, chooser: random.Random) -> int:
    """The oracle at one state; returns how many commands it tried."""
    game = engine.game_id
    seat_count = _seat_count(engine, state)
    listed = {seat: engine.legal_commands(state, seat) for seat in range(seat_count)}
    everything = [c for commands in listed.values() for c in commands]
    strings, ints = pool_of(everything)
    tried = 0
    for seat in [*range(seat_count), seat_count, -1]:
        own = listed.get(seat, [])
        own_keys = {same_command_key(game, c) for c in own}
        for command in own:
            _accepts(engine, state, seat, command, version)
            tried += 1
        near: list[Command] = [c for other, cs in listed.items() if other != seat for c in cs]
        for command in chooser.sample(own, min(len(own), 8)):
            near += mutations(command, strings, ints)
        near += one_of_each_kind(engine.commands, strings, ints)
        misses = [c for c in near if same_command_key(game, c) not in own_keys]
        for command in chooser.sample(misses, min(len(misses), MISSES)):
            _refuses(engine, state, seat, command, version)
            tried += 1
    return tried


def _seat_count(engine: Engine, state: Any) -> int:
    players = getattr(state, "players", None)
    assert players is not None, f"{engine.game_id}: state has no players"
    return len(players)


def _accepts(engine: Engine, state: Any, seat: Seat, command: Command, version: int) -> None:
    try:
        engine.decide(state, seat, command, SeededRng(b"oracle", "oracle", version))
    except RuleViolation as refused:
        pytest.fail(
            f"{engine.game_id} v{version}: seat {seat} may send {command!r} (listed) but: {refused!r}"
        )


def _refuses(engine: Engine, state: Any, seat: Seat, command: Command, version: int) -> None:
    try:
        events = engine.decide(state, seat, command, SeededRng(b"oracle", "oracle", version))
    except RuleViolation:
        return
    except Exception as crash:  # noqa: BLE001 - the point is to name any other exception
        pytest.fail(
            f"{engine.game_id} v{version}: seat {seat} sent {command!r}: {type(crash).__name__}: {crash}"
        )
    pytest.fail(
        f"{engine.game_id} v{version}: seat {seat} sent {command!r}, not in legal_commands, "
        f"and decide accepted it: {[e.kind for e in events]}"
    )


def repeat_is_refused(
    engine: Engine, before: Any, after: Any, seat: Seat, command: Command, version: int
) -> None:
    """The command just applied, sent again by the same seat, is refused unless it is listed again."""
    again = {same_command_key(engine.game_id, c) for c in engine.legal_commands(after, seat)}
    if same_command_key(engine.game_id, command) not in again:
        _refuses(engine, after, seat, command, version)


def walk(game: str, seats: int, seed: int, depth: int, checks: int, chooser: random.Random) -> int:
    engine = get_engine(game)
    steps = playout(engine, seats, seed=seed.to_bytes(8, "big"), bot_seed=seed)
    chosen = set(chooser.sample(range(depth + 1), min(checks, depth + 1)))
    before = None
    tried = 0
    for index, step in enumerate(steps):
        if before is not None and step.seat is not None and step.command is not None:
            repeat_is_refused(engine, before, step.state, step.seat, step.command, step.version)
        if index in chosen and engine.outcome(step.state) is None:
            tried += check_state(engine, step.state, step.version, chooser)
        if index >= depth:
            break
        before = step.state
    return tried


@pytest.mark.parametrize("game", game_ids())
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_legal_means_accepted_and_nothing_else_is(game: str, data: st.DataObject) -> None:
    engine = get_engine(game)
    seats = data.draw(st.integers(engine.min_seats, engine.max_seats), label="seats")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    depth = data.draw(st.integers(0, MAX_DEPTH[game]), label="depth")
    chooser = data.draw(st.randoms(use_true_random=False), label="chooser")
    assert walk(game, seats, seed, depth, checks=3, chooser=chooser) >= 0
