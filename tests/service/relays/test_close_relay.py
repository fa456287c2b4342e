"""`frontier relay --close GAME`: a relay ended as the table ended, abandoned or with the table's
result, by its own relay token or the organiser's; another relay's token may not end it. A relayed
game keeps no server clock: its header cannot ask for one."""

from __future__ import annotations

import json

import grpc
import pytest

from service.cli.main import main
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.service.helpers import failure, state
from tests.service.relays.helpers import recording_lines, send, start

HALF = 12  # command lines relayed before the table stops


def half_relayed(organiser: Client) -> tuple[str, str]:
    """A relay of the sample's first HALF command lines: (game id, relay token)."""
    header, lines = recording_lines()
    started = start(organiser, header)
    version = started.version
    for line in lines[:HALF]:
        version = send(organiser, started.game_id, line, version, started.relay_token).version
    return started.game_id, started.relay_token


def close(capsys: pytest.CaptureFixture[str], server: Running, *args: str) -> tuple[int, str, str]:
    status = main(["relay", "--server", f"127.0.0.1:{server.port}", "--close", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


def audited(client: Client, game_id: str) -> None:
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=game_id), token=ORGANISER)
    assert report.ok and report.verdict == "passed", report.problems


def finished_ids(client: Client) -> set[str]:
    listed = client.call("ListGames", frontier_pb2.ListGamesRequest(status="finished")).games
    return {g.game_id for g in listed}


def test_a_relay_closed_as_abandoned_by_its_own_token(
    client: Client, organiser: Client, server: Running, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id, token = half_relayed(organiser)
    # --token=: a random token may begin with '-', which argparse would read as an option
    status, out, err = close(
        capsys, server, game_id, "--abandon", "--reason", "the hall closed", f"--token={token}"
    )
    assert status == 0, err
    assert "finished: abandoned: the hall closed" in out
    over = state(client, game_id)
    assert over.status == "finished" and over.outcome.ended == "abandoned"
    assert list(over.outcome.ranking) == []
    audited(client, game_id)
    assert game_id in finished_ids(client)
    late = failure(lambda: send(organiser, game_id, recording_lines()[1][HALF], over.version, token))
    assert late.reason == "GAME_OVER", "a closed relay takes no more lines"


def test_a_relay_closed_with_the_tables_result_by_the_organiser(
    client: Client,
    organiser: Client,
    server: Running,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game_id, _ = half_relayed(organiser)
    monkeypatch.setenv("FRONTIER_TOKEN", ORGANISER)
    status, out, err = close(capsys, server, game_id, "--result", "2,1", "--reason", "Bob won at the table")
    assert status == 0, err
    over = state(client, game_id)
    assert over.status == "finished" and over.outcome.ended == "adjudicated"
    assert [list(tier.seats) for tier in over.outcome.ranking] == [[1], [0]]
    assert over.outcome.reason == "adjudicated: Bob won at the table"
    audited(client, game_id)
    assert game_id in finished_ids(client)
    exported = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER)
    lines = [json.loads(line) for line in exported.content.splitlines() if line.strip()]
    (ruling,) = [line for line in lines if line["type"] == "ruling"]
    assert (ruling["ruling"], ruling["by"], ruling["result"]) == ("adjudicate", "organiser", [[1], [0]])


def test_another_relays_token_and_a_seat_may_not_close_a_relay(
    client: Client, organiser: Client, server: Running, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id, _ = half_relayed(organiser)
    _, other_token = half_relayed(organiser)
    request = frontier_pb2.EndGameRequest(game_id=game_id, abandon=True, reason="not mine")
    refused = failure(lambda: client.call("EndGame", request, token=other_token))
    assert (refused.code, refused.reason) == (grpc.StatusCode.PERMISSION_DENIED, "ORGANISER_REQUIRED")
    nobody = failure(lambda: client.call("EndGame", request))
    assert (nobody.code, nobody.reason) == (grpc.StatusCode.UNAUTHENTICATED, "ORGANISER_REQUIRED")
    assert state(client, game_id).status == "in_progress"
    status, _, err = close(capsys, server, game_id, "--abandon")
    assert status == 2 and "--reason" in err, "--close needs a reason"
    status, _, err = close(capsys, server, game_id, "--result", "two", "--reason", "x", "--token", ORGANISER)
    assert status == 2 and "1-based" in err
    assert state(client, game_id).status == "in_progress"


def test_a_relayed_game_keeps_no_server_clock(organiser: Client) -> None:
    header, _ = recording_lines()
    data = json.loads(header)
    for field in ("time_control", "clock"):
        asked = json.dumps({**data, field: "10m+5s"})
        refused = failure(lambda asked=asked: start(organiser, asked))
        assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_HEADER")
        assert refused.metadata["line"] == "1" and "unknown field" in refused.message
    started = start(organiser, header)
    shown = state(organiser, started.game_id)
    assert (shown.time_control, list(shown.clocks)) == ("", [])
