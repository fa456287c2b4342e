"""OpenSkill Plackett-Luce ratings: ties get equal changes, every update names its model and constants."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from service.core.tournaments.ratings import CONSTANTS, ordinal, rate
from service.core.tournaments.record import Table, TableResult


def test_tied_players_get_equal_changes() -> None:
    table = Table("g1", ("A", "B", "C", "D"))
    final, (update,) = rate("ABCD", [(1, 1, table)], {"g1": TableResult(((2,), (0, 3), (1,)), ())})
    change = {c.player: c for c in update.changes}
    assert change["A"].rank == change["D"].rank == 2 and change["C"].rank == 1 and change["B"].rank == 3
    assert change["A"].after == change["D"].after
    assert final["C"][0] > final["A"][0] > final["B"][0]


def test_a_tie_between_all_moves_nobodys_mean() -> None:
    table = Table("g1", ("A", "B", "C"))
    final, _ = rate("ABC", [(1, 1, table)], {"g1": TableResult(((0, 1, 2),), ())})
    assert len(set(final.values())) == 1
    assert final["A"][0] == pytest.approx(PlackettLuce().mu)


def test_every_update_records_the_model_and_all_its_constants() -> None:
    tables = [
        (1, 1, Table("g1", ("A", "B"))),
        (2, 1, Table("g2", ("B", "A"))),
        (3, 1, Table("g3", ("A", "B"))),
    ]
    results = {"g1": TableResult(((0,), (1,)), ()), "g3": TableResult(((1,), (0,)), ())}  # g2 unfinished
    _, updates = rate("AB", tables, results)
    assert [u.game_id for u in updates] == ["g1", "g3"]  # unfinished games rate nothing
    for update in updates:
        assert update.model.startswith("openskill 6.") and update.model.endswith(" PlackettLuce")
        assert set(update.constants) == set(CONSTANTS)
        assert PlackettLuce(**update.constants).sigma == update.constants["sigma"]
    assert updates[1].changes[0].before == updates[0].changes[0].after  # A's chain carries over


def test_ordinal_is_the_conservative_estimate() -> None:
    assert ordinal(25.0, 25 / 3) == pytest.approx(0.0)
