"""A forged finish and a cut trailer, over real gRPC and the real CLI: neither passes as a finished game."""

from __future__ import annotations

import uuid
from pathlib import Path

import grpc
import pytest

from replay import logfile
from replay.forgeries import Record, cut_trailer, reroll
from replay.trust.checkpoint import sign
from replay.trust.keys import generate, public_pem
from replay.trust.signed_log import line_hashes
from replay.verify import verify
from service.cli.main import main as frontier
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.replay.helpers import simulated
from tests.replay.trust.helpers import server_key_file
from tests.service.helpers import failure, state

KEY = generate()  # the key of the server these logs claim to come from

DEADWOOD = "deadwood-1876"


def finished_game() -> Record:
    return simulated(DEADWOOD, 3, seed=b"server-seed", game_id=str(uuid.uuid4()))


def content(record: Record) -> str:
    """The log signed by KEY, so that an audit with KEY judges the rules and nothing else."""
    header, entries, trailer = record
    checkpoint = sign(KEY, header.game_id, line_hashes(header, entries), imported=False, trailer=trailer)
    return "\n".join([*logfile.write_lines(*record), checkpoint.to_line()]) + "\n"


def audit_file(
    tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str], key: Path | None = None
) -> tuple[int, str]:
    path = tmp_path / "log.jsonl"
    path.write_text(text, encoding="utf-8")
    if key is None:
        key = tmp_path / "key.pem"
        key.write_text(public_pem(KEY.public), encoding="utf-8")
    code = frontier(["audit", "--key", str(key), str(path)])
    return code, capsys.readouterr().out


def test_a_forged_finish_fails_in_verify_cli_and_import(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged, _ = reroll(finished_game())
    assert verify(*forged).problem is not None
    code, out = audit_file(tmp_path, content(forged), capsys)
    assert code == 1 and "**FAILED**" in out and "SEED_WITHHELD" in out
    request = frontier_pb2.ImportLogRequest(content=content(forged))
    refused = failure(lambda: client.call("ImportLog", request, token=ORGANISER))
    assert refused.code == grpc.StatusCode.FAILED_PRECONDITION
    assert refused.reason == "LOG_REJECTED"
    assert refused.metadata["code"] == "SEED_WITHHELD"
    assert refused.metadata["line"] == str(len(forged[1]) + 2)
    assert refused.metadata["version"] == str(len(forged[1]) + 1)


def test_a_cut_trailer_is_unfinished_in_every_view(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = finished_game()
    cut = cut_trailer(record)
    game_id = cut[0].game_id
    code, out = audit_file(tmp_path, content(cut), capsys)
    assert code == 3 and "**INCOMPLETE**" in out

    client.call("ImportLog", frontier_pb2.ImportLogRequest(content=content(cut)), token=ORGANISER)
    for token in (None, ORGANISER):
        seen = state(client, game_id, token)
        assert seen.status == "in_progress"
        assert not seen.HasField("outcome")
    listed = client.call("ListGames", frontier_pb2.ListGamesRequest())
    assert [g.status for g in listed.games if g.game_id == game_id] == ["in_progress"]
    finished = client.call("ListGames", frontier_pb2.ListGamesRequest(status="finished"))
    assert game_id not in [g.game_id for g in finished.games]

    exported = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER)
    again = logfile.read_lines(exported.content.splitlines())
    assert verify(*again).verdict == "incomplete"
    code, out = audit_file(tmp_path, exported.content, capsys, server_key_file(client, tmp_path))
    assert code == 3, out

    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=game_id), token=ORGANISER)
    assert report.verdict == "incomplete" and not report.problems


def test_a_finished_game_audits_passed_with_exit_0(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = finished_game()
    code, out = audit_file(tmp_path, content(record), capsys)
    assert code == 0 and "**PASSED**" in out
    client.call("ImportLog", frontier_pb2.ImportLogRequest(content=content(record)), token=ORGANISER)
    game_id = record[0].game_id
    assert state(client, game_id).status == "finished"
    assert state(client, game_id).HasField("outcome")
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=game_id))
    assert report.verdict == "passed" and report.ok


def test_an_unreadable_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert audit_file(tmp_path, "not json\n", capsys)[0] == 2
    assert frontier(["audit", str(tmp_path / "missing.jsonl")]) == 2
