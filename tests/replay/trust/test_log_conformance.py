"""seeds/conformance/log/: `frontier log verify` gives every service log case the verdict its manifest
names, saying what is quoted there."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from replay.trust import note
from service.cli.main import main
from tools.conformance import DEFAULT_OUT, sample_key
from tools.log_cases import origin

MANIFEST = json.loads((DEFAULT_OUT / "log" / "manifest.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", MANIFEST, ids=[case["case"] for case in MANIFEST])
def test_each_log_case_gets_its_verdict(
    case: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = DEFAULT_OUT / case["case"]
    state = tmp_path / "seen.json"
    if (folder / "seen.json").exists():
        shutil.copy(folder / "seen.json", state)  # the verifier keeps what it sees: a copy
    key = sample_key()
    vkey = note.verifier_key(origin(key), key.public)
    status = main(["log", "verify", folder.as_uri(), "--key", vkey, "--state", str(state)])
    out, err = capsys.readouterr()
    assert status == (0 if case["verdict"] == "passed" else 1), out + err
    assert case["says"] in (out if status == 0 else err)


def test_the_log_cases_cover_each_failure_a_monitor_must_catch() -> None:
    names = {Path(case["case"]).name for case in MANIFEST}
    assert {"tile-edited", "bundle-edited", "rollback", "fork", "split-view", "checkpoint-altered"} <= names
