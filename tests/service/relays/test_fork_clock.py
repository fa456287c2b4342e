"""A fork with a clock of its own: its header carries the time control, a stalled seat times out,
the fork audits as passed here and verifies when imported on another server."""

from __future__ import annotations

import json
import random
from pathlib import Path

import grpc
import pytest

from replay.logfile import read_text
from replay.verify import verify
from service.client import Client, play_game
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER, start_server
from tests.replay.trust.helpers import frontier
from tests.service.helpers import create, failure, state
from tests.service.test_clocks import audited, timeouts, wait_for


def finished_game(client: Client) -> str:
    made = create(client, "most-wanted")
    play_game(client, made.game_id, made.tokens, random.Random(3))
    return made.game_id


def test_a_fork_with_a_clock_times_out_a_stalled_seat_and_imports_elsewhere(
    client: Client, organiser: Client, tmp_path: Path
) -> None:
    source = finished_game(client)
    request = frontier_pb2.ForkGameRequest(
        game_id=source, version=3, players=["a", "b"], time_control="1s/move", timeout_policy="forfeit"
    )
    forked = organiser.call("ForkGame", request)
    shown = state(organiser, forked.game_id, ORGANISER)
    assert (shown.time_control, shown.timeout_policy) == ("1s/move", "forfeit")
    stalled = shown.seats_to_act[0]
    over = wait_for(lambda: (s := state(client, forked.game_id)).status == "finished" and s)
    assert over.outcome.ended == "timeout"
    assert [list(t.seats) for t in over.outcome.ranking] == [[1 - stalled], [stalled]]
    (timeout,) = timeouts(client, forked.game_id)
    assert timeout["seat"] == stalled and timeout["clock"]["used_ms"] >= 1000
    audited(client, forked.game_id)
    text = organiser.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=forked.game_id)).content
    header, entries, trailer = read_text(text)[:3]
    assert header.clock == {"time_control": "1s/move", "timeout_policy": "forfeit"}
    assert header.forked_from is not None and header.forked_from["game_id"] == source
    assert verify(header, entries, trailer).verdict == "passed"
    other = start_server(tmp_path / "other")
    try:
        with Client(f"127.0.0.1:{other.port}", token=ORGANISER) as elsewhere:
            imported = elsewhere.call("ImportLog", frontier_pb2.ImportLogRequest(content=text))
            assert imported.game_id == forked.game_id
            report = elsewhere.call("Audit", frontier_pb2.AuditRequest(game_id=forked.game_id))
            assert report.verdict == "passed", report.problems
    finally:
        other.stop()


def test_a_fork_without_a_clock_has_none_and_a_bad_one_is_refused(client: Client, organiser: Client) -> None:
    source = finished_game(client)
    plain = organiser.call("ForkGame", frontier_pb2.ForkGameRequest(game_id=source, version=3))
    assert state(organiser, plain.game_id).time_control == ""
    bad = frontier_pb2.ForkGameRequest(game_id=source, version=3, time_control="soon")
    refused = failure(lambda: organiser.call("ForkGame", bad))
    assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_TIME_CONTROL")
    assert refused.metadata.get("field") == "time_control"


def test_frontier_fork_takes_a_clock(
    capsys: pytest.CaptureFixture[str], client: Client, server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = finished_game(client)
    monkeypatch.setenv("FRONTIER_TOKEN", ORGANISER)
    status, out, err = frontier(
        capsys, "fork", source, "--at", "3", "--server", f"127.0.0.1:{server.port}",
        "--clock", "10m+5s", "--timeout-policy", "pause", "--json",
    )  # fmt: skip
    assert status == 0, err
    fork_id = json.loads(out)["game_id"]
    assert (state(client, fork_id).time_control, state(client, fork_id).timeout_policy) == ("10m+5s", "pause")
