"""Attack: turn a signed log's verdict by adding, removing or editing its trailer after signing.

A table's log imported without a trailer is exported as it came, signed, and audits "incomplete":
nobody attested its result. Anyone holding the source can compute the rules' result and append a
trailer that says it; before the checkpoint signed the trailer, that made the log "passed".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.replay.trust.helpers import finished_export, frontier
from tools.conformance import DEFAULT_OUT

TABLETOP = DEFAULT_OUT / "good" / "deadwood-1876-tabletop.jsonl"  # a finished table game, with its trailer


def _lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def _audit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lines: list[str], address: str
) -> tuple[int, str]:
    log = tmp_path / "log.jsonl"
    log.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    status, out, _err = frontier(
        capsys, "audit", str(log), "--server", address, "--known-keys", str(tmp_path / "known_keys")
    )
    return status, out


def test_a_trailer_appended_to_a_signed_log_without_one_does_not_make_it_passed(
    server: Running, client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    *body, trailer, _checkpoint = _lines(TABLETOP.read_text(encoding="utf-8"))
    assert json.loads(trailer)["status"] == "finished"
    imported = client.call(
        "ImportLog",
        frontier_pb2.ImportLogRequest(content="".join(line + "\n" for line in body)),
        token=ORGANISER,
    )
    export = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=imported.game_id), token=ORGANISER
    )
    *signed_body, signed = _lines(export.content)
    assert json.loads(signed_body[-1])["type"] != "trailer"  # exported as cut as it came
    address = f"127.0.0.1:{server.port}"

    status, out = _audit(capsys, tmp_path, [*signed_body, signed], address)
    assert status == 3 and "**INCOMPLETE**" in out  # the control: signed, and incomplete

    status, out = _audit(capsys, tmp_path, [*signed_body, trailer, signed], address)
    assert "**PASSED**" not in out
    assert status == 1 and "CHECKPOINT_TRAILER_DIFFERS" in out and "added after signing" in out


def test_a_trailer_removed_from_a_signed_finished_log_fails_the_signature(
    server: Running, client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _game_id, content = finished_export(client)
    *body, trailer, signed = _lines(content)
    assert json.loads(trailer)["type"] == "trailer"
    status, out = _audit(capsys, tmp_path, [*body, signed], f"127.0.0.1:{server.port}")
    assert status == 1 and "CHECKPOINT_TRAILER_DIFFERS" in out and "removed after signing" in out
