"""Attack: an impostor server signs as the name a user pinned for the real organiser's key.

A user audited a game of the real "Spring Open" server, so its key is pinned with that name. The
impostor runs its own server with `--signer-name "Spring Open"`, takes a finished log of the real
server, gives the win to the other player, re-seals every hash and signs a checkpoint with its own
key under that name. It asks the user to audit with `--server` pointing at it. A name must be vouched
for by one key only: the new key claiming the pinned name is refused loudly (exit 4), and so is a
known-keys file that already pins the name for both keys (edited, or written by an older version).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from replay.trust import keys
from service.client import Client
from service.server import Running
from tests.attacks.test_pinned_key_other_server import _signed_text, _winner_swapped
from tests.conftest import start_server
from tests.replay.trust.helpers import finished_export, frontier, server_key_file

REAL = "Spring Open"
UNTRUSTED = 4  # docs/trust-and-audit.md: no trusted signature covers the log


@pytest.fixture
def real_and_impostor(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Running, Running]]:
    real = start_server(tmp_path / "real", signer_name=REAL)
    impostor = start_server(tmp_path / "impostor", signer_name=request.param)
    yield real, impostor
    real.stop()
    impostor.stop()


def _export(running: Running, seed: int) -> str:
    with Client(f"127.0.0.1:{running.port}") as client:
        return finished_export(client, seed=seed)[1]


@pytest.mark.parametrize("real_and_impostor", [REAL, "spring  OPEN"], indirect=True)
def test_an_impostor_signing_as_the_pinned_name_is_refused_and_its_forgery_not_passed(
    real_and_impostor: tuple[Running, Running], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real, impostor = real_and_impostor
    pins = tmp_path / "known_keys"
    real_log, forged_log = tmp_path / "real.jsonl", tmp_path / "forged.jsonl"
    real_log.write_text(_export(real, seed=1), encoding="utf-8")
    real_address, impostor_address = f"127.0.0.1:{real.port}", f"127.0.0.1:{impostor.port}"
    status, _out, err = frontier(
        capsys, "audit", str(real_log), "--server", real_address, "--known-keys", str(pins)
    )
    assert status == 0 and REAL in pins.read_text(encoding="utf-8"), err
    pinned = pins.read_text(encoding="utf-8")

    impostor_key = impostor.servicer.signing_key  # its key, signing as its --signer-name
    forged = _signed_text(_winner_swapped(real_log.read_text(encoding="utf-8")), impostor_key, v1=False)
    forged_log.write_text(forged, encoding="utf-8")

    status, out, err = frontier(
        capsys, "audit", str(forged_log), "--server", impostor_address, "--known-keys", str(pins)
    )
    assert status == UNTRUSTED, out + err
    assert "TWO KEYS CLAIM ONE NAME" in err and impostor_key.key_id in err and real_address in err
    assert pins.read_text(encoding="utf-8") == pinned  # the impostor's key was not pinned
    status, out, _err = frontier(capsys, "audit", str(forged_log), "--known-keys", str(pins))
    assert status == UNTRUSTED and "Verdict: **NOT PASSED**" in out

    # A file that already pins the name for both keys (an older version pinned the impostor's too):
    # no audit trusts it until the user removes the line of the key it does not trust.
    with Client(impostor_address) as client:
        public = keys.load_public_key(server_key_file(client, tmp_path))
    impostor_line = (
        f"{impostor_address} {keys.key_id(public)} {keys.raw_public(public).hex()} {impostor_key.signer}"
    )
    pins.write_text(pinned + impostor_line + "\n", encoding="utf-8")
    for log in (forged_log, real_log):
        status, out, err = frontier(capsys, "audit", str(log), "--known-keys", str(pins))
        assert status == UNTRUSTED, out + err
        assert "TWO KEYS CLAIM ONE NAME" in err and str(pins) in err and "Verdict: **PASSED**" not in out
    pins.write_text(pinned, encoding="utf-8")  # the impostor's line removed: the real log passes again
    assert frontier(capsys, "audit", str(real_log), "--known-keys", str(pins))[0] == 0
