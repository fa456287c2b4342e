"""`evolve_all` folds a log line's events with one private copy of the state: it must end where
folding them one by one ends, and never change the state it was given (a rebuild yields every
line's state, and the next line folds from it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from uuid import UUID

import pytest
from hypothesis import given, settings

from engines.base import Event, fold
from engines.deadwood import ENGINE
from engines.deadwood import events as ev
from engines.deadwood.evolve import evolve, evolve_all
from engines.deadwood.state import State
from engines.rng import SeededRng
from engines.simulate import Step, playout
from replay import logfile
from replay.verify import build_record, steps
from tests.engines.deadwood.helpers import random_games
from tests.engines.fold_checks import check_every_line


def _one_by_one(state: State | None, events: Sequence[Event]) -> State | None:
    for event in events:
        state = evolve(state, event)
    return state


def _start() -> State:
    state = _one_by_one(None, ENGINE.setup(ENGINE.options({}), 4, SeededRng(bytes(32), "fold-all", 0)))
    assert state is not None
    return state


@settings(max_examples=30, deadline=None)
@given(random_games())
def test_every_line_of_a_random_game_folds_as_its_events_one_by_one_and_leaves_its_start_alone(
    game: list[Step],
) -> None:
    check_every_line(evolve, evolve_all, game)


def test_a_line_that_changes_nothing_first_then_something_leaves_its_start_alone() -> None:
    start = _start()
    fields = dict(vars(start))
    events = [
        ev.DiceRolled("first_player", (0, 1, 2, 3), ("black",) * 4, (1, 2, 3, 4)),
        ev.FirstPlayerChosen(seat=2),
        ev.FirstPlayerChosen(seat=1),
    ]
    after = evolve_all(start, events)
    assert after == _one_by_one(start, events)
    assert after is not None and after.first_player == 1
    assert vars(start) == fields
    assert evolve_all(start, []) is start


@dataclass(frozen=True)
class _Stranger(Event):
    kind = "stranger"


@dataclass(frozen=True)
class _LateRules(ev.RulesAdded):
    pass


def test_a_subclass_folds_as_its_base_and_a_stranger_or_a_headless_line_fails_as_in_evolve() -> None:
    start = _start()
    late = [_LateRules(holsters_in_showdown=False, mystery_gold_die="white_die")]
    assert evolve_all(start, late) == _one_by_one(start, late) != start
    for state, events, message in (
        (start, [_Stranger()], r"^unknown event _Stranger\(\)$"),
        (None, [_Stranger()], r"^stranger before game_started"),
        (None, late, r"^rules_added before game_started"),
    ):
        for fold_all in (evolve_all, _one_by_one):
            with pytest.raises(AssertionError, match=message):
                fold_all(state, events)


def test_the_engine_binds_it() -> None:
    assert ENGINE.evolve_all is evolve_all
    assert ENGINE.evolve is evolve


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The engine's evolve_all, noting the length of each list it is given."""
    lines: list[int] = []

    def counted(state: State | None, events: Sequence[Event]) -> State | None:
        lines.append(len(events))
        return evolve_all(state, events)

    monkeypatch.setattr(ENGINE, "evolve_all", counted)
    return lines


def test_a_rebuild_folds_each_line_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    played = list(playout(ENGINE, 3, seed=bytes(32), bot_seed=1))
    record = build_record(
        str(UUID(int=1)), ENGINE.game_id, ENGINE.options({}), 3, ["a", "b", "c"], "t", bytes(32), played
    )
    header, entries, _ = logfile.read_lines(list(logfile.write_lines(*record)))
    lines = _counting(monkeypatch)
    rebuilt = [step.state for step in steps(header, entries)]
    assert rebuilt == [step.state for step in played]
    assert lines == [len(step.events) for step in played]  # the header's setup too


def test_the_shared_fold_folds_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    setup = ENGINE.setup(ENGINE.options({}), 4, SeededRng(bytes(32), "fold-all", 0))
    lines = _counting(monkeypatch)
    assert fold(ENGINE, None, setup) == _one_by_one(None, setup)
    assert lines == [len(setup)]
