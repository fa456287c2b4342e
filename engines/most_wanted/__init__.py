"""Most Wanted (North Star Games, 2018): robberies joined face down, duels, bail, the race to 13.

The rules the engine follows are in seeds/rules/most-wanted.md; modules: cards
(deck data), hands (ranking), options, state, commands, events, rules (checks),
setup, decide, flow (automatic steps), evolve, legal, views, narrate.
"""

from __future__ import annotations

from engines.most_wanted.engine import MostWantedEngine

ENGINE = MostWantedEngine()

__all__ = ["ENGINE"]
