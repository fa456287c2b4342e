"""Deadwood 1876 (Facade Games, 2018): teams by location, face-down safes, gun dice, a final showdown.

The rules the engine follows are in seeds/rules/deadwood-1876.md; modules:
components (printed data), options, state, commands, events, rules (shared
questions), setup, decide, flow (automatic steps), evolve, legal, views, narrate,
outcome; recording (what an arbiter writes) and picture (the table drawn).
"""

from __future__ import annotations

from engines.game import engine_in

ENGINE = engine_in(__name__, "deadwood-1876", "Deadwood 1876", rules_version="deadwood-1876/4", seats=(2, 9))

__all__ = ["ENGINE"]
