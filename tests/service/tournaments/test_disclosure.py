"""The disclosure rule as a property over any round of tables, deals and finished games.

Stated from the players' side rather than the code's: whatever has finished, nobody but the
organiser sees a result while another table of its deal plays; every other finished table's result
is shown, untouched; and the organiser's view is the full one.
"""

from __future__ import annotations

from uuid import uuid4

from hypothesis import given
from hypothesis import strategies as st

from service.core.tournaments.app import Progress
from service.core.tournaments.disclosure import public, shown_to
from service.core.tournaments.record import Definition, Table, TableResult, TournamentRecord


@st.composite
def progresses(draw: st.DrawFn) -> Progress:
    rounds = []
    for number in range(1, draw(st.integers(1, 3)) + 1):
        deals = draw(st.lists(st.sampled_from(["", "a", "b"]), min_size=1, max_size=6))
        rounds.append(
            tuple(
                Table(f"g{number}-{t}", ("p", "q"), f"t/round-{number}/{deal}" if deal else "")
                for t, deal in enumerate(deals)
            )
        )
    games = [t.game_id for tables in rounds for t in tables]
    finished = draw(st.sets(st.sampled_from(games)))
    results = {g: TableResult(((0,), (1,)), (draw(st.integers(0, 99)), 0)) for g in sorted(finished)}
    definition = Definition("t", "Cup", "most-wanted", {}, "swiss", ("p", "q"), 2, 3, "", "", True)
    record = TournamentRecord(uuid4(), 1, definition, b"", "", tuple(rounds))
    return Progress(record, results, frozenset(finished))


@given(progresses())
def test_no_result_shows_while_its_deal_plays_and_every_other_result_shows(progress: Progress) -> None:
    tables = [t for _, _, t in progress.record.games]
    playing_deals = {t.deal for t in tables if t.deal and t.game_id not in progress.finished}
    shown = public(progress)
    for table in tables:
        if table.game_id not in progress.finished:
            assert table.game_id not in shown.results
        elif table.deal in playing_deals:
            assert table.game_id not in shown.results and table.game_id in shown.withheld
        else:
            assert shown.results[table.game_id] == progress.results[table.game_id]
            assert table.game_id not in shown.withheld
    assert shown.finished == progress.finished and shown.status == progress.status
    assert shown_to(progress, organiser=True) == progress
    assert shown_to(progress, organiser=False) == shown
