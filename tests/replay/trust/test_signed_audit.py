"""Attacks: a re-sealed forgery must not pass audit once exports are signed.

The attacker has the source, the documented hash formula and a genuine export; not the server's key.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replay.trust import checkpoint, keys
from replay.trust.signed_log import line_hashes, read_signed
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.replay.trust.helpers import finished_export, frontier, parsed, reseal, server_key_file, write
from tests.servers import free_port
from tests.service.helpers import create


def _forge(lines: list[dict[str, object]], how: str) -> list[dict[str, object]]:
    *body, _checkpoint = lines
    header = body[0]
    if how == "swap-players":
        players = list(header["players"])  # type: ignore[call-overload]
        players[0], players[1] = players[1], players[0]
        header["players"] = players
    else:
        header["tag"] = "world-final"
    return reseal(body)


def _attacker_checkpoint(body: list[dict[str, object]]) -> dict[str, object]:
    """A perfectly formed checkpoint over the forged lines, signed with the attacker's own key."""
    text = [json.dumps(line) for line in body]
    header, entries, trailer, _ = read_signed(text)
    return checkpoint.sign(
        keys.generate(), header.game_id, line_hashes(header, entries), imported=False, trailer=trailer
    ).to_json()


def test_the_untouched_export_passes_with_the_servers_key(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _game_id, content = finished_export(client)
    log = tmp_path / "game.jsonl"
    log.write_text(content, encoding="utf-8")
    status, out, _err = frontier(capsys, "audit", str(log), "--key", str(server_key_file(client, tmp_path)))
    assert status == 0, out
    size = len(parsed(content)) - 2  # every line but the trailer and the checkpoint is a leaf
    key_id = client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest()).key_id
    assert f"signed by key {key_id} at size {size}" in out
    assert "Verdict: **PASSED**" in out


@pytest.mark.parametrize("how", ["swap-players", "edit-tag"])
@pytest.mark.parametrize("signature", ["stripped", "attackers-key", "servers-old-checkpoint"])
def test_a_resealed_forgery_does_not_pass(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str, signature: str
) -> None:
    _game_id, content = finished_export(client)
    genuine = parsed(content)
    forged = _forge(parsed(content), how)
    if signature == "attackers-key":
        forged.append(_attacker_checkpoint(forged))
    elif signature == "servers-old-checkpoint":
        forged.append(genuine[-1])
    log = write(tmp_path / "forged.jsonl", forged)
    server_key = str(server_key_file(client, tmp_path))

    status, out, err = frontier(capsys, "audit", str(log), "--key", server_key)
    assert "agrees with the rules" in out  # the rules alone cannot see this forgery
    assert "Verdict: **PASSED**" not in out
    if signature == "servers-old-checkpoint":
        assert status == 1 and ("CHECKPOINT_HEADER_DIFFERS" in out or "CHECKPOINT_ROOT_DIFFERS" in out), out
    else:
        assert status == 4, out + err
        assert ("no signed checkpoint" if signature == "stripped" else "not trusted") in out

    # With no key given and none pinned, not even the attacker's own signature is trusted.
    status, out, _err = frontier(capsys, "audit", str(log), "--known-keys", str(tmp_path / "none"))
    assert status in (1, 4) and "Verdict: **PASSED**" not in out


def test_a_changed_server_key_is_refused_loudly(
    client: Client, server: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _game_id, content = finished_export(client, "most-wanted", 2)
    log = tmp_path / "game.jsonl"
    log.write_text(content, encoding="utf-8")
    pins = tmp_path / "known_keys"
    address = f"127.0.0.1:{server.port}"  # type: ignore[attr-defined]
    status, out, err = frontier(capsys, "audit", str(log), "--server", address, "--known-keys", str(pins))
    assert status == 0, out + err
    assert "pinned the key" in err and address in pins.read_text()

    # Later audits trust the pinned key with no --server or --key at all.
    status, out, _err = frontier(capsys, "audit", str(log), "--known-keys", str(pins))
    assert status == 0 and "signed by key" in out

    impostor = keys.generate()
    pins.write_text(f"{address} {impostor.key_id} {keys.raw_public(impostor.public).hex()}\n")
    status, out, err = frontier(capsys, "audit", str(log), "--server", address, "--known-keys", str(pins))
    assert status == 4 and "KEY HAS CHANGED" in err
    assert impostor.key_id in pins.read_text()  # never re-pinned silently


def test_redacted_exports_carry_the_same_signed_tree(client: Client, tmp_path: Path) -> None:
    g = create(client, "most-wanted", 3)
    full = parsed(
        client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=g.game_id), token=ORGANISER).content
    )
    mine = parsed(
        client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=g.game_id), token=g.tokens[1]).content
    )
    spectator = parsed(client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=g.game_id)).content)
    public = keys.parse_public_key(
        client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest()).public_key_hex
    )
    for lines in (full, mine, spectator):
        cp = checkpoint.from_json(lines[-1])
        hashes = [line["hash"] for line in lines[:-2]]
        checkpoint.check(cp, g.game_id, hashes, public, trailer=lines[-2])  # the trailer as shown
        assert cp.root == checkpoint.from_json(full[-1]).root and not cp.imported


def test_an_unreadable_key_or_proof_is_exit_2(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _game_id, content = finished_export(client, "most-wanted", 2)
    log = tmp_path / "game.jsonl"
    log.write_text(content, encoding="utf-8")
    bad_key = tmp_path / "bad.pub"
    bad_key.write_text("hello")
    status, _out, err = frontier(capsys, "audit", str(log), "--key", str(bad_key))
    assert status == 2 and "not a public key" in err
    lines = content.splitlines()
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join([*lines[:-1], lines[-1].replace('"tree_size"', '"size"')]) + "\n")
    status, _out, err = frontier(
        capsys, "audit", str(broken), "--key", str(server_key_file(client, tmp_path))
    )
    assert status == 2 and "line" in err and "checkpoint" in err


def test_a_file_that_is_not_utf8_is_unreadable_not_a_trace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "latin1.jsonl"
    log.write_bytes(b'{"type":"header","tag":"caf\xe9"}\n')
    status, _out, err = frontier(capsys, "audit", str(log), "--known-keys", str(tmp_path / "none"))
    assert status == 2 and "not a valid match log" in err


def test_a_second_checkpoint_line_is_malformed_not_skipped(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only the last line may be a checkpoint: a junk one before it must not be quietly dropped."""
    _, content = finished_export(client)
    lines = parsed(content)
    junk = {"type": "checkpoint", "junk": 1}
    key = server_key_file(client, tmp_path)
    genuine = write(tmp_path / "genuine.jsonl", lines)
    assert frontier(capsys, "audit", "--key", str(key), str(genuine))[0] == 0
    doubled = write(tmp_path / "doubled.jsonl", [*lines[:-1], junk, lines[-1]])
    status, _out, err = frontier(capsys, "audit", "--key", str(key), str(doubled))
    assert status == 2 and "checkpoint" in err


def test_an_unreachable_server_is_exit_2_not_a_failed_check(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing was checked, so the status must not be 1, which says the log failed a check."""
    _, content = finished_export(client)
    log = write(tmp_path / "game.jsonl", parsed(content))
    nowhere = f"127.0.0.1:{free_port()}"
    pins = tmp_path / "known_keys"
    assert frontier(capsys, "audit", "--server", nowhere, "--known-keys", str(pins), str(log))[0] == 2
    game_id = "00000000-0000-4000-8000-000000000000"
    assert frontier(capsys, "audit", "--server", nowhere, game_id)[0] == 2
