"""TABLE-CLOCK-4 over a real server: a table where every seat still in runs out of time under
`forfeit` ends with no result, and the tournament counts it for nobody.

A Deadwood 1876 table opens with every seat choosing a safe to pass at once (DW-SETUP-6), so with
nobody playing all four clocks run out together, as when the organiser's runner stops.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from replay.logfile import read_text
from replay.verify import steps
from service.cli.tournaments import TournamentClient
from service.core.tournaments.verify import verify_record
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.service.helpers import state
from tests.service.test_clocks import wait_for
from tests.service.tournaments import helpers


@pytest.fixture
def organiser(server: Running) -> Iterator[TournamentClient]:
    with TournamentClient(f"127.0.0.1:{server.port}", token=ORGANISER) as client:
        yield client


def test_TABLE_CLOCK_4_every_seat_out_of_time_ends_with_no_result_and_counts_for_nobody(
    organiser: TournamentClient,
) -> None:
    made = helpers.create(
        organiser,
        game="deadwood-1876",
        players=4,
        table_size=4,
        rounds=1,
        time_control="1s/move",
        timeout_policy="forfeit",
    )
    started = helpers.start_round(organiser, made.tournament_id)
    (table,) = started.tournament.rounds[0].tables
    assert sorted(state(organiser, table.game_id, ORGANISER).seats_to_act) == [0, 1, 2, 3]
    over = wait_for(lambda: (s := state(organiser, table.game_id)).status == "finished" and s)
    assert over.outcome.ended == "abandoned", over.outcome
    assert list(over.outcome.ranking) == [], "nobody wins by the order the clocks ran out in"
    assert "every seat still in ran out of time" in over.outcome.reason
    assert all(f"seat {n}" in over.outcome.reason for n in (1, 2, 3, 4)), over.outcome.reason
    report = organiser.call("Audit", frontier_pb2.AuditRequest(game_id=table.game_id))
    assert report.ok, report.problems
    exported = organiser.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=table.game_id))
    header, entries, _ = read_text(exported.content)
    *_, last = steps(header, entries)
    assert last.table.ended is not None and last.table.ended.ended == "abandoned", "the replay ends so too"
    rows = helpers.get(organiser, made.tournament_id, "GetStandings").standings
    assert [(r.points, r.rank) for r in rows] == [(0, 1)] * 4, "the table scores for nobody"
    ratings = helpers.get(organiser, made.tournament_id, "GetRatings")
    assert not ratings.updates, "and changes nobody's rating"
    done = helpers.get(organiser, made.tournament_id)
    assert verify_record(json.loads(done.record_json)) == []
