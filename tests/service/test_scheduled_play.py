"""Scheduled play over real servers: a round made ahead starts its clocks at the announced second
even across a restart, a move before the start is refused and stores nothing, a seat that never
claims is handled by the join deadline, and a scheduled game audits with its start line in its log.
"""

from __future__ import annotations

import functools
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import grpc
import pytest

from replay.table import SCHEDULED_START
from service.cli.players import PlayersClient
from service.cli.tournaments import TournamentClient
from service.client import Client, claim_seat
from service.core.clocks.keeper import LONGEST_SLEEP_SECONDS
from service.generated.frontier.v1 import frontier_pb2, ladders_pb2, tournaments_pb2
from service.server import Running
from tests.conftest import ORGANISER, available_games, start_server
from tests.replay.trust.helpers import frontier
from tests.service.helpers import Game, failure, legal, state, submit
from tests.service.test_clocks import audited, lines, two_servers, wait_for
from tests.service.tournaments import helpers
from tests.service.tournaments.test_cli import create

GAME = available_games()[0]


def start_lines(client: Client, game_id: str) -> list[dict[str, object]]:
    return [
        line
        for line in lines(client, game_id)
        if line.get("ruling") == "resume" and str(line.get("reason", "")).startswith(SCHEDULED_START)
    ]


def scheduled(client: Client, start_at: str, **fields: Any) -> Game:
    request = frontier_pb2.CreateGameRequest(
        game=GAME,
        seats=2,
        players=fields.pop("players", ["Ann", "Bob"]),
        time_control=fields.pop("time_control", "30s/move"),
        start_at=start_at,
        **fields,
    )
    reply = client.call("CreateGame", request)
    return Game(reply.game_id, GAME, {g.seat: g.token for g in reply.seats})


def test_a_scheduled_rounds_clocks_start_at_the_announced_second_after_a_restart(tmp_path: Path) -> None:
    first = start_server(tmp_path / "data")
    with TournamentClient(f"127.0.0.1:{first.port}", token=ORGANISER) as organiser:
        made = helpers.create(organiser, players=2, table_size=2, rounds=1, time_control="20s/move")
        started = organiser.tcall(
            "StartRound", tournaments_pb2.StartRoundRequest(tournament_id=made.tournament_id, start_at="+3s")
        )
        (table,) = started.tournament.rounds[0].tables
        shown = state(organiser, table.game_id)
        announced = datetime.fromisoformat(shown.starts_at)
        assert shown.status == "in_progress" and not any(c.running for c in shown.clocks if c.deadline)
    first.stop()  # the schedule is stored: the next server keeps it
    second = start_server(tmp_path / "data")
    try:
        with Client(f"127.0.0.1:{second.port}", token=ORGANISER) as client:
            assert datetime.now(UTC) < announced, "the restart took longer than the schedule allows"
            assert not start_lines(client, table.game_id)
            (line,) = wait_for(lambda: start_lines(client, table.game_id), 10)
            # The restart's downtime mark leaves a game that had not started alone.
            assert [x for x in lines(client, table.game_id) if x.get("ruling") == "resume"] == [line]
            clock = line["clock"]
            assert isinstance(clock, dict)
            # Charged from the announced second: the wait is nobody's, what follows it the seat's.
            assert 0 <= clock["elapsed_ms"] <= LONGEST_SLEEP_SECONDS * 1000 + 250
            assert clock["stopped_ms"] >= 2000
            assert announced.isoformat(timespec="milliseconds").replace("+00:00", "Z") in str(line["reason"])
            after = state(client, table.game_id)
            running = [c for c in after.clocks if c.running]
            assert running and running[0].deadline
            deadline = datetime.fromisoformat(running[0].deadline)
            assert abs((deadline - (announced + timedelta(seconds=20))).total_seconds()) < 0.01
            time.sleep(0.3)
            assert len(start_lines(client, table.game_id)) == 1  # recorded once
            audited(client, table.game_id)
            replayed = client.stub.Replay(
                frontier_pb2.ReplayRequest(game_id=table.game_id), metadata=client.metadata()
            )
            told = [step.narrative for step in replayed if step.ruling.ruling]
            assert len(told) == 1 and "play began: scheduled start at" in told[0]
    finally:
        second.stop()


def test_a_start_that_falls_while_no_server_runs_charges_nobody_for_the_downtime(tmp_path: Path) -> None:
    first = start_server(tmp_path / "data")
    with Client(f"127.0.0.1:{first.port}") as client:
        g = scheduled(client, "+1s")
    first.stop()
    time.sleep(1.6)  # the start passes while no server runs
    second = start_server(tmp_path / "data")
    try:
        with Client(f"127.0.0.1:{second.port}", token=ORGANISER) as client:
            (line,) = start_lines(client, g.game_id)  # written on start-up, before the keeper runs
            clock = line["clock"]
            assert isinstance(clock, dict)
            assert clock["elapsed_ms"] == 0 and clock["stopped_ms"] >= 1500
            assert [x for x in lines(client, g.game_id) if x.get("ruling") == "resume"] == [line]
            audited(client, g.game_id)
    finally:
        second.stop()


def test_a_move_before_the_start_is_refused_naming_it_and_stores_nothing(client: Client) -> None:
    g = scheduled(client, "+60s")
    before = lines(client, g.game_id)
    shown = state(client, g.game_id)
    seat = shown.seats_to_act[0]
    command = legal(client, g, seat).commands[0]
    refused = failure(lambda: submit(client, g, seat, command))
    assert (refused.code, refused.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "NOT_STARTED")
    assert shown.starts_at[:19] in refused.message
    resigned = failure(
        lambda: client.call("Resign", frontier_pb2.ResignRequest(game_id=g.game_id), token=g.tokens[seat])
    )
    assert resigned.reason == "NOT_STARTED"
    assert lines(client, g.game_id) == before
    assert state(client, g.game_id).version == shown.version


def test_a_move_once_the_start_has_come_records_the_start_first(client: Client) -> None:
    g = scheduled(client, "+1s")
    time.sleep(1.1)
    seat = state(client, g.game_id).seats_to_act[0]
    submit(client, g, seat, legal(client, g, seat).commands[0])
    assert len(start_lines(client, g.game_id)) == 1
    audited(client, g.game_id)


def test_a_seat_that_never_claims_is_handled_by_the_join_deadline(client: Client) -> None:
    g = scheduled(client, "+3s", players=["Ann"], join_deadline_seconds=1)
    wait_for(lambda: state(client, g.game_id).status == "finished", 10)
    closed = state(client, g.game_id)
    assert closed.outcome.ended == "abandoned" and "join deadline" in closed.outcome.reason
    late = failure(lambda: claim_seat(client, g.game_id, "Bob", attempts=1))
    assert late.reason == "GAME_OVER"
    assert not start_lines(client, g.game_id)
    audited(client, g.game_id)


def test_a_seat_may_claim_before_the_start(client: Client) -> None:
    g = scheduled(client, "+60s", players=["Ann"], join_deadline_seconds=60)
    claim_seat(client, g.game_id, "Bob")
    shown = state(client, g.game_id)
    assert not shown.open_seats and shown.status == "in_progress" and shown.starts_at


def test_a_bad_start_time_is_refused_and_creates_nothing(server: Running, client: Client) -> None:
    past = (datetime.now(UTC) - timedelta(minutes=1)).isoformat()
    far = (datetime.now(UTC) + timedelta(days=31)).isoformat()
    for start_at in ("tomorrow", "90s", "+x", past, far):
        refused = failure(functools.partial(scheduled, client, start_at))
        assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_START_TIME")
        assert refused.metadata.get("field") == "start_at"
    listed = client.call("ListGames", frontier_pb2.ListGamesRequest())
    assert not listed.games


def test_two_servers_sharing_one_store_record_the_start_once(two_servers: list[Running]) -> None:
    a, b = (Client(f"127.0.0.1:{s.port}") for s in two_servers)
    try:
        g = scheduled(a, "+2s")
        b.call("GetState", frontier_pb2.GetStateRequest(game_id=g.game_id))  # b knows the game too
        for server in two_servers:  # both keepers hold its start, as after a rescan
            server.clocks.keep(server.app.get(g.game_id))  # type: ignore[union-attr]
        wait_for(lambda: start_lines(a, g.game_id), 10)
        time.sleep(1.2)  # both keepers have woken: one recorded it, the other found it there
        assert len(start_lines(a, g.game_id)) == len(start_lines(b, g.game_id)) == 1
        audited(b, g.game_id)
    finally:
        a.close()
        b.close()


__all__ = ["two_servers"]  # the shared fixture, used here


def test_the_cli_schedules_a_round_and_games_and_watch_say_when_it_starts(
    capsys: pytest.CaptureFixture[str], server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FRONTIER_TOKEN", ORGANISER)
    address = f"127.0.0.1:{server.port}"
    tournament_id = create(capsys, address)
    status, out, err = frontier(
        capsys, "tournament", "round", "--server", address, tournament_id, "--at", "+60s"
    )
    assert status == 0, err
    assert "starts at " in out and "no seat moves" in out
    status, out, _ = frontier(capsys, "games", "--server", address, "--tournament", tournament_id)
    assert status == 0 and out.count("starts at ") == 2
    game_id = out.split()[0]
    status, _, err = frontier(
        capsys, "tournament", "round", "--server", address, tournament_id, "--at", "soon"
    )
    assert status != 0 and "neither ISO 8601" in err, err

    def abandon() -> None:
        time.sleep(0.5)
        with Client(address, token=ORGANISER) as organiser:
            request = frontier_pb2.EndGameRequest(game_id=game_id, abandon=True, reason="rained off")
            organiser.call("EndGame", request)

    ender = threading.Thread(target=abandon)
    ender.start()
    status, out, _ = frontier(capsys, "watch", "--server", address, game_id)
    ender.join()
    assert status == 0 and out.startswith("note: starts at ") and "the game is over" in out


def test_a_ladder_pairing_made_ahead_waits_for_its_start(server: Running) -> None:
    address = f"127.0.0.1:{server.port}"
    with PlayersClient(address, token=ORGANISER) as organiser:
        ann, bob = (
            organiser.players_call("AddPlayer", ladders_pb2.AddPlayerRequest(display_name=n)).player_id
            for n in ("Ann", "Bob")
        )
        ladder = organiser.ladders_call(
            "CreateLadder", ladders_pb2.CreateLadderRequest(name="Club", game=GAME, time_control="30s/move")
        ).ladder_id
        pairing = ladders_pb2.PairLadderGameRequest(ladder_id=ladder, players=[ann, bob], start_at="+60s")
        paired = organiser.ladders_call("PairLadderGame", pairing)
        g = Game(paired.game_id, GAME, {s.seat: s.token for s in paired.seats})
        shown = state(organiser, g.game_id)
        assert shown.starts_at and not any(c.running for c in shown.clocks)
        seat = shown.seats_to_act[0]
        refused = failure(lambda: submit(organiser, g, seat, legal(organiser, g, seat).commands[0]))
        assert refused.reason == "NOT_STARTED"
        pairing.start_at = "yesterday"
        bad = failure(lambda: organiser.ladders_call("PairLadderGame", pairing))
        assert (bad.reason, bad.metadata.get("field")) == ("BAD_START_TIME", "start_at")
