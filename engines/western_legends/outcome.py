"""The result of a finished Western Legends game."""

from __future__ import annotations

from engines.base import Outcome
from engines.western_legends.state import State
from engines.western_legends.turn import ranking_key


def outcome(state: State) -> Outcome | None:
    """WL-END-3: tiers by final LP, then MP or WP, nuggets, fewest wounds."""
    if state.phase != "over":
        return None
    keys = {seat: ranking_key(state, seat) for seat in range(state.seats)}
    tiers = sorted(set(keys.values()), reverse=True)
    ranking = tuple(tuple(s for s in range(state.seats) if keys[s] == key) for key in tiers)
    return Outcome(ranking, scores=state.final_lp, reason=state.end_reason)
