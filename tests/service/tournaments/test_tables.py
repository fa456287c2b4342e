"""Table assignment: sizes, determinism, every player seated once, Swiss by standings, few repeats."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.tournaments.record import Definition, Table, TableResult
from service.core.tournaments.standings import standings
from service.core.tournaments.tables import AssignmentError, assign, check_sizes, table_sizes

SEED = bytes(range(32))


def definition(players: int, table_size: int, fmt: str = "swiss", rounds: int = 3) -> Definition:
    names = tuple(f"p{i:02}" for i in range(players))
    return Definition("t-1", "test", "most-wanted", {}, fmt, names, table_size, rounds, "", "")


def play_rounds(d: Definition, seed: bytes, rounds: int) -> list[Table]:
    earlier: list[Table] = []
    for number in range(1, rounds + 1):
        earlier += [Table(f"{number}-{i}", t) for i, t in enumerate(assign(d, seed, number, earlier, {}))]
    return earlier


@given(st.integers(1, 500), st.integers(1, 9))
def test_table_sizes_seat_everyone_at_sizes_that_differ_by_at_most_one(players: int, size: int) -> None:
    sizes = table_sizes(players, size)
    assert sum(sizes) == players
    assert len(sizes) == math.ceil(players / size)
    assert max(sizes) <= size and max(sizes) - min(sizes) <= 1
    assert sizes == sorted(sizes, reverse=True)  # larger tables first


def test_table_sizes_documented_examples() -> None:
    assert table_sizes(12, 4) == [4, 4, 4]
    assert table_sizes(10, 4) == [4, 3, 3]
    assert table_sizes(13, 4) == [4, 3, 3, 3]


def test_a_remainder_table_below_the_games_minimum_is_refused() -> None:
    with pytest.raises(AssignmentError, match="leave a table of 1"):
        check_sizes(3, 2, 2, 8)
    with pytest.raises(AssignmentError, match="not a seat count"):
        check_sizes(12, 10, 2, 8)
    assert check_sizes(5, 4, 2, 8) == [3, 2]


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 40),
    st.integers(2, 6),
    st.sampled_from(["swiss", "round-robin"]),
    st.binary(min_size=32, max_size=32),
)
def test_every_player_is_seated_once_and_the_seed_decides_everything(
    players: int, size: int, fmt: str, seed: bytes
) -> None:
    d = definition(players, size, fmt)
    if table_sizes(players, size)[-1] < 2:
        return
    tables = play_rounds(d, seed, 2)
    for number in ("1-", "2-"):
        seated = [p for t in tables if t.game_id.startswith(number) for p in t.players]
        assert sorted(seated) == sorted(d.players)
    assert play_rounds(d, seed, 2) == tables  # recomputable: same inputs, same tables


def test_another_seed_gives_other_tables() -> None:
    d = definition(12, 4)
    assert assign(d, SEED, 1, [], {}) != assign(d, bytes(32), 1, [], {})
    assert assign(d, SEED, 1, [], {}) != assign(d, SEED, 2, [], {})  # each round draws anew


def test_swiss_seats_the_leaders_together_at_table_1() -> None:
    d = definition(8, 4)
    round_1 = [Table(f"g{i}", t) for i, t in enumerate(assign(d, SEED, 1, [], {}))]
    # Seat order is the finishing order at both tables: points 3, 2, 1, 0 at each.
    results = {t.game_id: TableResult(((0,), (1,), (2,), (3,)), (40, 30, 20, 10)) for t in round_1}
    rows = standings(d.players, round_1, results)
    top_four = {r.player for r in rows[:4]}
    assert {r.points for r in rows[:4]} == {3.0, 2.0} and {r.points for r in rows[4:]} == {1.0, 0.0}
    table_1, table_2 = assign(d, SEED, 2, round_1, results)
    assert set(table_1) == top_four and set(table_2) == set(d.players) - top_four


@pytest.mark.parametrize(("players", "size"), [(16, 4), (9, 3)])
@pytest.mark.parametrize("seed", [SEED, bytes(32), b"\xff" * 32])
def test_round_robin_avoids_repeat_meetings_where_a_schedule_allows(
    players: int, size: int, seed: bytes
) -> None:
    tables = play_rounds(definition(players, size, "round-robin"), seed, 3)
    met = Counter(pair for t in tables for pair in itertools.combinations(sorted(t.players), 2))
    assert max(met.values()) == 1


def test_round_robin_never_seats_a_pair_three_times_in_three_rounds_of_12_at_4() -> None:
    for seed in (SEED, bytes(32), b"\x01" * 32, b"\x02" * 32):
        tables = play_rounds(definition(12, 4, "round-robin"), seed, 3)
        met = Counter(pair for t in tables for pair in itertools.combinations(sorted(t.players), 2))
        assert max(met.values()) == 2  # one repeat per table is forced from round 2 on
