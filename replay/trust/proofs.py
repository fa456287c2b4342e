"""Inclusion proofs: one line of a game shown to be in the server's signed tree, without the rest.

A proof file is one JSON object:

    {"type":"inclusion-proof","format_version":1,"game_id":...,"version":V,
     "line":TEXT|null,"line_hash":HEX,"leaf_index":V-1,"tree_size":N,
     "audit_path":[HEX,...],"checkpoint":{...the signed checkpoint...}}

`line` is the full line when the server let the caller see it (the organiser, or anyone once
the game is over), else null: the proof then shows only that `line_hash` is leaf `leaf_index`,
not which version it creates (seeds/CHECKPOINT-FORMAT.md, "Inclusion proofs").
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from replay.record import canonical_json, chain_hash
from replay.trust import checkpoint as checkpoints
from replay.trust import keys, merkle
from replay.trust.checkpoint import CheckFailed, Checkpoint, CheckpointError

TYPE = "inclusion-proof"
FORMAT_VERSION = 1
_HEX64 = re.compile(r"[0-9a-f]{64}")


class ProofCheckError(CheckFailed):
    """A proof that is malformed or does not prove its line."""


@dataclass(frozen=True)
class InclusionProof:
    game_id: str
    version: int
    line: str | None
    line_hash: str
    leaf_index: int
    tree_size: int
    audit_path: tuple[str, ...]
    checkpoint: Checkpoint

    def to_json(self) -> dict[str, Any]:
        return {
            "type": TYPE,
            "format_version": FORMAT_VERSION,
            "game_id": self.game_id,
            "version": self.version,
            "line": self.line,
            "line_hash": self.line_hash,
            "leaf_index": self.leaf_index,
            "tree_size": self.tree_size,
            "audit_path": list(self.audit_path),
            "checkpoint": self.checkpoint.to_json(),
        }


def build(
    key: keys.SigningKey,
    game_id: str,
    version: int,
    lines: Sequence[dict[str, Any]],
    *,
    full: bool,
    imported: bool,
) -> InclusionProof:
    """The proof for the line creating `version` (1 = the header) among `lines`, header first.

    Seat lines and the deal (format 3) are leaves too, so the entry creating `version` may sit
    after leaf `version - 1`: it is looked up by its type and version.
    """
    hashes = [str(line["hash"]) for line in lines]
    leaves = [merkle.line_leaf(h) for h in hashes]
    wanted = "header" if version == 1 else "entry"
    index = next(i for i, line in enumerate(lines) if line["type"] == wanted and line["version"] == version)
    return InclusionProof(
        game_id=game_id,
        version=version,
        line=canonical_json(lines[index]) if full else None,
        line_hash=hashes[index],
        leaf_index=index,
        tree_size=len(lines),
        audit_path=tuple(p.hex() for p in merkle.inclusion_path(leaves, index)),
        # A proof shows no trailer, so its checkpoint signs none (seeds/CHECKPOINT-FORMAT.md).
        checkpoint=checkpoints.sign(key, game_id, hashes, imported=imported, trailer=None),
    )


def from_json(data: Any) -> InclusionProof:
    """Read a proof file's object strictly; ProofCheckError("MALFORMED_PROOF") names what is wrong."""

    def bad(what: str) -> ProofCheckError:
        return ProofCheckError("MALFORMED_PROOF", f"not an inclusion proof: {what}")

    if not isinstance(data, dict) or data.get("type") != TYPE:
        raise bad(f'expected a JSON object with "type": "{TYPE}"')
    if data.get("format_version") != FORMAT_VERSION:
        raise bad(
            f"unknown format_version {data.get('format_version')!r}; this reader knows {FORMAT_VERSION}"
        )
    for name in ("version", "leaf_index", "tree_size"):
        if type(data.get(name)) is not int:
            raise bad(f"field {name} must be an integer")
    if not isinstance(data.get("game_id"), str):
        raise bad("field game_id must be a string")
    if data.get("line") is not None and not isinstance(data.get("line"), str):
        raise bad("field line must be a string or null")
    path = data.get("audit_path")
    if not isinstance(path, list) or not all(isinstance(p, str) and _HEX64.fullmatch(p) for p in path):
        raise bad("field audit_path must be a list of 64-hex-digit hashes")
    if not isinstance(data.get("line_hash"), str) or not _HEX64.fullmatch(data["line_hash"]):
        raise bad("field line_hash must be 64 lowercase hex digits")
    try:
        checkpoint = checkpoints.from_json(data.get("checkpoint"))
    except CheckpointError as error:
        raise bad(str(error)) from None
    return InclusionProof(
        game_id=data["game_id"],
        version=data["version"],
        line=data.get("line"),
        line_hash=data["line_hash"],
        leaf_index=data["leaf_index"],
        tree_size=data["tree_size"],
        audit_path=tuple(path),
        checkpoint=checkpoint,
    )


def verify(proof: InclusionProof, trusted: Sequence[Ed25519PublicKey]) -> str:
    """Check the proof against the trusted keys; return what it proved, or raise ProofCheckError."""
    cp = proof.checkpoint
    if cp.game_id != proof.game_id or cp.tree_size != proof.tree_size:
        raise ProofCheckError(
            "PROOF_CHECKPOINT_DIFFERS", "the proof and its checkpoint name another game or size"
        )
    # The header is leaf 0; the entry creating version v follows v - 2 entries and the header,
    # plus any seat lines and deal line (format 3), so it is leaf v - 1 or later.
    if (proof.version == 1) != (proof.leaf_index == 0) or proof.leaf_index < proof.version - 1:
        raise ProofCheckError(
            "PROOF_INDEX_DIFFERS",
            f"version {proof.version} cannot be leaf {proof.leaf_index} (the header is leaf 0, "
            f"the entry of version v is leaf v - 1 or later)",
        )
    key = next((k for k in trusted if keys.key_id(k) == cp.key_id), None)
    if key is None:
        raise ProofCheckError(
            "UNTRUSTED_KEY", f"the checkpoint is signed by key {cp.key_id[:16]}..., which is not trusted"
        )
    try:
        checkpoints.check_signature(cp, key)
        merkle.verify_inclusion(
            merkle.line_leaf(proof.line_hash),
            proof.leaf_index,
            proof.tree_size,
            [bytes.fromhex(p) for p in proof.audit_path],
            bytes.fromhex(cp.root),
        )
    except CheckpointError as error:
        raise ProofCheckError(error.code, str(error)) from None
    except merkle.ProofError as error:
        raise ProofCheckError("PATH_INVALID", str(error)) from None
    if proof.leaf_index == 0 and proof.line_hash != cp.header_hash:
        raise ProofCheckError("PROOF_HEADER_DIFFERS", "the proven header is not the one the checkpoint signs")
    signed = f"the tree signed by {_signer(cp)} with key {cp.key_id[:16]}... at size {cp.tree_size}"
    if proof.line is None:
        # Nothing signed binds `version` to a leaf (seat and deal lines are leaves too), so a
        # hash-only proof relabelled as another version would verify: it proves a leaf only.
        return (
            f"leaf {proof.leaf_index} of {cp.tree_size} of game {proof.game_id}: line hash "
            f"{proof.line_hash[:16]}... is leaf {proof.leaf_index} of {signed}. Which version that line "
            f"creates is not proven (the proof says {proof.version}, but nothing signed binds it) until "
            f"the line itself is shown"
        )
    _check_line(proof)
    return (
        f"version {proof.version} of game {proof.game_id}: the line (its content hashes to "
        f"{proof.line_hash[:16]}...) is leaf {proof.leaf_index} of {signed}"
    )


def _signer(cp: Checkpoint) -> str:
    return repr(cp.signer) if cp.signer is not None else "an unnamed signer (a format 1 checkpoint)"


def _check_line(proof: InclusionProof) -> None:
    assert proof.line is not None
    try:
        data = json.loads(proof.line)
    except (ValueError, RecursionError):
        raise ProofCheckError("LINE_UNREADABLE", "the proof's line is not JSON") from None
    if not isinstance(data, dict) or data.get("hash") != proof.line_hash:
        raise ProofCheckError("LINE_HASH_DIFFERS", "the proof's line does not carry the proven hash")
    if chain_hash(data) != proof.line_hash:
        raise ProofCheckError("LINE_HASH_DIFFERS", "the proof's line does not hash to its `hash` field")
    if data.get("version") != proof.version:
        raise ProofCheckError("LINE_VERSION_DIFFERS", f"the proof's line is not version {proof.version}")
    if data.get("type") != ("header" if proof.version == 1 else "entry"):
        raise ProofCheckError(
            "LINE_VERSION_DIFFERS",
            f"the proof's line is a {data.get('type')} line, not the one creating version {proof.version}",
        )
