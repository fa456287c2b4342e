"""The result of a finished Most Wanted game."""

from __future__ import annotations

from engines.base import Outcome
from engines.most_wanted.state import State


def outcome(state: State) -> Outcome | None:
    """Winners first, then everyone else in tiers by notoriety."""
    if state.phase != "over":
        return None
    scores = tuple(p.notoriety for p in state.players)
    rest = sorted({scores[s] for s in range(state.seats) if s not in state.winners}, reverse=True)
    ranking = [state.winners] + [
        tuple(s for s in range(state.seats) if scores[s] == score and s not in state.winners)
        for score in rest
    ]
    return Outcome(tuple(ranking), scores=scores, reason=state.end_reason)
