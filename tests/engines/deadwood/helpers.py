"""Shared test helpers: a started game, scripted dice, and state surgery for scenarios."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from hypothesis import strategies as st

from engines.base import Command, Event, fold
from engines.deadwood import ENGINE
from engines.deadwood import commands as cmd
from engines.deadwood.state import State
from engines.rng import SeededRng
from engines.simulate import Step, playout

T = TypeVar("T")

# Option sets a random game is played under: the defaults and some unusual rules.
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"mystery_safes": 5},
    {},
    {"badge_turns": "per_player", "assists": False},
    {"rob_teammates": False, "hand_guns_in_showdown": False, "safe_limit": 2},
    {"mystery_safes": 3, "main_rounds": 1, "stetson_peeks": 1, "duster_draw": 6, "location_capacity": 4},
]


@st.composite
def random_games(draw: st.DrawFn) -> list[Step]:
    """Every step of a bot game: 2-9 seats, any seed, one of OPTION_SETS, leaning or not."""
    return list(
        playout(
            ENGINE,
            draw(st.integers(2, 9)),
            seed=draw(st.binary(min_size=32, max_size=32)),
            options=draw(st.sampled_from(OPTION_SETS)),
            bot_seed=draw(st.integers(0, 2**32)),
            lean=draw(st.sampled_from([0.0, 0.5])),
        )
    )


class ScriptRng:
    """Dice as scripted (randint values in order); shuffles keep their order."""

    def __init__(self, rolls: Sequence[int] = ()) -> None:
        self.rolls = list(rolls)

    def randint(self, low: int, high: int) -> int:
        assert self.rolls, f"the rules rolled randint({low}, {high}) but the script has no roll left"
        value = self.rolls.pop(0)
        assert low <= value <= high
        return value

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        return tuple(items)


def new_game(seats: int, seed: bytes = b"test", **options: object) -> State:
    """Setup only: the state waits for the simultaneous pass (DW-SETUP-6)."""
    complete = ENGINE.options(options)
    state: State = fold(ENGINE, None, ENGINE.setup(complete, seats, SeededRng(seed, "t", 0)))
    return state


def started(seats: int, seed: bytes = b"test", **options: object) -> State:
    """After the pass and the first-player roll: the first player is to play."""
    state = new_game(seats, seed, **options)
    for seat in range(seats):
        state = play(state, seat, cmd.PassSafe(0), SeededRng(seed, "t", seat + 1))
    return state


def play(state: State, seat: int, command: Command, rng: object | None = None) -> State:
    events = ENGINE.decide(state, seat, command, rng or ScriptRng())  # type: ignore[arg-type]
    result: State = fold(ENGINE, state, events)
    return result


def events_of(state: State, seat: int, command: Command, rng: object | None = None) -> list[Event]:
    return ENGINE.decide(state, seat, command, rng or ScriptRng())  # type: ignore[arg-type]


def set_player(state: State, seat: int, **changes: object) -> State:
    return state.with_player(seat, **changes)


def turn_of(state: State, seat: int) -> State:
    """Make it `seat`'s ordinary turn (round 1), with assists off unless asked."""
    return replace(state, phase="turn", active=seat, round=1, first_player=seat)
