"""StartRelay / RelayLine: a table game relayed line by line, watched live, checked at every line."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import grpc
import pytest

from replay.logfile import read_text
from replay.recordings.expand import expand_text
from replay.verify import verify
from service.cli.main import main
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.service.helpers import failure, state
from tests.service.relays.helpers import FROZEN, SAMPLE, Watcher, recording_lines, send, start


def test_a_relayed_game_is_watched_line_by_line_and_audits(client: Client, organiser: Client) -> None:
    header, lines = recording_lines()
    relay = start(organiser, header)
    assert relay.version == 1 and relay.relay_token
    watcher = Watcher(client, relay.game_id)
    watcher.start()
    resealed = 0
    for number, line in enumerate(lines, start=1):
        reply = send(client, relay.game_id, line, number, relay.relay_token)
        assert reply.version == number + 1 and not reply.duplicate
        resealed += reply.resealed
        # Every public reader sees the line at once: no delay was asked for.
        assert state(client, relay.game_id).version == number + 1
    assert reply.status == "finished"
    watcher.join(60)
    assert watcher.error is None
    assert watcher.versions() == list(range(1, len(lines) + 2))
    assert resealed > 0  # the sample shows cards the plan had put elsewhere
    # The stored log is the whole recording's expansion: it audits, as a tabletop import.
    text = organiser.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=relay.game_id)).content
    head, entries, trailer = read_text(text)[:3]
    assert verify(head, entries, trailer).verdict == "passed"
    assert head.seed_commitment is None and head.game_id == relay.game_id
    whole = expand_text(SAMPLE.read_text())
    assert trailer is not None and trailer.state_hash == whole.trailer.state_hash
    final = state(client, relay.game_id)
    assert final.imported and final.status == "finished"
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=relay.game_id))
    assert report.ok and report.imported


def test_a_line_that_breaks_a_rule_is_refused_and_nothing_is_stored(
    client: Client, organiser: Client
) -> None:
    header, lines = recording_lines(FROZEN)
    relay = start(organiser, header)
    send(client, relay.game_id, lines[0], 1, relay.relay_token)
    wrong_seat = lines[1].replace('"seat": 1', '"seat": 0', 1)
    found = failure(lambda: send(client, relay.game_id, wrong_seat, 2, relay.relay_token))
    assert found.code == grpc.StatusCode.FAILED_PRECONDITION
    assert (found.reason, found.metadata["line"], found.metadata["version"]) == ("NOT_TO_ACT", "3", "3")
    assert "line 3" in found.message
    unreadable = failure(lambda: send(client, relay.game_id, '{"seat": 1, "command": ', 2, relay.relay_token))
    assert unreadable.code == grpc.StatusCode.INVALID_ARGUMENT and unreadable.metadata["line"] == "3"
    card_twice = lines[1].replace('"K-0"', '"Q-2"', 1)  # Ann holds the queen of suit 2: not Bob's to play
    assert card_twice != lines[1]
    refused = failure(lambda: send(client, relay.game_id, card_twice, 2, relay.relay_token))
    assert refused.code == grpc.StatusCode.FAILED_PRECONDITION and refused.metadata["line"] == "3"
    # Attack: a line that brings its own events, or smuggles a second line, is not a recording line.
    injected = lines[1][:-1] + ', "events": [{"kind": "money_gained", "seat": 1, "amount": 99}]}'
    smuggled = lines[1] + "\n" + lines[2]
    for bad, reason in ((injected, "MALFORMED_LINE"), (smuggled, "NOT_ONE_LINE")):
        found = failure(lambda bad=bad: send(client, relay.game_id, bad, 2, relay.relay_token))  # type: ignore[misc]
        assert (found.code, found.reason) == (grpc.StatusCode.INVALID_ARGUMENT, reason), found
    assert state(client, relay.game_id).version == 2
    # The right line is still accepted at version 3.
    assert send(client, relay.game_id, lines[1], 2, relay.relay_token).version == 3


def test_retries_stale_versions_and_strangers(client: Client, organiser: Client) -> None:
    header, lines = recording_lines()
    relay = start(organiser, header)
    first = send(client, relay.game_id, lines[0], 1, relay.relay_token)
    again = send(client, relay.game_id, lines[0], 1, relay.relay_token)  # the answer was lost: retried
    assert (again.version, again.duplicate) == (first.version, True)
    assert state(client, relay.game_id).version == 2
    stale = failure(lambda: send(client, relay.game_id, lines[1], 1, relay.relay_token))
    assert (stale.code, stale.reason) == (grpc.StatusCode.ABORTED, "STALE_VERSION")
    for token, reason in ((None, "RELAY_TOKEN_REQUIRED"), ("stranger", "UNKNOWN_TOKEN")):
        refused = failure(lambda token=token: send(client, relay.game_id, lines[1], 2, token))  # type: ignore[misc]
        assert (refused.code, refused.reason) == (grpc.StatusCode.UNAUTHENTICATED, reason)
    assert state(client, relay.game_id).version == 2
    assert send(organiser, relay.game_id, lines[1], 2, None).version == 3  # the organiser may relay too
    # A table game's seats are the table's: nobody claims them over the API.
    claim = failure(lambda: client.call("ClaimSeat", frontier_pb2.ClaimSeatRequest(game_id=relay.game_id)))
    assert claim.reason == "IMPORTED_GAME"


def test_a_bad_header_is_refused_and_only_the_organiser_starts_relays(
    client: Client, organiser: Client
) -> None:
    header, _ = recording_lines()
    bad = failure(lambda: start(organiser, header.replace('"players": ["Ann", "Bob"]', '"players": ["Ann"]')))
    assert bad.code == grpc.StatusCode.FAILED_PRECONDITION and bad.metadata["line"] == "1"
    empty = failure(lambda: start(organiser, "  "))
    assert (empty.code, empty.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "EMPTY_LINE")
    stranger = failure(lambda: start(client, header))
    assert (stranger.code, stranger.reason) == (grpc.StatusCode.UNAUTHENTICATED, "ORGANISER_REQUIRED")
    assert client.call("ListGames", frontier_pb2.ListGamesRequest()).games == []


def test_frontier_relay_sends_a_recording_line_by_line(
    client: Client, server: Running, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    address = ["--server", f"127.0.0.1:{server.port}", "--token", ORGANISER]
    assert main(["relay", str(SAMPLE), *address]) == 0
    out = capsys.readouterr().out
    assert "(game over)" in out
    game_id = out.split(" as game ")[1].split()[0]
    assert state(client, game_id).status == "finished"
    # A wrong line is named by its line in the file (notes and blank lines counted).
    text = SAMPLE.read_text().splitlines()
    number = (
        next(n for n, line in enumerate(text) if line.startswith('{"seat": 1, "command": {"kind": "join')) + 1
    )
    text[number - 1] = text[number - 1].replace('"seat": 1', '"seat": 0', 1)
    wrong = tmp_path / "wrong.rec"
    wrong.write_text("\n".join(text) + "\n")
    assert main(["relay", str(wrong), *address]) == 1
    assert f"{wrong}:{number}: FAILED_PRECONDITION: line " in capsys.readouterr().err


def test_frontier_relay_follow_sends_lines_as_the_arbiter_writes_them(
    client: Client, server: Running, tmp_path: Path
) -> None:
    header, lines = recording_lines()
    live = tmp_path / "live.rec"
    live.write_text(header + "\n" + lines[0] + "\n")
    argv = ["relay", str(live), "--follow", "--server", f"127.0.0.1:{server.port}", "--token", ORGANISER]
    result: list[int] = []
    relaying = threading.Thread(target=lambda: result.append(main(argv)), daemon=True)
    relaying.start()
    deadline = time.monotonic() + 20
    while not client.call("ListGames", frontier_pb2.ListGamesRequest()).games:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    game_id = client.call("ListGames", frontier_pb2.ListGamesRequest()).games[0].game_id
    with live.open("a") as file:  # the arbiter writes the rest, a few lines at a time
        for start_at in range(1, len(lines), 10):
            file.write("# next turn\n" + "\n".join(lines[start_at : start_at + 10]) + "\n")
            file.flush()
            time.sleep(0.3)
    relaying.join(60)
    assert result == [0]
    assert state(client, game_id).status == "finished"
    assert state(client, game_id).version == len(lines) + 1
