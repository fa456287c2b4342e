"""seeds/conformance/proofs/: every proof gets the result its manifest names, and a hash-only proof
never proves a version."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.replay.trust.helpers import frontier
from tools.conformance import DEFAULT_OUT

ROOT = Path(__file__).resolve().parents[3]
MANIFEST = json.loads((DEFAULT_OUT / "proofs" / "manifest.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", MANIFEST, ids=[case["file"] for case in MANIFEST])
def test_each_proof_case_gets_its_result(case: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    path = DEFAULT_OUT / case["file"]
    proof = json.loads(path.read_text(encoding="utf-8"))
    key = str(ROOT / "seeds" / "keys" / "samples.pub")
    status, out, _err = frontier(capsys, "audit", "--proof", str(path), "--key", key)
    if case["result"] == "failed":
        assert status == 1 and f"NOT verified ({case['code']})" in out
        return
    assert status == 0 and "Proof verified" in out
    game = proof["game_id"]
    if proof["line"] is None:
        assert f"{case['proves']} of game {game}" in out and "not proven" in out
        assert "of game" not in out.split(case["proves"])[0]  # no version claimed before the leaf
    else:
        assert f"{case['proves']} of game {game}" in out


def test_the_proof_cases_cover_a_relabel_of_each_kind() -> None:
    names = {Path(case["file"]).stem for case in MANIFEST}
    assert {"hash-only", "hash-only-relabelled", "with-line", "with-line-relabelled"} <= names
