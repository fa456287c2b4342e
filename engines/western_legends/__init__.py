"""Western Legends (Kolossal Games, 2018), core ruleset: map, three-phase turn, fights, rewards, scoring.

The rules are in seeds/rules/western-legends.md. Modules: board, cards, items,
characters (data); options, state, commands, events; rules (shared effects),
turn, actions, fights (effect functions); setup, decide, legal, evolve, views, narrate,
outcome; recording (what an arbiter writes) and picture (the table drawn).
"""

from __future__ import annotations

from engines.game import engine_in

ENGINE = engine_in(
    __name__, "western-legends", "Western Legends", rules_version="western-legends/4", seats=(2, 6)
)

__all__ = ["ENGINE"]
