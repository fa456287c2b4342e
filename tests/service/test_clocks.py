"""Clocks over a real server: a stalled seat times out under each policy, the deadline survives a
restart, a move racing its own timeout gets one answer the record agrees with, and two servers
sharing PostgreSQL record exactly one timeout. Every game audits as passed afterwards.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from service.client import Client
from service.config import Settings
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running, create_server
from tests.conftest import ORGANISER, available_games, start_server
from tests.servers import Postgres
from tests.service.helpers import Game, failure, legal, state, submit

GAMES = available_games()


def clocked(client: Client, game: str, seats: int, time_control: str, policy: str = "") -> Game:
    request = frontier_pb2.CreateGameRequest(
        game=game,
        seats=seats,
        players=[f"p{i}" for i in range(seats)],
        time_control=time_control,
        timeout_policy=policy,
    )
    reply = client.call("CreateGame", request)
    return Game(reply.game_id, game, {g.seat: g.token for g in reply.seats})


def lines(client: Client, game_id: str) -> list[dict[str, Any]]:
    content = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER
    ).content
    return [json.loads(line) for line in content.splitlines() if line.strip()]


def timeouts(client: Client, game_id: str) -> list[dict[str, Any]]:
    return [line for line in lines(client, game_id) if line.get("ruling") == "timeout"]


def wait_for(check: Any, seconds: float = 15.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("waited in vain")


def audited(client: Client, game_id: str) -> Any:
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=game_id), token=ORGANISER)
    assert report.ok, report.problems
    return report


@pytest.mark.parametrize("game", GAMES)
def test_table_clock_1_a_stalled_seat_forfeits_when_its_time_runs_out(client: Client, game: str) -> None:
    g = clocked(client, game, 2, "1s/move", "forfeit")
    to_act = state(client, g.game_id, ORGANISER).seats_to_act
    stalled = to_act[0]
    command = legal(client, g, stalled).commands[0]
    for other in to_act[1:]:  # a seat on the clock beside it moves in time: else all ran out (TABLE-CLOCK-4)
        submit(client, g, other, legal(client, g, other).commands[0])
    over = wait_for(lambda: (s := state(client, g.game_id)).status == "finished" and s)
    assert over.outcome.ended == "timeout"
    assert [list(t.seats) for t in over.outcome.ranking] == [[1 - stalled], [stalled]]
    (timeout,) = timeouts(client, g.game_id)
    assert (timeout["seat"], timeout["by"]) == (stalled, "server")
    assert timeout["clock"]["used_ms"] >= 1000, "a timeout comes only once the time is used"
    late = failure(lambda: submit(client, g, stalled, command))
    assert (late.code, late.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "TIMED_OUT")
    audited(client, g.game_id)


def test_table_clock_2_under_autopilot_the_server_plays_the_late_move_and_the_seat_plays_on(
    client: Client,
) -> None:
    game = GAMES[0]
    g = clocked(client, game, 2, "1s/move", "autopilot")
    stalled = state(client, g.game_id, ORGANISER).seats_to_act[0]
    moved = wait_for(lambda: [line for line in lines(client, g.game_id) if line.get("by") == "autopilot"])
    record = lines(client, g.game_id)
    timeout_at = next(i for i, line in enumerate(record) if line.get("ruling") == "timeout")
    assert record[timeout_at]["seat"] == stalled
    assert record[timeout_at + 1] == moved[0] and moved[0]["seat"] == stalled, "the server moves at once"
    now = state(client, g.game_id, ORGANISER)
    if now.status != "finished":  # the seat is still in: it moves itself when it is to act in time
        assert stalled not in now.out_seats
        seat = now.seats_to_act[0]
        answer = submit(client, g, seat, legal(client, g, seat).commands[0])
        assert answer.version == now.version + 1
    audited(client, g.game_id)


def test_table_clock_3_under_pause_the_game_waits_for_the_organiser(
    client: Client, organiser: Client
) -> None:
    g = clocked(client, GAMES[0], 2, "1s/move", "pause")
    wait_for(lambda: state(client, g.game_id).paused)
    seat = state(client, g.game_id, ORGANISER).seats_to_act[0]
    paused = failure(lambda: submit(client, g, seat, legal(client, g, seat).commands[0]))
    assert paused.reason == "PAUSED"
    assert len(timeouts(client, g.game_id)) == 1
    time.sleep(1.5)
    assert len(timeouts(client, g.game_id)) == 1, "a paused game's clocks stop: no second timeout"
    request = frontier_pb2.EndGameRequest(
        game_id=g.game_id,
        result=[frontier_pb2.SeatGroup(seats=[1 - seat]), frontier_pb2.SeatGroup(seats=[seat])],
        reason="seat lost on time",
    )
    assert organiser.call("EndGame", request).outcome.ended == "adjudicated"
    audited(client, g.game_id)


def test_the_clocks_show_each_seats_time_and_a_move_gets_its_increment(client: Client) -> None:
    g = clocked(client, GAMES[0], 2, "10m+5s")
    start = state(client, g.game_id)
    assert (start.time_control, start.timeout_policy) == ("10m+5s", "forfeit")
    assert [c.remaining_ms for c in start.clocks] == [600_000, 600_000]
    mover = start.seats_to_act[0]
    assert start.clocks[mover].running and start.clocks[mover].deadline
    time.sleep(0.3)
    submit(client, g, mover, legal(client, g, mover).commands[0])
    (move,) = [line for line in lines(client, g.game_id) if line["type"] == "entry"]
    used = move["clock"]["used_ms"]
    assert 300 <= used < 10_000
    after = state(client, g.game_id)
    assert after.clocks[mover].remaining_ms == 600_000 - used + 5_000
    watch = frontier_pb2.WatchGameRequest(game_id=g.game_id, from_version=1)
    stream = client.stub.WatchGame(watch, timeout=10)
    pushed = next(stream)  # the step that made the latest version carries the clocks after it
    stream.cancel()
    assert [c.remaining_ms for c in pushed.clocks] == [c.remaining_ms for c in after.clocks]
    audited(client, g.game_id)


def test_a_restart_in_the_middle_of_a_clock_keeps_the_deadline(tmp_path: Path) -> None:
    first = start_server(tmp_path / "data")
    with Client(f"127.0.0.1:{first.port}") as client:
        g = clocked(client, GAMES[0], 2, "3s/move")
        deadline = state(client, g.game_id).clocks
    first.stop()
    second = start_server(tmp_path / "data")
    try:
        with Client(f"127.0.0.1:{second.port}") as client:
            assert state(client, g.game_id).status == "in_progress"
            over = wait_for(lambda: timeouts(client, g.game_id))
            assert over[0]["clock"]["used_ms"] >= 3000
            running = [c for c in deadline if c.running]
            assert running and running[0].seat == over[0]["seat"]
            audited(client, g.game_id)
    finally:
        second.stop()


def test_a_move_racing_its_own_timeout_gets_one_answer_the_record_agrees_with(client: Client) -> None:
    game = GAMES[0]
    for offset in (0.9, 0.97, 1.0, 1.03, 1.1):
        g = clocked(client, game, 3, "1s/move")
        seat = state(client, g.game_id, ORGANISER).seats_to_act[0]
        command = legal(client, g, seat).commands[0]
        time.sleep(offset)
        try:
            answer = submit(client, g, seat, command)
        except grpc.RpcError:
            refused = failure(lambda g=g, seat=seat, command=command: submit(client, g, seat, command))
            assert refused.reason == "TIMED_OUT", refused
            record = lines(client, g.game_id)
            (timeout,) = [line for line in record if line.get("ruling") == "timeout"]
            assert timeout["seat"] == seat and timeout["clock"]["used_ms"] >= 1000
            assert not [
                line
                for line in record
                if line["type"] == "entry" and line["seat"] == seat and not line.get("by")
            ]
        else:
            (entry,) = [
                line
                for line in lines(client, g.game_id)
                if line["type"] == "entry" and line["version"] == answer.version
            ]
            assert entry["seat"] == seat and entry["clock"]["used_ms"] <= 1000
        audited(client, g.game_id)


def test_bad_time_controls_and_policies_are_refused(client: Client) -> None:
    for control, policy, reason, field in (
        ("10 minutes", "", "BAD_TIME_CONTROL", "time_control"),
        ("0s/move", "", "BAD_TIME_CONTROL", "time_control"),
        ("31d/move", "", "BAD_TIME_CONTROL", "time_control"),
        ("10m+5s", "explode", "BAD_TIMEOUT_POLICY", "timeout_policy"),
        ("", "forfeit", "BAD_TIMEOUT_POLICY", "timeout_policy"),
    ):
        refused = failure(lambda c=control, p=policy: clocked(client, GAMES[0], 2, c, p))
        assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, reason), control
        assert refused.metadata.get("field") == field


@pytest.fixture
def two_servers(postgres: Postgres, tmp_path: Path) -> Iterator[list[Running]]:
    servers = [
        create_server(Settings(data=tmp_path / str(i), port=0, store=postgres.url, organiser_token=ORGANISER))
        for i in range(2)
    ]
    yield servers
    for server in servers:
        server.stop()


def test_two_servers_sharing_postgres_record_exactly_one_timeout(two_servers: list[Running]) -> None:
    a, b = (Client(f"127.0.0.1:{s.port}") for s in two_servers)
    try:
        g = clocked(a, GAMES[0], 3, "2s/move", "forfeit")
        b.call("GetState", frontier_pb2.GetStateRequest(game_id=g.game_id))  # b knows the game too
        for server in two_servers:  # both keepers hold its deadline, as after a rescan
            server.clocks.keep(server.app.get(g.game_id))  # type: ignore[union-attr]
        wait_for(lambda: timeouts(a, g.game_id), 20)
        time.sleep(1.0)  # both keepers have woken: one recorded it, the other found it there
        assert len(timeouts(a, g.game_id)) == 1
        assert len(timeouts(b, g.game_id)) == 1
        audited(b, g.game_id)
    finally:
        a.close()
        b.close()
