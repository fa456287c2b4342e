"""seeds/CHECKPOINT-FORMAT.md's example is real: its checkpoint and audit path verify as documented."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from replay.trust import checkpoint, keys, merkle, note, tlog
from replay.trust import signer as signers

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "seeds" / "CHECKPOINT-FORMAT.md"


def _block(kind: str) -> str:
    match = re.search(rf"```{kind}\n(.*?)\n```", DOC.read_text(encoding="utf-8"), re.S)
    assert match, f"no ```{kind} block"
    return match.group(1)


def test_the_documented_example_verifies() -> None:
    public = keys.load_public_key(ROOT / "seeds" / "keys" / "samples.pub")
    assert keys.raw_public(public).hex() in DOC.read_text(encoding="utf-8")
    leaves = [hashlib.sha256(f"line {i}".encode()).hexdigest() for i in range(3)]
    cp = checkpoint.from_json(json.loads(_block("json")))
    checkpoint.check(cp, "example", leaves, public, trailer=None)
    path = [bytes.fromhex(h) for h in _block("text").split()]
    merkle.verify_inclusion(bytes.fromhex(leaves[1]), 1, 3, path, bytes.fromhex(cp.root))


def test_every_checkpoint_field_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in json.loads(_block("json")):
        assert f"| `{name}` |" in text, name


def test_the_documented_service_log_example_verifies() -> None:
    """The log example: its checkpoint note is the sample key's over a log whose one entry is the
    example checkpoint line; its verifier key and root are the ones printed."""
    text = DOC.read_text(encoding="utf-8")
    public = keys.load_public_key(ROOT / "seeds" / "keys" / "samples.pub")
    entry = _block("json").encode()
    signed = _block("checkpoint") + "\n"
    origin = tlog.origin_for(signers.SAMPLES, keys.key_id(public))
    assert f"`{note.verifier_key(origin, public)}`" in text
    assert tlog.open_checkpoint(signed, origin, public) == tlog.LogCheckpoint(origin, 1, merkle.root([entry]))
    assert merkle.root([entry]).hex() in text
    assert f"({len(entry)} bytes)" in text
    assert tlog.encode_bundle([entry])[:2].hex(" ") in text
