"""The random legal-move bot every engine gets for free from `legal_commands`."""

from __future__ import annotations

import random

from engines.base import Command, Engine, Seat


def random_command(engine: Engine, state: object, seat: Seat, chooser: random.Random) -> Command | None:
    """A uniformly chosen legal command for `seat`, or None when it has nothing to do."""
    options = engine.legal_commands(state, seat)
    return chooser.choice(options) if options else None
