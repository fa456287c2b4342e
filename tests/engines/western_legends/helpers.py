"""Tables built directly from state, a scripted Rng, and a runner that folds decided events."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

import pytest

from engines.base import Command, Event, RuleViolation
from engines.western_legends import ENGINE
from engines.western_legends import events as ev
from engines.western_legends.evolve import evolve
from engines.western_legends.state import Owned, State

T = TypeVar("T")


class ScriptedRng:
    """Serves the given randint results in order; shuffles keep their order."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randint(self, low: int, high: int) -> int:
        value = self.values.pop(0) if self.values else low
        assert low <= value <= high, (value, low, high)
        return value

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        return tuple(items)


def table(characters: Sequence[str], spaces: Sequence[str], **options: Any) -> State:
    """A game in seat 0's action phase (3 actions), with no money, cards or items yet."""
    complete = ENGINE.options(options)
    started = ev.GameStarted(
        int_options=tuple((k, v) for k, v in complete.items() if isinstance(v, int)),
        text_options=tuple((k, v) for k, v in complete.items() if isinstance(v, str)),
        seats=tuple(ev.SeatSetUp(character=c, space=s) for c, s in zip(characters, spaces, strict=True)),
        first_player=0,
    )
    state = evolve(None, started)
    return replace(state, round=1, phase="actions", actions_left=3)


def player(
    state: State,
    seat: int,
    *,
    hand: Sequence[str] = (),
    items: Sequence[tuple[str, bool]] = (),
    **fields: Any,
) -> State:
    """Give a seat cards (taken from the deck, so cards stay conserved), items and counters."""
    deck = list(state.deck)
    for card in hand:
        deck.remove(card)
    p = state.players[seat]
    p = replace(p, hand=p.hand + tuple(hand), items=p.items + tuple(Owned(i, u) for i, u in items), **fields)
    players = list(state.players)
    players[seat] = p
    return replace(state, deck=tuple(deck), players=tuple(players))


def play(
    state: State, seat: int, command: Command, rng: ScriptedRng | None = None
) -> tuple[State, list[Event]]:
    events = ENGINE.decide(state, seat, command, rng or ScriptedRng())
    for event in events:
        state = ENGINE.evolve(state, event)
    return state, events


def stack(state: State, *cards: str) -> State:
    """Put fight cards on top of the fight deck (WL-CMP-5: the chooser draws the top ones)."""
    rest = tuple(c for c in state.fight_deck if c not in cards)
    return replace(state, fight_deck=(*cards, *rest))


def violation(state: State, seat: int, command: Command) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        ENGINE.decide(state, seat, command, ScriptedRng())
    return caught.value


def of_kind(events: Sequence[Event], kind: type[T]) -> list[T]:
    return [e for e in events if isinstance(e, kind)]
