"""Standings from table results: points per place and tie-breaks, a pure function of the record.

Points: a multiplayer table is scored as the pairwise games inside it, as chess scores a
match: 1 point for every opponent finished ahead of, 1/2 for every opponent tied with. At a
table of 4 the places are worth 3, 2, 1 and 0; two players tied for first get 2.5 each.
Tie-breaks, in order:
1. Sonneborn-Berger: for each opponent beaten, that opponent's points; half for each tied.
2. Sum of the player's game scores (the game's own unit, e.g. Most Wanted money).
3. Head-to-head: points scored against the other players still tied, in the games they shared.
Players equal on all four share a rank (listed by name).
A table with no result (abandoned, or every seat still in out of time: TABLE-CLOCK-4) gives no
TableResult (app.py), so it scores for nobody here and rates nobody in ratings.py.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from service.core.tournaments.record import Table, TableResult

RULES = (
    "points: 1 per opponent finished ahead of, 1/2 per opponent tied with, at each table; "
    "tie-breaks: Sonneborn-Berger (beaten opponents' points, half for tied), then the sum of game "
    "scores, then head-to-head points among the tied players; equal on all four share a rank"
)


@dataclass(frozen=True)
class Standing:
    rank: int
    player: str
    points: float
    sonneborn_berger: float
    score_sum: int
    head_to_head: float
    games: int

    def key(self) -> tuple[float, float, int, float]:
        return (self.points, self.sonneborn_berger, self.score_sum, self.head_to_head)


def pairwise(table: Table, result: TableResult) -> list[tuple[str, str, float]]:
    """(player, opponent, points player took from opponent) for every ordered pair at the table."""
    place = {seat: tier for tier, seats in enumerate(result.ranking) for seat in seats}
    found = []
    for seat, player in enumerate(table.players):
        for other, opponent in enumerate(table.players):
            if other == seat:
                continue
            mine, theirs = place.get(seat, len(result.ranking)), place.get(other, len(result.ranking))
            found.append((player, opponent, 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0))
    return found


def standings(
    players: Sequence[str], games: Iterable[Table], results: Mapping[str, TableResult]
) -> list[Standing]:
    """Every player's standing, best first, from the finished games among `games`."""
    played = [(table, results[table.game_id]) for table in games if table.game_id in results]
    points: dict[str, float] = defaultdict(float)
    against: dict[tuple[str, str], float] = defaultdict(float)
    score_sum: dict[str, int] = defaultdict(int)
    game_count: dict[str, int] = defaultdict(int)
    pairs = []
    for table, result in played:
        for seat, player in enumerate(table.players):
            game_count[player] += 1
            if seat < len(result.scores):
                score_sum[player] += result.scores[seat]
        for player, opponent, took in pairwise(table, result):
            points[player] += took
            against[(player, opponent)] += took
            pairs.append((player, opponent, took))
    berger: dict[str, float] = defaultdict(float)
    for player, opponent, took in pairs:
        berger[player] += took * points[opponent]
    base = {p: (points[p], berger[p], score_sum[p]) for p in players}
    groups: dict[tuple[float, float, int], list[str]] = defaultdict(list)
    for player in players:
        groups[base[player]].append(player)
    h2h = {p: sum(against[(p, q)] for q in groups[base[p]] if q != p) for p in players}
    ordered = sorted(players, key=lambda p: (*(-v for v in base[p]), -h2h[p], p))
    table_rows: list[Standing] = []
    for index, player in enumerate(ordered):
        row = Standing(
            0, player, points[player], berger[player], score_sum[player], h2h[player], game_count[player]
        )
        rank = table_rows[-1].rank if table_rows and table_rows[-1].key() == row.key() else index + 1
        table_rows.append(replace(row, rank=rank))
    return table_rows
