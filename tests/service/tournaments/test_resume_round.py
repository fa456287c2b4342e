"""A tournament round survives its runner: `frontier tournament round --bots` stopped by Ctrl-C mid-table,
then by kill -9 mid-table, and run again, plays the round to its end; then the next round is accepted.

Each run is the real `frontier` command in its own process against a real server; the tables are
Western Legends games (hundreds of commands each), so a table is caught in the middle of its game.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import grpc
import pytest

from engines.registry import game_ids
from service.cli.tournaments import TournamentClient
from service.generated.frontier.v1 import frontier_pb2, tournaments_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.service.helpers import failure
from tests.service.tournaments.helpers import create, get

pytestmark = pytest.mark.skipif("western-legends" not in game_ids(), reason="Western Legends not built")
GAME_LINE = re.compile(r"table (\d+)  ([0-9a-f-]{36})  ")


def round_command(address: str, tournament_id: str, tokens: Path) -> list[str]:
    return [
        sys.executable, "-m", "service.cli", "tournament", "round", "--server", address, tournament_id,
        "--bots", "--seed", "1", "--tokens", str(tokens),
    ]  # fmt: skip


def environment() -> dict[str, str]:
    return {**os.environ, "FRONTIER_TOKEN": ORGANISER, "PYTHONUNBUFFERED": "1"}


def version_of(client: TournamentClient, game_id: str) -> tuple[int, str]:
    shown = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id), token=ORGANISER)
    return shown.version, shown.status


def stop_mid_table(
    client: TournamentClient, command: list[str], signum: signal.Signals
) -> tuple[subprocess.CompletedProcess[str], str, int]:
    """Run `command` until a table has finished and the next one is well into its game, then send
    `signum`; the finished process, and that table's game id and version once the process has ended."""
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment()
    )
    assert process.stdout is not None
    seen: list[str] = []
    while not any("played:" in line for line in seen):
        line = process.stdout.readline()
        assert line, f"the round ended before a table was played: {seen}"
        seen.append(line)
    tables = {number: game for number, game in GAME_LINE.findall("".join(seen))}
    played = {number for line in seen for number in re.findall(r"table (\d+) played:", line)}
    finished = {n for n, game in tables.items() if version_of(client, game)[1] == "finished"}
    playing = tables[min(set(tables) - played - finished, key=int)]
    deadline = time.monotonic() + 30
    while version_of(client, playing)[0] < 30:
        assert time.monotonic() < deadline, "the next table did not start"
        time.sleep(0.002)
    process.send_signal(signum)
    out, err = process.communicate(timeout=60)
    version = version_of(client, playing)[0]
    return (
        subprocess.CompletedProcess(command, process.returncode, "".join(seen) + out, err),
        playing,
        version,
    )


def test_a_round_stopped_by_ctrl_c_and_by_kill_9_resumes_to_its_end(server: Running, tmp_path: Path) -> None:
    address = f"127.0.0.1:{server.port}"
    tokens = tmp_path / "tokens.json"
    with TournamentClient(address, token=ORGANISER) as client:
        players = [f"Player {chr(ord('A') + i)}" for i in range(6)]
        tournament_id = create(client, players, table_size=2, rounds=2, game="western-legends").tournament_id
        command = round_command(address, tournament_id, tokens)

        # Ctrl-C while table 2 plays: one line saying what to run, exit 130.
        stopped, interrupted, at = stop_mid_table(client, command, signal.SIGINT)
        assert stopped.returncode == 130, stopped.stderr
        shown = " ".join(["frontier", *command[3:]])
        assert stopped.stderr.strip() == f"interrupted: to continue, run {shown}"
        assert at >= 30 and version_of(client, interrupted) == (at, "in_progress")
        first_tokens = json.loads(tokens.read_text())
        tables = get(client, tournament_id).rounds[0].tables
        assert [t.status for t in tables] == ["finished", "in_progress", "in_progress"]
        finished_first = {t.game_id: version_of(client, t.game_id) for t in tables if t.status == "finished"}
        without_bots = [arg for arg in command if arg != "--bots"]
        held = subprocess.run(without_bots, capture_output=True, text=True, timeout=60, env=environment())
        assert held.returncode == 1 and "FAILED_PRECONDITION" in held.stderr
        bots = f"frontier tournament round --server {address} {tournament_id} --bots"
        assert f"to play it on with bots: {bots}" in held.stderr  # a round handed out stays until told
        refused = failure(
            lambda: client.tcall("StartRound", tournaments_pb2.StartRoundRequest(tournament_id=tournament_id))
        )
        assert refused.reason == "ROUND_IN_PROGRESS"

        # The same command resumes: kill -9 it in the middle of the next table.
        killed, interrupted_again, at_again = stop_mid_table(client, command, signal.SIGKILL)
        assert killed.returncode == -signal.SIGKILL
        assert "resumed" in killed.stdout and f"  {interrupted}  " in killed.stdout
        assert version_of(client, interrupted)[1] == "finished"  # played on from where it stood
        assert at_again >= 30
        assert version_of(client, interrupted_again) == (at_again, "in_progress")
        # The tokens of the first run were reissued: the old ones act for no one.
        old = next(g["token"] for g in first_tokens if g["game_id"] == interrupted_again)
        gone = failure(
            lambda: client.call(
                "GetState", frontier_pb2.GetStateRequest(game_id=interrupted_again), token=old
            )
        )
        assert (gone.code, gone.reason) == (grpc.StatusCode.UNAUTHENTICATED, "UNKNOWN_TOKEN")

        # Once more: the round ends, the finished tables untouched; then round 2 is accepted.
        done = subprocess.run(command, capture_output=True, text=True, timeout=300, env=environment())
        assert done.returncode == 0, done.stderr
        assert done.stdout.count("played:") == 1 and "(finished)" in done.stdout
        tables = get(client, tournament_id).rounds[0].tables
        assert all(t.status == "finished" for t in tables)
        assert {g: version_of(client, g) for g in finished_first} == finished_first
        for table in tables:  # the stopped games' records are whole: they audit as passed
            report = client.call("Audit", frontier_pb2.AuditRequest(game_id=table.game_id), token=ORGANISER)
            assert report.verdict == "passed", report.problems
        second = subprocess.run(command, capture_output=True, text=True, timeout=300, env=environment())
        assert second.returncode == 0, second.stderr
        assert "Round 2" in second.stdout and second.stdout.count("played:") == 3
        assert get(client, tournament_id).status == "finished"
