"""Clocks under faults, over real servers: a kill -9 and a restart longer than the clock flag nobody
(the clocks stop across the downtime, and the record says so) while a server restarting beside
another on PostgreSQL grants no time, a command made before its seat's timeout is never applied
after it, and the clock keeper backs off while the store refuses writes.
"""

from __future__ import annotations

import json
import logging
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import grpc
import pytest
from prometheus_client import REGISTRY

from service.client import Client
from service.config import SQLITE_FILE, Settings
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running, create_server
from tests.conftest import ORGANISER, available_games, start_server
from tests.replay.trust.helpers import frontier, reseal, server_key_file, write
from tests.servers import Postgres
from tests.service.helpers import failure, legal, state, submit
from tests.service.test_clocks import audited, clocked, lines, timeouts, wait_for

GAME = available_games()[0]


class Served:
    """`frontier serve` in a process of its own on an SQLite file, killed with SIGKILL and restarted."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.process: subprocess.Popen[str] | None = None
        self.address = ""

    def start(self) -> None:
        command = [sys.executable, "-m", "service.cli", "serve", "--port", "0", "--data", str(self.data)]
        command += ["--organiser-token", ORGANISER]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert self.process.stdout is not None
        match = re.search(r"serving on (\S+:\d+)", self.process.stdout.readline())
        assert match, "the server printed no address"
        self.address = match.group(1)

    def stop(self, how: signal.Signals) -> None:
        assert self.process is not None
        self.process.send_signal(how)
        self.process.wait(timeout=30)


def test_a_kill_9_and_a_restart_longer_than_the_clock_do_not_flag_the_seat_to_act(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    served = Served(tmp_path / "data")
    served.start()
    with Client(served.address) as client:
        g = clocked(client, GAME, 2, "2s/move")
        seat = state(client, g.game_id, ORGANISER).seats_to_act[0]
        command = legal(client, g, seat).commands[0]
    served.stop(signal.SIGKILL)
    time.sleep(3.0)  # longer than the seat's 2 s: its deadline passes while no server runs
    served.start()
    try:
        with Client(served.address) as client:
            answer = submit(client, g, seat, command)  # sent as soon as the port answers
            record = lines(client, g.game_id)
            (mark,) = [line for line in record if line.get("ruling") == "resume"]
            assert (mark["by"], mark["seat"]) == ("server", None)
            assert mark["clock"]["stopped_ms"] >= 2_500, "the downtime is not charged"
            assert mark["clock"]["elapsed_ms"] < 2_000, "only the time a server kept the clock is"
            (move,) = [
                line for line in record if line["type"] == "entry" and line["version"] == answer.version
            ]
            assert move["seat"] == seat and move["clock"]["used_ms"] < 2_000
            assert not timeouts(client, g.game_id)
            audited(client, g.game_id)
            content = client.call(
                "ExportLog", frontier_pb2.ExportLogRequest(game_id=g.game_id), token=ORGANISER
            ).content
            key = server_key_file(client, tmp_path)
    finally:
        served.stop(signal.SIGTERM)
    exported = [json.loads(line) for line in content.splitlines() if line.strip()]
    good = write(tmp_path / "good.jsonl", exported)
    status, out, _ = frontier(capsys, "audit", "--key", str(key), str(good))
    assert status == 3 and "INCOMPLETE" in out and "Signature verified" in out, out  # still in progress
    at = next(i for i, line in enumerate(exported) if line.get("ruling") == "resume")
    # The mark is the server's word: an edit breaks its chain and signature, and a resealed mark
    # that hides the downtime in the charged time shows the seat's time ran out before the move.
    edited = [dict(line) for line in exported]
    edited[at] = {**edited[at], "clock": {**edited[at]["clock"], "stopped_ms": 0}}
    status, out, _ = frontier(capsys, "audit", "--key", str(key), str(write(tmp_path / "e.jsonl", edited)))
    assert status == 1 and "BROKEN_CHAIN" in out
    clock = exported[at]["clock"]
    charged = {**clock, "elapsed_ms": clock["elapsed_ms"] + clock["stopped_ms"]}
    forged = [dict(line) for line in exported[:-1]]  # resealed, so its checkpoint is dropped
    forged[at] = {**forged[at], "clock": charged}
    status, out, _ = frontier(capsys, "audit", str(write(tmp_path / "f.jsonl", reseal(forged))))
    assert status == 1 and re.search(r"CLOCK_DIFFERS|TIMEOUT_MISSED|LATE_MOVE", out), out
    unmarked = [dict(line) for line in exported[:-1]]
    unmarked[at] = {**unmarked[at], "clock": {k: v for k, v in clock.items() if k != "stopped_ms"}}
    status, out, _ = frontier(capsys, "audit", str(write(tmp_path / "u.jsonl", reseal(unmarked))))
    assert status == 1 and "MISSING_CLOCK" in out, out


@pytest.mark.parametrize("policy", ["autopilot", "forfeit"])
@pytest.mark.parametrize("keeper", ["first", "late"])
def test_a_command_made_before_its_seats_timeout_is_timed_out_and_never_applied(
    server: Running, client: Client, policy: str, keeper: str
) -> None:
    if keeper == "late":  # the keeper has not recorded the timeout yet: the command's call records it
        assert server.clocks is not None
        server.clocks.stop()
    g = clocked(client, GAME, 3, "1s/move", policy)
    before = state(client, g.game_id, ORGANISER)
    seat = before.seats_to_act[0]
    command = legal(client, g, seat).commands[0]
    if keeper == "first":
        wait_for(lambda: timeouts(client, g.game_id), 5)
    else:
        time.sleep(1.03)  # just after the deadline: 30 ms late
    refused = [  # without a version first: it counts as made before the timeout only just after it
        failure(lambda: submit(client, g, seat, command)),
        failure(lambda: submit(client, g, seat, command, expected_version=before.version)),
    ]
    (timeout,) = timeouts(client, g.game_id)
    for answer in refused:
        assert (answer.code, answer.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "TIMED_OUT"), answer
        assert answer.metadata["timeout_version"] == str(timeout["version"])
        assert f"version {timeout['version']}" in answer.message
    record = lines(client, g.game_id)
    mine = [
        line for line in record if line["type"] == "entry" and line["seat"] == seat and not line.get("by")
    ]
    assert not mine, "a command made before the timeout was applied after it"
    audited(client, g.game_id)


def store_errors() -> float:
    """Saves the event store failed so far in this process (the server's own counter)."""
    return REGISTRY.get_sample_value("frontier_store_errors_total") or 0.0


def refuse_writes(database: Path) -> None:
    """Make the SQLite store refuse every write at once, as a full disk does; reads still work."""
    with sqlite3.connect(database) as db:
        tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            # A trigger failing as it runs (not as it is prepared, which SQLite would remember):
            # every insert fails at once with an OperationalError, as on a full disk.
            refuse = "SELECT json('the disk is full')"
            db.execute(f"CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table} BEGIN {refuse}; END")


def allow_writes(database: Path) -> None:
    with sqlite3.connect(database) as db:
        triggers = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")]
        for trigger in triggers:
            db.execute(f"DROP TRIGGER {trigger}")


def test_the_clock_keeper_backs_off_while_the_store_refuses_writes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    running = start_server(tmp_path / "data")
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            g = clocked(client, GAME, 2, "1s/move")
            refuse_writes(tmp_path / "data" / SQLITE_FILE)
            errors = store_errors()
            with caplog.at_level(logging.WARNING, logger="service.core.clocks.keeper"):
                time.sleep(4.0)  # 1 s to the deadline, then 3 s of a due timeout the store refuses
                attempts = store_errors() - errors
                assert 1 <= attempts <= 12, f"{attempts} attempts in 3 s: the keeper must back off"
                allow_writes(tmp_path / "data" / SQLITE_FILE)
                wait_for(lambda: timeouts(client, g.game_id), 5)  # recorded once the store is back
            said = [r.getMessage() for r in caplog.records if r.name == "service.core.clocks.keeper"]
            assert len([m for m in said if "cannot record" in m]) == 1, said
            assert len([m for m in said if "records again" in m]) == 1, said
            audited(client, g.game_id)
    finally:
        running.stop()


def test_a_server_restarting_beside_another_on_postgres_grants_no_time(
    postgres: Postgres, tmp_path: Path
) -> None:
    """Servers sharing PostgreSQL keep each other's clocks: one restarting writes no resume mark,
    and the other records the timeout when the seat's time runs out, not later."""

    def serve(name: str) -> Running:
        return create_server(
            Settings(data=tmp_path / name, port=0, store=postgres.url, organiser_token=ORGANISER)
        )

    a, b = serve("a"), serve("b")
    try:
        with Client(f"127.0.0.1:{a.port}") as client:
            g = clocked(client, GAME, 2, "2s/move")
            time.sleep(0.8)
            b.stop()  # b goes away while a keeps the clocks
            time.sleep(0.5)
            b = serve("b")
            (timeout,) = wait_for(lambda: timeouts(client, g.game_id), 10)
            assert not [line for line in lines(client, g.game_id) if line.get("ruling") == "resume"]
            assert 2_000 <= timeout["clock"]["used_ms"] < 3_000, "no time was granted for b's restart"
            audited(client, g.game_id)
    finally:
        a.stop()
        b.stop()
