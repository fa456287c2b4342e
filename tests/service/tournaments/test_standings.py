"""Standings: points per place (pairwise), tie-breaks in their documented order, shared ranks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.core.tournaments.record import Table, TableResult
from service.core.tournaments.standings import Standing, standings


def by_player(rows: list[Standing]) -> dict[str, Standing]:
    return {r.player: r for r in rows}


def test_points_per_place_at_a_table_of_four_with_a_tie_for_second() -> None:
    table = Table("g1", ("A", "B", "C", "D"))
    rows = by_player(standings("ABCD", [table], {"g1": TableResult(((0,), (1, 2), (3,)), (9, 5, 5, 1))}))
    assert [rows[p].points for p in "ABCD"] == [3.0, 1.5, 1.5, 0.0]
    assert rows["B"].rank == rows["C"].rank == 2 and rows["D"].rank == 4


def test_unfinished_games_count_for_nothing() -> None:
    rows = standings(["A", "B"], [Table("g1", ("A", "B"))], {})
    assert all(r.points == 0 and r.games == 0 for r in rows)


def test_sonneborn_berger_then_scores_then_head_to_head_break_ties() -> None:
    # Two heads-up rounds. A beats B, C beats D; then A loses to C... built so the tie-breaks decide.
    games = [
        Table("g1", ("A", "B")),
        Table("g2", ("C", "D")),
        Table("g3", ("B", "C")),
        Table("g4", ("D", "A")),
    ]
    results = {
        "g1": TableResult(((0,), (1,)), (10, 0)),  # A beats B
        "g2": TableResult(((0,), (1,)), (10, 0)),  # C beats D
        "g3": TableResult(((0,), (1,)), (10, 0)),  # B beats C
        "g4": TableResult(((0,), (1,)), (10, 0)),  # D beats A
    }
    rows = by_player(standings("ABCD", games, results))
    assert {p: rows[p].points for p in "ABCD"} == {"A": 1, "B": 1, "C": 1, "D": 1}
    # Everyone beat a 1-point player: Sonneborn-Berger ties too; scores tie; head-to-head decides
    # nothing between all four (each beat one of the others), so all share rank 1.
    assert {rows[p].rank for p in "ABCD"} == {1}

    results["g4"] = TableResult(((0,), (1,)), (10, 3))  # D beats A by less: A now has more score
    rows = by_player(standings("ABCD", games, results))
    assert rows["A"].score_sum == 13 and rows["A"].rank == 1 and rows["B"].rank == 2


def test_sonneborn_berger_values_beating_strong_players() -> None:
    games = [Table("g1", ("A", "B", "C")), Table("g2", ("A", "B", "C"))]
    results = {
        "g1": TableResult(((0,), (1,), (2,)), ()),  # A 2, B 1, C 0
        "g2": TableResult(((2,), (1,), (0,)), ()),  # C 2, B 1, A 0
    }
    rows = by_player(standings("ABC", games, results))
    assert rows["A"].points == rows["B"].points == rows["C"].points == 2
    # A beat B (2) and C (2) once: 4; B beat C once (2) and A once (2): 4; all equal again.
    assert rows["A"].sonneborn_berger == rows["B"].sonneborn_berger == rows["C"].sonneborn_berger == 4


def test_head_to_head_breaks_a_tie_between_two_who_met() -> None:
    games = [
        Table("g0", ("D", "B", "C")),
        Table("g1", ("D", "A", "B")),
        Table("g2", ("E", "D", "B")),
        Table("g3", ("C", "A", "E")),
    ]
    results = {
        "g0": TableResult(((1,), (0,), (2,)), ()),  # B, D, C: D beats C here
        "g1": TableResult(((2,), (0,), (1,)), ()),  # B, D, A
        "g2": TableResult(((0,), (2,), (1,)), ()),  # E, B, D
        "g3": TableResult(((0,), (1,), (2,)), ()),  # C, A, E
    }
    rows = by_player(standings("ABCDE", games, results))
    key = (2.0, 3.0, 0)  # points, Sonneborn-Berger, scores: equal for C and D
    assert (rows["C"].points, rows["C"].sonneborn_berger, rows["C"].score_sum) == key
    assert (rows["D"].points, rows["D"].sonneborn_berger, rows["D"].score_sum) == key
    assert rows["D"].head_to_head == 1 and rows["C"].head_to_head == 0
    assert rows["D"].rank == 3 and rows["C"].rank == 4


@given(st.permutations(range(5)), st.integers(1, 4))
def test_a_table_hands_out_n_times_n_minus_1_over_2_points_whatever_the_ties(
    order: list[int], cut: int
) -> None:
    tiers = (tuple(order[:cut]), tuple(order[cut:]))
    rows = standings("ABCDE", [Table("g", tuple("ABCDE"))], {"g": TableResult(tiers, ())})
    assert sum(r.points for r in rows) == pytest.approx(10)
    tied = by_player(rows)
    assert len({tied["ABCDE"[s]].points for s in tiers[0]}) == 1  # equal places, equal points
