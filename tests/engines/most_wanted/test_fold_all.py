"""Most Wanted's `evolve_all` folds a run of events with one private copy of the state
(tests/engines/fold_checks.py says what it must do); a store's rebuild folds a whole game's run at once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import Event, fold
from engines.most_wanted import ENGINE
from engines.most_wanted import events as ev
from engines.most_wanted.evolve import evolve, evolve_all
from engines.most_wanted.state import State
from engines.rng import SeededRng
from engines.simulate import Step, playout
from tests.engines.fold_checks import check_every_line

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"first_player": "duel", "tie_rule": "nobody_wins"},
    {"duel_reward": "bail_money_to_winner", "bail_rule": "partial_then_move_back"},
    {"max_join_circuits": 1, "max_turns": 60},
    {"first_player": "named", "first_seat": 1, "last_call": False, "declarer_may_swap": False},
]


@st.composite
def random_games(draw: st.DrawFn) -> list[Step]:
    return list(
        playout(
            ENGINE,
            draw(st.integers(2, 8)),
            seed=draw(st.binary(min_size=32, max_size=32)),
            options=ENGINE.options(draw(st.sampled_from(OPTION_SETS))),
            bot_seed=draw(st.integers(0, 2**32)),
            lean=draw(st.sampled_from([0.0, 0.5])),
        )
    )


def _one_by_one(state: State | None, events: Sequence[Event]) -> State | None:
    for event in events:
        state = evolve(state, event)
    return state


@settings(max_examples=30, deadline=None)
@given(random_games())
def test_every_line_and_the_whole_game_fold_as_their_events_one_by_one_and_leave_the_start_alone(
    game: list[Step],
) -> None:
    check_every_line(evolve, evolve_all, game)
    # The store folds every accepted command's events after the setup in one call.
    setup_state = game[0].state
    fields = dict(vars(setup_state))
    everything = [event for step in game[1:] for event in step.events]
    assert evolve_all(setup_state, everything) == game[-1].state
    assert vars(setup_state) == fields


def _start() -> State:
    state = _one_by_one(None, ENGINE.setup(ENGINE.options({}), 4, SeededRng(bytes(32), "fold-all", 0)))
    assert state is not None
    return state


def test_a_line_that_changes_nothing_first_then_something_leaves_its_start_alone() -> None:
    start = _start()
    fields = dict(vars(start))
    events = [ev.HandsRevealed((), None, ()), ev.TurnStarted(seat=2, turn=5), ev.TurnStarted(seat=3, turn=6)]
    after = evolve_all(start, events)
    assert after == _one_by_one(start, events)
    assert after is not None and after.active == 3 and after.turn == 6
    assert vars(start) == fields
    assert evolve_all(start, []) is start
    assert evolve_all(start, [ev.HandsRevealed((), None, ())]) is start


@dataclass(frozen=True)
class _Stranger(Event):
    kind = "stranger"


@dataclass(frozen=True)
class _LateTurn(ev.TurnStarted):
    pass


def test_a_subclass_folds_as_its_base_a_stranger_changes_nothing_and_a_headless_line_fails() -> None:
    start = _start()
    late = [_LateTurn(seat=1, turn=9)]
    assert evolve_all(start, late) == _one_by_one(start, late) != start
    assert evolve_all(start, [_Stranger()]) is start is _one_by_one(start, [_Stranger()])
    for fold_all in (evolve_all, _one_by_one):
        with pytest.raises(AssertionError):
            fold_all(None, late)


def test_the_engine_binds_it_and_the_shared_fold_takes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    assert ENGINE.evolve_all is evolve_all
    assert ENGINE.evolve is evolve
    lines: list[int] = []

    def counted(state: State | None, events: Sequence[Event]) -> State | None:
        lines.append(len(events))
        return evolve_all(state, events)

    monkeypatch.setattr(ENGINE, "evolve_all", counted)
    setup = ENGINE.setup(ENGINE.options({}), 4, SeededRng(bytes(32), "fold-all", 0))
    assert fold(ENGINE, None, setup) == _one_by_one(None, setup)
    assert lines == [len(setup)]
