"""The witness's answers to a push, in the order c2sp.org/tlog-witness decides them, and its memory:
a refusal changes nothing; a cosignature is kept before it is answered."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replay.trust import cosignature, keys, log_audit, merkle, note, tlog
from replay.trust import witness_protocol as protocol
from service.cli.witness_serve import Witness

LEAVES = [merkle.leaf_hash(bytes([n])) for n in range(5)]


def pushed(key: keys.SigningKey, origin: str, size: int, old: int) -> bytes:
    checkpoint = tlog.LogCheckpoint(origin, size, merkle.subtree_root(LEAVES[:size]))
    proof = merkle.consistency_proof(LEAVES[:size], old) if 0 < old < size else []
    return protocol.encode(old, proof, tlog.sign_checkpoint(checkpoint, key))


def test_a_witness_answers_unknown_log_404_another_key_403_then_cosigns_and_keeps_it(tmp_path: Path) -> None:
    log = keys.generate()
    origin = "example.org/log"
    witness_key, state = keys.generate(), tmp_path / "state.json"
    witness = Witness(log_audit.LogKey(log.public, origin), "example.org/w1", witness_key, state)

    def refusal(body: bytes) -> protocol.Refusal:
        with pytest.raises(protocol.Refusal) as caught:
            witness.add_checkpoint(body)
        assert not state.exists()  # nothing kept
        return caught.value

    assert refusal(pushed(log, "example.org/other", 3, 0)).status == 404
    assert refusal(pushed(keys.generate(), origin, 3, 0)).status == 403  # the right name, another key
    line = witness.add_checkpoint(pushed(log, origin, 3, 0))
    assert line.startswith("\u2014 example.org/w1 ") and line.endswith("\n")
    kept = state.read_text(encoding="utf-8")
    signed = pushed(log, origin, 3, 0).decode().split("\n\n", 1)[1]
    assert cosignature.check(signed + line, "example.org/w1", witness_key.public).timestamp > 0
    assert refusal_after(witness, pushed(log, origin, 5, 0)).body == "3\n"  # stale: its size, to retry from
    assert state.read_text(encoding="utf-8") == kept
    witness.add_checkpoint(pushed(log, origin, 5, 3))  # extends it by the proof
    now = json.loads(state.read_text(encoding="utf-8"))[origin]
    assert tlog.open_checkpoint(now, origin, log.public).size == 5
    with pytest.raises(note.NoteError):  # the kept note is the log's, cosigned by this witness only
        cosignature.check(now, "example.org/w2", witness_key.public)


def refusal_after(witness: Witness, body: bytes) -> protocol.Refusal:
    with pytest.raises(protocol.Refusal) as caught:
        witness.add_checkpoint(body)
    assert caught.value.status == 409
    return caught.value
