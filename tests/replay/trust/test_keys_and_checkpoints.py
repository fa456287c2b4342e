"""The signing key and the checkpoint line: made once, kept private, signing exactly its fields."""

from __future__ import annotations

import hashlib
import json
import stat
from pathlib import Path

import pytest
import rfc8785
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.trust import checkpoint, keys, merkle
from service.client import Client
from service.config import ConfigError, Settings
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import start_server

HASHES = [hashlib.sha256(str(i).encode()).hexdigest() for i in range(7)]


def test_the_key_is_made_on_first_start_readable_by_its_owner_only(tmp_path: Path) -> None:
    running = start_server(tmp_path / "data")
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            first = client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest())
    finally:
        running.stop()
    key_file = tmp_path / "data" / keys.KEY_FILE
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    raw = bytes.fromhex(first.public_key_hex)
    assert first.algorithm == "ed25519" and first.key_id == hashlib.sha256(raw).hexdigest()
    assert keys.key_id(keys.parse_public_key(first.public_key_pem)) == first.key_id

    restarted = start_server(tmp_path / "data")  # the same key after a restart
    try:
        with Client(f"127.0.0.1:{restarted.port}") as client:
            again = client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest())
    finally:
        restarted.stop()
    assert again.key_id == first.key_id


def test_a_configured_key_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    given_key = keys.generate()
    path = tmp_path / "my.pem"
    path.write_text(given_key.private_pem())
    monkeypatch.setenv("FRONTIER_SIGNING_KEY", str(path))
    settings_ = Settings.from_env(data=tmp_path / "data")
    assert settings_.load_signing_key().key_id == given_key.key_id
    assert not (tmp_path / "data" / keys.KEY_FILE).exists()


def test_a_bad_key_file_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.pem"
    path.write_text("not a key")
    with pytest.raises(ConfigError, match="bad.pem"):
        Settings(data=tmp_path, signing_key=path).load_signing_key()
    with pytest.raises(ConfigError, match="cannot read"):
        Settings(data=tmp_path, signing_key=tmp_path / "missing.pem").load_signing_key()


def test_the_signature_covers_the_rfc8785_form_of_every_other_field() -> None:
    key = keys.generate()
    cp = checkpoint.sign(key, "game-1", HASHES, imported=False, trailer=None)
    line = json.loads(cp.to_line())
    assert line["tree_size"] == 7 and line["header_hash"] == HASHES[0] and line["key_id"] == key.key_id
    assert line["root"] == merkle.root([bytes.fromhex(h) for h in HASHES]).hex()
    signed = rfc8785.dumps({k: v for k, v in line.items() if k != "signature"})
    Ed25519PublicKey.from_public_bytes(keys.raw_public(key.public)).verify(
        bytes.fromhex(line["signature"]), signed
    )
    checkpoint.check(checkpoint.from_json(line), "game-1", HASHES, key.public, trailer=None)


@settings(max_examples=60, deadline=None)
@given(
    field=st.sampled_from(["game_id", "tree_size", "root", "header_hash", "imported"]),
    data=st.data(),
)
def test_changing_any_signed_field_breaks_the_signature(field: str, data: st.DataObject) -> None:
    key = keys.generate()
    line = checkpoint.sign(key, "game-1", HASHES, imported=False, trailer=None).to_json()
    changed = {
        "game_id": data.draw(st.text(min_size=1).filter(lambda s: s != "game-1")),
        "tree_size": data.draw(st.integers(1, 10**6).filter(lambda n: n != 7)),
        "root": data.draw(st.from_regex(r"[0-9a-f]{64}", fullmatch=True).filter(lambda h: h != line["root"])),
        "header_hash": data.draw(
            st.from_regex(r"[0-9a-f]{64}", fullmatch=True).filter(lambda h: h != HASHES[0])
        ),
        "imported": True,
    }[field]
    forged = checkpoint.from_json({**line, field: changed})
    with pytest.raises(checkpoint.CheckpointError) as error:
        checkpoint.check_signature(forged, key.public)
    assert error.value.code == "BAD_SIGNATURE"


def test_a_checkpoint_for_other_lines_is_refused_by_name() -> None:
    key = keys.generate()
    cp = checkpoint.sign(key, "game-1", HASHES, imported=False, trailer=None)
    cases = {
        "CHECKPOINT_GAME_DIFFERS": ("game-2", HASHES),
        "CHECKPOINT_SIZE_DIFFERS": ("game-1", HASHES[:-1]),
        "CHECKPOINT_HEADER_DIFFERS": ("game-1", [HASHES[1], *HASHES[1:]]),
        "CHECKPOINT_ROOT_DIFFERS": ("game-1", [*HASHES[:-1], HASHES[0]]),
    }
    for code, (game_id, hashes) in cases.items():
        with pytest.raises(checkpoint.CheckpointError) as error:
            checkpoint.check(cp, game_id, hashes, key.public, trailer=None)
        assert error.value.code == code
    with pytest.raises(checkpoint.CheckpointError) as error:
        checkpoint.check(cp, "game-1", HASHES, keys.generate().public, trailer=None)
    assert error.value.code == "CHECKPOINT_KEY_DIFFERS"


def test_split_checkpoint_takes_only_a_final_checkpoint_line() -> None:
    cp = checkpoint.sign(keys.generate(), "g", HASHES, imported=True, trailer=None)
    body = ['{"type":"header"}', '{"type":"trailer"}']
    assert checkpoint.split_checkpoint([*body, cp.to_line(), "", ""]) == (body, cp)
    assert checkpoint.split_checkpoint(body) == (body, None)
    assert checkpoint.split_checkpoint(["[" * 100_000]) == (["[" * 100_000], None)  # left to the log reader
    with pytest.raises(checkpoint.CheckpointError, match="line 3"):
        checkpoint.split_checkpoint([*body, '{"type":"checkpoint","tree_size":"many"}'])


def test_the_server_signs_as_its_configured_name_and_answers_it(tmp_path: Path) -> None:
    running = start_server(tmp_path / "data", signer_name="Deadwood Cup")
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            assert client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest()).signer == "Deadwood Cup"
    finally:
        running.stop()
    assert Settings(data=tmp_path, store="memory").load_signing_key().signer  # default: the host name
    for bad in ("", " padded", "two\nlines", "x" * 101):
        with pytest.raises(ConfigError, match="--signer-name"):
            Settings(data=tmp_path, store="memory", signer_name=bad).load_signing_key()


def test_a_checkpoint_naming_no_usable_signer_is_malformed() -> None:
    line = checkpoint.sign(keys.generate(), "g", HASHES, imported=False, trailer=None).to_json()
    for bad in ("", " x", 7, None):
        with pytest.raises(checkpoint.CheckpointError, match="signer"):
            checkpoint.from_json({**line, "signer": bad})
    with pytest.raises(checkpoint.CheckpointError, match="unknown signer, trailer_hash"):
        checkpoint.from_json({**line, "format_version": 1})
