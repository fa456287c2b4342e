"""Signed checkpoints: the server's statement of one game's Merkle tree (size, root, header).

A checkpoint is one JSON line after a log's trailer:

    {"type":"checkpoint","format":"frontier-checkpoint","format_version":1,"game_id":...,
     "tree_size":N,"root":HEX,"header_hash":HEX,"imported":BOOL,"key_id":HEX,"signature":HEX}

`signature` is the Ed25519 signature, in lowercase hex (128 digits), of the RFC 8785 canonical
JSON of every other field. `root` is trust.merkle's tree hash over the line hashes of the
header and the first N - 1 entries; `key_id` is the SHA-256 of the raw public key.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import rfc8785
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from trust import keys, merkle

TYPE = "checkpoint"
FORMAT = "frontier-checkpoint"
FORMAT_VERSION = 1
_HEX64 = re.compile(r"[0-9a-f]{64}")
_HEX_SIGNATURE = re.compile(r"[0-9a-f]{128}")
_FIELDS = (
    "type", "format", "format_version", "game_id", "tree_size", "root", "header_hash", "imported",
    "key_id", "signature",
)  # fmt: skip


class CheckpointError(ValueError):
    """A checkpoint that is malformed or does not hold for the log; `code` names the check."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Checkpoint:
    game_id: str
    tree_size: int
    root: str
    header_hash: str
    imported: bool
    key_id: str
    signature: str

    def body(self) -> dict[str, Any]:
        """Every field the signature covers."""
        fields = asdict(self)
        del fields["signature"]
        return {"type": TYPE, "format": FORMAT, "format_version": FORMAT_VERSION, **fields}

    def signed_bytes(self) -> bytes:
        return rfc8785.dumps(self.body())

    def to_json(self) -> dict[str, Any]:
        return {**self.body(), "signature": self.signature}

    def to_line(self) -> str:
        return rfc8785.dumps(self.to_json()).decode()


def tree_root(line_hashes: Sequence[str]) -> str:
    return merkle.root([merkle.line_leaf(h) for h in line_hashes]).hex()


def sign(key: keys.SigningKey, game_id: str, line_hashes: Sequence[str], *, imported: bool) -> Checkpoint:
    """A checkpoint over the lines whose hashes are given, header first."""
    unsigned = Checkpoint(
        game_id=game_id,
        tree_size=len(line_hashes),
        root=tree_root(line_hashes),
        header_hash=line_hashes[0],
        imported=imported,
        key_id=key.key_id,
        signature="",
    )
    return Checkpoint(**{**asdict(unsigned), "signature": key.sign(unsigned.signed_bytes()).hex()})


def from_json(data: Any) -> Checkpoint:
    """Read a checkpoint object strictly: exactly its fields, each of its type."""
    if not isinstance(data, dict):
        raise CheckpointError("MALFORMED_CHECKPOINT", "a checkpoint must be a JSON object")
    missing = sorted(set(_FIELDS) - set(data))
    unknown = sorted(set(data) - set(_FIELDS))
    if missing or unknown:
        raise CheckpointError(
            "MALFORMED_CHECKPOINT",
            "checkpoint fields wrong: " + "; ".join(
                part for part in (
                    f"missing {', '.join(missing)}" if missing else "",
                    f"unknown {', '.join(unknown)}" if unknown else "",
                ) if part
            ),
        )  # fmt: skip
    if data["type"] != TYPE or data["format"] != FORMAT:
        raise CheckpointError("MALFORMED_CHECKPOINT", f"not a {FORMAT} line")
    if data["format_version"] != FORMAT_VERSION or type(data["format_version"]) is not int:
        raise CheckpointError(
            "MALFORMED_CHECKPOINT",
            f"unknown checkpoint format_version {data['format_version']!r}; "
            f"this reader knows {FORMAT_VERSION}",
        )
    checks: dict[str, Callable[[Any], bool]] = {
        "game_id": lambda v: isinstance(v, str),
        "tree_size": lambda v: type(v) is int and v >= 1,
        "root": lambda v: isinstance(v, str) and _HEX64.fullmatch(v) is not None,
        "header_hash": lambda v: isinstance(v, str) and _HEX64.fullmatch(v) is not None,
        "imported": lambda v: type(v) is bool,
        "key_id": lambda v: isinstance(v, str) and _HEX64.fullmatch(v) is not None,
        "signature": lambda v: isinstance(v, str) and _HEX_SIGNATURE.fullmatch(v) is not None,
    }
    for name, check in checks.items():
        if not check(data[name]):
            raise CheckpointError("MALFORMED_CHECKPOINT", f"checkpoint field {name} is malformed")
    return Checkpoint(**{name: data[name] for name in checks})


def split_checkpoint(lines: Sequence[str]) -> tuple[list[str], Checkpoint | None]:
    """A log's lines without its final checkpoint line, and that checkpoint (None if it has none).

    Only a last line whose `type` is "checkpoint" is split off; anything else is left for the
    log reader to judge, so a malformed log still gets the reader's message and line number.
    """
    body = list(lines)
    while body and not body[-1].strip():
        body.pop()
    if not body:
        return body, None
    try:
        data = json.loads(body[-1])
    except (ValueError, RecursionError):
        return body, None
    if not isinstance(data, dict) or data.get("type") != TYPE:
        return body, None
    try:
        checkpoint = from_json(data)
    except CheckpointError as error:
        raise CheckpointError(error.code, f"line {len(body)}: {error}") from None
    return body[:-1], checkpoint


def check(checkpoint: Checkpoint, game_id: str, line_hashes: Sequence[str], public: Ed25519PublicKey) -> None:
    """Raise CheckpointError unless `checkpoint` is `public`'s signature over exactly these lines."""
    if checkpoint.game_id != game_id:
        raise CheckpointError(
            "CHECKPOINT_GAME_DIFFERS",
            f"the checkpoint is for game {checkpoint.game_id}, the log for {game_id}",
        )
    if checkpoint.tree_size != len(line_hashes):
        raise CheckpointError(
            "CHECKPOINT_SIZE_DIFFERS",
            f"the checkpoint covers {checkpoint.tree_size} lines, the log has {len(line_hashes)}",
        )
    if checkpoint.header_hash != line_hashes[0]:
        raise CheckpointError("CHECKPOINT_HEADER_DIFFERS", "the checkpoint signs another header")
    if checkpoint.root != tree_root(line_hashes):
        raise CheckpointError(
            "CHECKPOINT_ROOT_DIFFERS",
            "the Merkle root of the log's lines is not the one the checkpoint signs",
        )
    check_signature(checkpoint, public)


def check_signature(checkpoint: Checkpoint, public: Ed25519PublicKey) -> None:
    if checkpoint.key_id != keys.key_id(public):
        raise CheckpointError(
            "CHECKPOINT_KEY_DIFFERS",
            f"the checkpoint names key {checkpoint.key_id[:16]}..., not the key given "
            f"({keys.key_id(public)[:16]}...)",
        )
    if not keys.verify_signature(public, bytes.fromhex(checkpoint.signature), checkpoint.signed_bytes()):
        raise CheckpointError("BAD_SIGNATURE", "the checkpoint's signature is not valid for its key")
