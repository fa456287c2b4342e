"""Attack: a checkpoint line that two JSON readers read differently.

Every line of a log is read strictly (no duplicate key, no NaN); the checkpoint line was read with
Python's lenient `json.loads`, which keeps the last of two equal keys. An importer's game is signed
`"imported":true`; writing `"imported":false` before it left the signature valid for this verifier
while a reader that keeps the first value (or a person reading the line) sees a game played live.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.replay.trust.helpers import frontier
from tools.conformance import DEFAULT_OUT

FINISHED = DEFAULT_OUT / "good" / "deadwood-1876-finished.jsonl"


def _imported_export(client: Client) -> list[str]:
    imported = client.call(
        "ImportLog",
        frontier_pb2.ImportLogRequest(content=FINISHED.read_text(encoding="utf-8")),
        token=ORGANISER,
    )
    content = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=imported.game_id), token=ORGANISER
    ).content
    return [line for line in content.split("\n") if line.strip()]


@pytest.mark.parametrize(
    ("name", "prefix"),
    [("a duplicate key", '"imported":false,'), ("NaN", '"imported":NaN,')],
)
def test_a_checkpoint_line_that_is_not_strict_json_is_unreadable(
    server: Running,
    client: Client,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    prefix: str,
) -> None:
    *body, signed = _imported_export(client)
    assert json.loads(signed)["imported"] is True
    edited = "{" + prefix + signed[1:]
    assert json.loads(edited) == json.loads(signed)  # Python's json.loads sees the signed values
    log = tmp_path / "log.jsonl"
    log.write_text("".join(line + "\n" for line in [*body, edited]), encoding="utf-8")
    address = f"127.0.0.1:{server.port}"
    status, out, err = frontier(
        capsys, "audit", str(log), "--server", address, "--known-keys", str(tmp_path / "known_keys")
    )
    assert status == 2 and "**PASSED**" not in out, (name, out)
    assert f"line {len(body) + 1}" in err and "not a valid match log" in err
