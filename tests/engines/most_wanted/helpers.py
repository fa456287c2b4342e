"""Building Most Wanted states with chosen hands, and playing commands on them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.base import Command, Event
from engines.most_wanted import ENGINE
from engines.most_wanted.cards import DECK
from engines.most_wanted.state import State
from engines.rng import SeededRng


def new_game(seats: int = 3, seed: bytes = b"test", **options: Any) -> State:
    state: Any = None
    for event in ENGINE.setup(ENGINE.options(options), seats, SeededRng(seed, "t", 0)):
        state = ENGINE.evolve(state, event)
    assert isinstance(state, State)
    return state


def table(
    hands: dict[int, list[str]],
    seats: int = 3,
    active: int = 0,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    **options: Any,
) -> State:
    """A game at the start of `active`'s turn with exactly these hands (others empty)."""
    state = new_game(seats, **options)
    used = {card for cards in hands.values() for card in cards} | set(discard or [])
    for seat in range(seats):
        state = state.with_player(seat, hand=tuple(hands.get(seat, [])), committed=())
    rest = tuple(deck) if deck is not None else tuple(c for c in DECK if c not in used)
    return replace(
        state, deck=rest, discard=tuple(discard or []), phase="action", active=active, turn=1, action=None
    )


def play(state: State, seat: int, command: Command, seed: bytes = b"play") -> tuple[State, list[Event]]:
    events = ENGINE.decide(state, seat, command, SeededRng(seed, "t", 1))
    for event in events:
        state = ENGINE.evolve(state, event)
    return state, events


def of(events: list[Event], kind: type[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
