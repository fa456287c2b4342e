"""Random legal playouts of any engine, for simulations, bots and sample logs.

Pure like the engines: chance comes from a SeededRng, the bots' choices from a
`random.Random` the caller seeds, so a playout is reproducible from its seeds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engines.base import Command, Engine, Event, JsonValue, Seat
from engines.bot import random_command
from engines.rng import Draw, SeededRng


@dataclass(frozen=True)
class Step:
    """One accepted command (or the setup, with seat None) and what it caused."""

    version: int  # the game version this step creates: setup is 1, the first command 2
    seat: Seat | None
    command: Command | None
    events: tuple[Event, ...]
    draws: tuple[Draw, ...]
    state: Any


class StuckGame(AssertionError):
    """The game is not over but no seat has a legal command."""


def playout(
    engine: Engine,
    seats: int,
    *,
    seed: bytes,
    game_id: str = "sim",
    options: Mapping[str, JsonValue] | None = None,
    bot_seed: int = 0,
    max_steps: int = 100_000,
    lean: float = 0.0,
    on_event: Callable[[Any, Event], None] | None = None,
    choose: Callable[[Any, Seat, list[Command], random.Random], Command] | None = None,
) -> Iterator[Step]:
    """Yield the setup then every step of one random game until it is over.

    `lean` makes the bot take the first legal command that often (`engines.bot`).
    `on_event(state, event)` runs after each event is folded, so invariant
    checks see every intermediate state, not only the ends of commands.
    `choose(state, seat, legal, chooser)` picks among the legal commands instead of the
    bot (a directed playout: a written position, engines/bot.py).
    """
    chooser = random.Random(bot_seed)
    complete = engine.options(options or {})
    rng = SeededRng(seed, game_id, 0)
    events = engine.setup(complete, seats, rng)
    state = _fold_checked(engine, None, events, on_event)
    yield Step(1, None, None, tuple(events), tuple(rng.draws), state)
    version = 1
    while engine.outcome(state) is None:
        if version > max_steps:
            raise StuckGame(f"{engine.game_id}: no end after {max_steps} steps")
        waiting = engine.seats_to_act(state)
        if not waiting:
            raise StuckGame(f"{engine.game_id}: game not over but no seat is to act")
        seat = chooser.choice(waiting)
        if choose is None:
            command = random_command(engine, state, seat, chooser, lean=lean)
        else:
            legal = engine.legal_commands(state, seat)
            command = choose(state, seat, legal, chooser) if legal else None
        if command is None:
            raise StuckGame(f"{engine.game_id}: seat {seat + 1} is to act but has no legal command")
        rng = SeededRng(seed, game_id, version)
        events = engine.decide(state, seat, command, rng)
        state = _fold_checked(engine, state, events, on_event)
        version += 1
        yield Step(version, seat, command, tuple(events), tuple(rng.draws), state)


def _fold_checked(
    engine: Engine, state: Any, events: list[Event], on_event: Callable[[Any, Event], None] | None
) -> Any:
    for event in events:
        state = engine.evolve(state, event)
        if on_event is not None:
            on_event(state, event)
    return state
