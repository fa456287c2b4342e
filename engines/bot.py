"""The bots every engine gets for free from `legal_commands`: a random one, and the autopilot.

An engine may add written positions (`Written`): directed plans for positions random play seldom
reaches, which the golden corpus plays when its random search finds none (replay/golden/corpus.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engines.base import Command, Engine, JsonValue, Seat

# (state, seat, its legal commands, the bot's chooser) -> one of those commands
Plan = Callable[[Any, Seat, list[Command], random.Random], Command]


@dataclass(frozen=True)
class Written:
    """A written position: the plan that plays towards it and the options it is played under
    beside the target's own."""

    plan: Plan
    table: dict[str, JsonValue] = field(default_factory=dict)


def random_command(
    engine: Engine, state: object, seat: Seat, chooser: random.Random, *, lean: float = 0.0
) -> Command | None:
    """A random legal command for `seat`, or None when it has nothing to do.

    With `lean` > 0 the bot takes the first legal command that often, and otherwise
    chooses uniformly. Engines list their most purposeful commands first, so a
    leaning bot finishes long games (Western Legends) by their real end trigger.
    """
    options = engine.legal_commands(state, seat)
    if not options:
        return None
    if lean and chooser.random() < lean:
        return options[0]
    return chooser.choice(options)


def autopilot_command(engine: Engine, state: object, seat: Seat) -> Command | None:
    """The command the server plays for a seat that is out or timed out: the first legal one.

    Engines list their most purposeful commands first, so this choice ends every game
    (tests/engines/test_autopilot.py plays whole games by it); it is deterministic, so an
    audit re-derives every autopilot move from the state before it.
    """
    options = engine.legal_commands(state, seat)
    return options[0] if options else None
