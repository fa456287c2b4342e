"""`frontier audit`'s service log options refuse what they cannot check, clearly, before any fetch."""

from __future__ import annotations

from pathlib import Path

import pytest

from replay.trust import cosignature, keys
from service.cli.main import main
from tests.service.web.verifier_js import ROOT, SAMPLE_KEY

LOG = ROOT / "seeds" / "logs" / "most-wanted" / "most-wanted-2p.jsonl"
NOWHERE = "http://127.0.0.1:9"  # never reached: each case is refused first


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--witness", "{w}"], "--witness and --quorum go with --log URL"),
        (
            ["--log", NOWHERE, "--witness", "{w}", "--quorum", "2"],
            "--quorum is 1 to the 1 witness keys given",
        ),
        (["--log", NOWHERE, "--witness", "example.org/w1+00000000+AAAA"], "--witness: "),
        (["--log", NOWHERE, "--proof", str(LOG)], "--log checks match logs, not an inclusion proof"),
    ],
)
def test_audit_log_options_that_cannot_be_checked_are_refused_with_exit_2(
    options: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    witness = cosignature.verifier_key("example.org/w1", keys.generate().public)
    target = [] if "--proof" in options else [str(LOG)]
    argv = ["audit", *target, "--key", str(SAMPLE_KEY), "--known-keys", str(tmp_path / "pins")]
    assert main([*argv, *(option.format(w=witness) for option in options)]) == 2
    assert said in capsys.readouterr().err
    assert not (tmp_path / "log_checkpoints").exists()  # nothing remembered


def test_audit_of_a_game_on_a_server_with_log_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "0f3c1d2e", "--server", "127.0.0.1:9", "--log", NOWHERE]) == 2
    assert "--log checks match log FILEs and bundles" in capsys.readouterr().err
