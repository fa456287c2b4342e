"""A client and a server that disagree on TLS are told which option fixes it, as a user runs `frontier`:
a real TLS server (this folder's conftest), a real plaintext one, and the CLI in processes of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.service.ops.certificates import Certificates
from tests.service.ops.serving import Served
from tests.service.serving import frontier_serving


def frontier(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`frontier ARGS` with no TLS settings of the caller's, nor its gRPC log level."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("FRONTIER_TLS", "GRPC_"))}
    return subprocess.run(
        [sys.executable, "-m", "service.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**base, **env},
    )


@pytest.fixture(scope="module")
def plaintext(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with frontier_serving(tmp_path_factory.mktemp("plain") / "data") as address:
        yield address


def test_a_plaintext_client_of_a_tls_server_is_told_to_pass_the_ca(served: Served) -> None:
    refused = frontier("games", "--server", served.grpc)
    assert refused.returncode == 1
    assert refused.stderr == (
        f"error: the server at {served.grpc} speaks TLS: pass --tls-ca FILE (or $FRONTIER_TLS_CA) with the "
        "CA certificate that signed its certificate, or --tls ($FRONTIER_TLS=1) if a public CA signed it "
        "(UNAVAILABLE)\n"
    )


def test_a_private_ca_not_given_is_named_without_grpc_s_own_handshake_line(served: Served) -> None:
    """--tls trusts the system's store, which lacks the test CA: one sentence, no "I1207 ... Handshake"."""
    refused = frontier("games", "--server", served.grpc, "--tls")
    assert refused.returncode == 1
    (line,) = refused.stderr.splitlines()
    assert line.startswith(
        f"error: the server at {served.grpc} speaks TLS, but its certificate is not trusted"
    )
    assert "pass --tls-ca FILE (or $FRONTIER_TLS_CA)" in line


def test_the_right_ca_from_the_environment_still_reaches_it(
    served: Served, certificates: Certificates
) -> None:
    games = frontier("games", "--server", served.grpc, FRONTIER_TLS_CA=str(certificates.ca))
    assert games.returncode == 0 and games.stderr == "", games.stderr


def test_a_tls_client_of_a_plaintext_server_is_told_to_leave_tls_out(
    plaintext: str, certificates: Certificates
) -> None:
    refused = frontier("games", "--server", plaintext, "--tls-ca", str(certificates.ca))
    assert refused.returncode == 1
    (line,) = refused.stderr.splitlines()
    assert line.startswith(
        f"error: the server at {plaintext} does not speak TLS: leave out --tls and --tls-ca"
    )


def test_nothing_listening_is_still_asked_whether_frontier_serve_runs(tmp_path: Path) -> None:
    refused = frontier("games", "--server", "127.0.0.1:1", "--tls")
    assert "is `frontier serve` running on 127.0.0.1:1? (UNAVAILABLE)" in refused.stderr
