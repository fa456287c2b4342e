"""A ladder's leaderboard, folded from its finished games alone: the server and `frontier ladder verify`
both call `leaderboard`, so anyone holding the exported logs recomputes the same table.

Games count in the order they finished (the time the server stored each game's last line, which the
ladder's export lists beside the game). Each updates OpenSkill's Plackett-Luce ratings as a tournament
table does (service/core/tournaments/ratings.py): tied seats share a rank; a seat out by resignation
or timeout is ranked below those still in by the game's own outcome; an abandoned game counts for
nobody. Ratings carry over from season to season; a season's table counts the games of that season.

Inactivity raises the deviation by Glicko's rule (Mark E. Glickman, "The Glicko system", 1995,
http://www.glicko.net/glicko/glicko.pdf, Step 1): before a player's next game, and at the time a
table is read, σ' = min(√(σ² + c²·t), σ₀), with t the whole rating periods since that player's last
counted game and σ₀ the model's starting deviation. The ladder's definition fixes the period and c;
the default c follows Glickman's way of choosing it: the time a typical settled deviation takes to
return to σ₀ (here σ₀/3 in 100 periods of a day).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce

from service.core.ladders.record import LadderDefinition
from service.core.tournaments.ratings import model_constants, model_name, ordinal

DEFAULT_PERIOD_SECONDS = 86400
_SIGMA0 = PlackettLuce().sigma
DEFAULT_C = math.sqrt((_SIGMA0**2 - (_SIGMA0 / 3) ** 2) / 100)


@dataclass(frozen=True)
class Counted:
    """A finished game of the ladder as it counts."""

    game_id: str
    players: tuple[str, ...]  # player ids by seat
    season: int
    finished_at: datetime
    ranking: tuple[tuple[int, ...], ...] | None  # tiers of seats, best first; None: abandoned


@dataclass(frozen=True)
class Row:
    rank: int
    player: str
    mu: float
    sigma: float  # after inactivity up to the table's time
    ordinal: float
    games: int  # counted games of this season
    last_played: str  # ISO 8601: the player's last counted game's finish

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "player": self.player,
            "mu": self.mu,
            "sigma": self.sigma,
            "ordinal": self.ordinal,
            "games": self.games,
            "last_played": self.last_played,
        }


def inflated(sigma: float, periods: int, c: float, sigma0: float = _SIGMA0) -> float:
    """Glicko's Step 1 on OpenSkill's σ: min(√(σ² + c²t), σ₀)."""
    return min(math.sqrt(sigma * sigma + c * c * periods), sigma0)


def periods_between(since: datetime, until: datetime, period_seconds: int) -> int:
    return max(0, math.floor((until - since).total_seconds() / period_seconds))


def leaderboard(
    definition: LadderDefinition, counted: Sequence[Counted], season: int, as_of: datetime
) -> list[Row]:
    """The table of `season` at `as_of`, from every game finished by then, in finishing order."""
    model = PlackettLuce()
    c, period = definition.inactivity_c, definition.period_seconds
    current: dict[str, tuple[float, float]] = {}
    last: dict[str, datetime] = {}
    games: dict[str, int] = {}
    for game in sorted(counted, key=lambda g: (g.finished_at, g.game_id)):
        if game.finished_at > as_of or game.season > season or game.ranking is None:
            continue
        teams = []
        for player in game.players:
            mu, sigma = current.get(player, (model.mu, model.sigma))
            if player in last:
                sigma = inflated(sigma, periods_between(last[player], game.finished_at, period), c)
            teams.append([model.rating(mu=mu, sigma=sigma, name=player)])
        rank_of = {seat: tier + 1 for tier, seats in enumerate(game.ranking) for seat in seats}
        unranked = len(game.ranking) + 1
        ranks: list[float] = [rank_of.get(seat, unranked) for seat in range(len(game.players))]
        rated = model.rate(teams, ranks=ranks)
        for seat, player in enumerate(game.players):
            current[player] = (rated[seat][0].mu, rated[seat][0].sigma)
            last[player] = game.finished_at
            if game.season == season:
                games[player] = games.get(player, 0) + 1
    rows = []
    for player, (mu, sigma) in current.items():
        now = inflated(sigma, periods_between(last[player], as_of, period), c)
        rows.append((player, mu, now))
    rows.sort(key=lambda r: (-ordinal(r[1], r[2]), r[0]))
    return [
        Row(rank, player, mu, sigma, ordinal(mu, sigma), games.get(player, 0), last[player].isoformat())
        for rank, (player, mu, sigma) in enumerate(rows, start=1)
    ]


def model_json() -> dict[str, Any]:
    """The model and every constant, so anyone can recompute the table with the `openskill` package."""
    return {"model": model_name(), "constants": model_constants(PlackettLuce())}


def same_table(mine: Sequence[dict[str, Any]], theirs: Sequence[dict[str, Any]]) -> bool:
    """Equal tables: the same players in the same places with the same numbers (to 1e-9)."""
    if len(mine) != len(theirs):
        return False
    for a, b in zip(mine, theirs, strict=True):
        for key in ("rank", "player", "games", "last_played"):
            if a.get(key) != b.get(key):
                return False
        for key in ("mu", "sigma", "ordinal"):
            if not isinstance(b.get(key), int | float) or abs(float(a[key]) - float(b[key])) > 1e-9:
                return False
    return True
