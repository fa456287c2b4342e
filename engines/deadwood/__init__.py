"""Deadwood 1876 (Facade Games, 2018): teams by location, face-down safes, gun dice, a final showdown.

The rules the engine follows are in seeds/rules/deadwood-1876.md; modules:
components (printed data), options, state, commands, events, rules (shared
questions), setup, decide, flow (automatic steps), evolve, legal, views, narrate.
"""

from __future__ import annotations

from engines.deadwood.engine import DeadwoodEngine

ENGINE = DeadwoodEngine()

__all__ = ["ENGINE"]
