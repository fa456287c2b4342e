"""TLS settings that cannot work stop `frontier serve` before it opens its store, with one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.cli.main import main
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
