"""Western Legends (Kolossal Games, 2018), core ruleset: map, three-phase turn, fights, rewards, scoring.

The rules are in seeds/rules/western-legends.md. Modules: board, cards, items,
characters (data); options, state, commands, events; rules (shared effects),
turn, actions, fights (effect functions); decide, legal, evolve, views, narrate.
"""

from __future__ import annotations

from engines.western_legends.engine import WesternLegendsEngine

ENGINE = WesternLegendsEngine()

__all__ = ["ENGINE"]
