"""ProveInclusion and `frontier prove` / `frontier audit --proof`: one entry proven without the log."""

from __future__ import annotations

import json
import random
from pathlib import Path

import grpc
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from replay.trust import keys, proofs
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.replay.trust.helpers import finished_export, frontier, parsed, server_key_file
from tests.service.helpers import create, failure, legal, submit


def _prove(client: Client, game_id: str, version: int, token: str | None = None) -> proofs.InclusionProof:
    reply = client.call(
        "ProveInclusion", frontier_pb2.ProveInclusionRequest(game_id=game_id, version=version), token=token
    )
    return proofs.from_json(
        {
            "type": "inclusion-proof",
            "format_version": 1,
            "game_id": reply.game_id,
            "version": reply.version,
            "line": reply.line or None,
            "line_hash": reply.line_hash,
            "leaf_index": reply.leaf_index,
            "tree_size": reply.tree_size,
            "audit_path": list(reply.audit_path),
            "checkpoint": json.loads(reply.checkpoint),
        }
    )


def _server_key(client: Client) -> Ed25519PublicKey:
    return keys.parse_public_key(
        client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest()).public_key_hex
    )


def test_every_line_of_a_finished_game_proves_with_its_full_text(client: Client) -> None:
    game_id, content = finished_export(client, "most-wanted", 2)
    lines = parsed(content)[:-2]
    exported_root = json.loads(content.splitlines()[-1])["root"]
    public = _server_key(client)
    for version in range(1, len(lines) + 1):
        proof = _prove(client, game_id, version)
        assert proof.line is not None and json.loads(proof.line) == lines[version - 1]
        assert proof.tree_size == len(lines) and proof.checkpoint.root == exported_root
        assert f"version {version} of game {game_id}" in proofs.verify(proof, [public])


def test_a_game_in_progress_proves_only_hashes_to_seats_and_spectators(client: Client) -> None:
    g = create(client, "most-wanted", 3)
    chooser = random.Random(2)
    for _ in range(4):
        state = client.call("GetState", frontier_pb2.GetStateRequest(game_id=g.game_id), token=ORGANISER)
        seat = chooser.choice(list(state.seats_to_act))
        submit(client, g, seat, chooser.choice(list(legal(client, g, seat).commands)))
    public = _server_key(client)
    for token in (None, g.tokens[0]):
        proof = _prove(client, g.game_id, 3, token)
        assert proof.line is None
        assert "line hash" in proofs.verify(proof, [public])
    organisers = _prove(client, g.game_id, 3, ORGANISER)
    assert organisers.line is not None and json.loads(organisers.line)["hash"] == organisers.line_hash


def test_a_bent_proof_fails(client: Client) -> None:
    game_id, _content = finished_export(client, "most-wanted", 2)
    proof = _prove(client, game_id, 5)
    public = _server_key(client)
    data = {**proof.__dict__, "checkpoint": proof.checkpoint}
    flipped = "0" if proof.line_hash[0] != "0" else "1"
    assert proof.line is not None
    line = json.loads(proof.line)
    credited_elsewhere = {**line, "seat": 1 - line["seat"]}  # the same move, claimed for the other seat
    bad = {
        "PATH_INVALID": proofs.InclusionProof(
            **{**data, "line": None, "line_hash": flipped + proof.line_hash[1:]}
        ),
        "PROOF_INDEX_DIFFERS": proofs.InclusionProof(**{**data, "leaf_index": 2}),  # before leaf v - 1
        "LINE_HASH_DIFFERS": proofs.InclusionProof(**{**data, "line": json.dumps(credited_elsewhere)}),
    }
    for code, forged in bad.items():
        with pytest.raises(proofs.ProofCheckError) as error:
            proofs.verify(forged, [public])
        assert error.value.code == code, (code, str(error.value))
    with pytest.raises(proofs.ProofCheckError) as error:
        proofs.verify(proof, [keys.generate().public])
    assert error.value.code == "UNTRUSTED_KEY"


def test_a_version_outside_the_game_is_invalid_argument(client: Client) -> None:
    g = create(client, "most-wanted", 2)
    for version in (0, 2, -1):
        error = failure(
            lambda v=version: client.call(  # type: ignore[misc]
                "ProveInclusion", frontier_pb2.ProveInclusionRequest(game_id=g.game_id, version=v)
            )
        )
        assert error.code == grpc.StatusCode.INVALID_ARGUMENT and error.metadata["field"] == "version"


def test_prove_then_audit_the_proof_from_the_command_line(
    client: Client, server: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id, _content = finished_export(client, "deadwood-1876", 2)
    address = f"127.0.0.1:{server.port}"  # type: ignore[attr-defined]
    proof_file = tmp_path / "proof.json"
    status, _out, _err = frontier(capsys, "prove", "--server", address, game_id, "7", "-o", str(proof_file))
    assert status == 0
    key = str(server_key_file(client, tmp_path))
    status, out, _err = frontier(capsys, "audit", "--proof", str(proof_file), "--key", key)
    assert status == 0 and f"Proof verified: version 7 of game {game_id}" in out

    data = json.loads(proof_file.read_text())
    data["audit_path"][0] = "00" * 32
    proof_file.write_text(json.dumps(data))
    status, out, _err = frontier(capsys, "audit", "--proof", str(proof_file), "--key", key)
    assert status == 1 and "NOT verified (PATH_INVALID)" in out
    status, _out, _err = frontier(
        capsys, "audit", "--proof", str(proof_file), "--known-keys", str(tmp_path / "x")
    )
    assert status == 4
    proof_file.write_text("not json")
    status, _out, err = frontier(capsys, "audit", "--proof", str(proof_file), "--key", key)
    assert status == 2 and "not a valid inclusion proof" in err
