"""`frontier relay --resume GAME`: a relay continued from its last stored line, over a real server.

The file is read again: its lines the relay stored already are checked against the store and
skipped, the rest are sent. A file that disagrees with the stored relay is refused and nothing is
sent; a refused line prints the exact command that continues once the file is fixed.
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import grpc
import pytest

from service.cli.main import main
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.service.helpers import failure, state
from tests.service.relays.helpers import FROZEN, SAMPLE, recording_lines

HALF = 12  # command lines relayed before the stop


def relay(
    capsys: pytest.CaptureFixture[str], server: Running, path: Path, *extra: str
) -> tuple[int, str, str]:
    status = main(["relay", str(path), "--server", f"127.0.0.1:{server.port}", *extra])
    out = capsys.readouterr()
    return status, out.out, out.err


def stored(client: Client, game_id: str, token: str | None = ORGANISER) -> list[str]:
    lines: list[str] = client.call(
        "GetRelay", frontier_pb2.GetRelayRequest(game_id=game_id), token=token
    ).lines
    return list(lines)


def first_lines(path: Path, count: int, source: Path = SAMPLE) -> None:
    """`path` holds the header and the first `count` command lines of `source` (with its notes)."""
    kept, commands = [], -1
    for line in source.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            commands += 1
            if commands > count:
                break
        kept.append(line)
    path.write_text("\n".join(kept) + "\n")


def test_a_relay_resumes_from_its_last_stored_line(
    client: Client, server: Running, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    header, lines = recording_lines()
    recording = tmp_path / "table.rec"
    first_lines(recording, HALF)
    status, out, _ = relay(capsys, server, recording, "--token", ORGANISER)
    assert status == 0
    game_id = out.split(" as game ")[1].split()[0]
    relay_token = out.split("(relay token ")[1].split(")\n")[0]
    assert stored(client, game_id) == lines[:HALF]

    recording.write_text(SAMPLE.read_text())  # the arbiter wrote on
    # --token=: a random token may begin with '-', which argparse would read as an option
    status, out, err = relay(capsys, server, recording, "--resume", game_id, f"--token={relay_token}")
    assert status == 0, err
    assert f"resuming relay {game_id}: the file's first {HALF + 1} lines are the ones it stored" in out
    assert out.count(": version ") == len(lines) - HALF and "(game over)" in out
    assert stored(client, game_id, relay_token) == lines  # each line stored once
    assert state(client, game_id).status == "finished"
    assert len(client.call("ListGames", frontier_pb2.ListGamesRequest()).games) == 1  # no new game

    again = relay(capsys, server, recording, "--resume", game_id, "--token", ORGANISER)
    assert again[0] == 0 and ": version " not in again[1]  # nothing left to send
    wrong = failure(lambda: stored(client, game_id, "not-the-relay-token"))
    assert (wrong.code, wrong.reason) == (grpc.StatusCode.UNAUTHENTICATED, "UNKNOWN_TOKEN")


def test_a_file_that_disagrees_with_the_stored_relay_is_refused(
    client: Client, server: Running, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    header, lines = recording_lines(FROZEN)
    recording = tmp_path / "table.rec"
    first_lines(recording, HALF, FROZEN)
    status, out, _ = relay(capsys, server, recording, "--token", ORGANISER)
    game_id = out.split(" as game ")[1].split()[0]
    version = state(client, game_id).version

    text = FROZEN.read_text().splitlines()
    number = next(n for n, line in enumerate(text, start=1) if line == lines[2])  # the third command line
    edited = list(text)
    edited[number - 1] = edited[number - 1].replace('"seat": 1', '"seat": 0', 1)
    assert edited[number - 1] != text[number - 1]
    recording.write_text("\n".join(edited) + "\n")
    status, _, err = relay(capsys, server, recording, "--resume", game_id, "--token", ORGANISER)
    assert status == 1
    assert f"{recording}:{number}: differs from the line the relay stored as version 4: {lines[2]}" in err
    assert f"relay {game_id} is unchanged" in err

    other_header = "\n".join(text).replace('"table": "2"', '"table": "3"', 1)
    recording.write_text(other_header + "\n")
    status, _, err = relay(capsys, server, recording, "--resume", game_id, "--token", ORGANISER)
    assert status == 1 and "the header is not the one the relay was started with" in err

    first_lines(recording, HALF - 2, FROZEN)
    status, _, err = relay(capsys, server, recording, "--resume", game_id, "--token", ORGANISER)
    assert status == 1 and f"has {HALF - 2} command lines; the relay has stored {HALF}" in err
    assert state(client, game_id).version == version  # nothing was sent

    missing = relay(
        capsys, server, recording, "--resume", "0" * 8 + "-0000-4000-8000-" + "0" * 12, "--token", ORGANISER
    )
    assert missing[0] == 1 and "NOT_FOUND" in missing[2]


def test_a_refused_line_prints_the_command_that_continues_after_the_fix(
    client: Client, server: Running, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    header, lines = recording_lines(FROZEN)
    text = FROZEN.read_text().splitlines()
    number = next(n for n, line in enumerate(text, start=1) if line == lines[HALF])
    broken = list(text)
    broken[number - 1] = '{"seat": 0, "command": {"kind": "no_such_command"}}'
    recording = tmp_path / "table.rec"
    recording.write_text("\n".join(broken) + "\n")
    status, out, err = relay(capsys, server, recording, "--follow", "--token", ORGANISER)
    assert status == 1
    game_id = out.split(" as game ")[1].split()[0]
    refusal, advice = err.strip().splitlines()[-2:]
    assert refusal.startswith(f"{recording}:{number}: FAILED_PRECONDITION: line ")
    prefix = f"fix line {number}, then continue with: "
    assert advice.startswith(prefix)
    command = shlex.split(advice.removeprefix(prefix))
    assert command[:7] == [
        "frontier",
        "relay",
        str(recording),
        "--resume",
        game_id,
        "--server",
        f"127.0.0.1:{server.port}",
    ]
    assert "--follow" in command and ORGANISER not in advice  # the relay token, not the organiser's

    recording.write_text(FROZEN.read_text())  # the arbiter fixes the line
    assert main(command[1:]) == 0
    assert capsys.readouterr().out.count(": version ") == len(lines) - HALF
    assert state(client, game_id).status == "finished"


def test_ctrl_c_prints_one_line_and_exits_130(client: Client, server: Running, tmp_path: Path) -> None:
    """Any command: `watch` says only that it was interrupted; a relay says how to continue."""
    header, lines = recording_lines()
    recording = tmp_path / "table.rec"
    first_lines(recording, 3)
    address = f"127.0.0.1:{server.port}"
    env = {**os.environ, "FRONTIER_TOKEN": ORGANISER, "PYTHONUNBUFFERED": "1"}
    following = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "relay", str(recording), "--follow", "--server", address],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert following.stdout is not None
    started = following.stdout.readline()
    relay_token = started.split("(relay token ")[1].split(")")[0]
    while ": version 4" not in following.stdout.readline():
        pass
    game_id = client.call("ListGames", frontier_pb2.ListGamesRequest()).games[0].game_id
    watching = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "watch", "--server", address, game_id],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert watching.stdout is not None
    assert watching.stdout.readline().startswith("Setup — ")  # watching: the stream is open
    time.sleep(0.2)
    for process in (following, watching):
        process.send_signal(signal.SIGINT)
    _, relay_err = following.communicate(timeout=30)
    _, watch_err = watching.communicate(timeout=30)
    assert (watching.returncode, watch_err) == (130, "interrupted\n")
    assert following.returncode == 130
    resume = (
        f"frontier relay {recording} --resume {game_id} --server {address} --follow --token={relay_token}"
    )
    assert relay_err == f"interrupted: to continue, run {resume}\n"  # the relay's token, not the organiser's
