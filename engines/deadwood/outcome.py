"""The result of a finished Deadwood 1876 game."""

from __future__ import annotations

from engines.base import Outcome, Seat
from engines.deadwood.state import OVER, State


def outcome(state: State) -> Outcome | None:
    """Winner first; then finalists by how long they lasted; then everyone else."""
    if state.phase != OVER:
        return None
    winner = state.winner
    living = tuple(s for s in state.finalists if s != winner and state.player(s).alive)
    ranking: list[tuple[Seat, ...]] = [(winner,)]
    if living:
        ranking.append(living)
    ranking += [(s,) for s in reversed(state.eliminated)]
    rest = tuple(s for s in range(state.seats) if s not in state.finalists and s != winner)
    if rest:
        ranking.append(rest)
    return Outcome(tuple(ranking), scores=state.gold, reason=state.win_reason)
