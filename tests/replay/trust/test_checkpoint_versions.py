"""Format 1 checkpoints stay verifiable with an explicit key; pins carry the signer's name."""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from pathlib import Path

import pytest

from replay.trust import checkpoint, keys, known_keys
from replay.trust.checkpoint import Checkpoint
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.replay.trust.helpers import finished_export, frontier

ROOT = Path(__file__).resolve().parents[3]
V1_LOG = ROOT / "tests" / "fixtures" / "checkpoint-v1" / "deadwood-1876-2p.jsonl"  # a sample as first signed
SAMPLE_PUB = ROOT / "seeds" / "keys" / "samples.pub"


def test_a_format_1_checkpoint_passes_with_an_explicit_key_and_says_what_it_does_not_sign(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert '"format_version":1' in V1_LOG.read_text(encoding="utf-8").splitlines()[-1]
    status, out, _err = frontier(capsys, "audit", str(V1_LOG), "--key", str(SAMPLE_PUB))
    assert status == 0 and "Verdict: **PASSED**" in out
    assert "signer not named (a format 1 checkpoint)" in out and f"the key file {SAMPLE_PUB}" in out
    assert "does not sign the trailer" in out


def test_a_format_1_checkpoint_on_a_pinned_key_alone_is_not_trusted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    public = keys.load_public_key(SAMPLE_PUB)
    pins = tmp_path / "known_keys"
    pins.write_text(f"samples.example:50051 {keys.key_id(public)} {keys.raw_public(public).hex()} Samples\n")
    status, out, err = frontier(capsys, "audit", str(V1_LOG), "--known-keys", str(pins))
    assert status == 4 and "SIGNER_DIFFERS" in out
    assert "samples.example:50051" in err and "names no signer" in err


def test_a_three_field_pin_is_read_and_gets_the_servers_name_on_the_next_audit(
    server: Running, client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    address = f"127.0.0.1:{server.port}"
    pins = tmp_path / "known_keys"
    assert (
        frontier(
            capsys, "audit", "--server", address, "--known-keys", str(pins), str(_log(client, tmp_path))
        )[0]
        == 0
    )
    (pinned,) = known_keys.read(pins)
    old_line = f"{pinned.server} {pinned.key_id} {pinned.public_hex}"
    pins.write_text(f"# kept\n{old_line}\n", encoding="utf-8")  # as pinned before signer names
    assert known_keys.read(pins)[0].signer is None

    log = _log(client, tmp_path)
    status, _out, err = frontier(capsys, "audit", str(log), "--known-keys", str(pins))
    assert status == 4 and "before signer names were recorded" in err  # a nameless pin vouches for no name
    assert frontier(capsys, "audit", str(log), "--server", address, "--known-keys", str(pins))[0] == 0
    assert pins.read_text(encoding="utf-8") == f"# kept\n{old_line} {pinned.signer}\n"
    assert frontier(capsys, "audit", str(log), "--known-keys", str(pins))[0] == 0


def test_a_server_answering_another_name_for_its_pinned_key_is_refused(tmp_path: Path) -> None:
    public = keys.generate().public
    pins = tmp_path / "known_keys"
    assert known_keys.pin(pins, "host:1", public, "Saloon")
    assert not known_keys.pin(pins, "host:1", public, "Saloon")
    with pytest.raises(known_keys.KeyChanged, match="now signs as 'Other'"):
        known_keys.pin(pins, "host:1", public, "Other")


def _log(client: Client, folder: Path) -> Path:
    _game_id, content = finished_export(client)
    path = folder / "game.jsonl"
    path.write_text(content, encoding="utf-8")
    return path


def test_a_proof_on_a_key_pinned_for_another_signer_is_not_trusted(
    server: Running, client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id, _content = finished_export(client)
    address = f"127.0.0.1:{server.port}"
    proof = tmp_path / "proof.json"
    assert frontier(capsys, "prove", "--server", address, game_id, "3", "-o", str(proof))[0] == 0
    key = client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest())
    pins = tmp_path / "known_keys"
    pins.write_text(f"elsewhere:1 {key.key_id} {key.public_key_hex} Another Saloon\n", encoding="utf-8")
    status, out, _err = frontier(capsys, "audit", "--proof", str(proof), "--known-keys", str(pins))
    assert status == 4 and "SIGNER_DIFFERS" in out and "elsewhere:1" in out and key.signer in out
    pins.write_text(f"elsewhere:1 {key.key_id} {key.public_key_hex} {key.signer}\n", encoding="utf-8")
    status, out, _err = frontier(capsys, "audit", "--proof", str(proof), "--known-keys", str(pins))
    assert status == 0 and "version 3 of game" in out and repr(key.signer) in out


def test_a_format_1_checkpoint_of_the_server_passes_with_server(
    server: Running, client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An export signed before signer names (format 1) is still the named server's own."""
    _game_id, content = finished_export(client)
    *body, signed = [line for line in content.split("\n") if line.strip()]
    key = keys.load_signing_key(tmp_path / "data" / keys.KEY_FILE)
    current = checkpoint.from_json(json.loads(signed))
    old = Checkpoint(**{**asdict(current), "format_version": 1, "signer": None, "trailer_hash": None})
    old = replace(old, signature=key.sign(old.signed_bytes()).hex())
    log = tmp_path / "v1.jsonl"
    log.write_text("".join(line + "\n" for line in [*body, old.to_line()]), encoding="utf-8")
    address = f"127.0.0.1:{server.port}"
    pins = str(tmp_path / "known_keys")
    status, out, _err = frontier(capsys, "audit", str(log), "--server", address, "--known-keys", pins)
    assert status == 0 and "signer not named (a format 1 checkpoint)" in out, out
    status, _out, err = frontier(capsys, "audit", str(log), "--known-keys", pins)  # the pin alone
    assert status == 4 and "names no signer" in err
