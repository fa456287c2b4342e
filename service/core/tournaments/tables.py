"""Table assignment: seeded, committed, and recomputable by anyone from the tournament's record.

Table sizes: N players at tables of K make ceil(N / K) tables whose sizes differ by at most one,
larger tables first (12 at 4: 4+4+4; 10 at 4: 4+3+3). Every size must be a legal seat count.

All chance comes from `engines.rng.SeededRng(seed, "tournament:<id>", round)`, the games' own
documented generator, with the tournament's seed (committed at creation, revealed at the end):
- round-robin: players in a seeded shuffled order each take the table (with room) where they
  have met the fewest of the players already seated there in earlier rounds; ties go to the
  lowest-numbered table, where a pair that met m times before costs m squared. This is tried
  for 64 seeded orders (the first is the Swiss round-1 shuffle); the cheapest seating wins (the
  earliest on ties), then swaps of two players at different tables that lower the cost are made,
  scanning tables and seats in order, until none is left. Repeats are kept few, not forbidden:
  12 players at 3 tables of 4 cannot avoid one per table from round 2 on (4 players from 3 earlier
  tables must include two who met).
- swiss: round 1 is a seeded shuffle; later rounds order players by standings (points, then the
  tie-breaks of `service.core.tournaments.standings`), players equal on all of them in seeded
  shuffled order, and fill the tables in that order, so the leaders meet at table 1.
Then each table's seat order is a seeded shuffle (seat 0 often moves first).
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence

from engines.rng import SeededRng
from service.core.tournaments.record import Definition, Table, TableResult
from service.core.tournaments.standings import standings

ATTEMPTS = 64  # seeded orders a round-robin round tries


class AssignmentError(ValueError):
    """The players cannot be seated at legal tables."""


def table_sizes(players: int, table_size: int) -> list[int]:
    if players < 1 or table_size < 1:
        raise AssignmentError("a tournament needs players and a table size of at least 1")
    tables = math.ceil(players / table_size)
    base, extra = divmod(players, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def check_sizes(players: int, table_size: int, min_seats: int, max_seats: int) -> list[int]:
    """The table sizes, or AssignmentError naming the rule they break."""
    if not min_seats <= table_size <= max_seats:
        raise AssignmentError(
            f"table_size {table_size} is not a seat count of this game ({min_seats}-{max_seats})"
        )
    sizes = table_sizes(players, table_size)
    if sizes[-1] < min_seats:
        raise AssignmentError(
            f"{players} players at tables of {table_size} leave a table of {sizes[-1]}; "
            f"this game needs at least {min_seats}"
        )
    return sizes


def assign(
    definition: Definition,
    seed: bytes,
    round_number: int,
    earlier: Sequence[Table],
    results: Mapping[str, TableResult],
) -> list[tuple[str, ...]]:
    """Each table's players (by seat) in `round_number`, given the earlier rounds' tables and results."""
    rng = SeededRng(seed, f"tournament:{definition.tournament_id}", round_number)
    sizes = table_sizes(len(definition.players), definition.table_size)
    shuffled = list(rng.shuffle(sorted(definition.players)))
    if definition.format == "round-robin":
        orders = [shuffled] + [list(rng.shuffle(sorted(definition.players))) for _ in range(ATTEMPTS - 1)]
        tables = _fewest_repeats(orders, sizes, earlier)
    elif definition.format == "swiss":
        tables = _by_standings(shuffled, sizes, definition.players, earlier, results)
    else:
        raise AssignmentError(f"unknown format {definition.format!r}")
    return [tuple(rng.shuffle(table)) for table in tables]


def _fewest_repeats(
    orders: Sequence[Sequence[str]], sizes: Sequence[int], earlier: Sequence[Table]
) -> list[list[str]]:
    met: dict[tuple[str, str], int] = defaultdict(int)
    for table in earlier:
        for a in table.players:
            for b in table.players:
                if a != b:
                    met[(a, b)] += 1

    def cost(player: str, others: Sequence[str]) -> int:
        return sum(met[(player, q)] ** 2 for q in others if q != player)

    def seat_greedily(order: Sequence[str]) -> tuple[int, list[list[str]]]:
        tables: list[list[str]] = [[] for _ in sizes]
        total = 0
        for player in order:
            open_tables = [i for i, size in enumerate(sizes) if len(tables[i]) < size]
            price = {i: cost(player, tables[i]) for i in open_tables}
            best = min(open_tables, key=lambda i: (price[i], i))
            total += price[best]
            tables[best].append(player)
        return total, tables

    tried = [seat_greedily(order) for order in orders]
    tables = min(tried, key=lambda found: found[0])[1]  # min keeps the earliest of equals
    improved = True
    while improved:
        improved = False
        for one, other in itertools.combinations(tables, 2):
            for i, j in itertools.product(range(len(one)), range(len(other))):
                p, q = one[i], other[j]
                before = cost(p, one) + cost(q, other)
                after = cost(q, [x for x in one if x != p]) + cost(p, [x for x in other if x != q])
                if after < before:
                    one[i], other[j] = q, p
                    improved = True
    return tables


def _by_standings(
    shuffled: Sequence[str],
    sizes: Sequence[int],
    players: Sequence[str],
    earlier: Sequence[Table],
    results: Mapping[str, TableResult],
) -> list[list[str]]:
    position = {player: i for i, player in enumerate(shuffled)}
    rows = {row.player: row for row in standings(players, earlier, results)}
    order = sorted(shuffled, key=lambda p: (*(-v for v in rows[p].key()), position[p]))
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    return tables
