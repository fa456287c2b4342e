"""TLS settings that cannot work stop `frontier serve` before it opens its store, with one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from service.cli.main import main
from service.ops.tls import server_tls
from tests.service.ops.certificates import make_certificates


def serve(tmp_path: Path, *flags: str) -> int:
    return main(["serve", "--port", "0", "--data", str(tmp_path / "data"), *flags])


def test_a_certificate_without_its_key_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    made = make_certificates(tmp_path)
    assert serve(tmp_path, "--tls-cert", str(made.cert)) == 2
    assert "--tls-cert and --tls-key go together" in capsys.readouterr().err
    assert not (tmp_path / "data").exists(), "nothing starts"


def test_a_key_that_is_not_the_certificates_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "other").mkdir()
    made, other = make_certificates(tmp_path), make_certificates(tmp_path / "other")
    assert serve(tmp_path, "--tls-cert", str(made.cert), "--tls-key", str(other.key)) == 2
    assert "cannot use the TLS certificate" in capsys.readouterr().err


def test_a_missing_certificate_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    made = make_certificates(tmp_path)
    assert serve(tmp_path, "--tls-cert", str(tmp_path / "absent.pem"), "--tls-key", str(made.key)) == 2
    assert "absent.pem" in capsys.readouterr().err


@pytest.mark.parametrize("mode", [0o644, 0o604, 0o660, 0o666])
def test_a_private_key_other_users_can_read_is_refused(tmp_path: Path, mode: int) -> None:
    """The real `serve` process: a key readable (or writable) by group or others stops it, as ssh does
    (it used to serve with it, without a word)."""
    made = make_certificates(tmp_path)
    made.key.chmod(mode)
    command = ["serve", "--port", "0", "--data", str(tmp_path / "data")]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "service.cli",
            *command,
            "--tls-cert",
            str(made.cert),
            "--tls-key",
            str(made.key),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done
    assert f"mode {mode:04o}" in done.stderr and "chmod 600" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "data").exists(), "nothing starts"


def test_a_private_key_of_mode_0600_is_taken(tmp_path: Path) -> None:
    made = make_certificates(tmp_path)
    made.key.chmod(0o400)
    assert server_tls(made.cert, made.key) is not None
    made.key.chmod(0o600)
    assert server_tls(made.cert, made.key) is not None
