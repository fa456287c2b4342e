"""A tournament with a clock over real gRPC: every table carries it, a stalled seat times out and
counts as out (ranked last) in the standings, bad clocks are refused as CreateGame refuses them,
and `frontier tournament create --clock` sets it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import grpc
import pytest

from service.cli.tournaments import TournamentClient
from service.client import play_game
from service.core.tournaments.record import Definition
from service.core.tournaments.verify import verify_record
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.replay.trust.helpers import frontier
from tests.service.helpers import failure, state
from tests.service.test_clocks import wait_for
from tests.service.tournaments import helpers
from tests.service.tournaments.test_cli import create


@pytest.fixture
def organiser(server: Running) -> Iterator[TournamentClient]:
    with TournamentClient(f"127.0.0.1:{server.port}", token=ORGANISER) as client:
        yield client


def audited(client: TournamentClient, game_id: str) -> None:
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=game_id))
    assert report.ok, report.problems


def test_every_table_takes_the_clock_and_a_timed_out_seat_ranks_last(organiser: TournamentClient) -> None:
    made = helpers.create(
        organiser,
        players=3,
        table_size=3,
        rounds=1,
        time_control="2s/move",
        timeout_policy="forfeit",
        options={"max_turns": 30},
    )
    assert (made.time_control, made.timeout_policy) == ("2s/move", "forfeit")
    assert json.loads(made.record_json)["definition"]["time_control"] == "2s/move"
    started = helpers.start_round(organiser, made.tournament_id)
    (table,) = started.tournament.rounds[0].tables
    shown = state(organiser, table.game_id, ORGANISER)
    assert (shown.time_control, shown.timeout_policy) == ("2s/move", "forfeit")
    stalled = shown.seats_to_act[0]
    others = {g.seat: g.token for g in started.seats if g.seat != stalled}
    wait_for(lambda: list(state(organiser, table.game_id).out_seats) == [stalled])
    play_game(organiser, table.game_id, others, random.Random(0))  # the server plays the stalled seat
    over = state(organiser, table.game_id)
    assert over.status == "finished" and list(over.out_seats) == [stalled]
    assert list(over.outcome.ranking[-1].seats) == [stalled], "a seat out of time ranks last"
    audited(organiser, table.game_id)
    rows = helpers.get(organiser, made.tournament_id, "GetStandings").standings
    last = rows[-1]
    assert last.player == table.players[stalled] and last.points == 0 and last.rank == 3
    done = helpers.get(organiser, made.tournament_id)
    assert done.status == "finished" and verify_record(json.loads(done.record_json)) == []


def test_a_clockless_definition_is_written_and_read_as_before() -> None:
    old = {
        "tournament_id": "t", "name": "Cup", "game": "most-wanted", "options": {}, "format": "swiss",
        "players": ["a", "b"], "table_size": 2, "rounds": 1, "tag": "x", "seed_commitment": "c",
        "duplicate_deals": False,
    }  # fmt: skip
    definition = Definition.from_json(old)
    assert (definition.time_control, definition.timeout_policy) == ("", "")
    assert definition.to_json() == old, "a tournament without a clock keeps its published record"


def test_bad_clocks_are_refused_as_create_game_refuses_them(organiser: TournamentClient) -> None:
    for control, policy, reason, field in (
        ("10 minutes", "", "BAD_TIME_CONTROL", "time_control"),
        ("10m+5s", "explode", "BAD_TIMEOUT_POLICY", "timeout_policy"),
        ("", "forfeit", "BAD_TIMEOUT_POLICY", "timeout_policy"),
    ):
        refused = failure(
            lambda c=control, p=policy: helpers.create(organiser, time_control=c, timeout_policy=p)
        )
        assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, reason), control
        assert refused.metadata.get("field") == field


def test_frontier_tournament_create_takes_a_clock(
    capsys: pytest.CaptureFixture[str], server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FRONTIER_TOKEN", ORGANISER)
    address = f"127.0.0.1:{server.port}"
    tournament_id = create(capsys, address, "--clock", "5m+2s", "--timeout-policy", "autopilot")
    status, out, _ = frontier(capsys, "tournament", "show", "--server", address, tournament_id)
    assert "clock 5m+2s (autopilot)" in out
    status, out, _ = frontier(capsys, "tournament", "round", "--server", address, tournament_id)
    assert status == 0
    with TournamentClient(address, token=ORGANISER) as client:
        table = helpers.get(client, tournament_id).rounds[0].tables[0]
        shown = state(client, table.game_id)
    assert (shown.time_control, shown.timeout_policy) == ("5m+2s", "autopilot")
