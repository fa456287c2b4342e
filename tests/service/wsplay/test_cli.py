"""`frontier serve --ws-port` and `frontier bots --ws` as a user runs them: real processes, real ports."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import uuid
from pathlib import Path

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from service.ws_client import PlaySocket
from tests.service.wsplay.apart import run_apart


def test_serve_prints_the_socket_and_bots_play_whole_games_through_it(tmp_path: Path) -> None:
    env = {**os.environ, "FRONTIER_DATA": str(tmp_path / "data")}
    process = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", "0", "--ws-port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        grpc_line, ws_line = process.stdout.readline(), process.stdout.readline()
        address = re.search(r"serving on (\S+:\d+)", grpc_line)
        url = re.search(r"Play over WebSocket on (ws://\S+:\d+/v1/play)", ws_line)
        assert address and url, (grpc_line, ws_line)
        bots = subprocess.run(
            [
                sys.executable,
                "-m",
                "service.cli",
                "bots",
                "--server",
                address.group(1),
                "--ws",
                url.group(1),
            ]
            + ["--game", "deadwood-1876", "--players", "3", "--games", "2", "--seed", "5"],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert bots.returncode == 0, bots.stderr
        game_ids = bots.stdout.split()
        assert len(game_ids) == 2
        with Client(address.group(1)) as client:
            for game_id in game_ids:
                shown = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id))
                assert shown.status == "finished"

        async def unknown_game() -> str:
            socket = await PlaySocket.open(url.group(1), str(uuid.uuid4()), "some-token")
            update = await socket.receive()
            assert update is not None
            return update.error.reason

        assert run_apart(unknown_game()) == "GAME_NOT_FOUND"
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
        for pipe in (process.stdout, process.stderr):
            if pipe is not None:
                pipe.close()


def test_serve_on_a_busy_socket_port_stops_with_one_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        served = subprocess.run(
            [sys.executable, "-m", "service.cli", "serve", "--data", str(tmp_path / "data")]
            + ["--port", "0", "--ws-port", str(port)],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert served.returncode == 2
    assert served.stderr.strip() == f"error: cannot listen on 127.0.0.1:{port}: the port is already in use"
