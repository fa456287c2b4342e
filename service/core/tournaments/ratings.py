"""OpenSkill ratings (Plackett-Luce, for free-for-all tables of 2-9 with ties) folded over the games.

Every update names the model and all its constants, so anyone can recompute it with the
`openskill` package from the published results. Games are applied in play order (round, then
table); every player starts at the model's default rating. Tied players get the same rank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import version
from typing import Any

from openskill.models import PlackettLuce

from service.core.tournaments.record import Table, TableResult

CONSTANTS = ("mu", "sigma", "beta", "kappa", "tau", "limit_sigma", "balance", "margin")


@dataclass(frozen=True)
class Change:
    player: str
    rank: int
    before: tuple[float, float]  # (mu, sigma)
    after: tuple[float, float]


@dataclass(frozen=True)
class Update:
    game_id: str
    round: int
    table: int
    model: str
    constants: dict[str, Any]
    changes: tuple[Change, ...]


def model_name() -> str:
    return f"openskill {version('openskill')} PlackettLuce"


def model_constants(model: PlackettLuce) -> dict[str, Any]:
    return {name: getattr(model, name) for name in CONSTANTS}


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate ratings are listed by (the model's default ordinal)."""
    return mu - 3 * sigma


def rate(
    players: Sequence[str],
    games: Sequence[tuple[int, int, Table]],
    results: Mapping[str, TableResult],
) -> tuple[dict[str, tuple[float, float]], list[Update]]:
    """Final (mu, sigma) per player and every update, in play order."""
    model = PlackettLuce()
    constants = model_constants(model)
    name = model_name()
    current = {p: (model.mu, model.sigma) for p in players}
    updates = []
    for round_number, table_number, table in games:
        result = results.get(table.game_id)
        if result is None:
            continue
        rank_of = {seat: tier + 1 for tier, seats in enumerate(result.ranking) for seat in seats}
        unranked = len(result.ranking) + 1
        ranks: list[float] = [rank_of.get(seat, unranked) for seat in range(len(table.players))]
        teams = [[model.rating(mu=current[p][0], sigma=current[p][1], name=p)] for p in table.players]
        rated = model.rate(teams, ranks=ranks)
        changes = []
        for seat, player in enumerate(table.players):
            after = (rated[seat][0].mu, rated[seat][0].sigma)
            changes.append(Change(player, int(ranks[seat]), current[player], after))
            current[player] = after
        updates.append(Update(table.game_id, round_number, table_number, name, constants, tuple(changes)))
    return current, updates
