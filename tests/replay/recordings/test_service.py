"""ExpandRecording over gRPC on a real server: it stores what it expands, and refuses with every problem."""

from __future__ import annotations

from pathlib import Path

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, start_server
from tests.replay.recordings.mistakes import MOST_WANTED, at, sample_lines
from tests.service.helpers import failure


def _expand(client: Client, text: str, *, lenient: bool = False, token: str | None = ORGANISER) -> object:
    request = frontier_pb2.ExpandRecordingRequest(content=text, lenient=lenient)
    return client.call("ExpandRecording", request, token=token)


@pytest.mark.parametrize("game", ["most-wanted", "deadwood-1876", "western-legends"])
def test_a_recording_is_expanded_stored_audited_and_its_export_reimports(
    client: Client, tmp_path: Path, game: str
) -> None:
    reply = _expand(client, "\n".join(sample_lines(game)))
    assert isinstance(reply, frontier_pb2.ExpandRecordingResponse)
    assert reply.version >= 31
    state = client.call("GetState", frontier_pb2.GetStateRequest(game_id=reply.game_id), token=ORGANISER)
    assert state.version == reply.version and state.status == "finished"
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=reply.game_id), token=ORGANISER)
    assert report.ok and report.verdict == "passed" and report.imported, report.problems
    exported = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=reply.game_id), token=ORGANISER)
    fresh = start_server(tmp_path / "fresh")
    try:
        with Client(f"127.0.0.1:{fresh.port}") as other:
            again = other.call(
                "ImportLog", frontier_pb2.ImportLogRequest(content=exported.content), token=ORGANISER
            )
    finally:
        fresh.stop()
    assert (again.game_id, again.state_hash) == (reply.game_id, reply.state_hash)


def test_only_the_organiser_expands_into_the_store(client: Client) -> None:
    refused = failure(lambda: _expand(client, "\n".join(sample_lines("most-wanted")), token=None))
    assert refused.code == grpc.StatusCode.UNAUTHENTICATED and refused.reason == "ORGANISER_REQUIRED"
    listed = client.call("ListGames", frontier_pb2.ListGamesRequest(), token=ORGANISER)
    assert list(listed.games) == []


def _bad_request(call: object) -> tuple[grpc.StatusCode, dict[str, str], list[tuple[str, str, str]]]:
    try:
        call()  # type: ignore[operator]
    except grpc.RpcError as error:
        status = rpc_status.from_call(error)
        assert status is not None
        metadata: dict[str, str] = {}
        violations: list[tuple[str, str, str]] = []
        for detail in status.details:
            info, bad = error_details_pb2.ErrorInfo(), error_details_pb2.BadRequest()
            if detail.Unpack(info):
                assert info.reason == "RECORDING_REJECTED"
                metadata = dict(info.metadata)
            elif detail.Unpack(bad):
                violations = [(v.field, v.reason, v.description) for v in bad.field_violations]
        return error.code(), metadata, violations
    raise AssertionError("the call succeeded but should have failed")


@pytest.mark.parametrize("lenient", [False, True])
def test_a_bad_recording_answers_every_problem_as_a_violation_and_stores_nothing(
    client: Client, lenient: bool
) -> None:
    lines = at(9, '"J-0"', '"J-9"')(sample_lines("most-wanted"))
    lines = MOST_WANTED["a card that is not in the game"].edit(lines)
    code, metadata, violations = _bad_request(lambda: _expand(client, "\n".join(lines), lenient=lenient))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert metadata["code"] == "CARD_NOT_IN_GAME" and metadata["line"] == "9" and metadata["version"] == "6"
    expected = [("content:line 9", "CARD_NOT_IN_GAME"), ("content:line 13", "CARD_NOT_IN_GAME")]
    assert [(f, r) for f, r, _ in violations] == (expected if lenient else expected[:1])
    assert "'J-9'" in violations[0][2] and "version 6" in violations[0][2]
    listed = client.call("ListGames", frontier_pb2.ListGamesRequest(), token=ORGANISER)
    assert list(listed.games) == []


def test_the_same_recording_sent_twice_is_stored_once(client: Client) -> None:
    text = "\n".join(sample_lines("most-wanted"))
    first = _expand(client, text)
    again = failure(lambda: _expand(client, text))
    assert again.code == grpc.StatusCode.ALREADY_EXISTS and again.reason == "GAME_EXISTS"
    listed = client.call("ListGames", frontier_pb2.ListGamesRequest(), token=ORGANISER)
    assert [g.game_id for g in listed.games] == [first.game_id]  # type: ignore[attr-defined]


def test_a_lenient_refusal_marks_each_violation_that_may_follow_from_an_earlier_line(client: Client) -> None:
    lines = MOST_WANTED["a malformed line"].edit(sample_lines("most-wanted"))
    _, metadata, violations = _bad_request(lambda: _expand(client, "\n".join(lines), lenient=True))
    (field, reason, _), *rest = violations
    assert (field, reason, metadata["line"]) == ("content:line 16", "MALFORMED_LINE", "16")
    assert rest and metadata["problems"] == str(len(violations))
    assert all(d.endswith("(this may follow from line 16: fix that line first)") for _, _, d in rest)
