"""Legal means accepted, and nothing else is: `legal_commands` checked against `decide` (perft-style).

Over random states of random games (every game, every player count, reached by the random bot), for
every seat and every seat number out of range:
- `decide` accepts every command `legal_commands` lists (with a deterministic rng);
- `decide` refuses with RuleViolation, never another exception, every near miss it does not list:
  the legal commands of the other seats sent by this one (commands out of turn included), the command
  just applied sent again, every field of listed commands mutated (numbers and indexes out of range,
  cards, targets and places that are not held or not there, tuples with an item missing, repeated or
  extra), and commands of every kind the engine has, filled from the values seen in the game.

Every game's list is complete and every listed command is sent, so no game has commands too many to
list (Most Wanted's largest menu, a Church visit with 7 cards, is 128 subsets plus robberies). The near
misses are drawn from the values of the game itself, the organiser's view included (cards in the deck
and in other hands, every place), and sampled up to a cap per seat and state. Two listed
forms count as the same command where the rules say so: a tuple of cards is a set (its order does not
matter), and in Most Wanted the two copies of a card are interchangeable, so `legal_commands` lists one
of them (engines/most_wanted/legal.py) and the oracle compares cards by their face.

Hypothesis settings: FRONTIER_ORACLE_EXAMPLES examples per game (default 10; .ci/run sets 300), each
walking one game (random player count and table options) to a random depth, sending every applied
command again, and checking three states on the way with up to FRONTIER_ORACLE_MISSES near misses per
seat and state (default 120).
"""

from __future__ import annotations

import dataclasses
import itertools
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
from engines.western_legends.options import LEGACY_V1 as WESTERN_LEGENDS_V1
from tests.engines.near_miss import mutations, one_of_each_kind, pool_of, strings_in_view
from tools.reasons import game_rule_codes

EXAMPLES = int(os.environ.get("FRONTIER_ORACLE_EXAMPLES", "10"))
MISSES = int(os.environ.get("FRONTIER_ORACLE_MISSES", "120"))
PUBLISHED = {game: game_rule_codes(game) for game in game_ids()}  # docs/reasons.md: code -> its rules
MAX_DEPTH = {"most-wanted": 400, "deadwood-1876": 400, "western-legends": 1500}
# Defaults most often, and every table option in some variant (the simulations' sets).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "most-wanted": [
        {},
        {"first_player": "duel", "tie_rule": "nobody_wins"},
        {"duel_reward": "bail_money_to_winner", "bail_rule": "partial_then_move_back"},
        {"max_join_circuits": 1, "max_turns": 60},
    ],
    "deadwood-1876": [
        {},
        {"mystery_safes": 5},
        {"badge_turns": "per_player", "assists": False},
        {"rob_teammates": False, "hand_guns_in_showdown": False, "safe_limit": 2},
        {"mystery_safes": 3, "main_rounds": 1, "stetson_peeks": 1, "duster_draw": 6, "location_capacity": 4},
    ],
    "western-legends": [
        {},
        {"character_deal": "random", "start_space": "first_listed", "first_player": "seat_0"},
        {"start_of_fight_order": "first_player_first", "half_rounding": "down", "wound_cap": 4},
        dict(WESTERN_LEGENDS_V1),  # rules version 1, which old logs replay with
    ],
}


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
    strings, ints = pool_of(everything, strings_in_view(engine.view(state, None)))
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
    except RuleViolation as refused:
        assert refused.code in PUBLISHED[engine.game_id], f"{refused.code} is not in docs/reasons.md"
        listed = PUBLISHED[engine.game_id][refused.code]
        assert refused.rule in listed, f"{refused.code} names {refused.rule}; docs/reasons.md lists {listed}"
        return
    except Exception as crash:  # noqa: BLE001 - the point is to name any other exception
        pytest.fail(
            f"{engine.game_id} v{version}: seat {seat} sent {command!r}: {type(crash).__name__}: {crash}"
        )
    pytest.fail(
        f"{engine.game_id} v{version}: seat {seat} sent {command!r}, not in legal_commands, "
        f"and decide accepted it: {[e.kind for e in events]}"
    )


def repeat_is_refused(engine: Engine, after: Any, seat: Seat, command: Command, version: int) -> None:
    """The command just applied, sent again by the same seat, is refused unless it is listed again."""
    again = {same_command_key(engine.game_id, c) for c in engine.legal_commands(after, seat)}
    if same_command_key(engine.game_id, command) not in again:
        _refuses(engine, after, seat, command, version)


def walk(
    game: str, seats: int, seed: int, depth: int, checks: int, chooser: random.Random, options: dict[str, Any]
) -> int:
    engine = get_engine(game)
    steps = playout(engine, seats, seed=seed.to_bytes(8, "big"), bot_seed=seed, options=options)
    tried = 0
    open_states: list[tuple[int, Any]] = []
    for step in itertools.islice(steps, depth + 1):
        if step.seat is not None and step.command is not None:
            repeat_is_refused(engine, step.state, step.seat, step.command, step.version)
            tried += 1
        if engine.outcome(step.state) is None:
            open_states.append((step.version, step.state))
    for version, state in chooser.sample(open_states, min(checks, len(open_states))):
        tried += check_state(engine, state, version, chooser)
    return tried


@pytest.mark.parametrize("game", game_ids())
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_legal_means_accepted_and_nothing_else_is(game: str, data: st.DataObject) -> None:
    engine = get_engine(game)
    seats = data.draw(st.integers(engine.min_seats, engine.max_seats), label="seats")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    depth = data.draw(st.integers(0, MAX_DEPTH[game]), label="depth")
    options = data.draw(st.sampled_from(VARIANTS[game]), label="options")
    chooser = data.draw(st.randoms(use_true_random=False), label="chooser")
    assert walk(game, seats, seed, depth, checks=3, chooser=chooser, options=options) > 0
