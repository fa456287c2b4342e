"""Most Wanted (North Star Games, 2018): robberies joined face down, duels, bail, the race to 13.

The rules the engine follows are in seeds/rules/most-wanted.md; modules: cards
(deck data), hands (ranking), options, state, commands, events, rules (checks),
setup, decide, flow (automatic steps), evolve, legal, views, narrate,
outcome; recording (what an arbiter writes) and picture (the table drawn).
"""

from __future__ import annotations

from engines.game import engine_in

ENGINE = engine_in(__name__, "most-wanted", "Most Wanted", rules_version="most-wanted/3", seats=(2, 8))

__all__ = ["ENGINE"]
