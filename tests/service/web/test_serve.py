"""`frontier serve --http PORT`: the web viewer starts beside the gRPC server, as users run it."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.service.web import connect_client as connect
from tests.service.web.http_client import get


def serve(tmp_path: Path, *flags: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--data", str(tmp_path), "--port", "0", *flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[3],
    )


def test_serve_with_http_serves_the_viewer_and_stops_cleanly(tmp_path: Path) -> None:
    process = serve(tmp_path, "--http", "0")
    try:
        assert process.stdout is not None
        first, second = process.stdout.readline(), process.stdout.readline()
        assert first.startswith("frontier serving on")
        found = re.fullmatch(r"web viewer on (http://127\.0\.0\.1:\d+)/\n", second)
        assert found, second
        assert get(found.group(1) + "/healthz").body == "ok"
        assert "No games yet." in get(found.group(1) + "/").body
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0


def test_a_taken_http_port_is_one_clear_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = serve(tmp_path, "--http", str(port))
        _out, err = process.communicate(timeout=30)
    assert process.returncode == 2
    assert f"cannot serve the web viewer on 127.0.0.1:{port}" in err and "Traceback" not in err


def test_serve_with_http_serves_the_api_and_ends_its_streams_at_a_stop(tmp_path: Path) -> None:
    """Connect on the --http port, from `frontier serve` as users run it: a call, a named origin, and a
    watch still open at SIGTERM ending with UNAVAILABLE (SERVER_STOPPING) while the server exits at once."""
    process = serve(tmp_path, "--http", "0", "--cors-origin", "https://club.example")
    try:
        assert process.stdout is not None
        process.stdout.readline()
        found = re.fullmatch(r"web viewer on (http://127\.0\.0\.1:\d+)/\n", process.stdout.readline())
        assert found
        web = found.group(1)
        club = {"Origin": "https://club.example", "Sec-Fetch-Site": "cross-site"}
        made = connect.unary(web, "CreateGame", {"game": "most-wanted", "seats": 2, "players": ["a", "b"]})
        assert made.status == 200, made.body
        listed = connect.unary(web, "ListGames", {}, headers=club)
        assert listed.headers["access-control-allow-origin"] == "https://club.example"
        assert [g["gameId"] for g in listed.json()["games"]] == [made.json()["gameId"]]
        watch = connect.open_stream(web, "WatchGame", {"gameId": made.json()["gameId"]})
        assert connect.read_envelope(watch)[0] == 0
        started = time.monotonic()
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
    assert time.monotonic() - started < 4  # the open stream held nothing up
    flags, end = connect.read_envelope(watch)
    assert flags & connect.END_STREAM
    stopping = connect.error_of(end["error"])
    assert (stopping.code, stopping.reason) == ("unavailable", "SERVER_STOPPING")
