"""What every engine's `evolve_all` must do, checked over a played game: end each line where folding
its events one by one ends, and never change the state it was given (a rebuild yields every line's
state, and the next line folds from it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engines.base import Event
from engines.simulate import Step

Evolve = Callable[[Any, Event], Any]
EvolveAll = Callable[[Any, Sequence[Event]], Any]


def one_by_one(evolve: Evolve, state: Any, events: Sequence[Event]) -> Any:
    for event in events:
        state = evolve(state, event)
    return state


def check_every_line(evolve: Evolve, evolve_all: EvolveAll, game: list[Step]) -> None:
    """Each step of `game` folded by `evolve_all` from the step before it."""
    before: Any = None
    for step in game:
        fields = None if before is None else dict(vars(before))  # a copy of the start, taken first
        after = evolve_all(before, step.events)
        assert after == one_by_one(evolve, before, step.events) == step.state
        if before is not None:
            assert vars(before) == fields, f"evolve_all changed the state it was given, at {step.events!r}"
            assert after is not before or not step.events
        before = step.state
