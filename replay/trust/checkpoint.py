"""Signed checkpoints: the server's statement of one game's Merkle tree (size, root, header, trailer).

A checkpoint is one JSON line after a log's trailer (seeds/CHECKPOINT-FORMAT.md):

    {"type":"checkpoint","format":"frontier-checkpoint","format_version":2,"game_id":...,
     "tree_size":N,"root":HEX,"header_hash":HEX,"trailer_hash":HEX|null,"imported":BOOL,
     "signer":NAME,"key_id":HEX,"signature":HEX}

`signature` is the Ed25519 signature, in lowercase hex (128 digits), of the RFC 8785 canonical
JSON of every other field. `root` is trust.merkle's tree hash over the line hashes of the
header and the first N - 1 entries; `trailer_hash` the SHA-256 of the trailer's RFC 8785 JSON
(null: the checkpoint signs no trailer); `signer` the signing server's or organiser's name;
`key_id` is the SHA-256 of the raw public key. Format 1 had neither `signer` nor `trailer_hash`:
it is still read and verified, but says nothing of the trailer or of whose log it is.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import rfc8785
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from engines.base import JsonValue
from replay.logfile import parse_json
from replay.record import Trailer
from replay.trust import keys, merkle
from replay.trust import signer as signers

TYPE = "checkpoint"
FORMAT = "frontier-checkpoint"
FORMAT_VERSION = 2
FORMAT_VERSIONS = (1, 2)
_HEX64 = re.compile(r"[0-9a-f]{64}")
_HEX_SIGNATURE = re.compile(r"[0-9a-f]{128}")
_FIELDS_1 = (
    "type", "format", "format_version", "game_id", "tree_size", "root", "header_hash", "imported",
    "key_id", "signature",
)  # fmt: skip
_FIELDS = {1: _FIELDS_1, 2: (*_FIELDS_1, "trailer_hash", "signer")}


class CheckFailed(ValueError):
    """A trust check that failed; `code` names the check, the message says why to a person."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class CheckpointError(CheckFailed):
    """A checkpoint that is malformed or does not hold for the log."""


@dataclass(frozen=True)
class Checkpoint:
    game_id: str
    tree_size: int
    root: str
    header_hash: str
    imported: bool
    key_id: str
    signature: str
    format_version: int = FORMAT_VERSION
    trailer_hash: str | None = None  # format 2; None: no trailer signed (and always in format 1)
    signer: str | None = None  # format 2: the signing server's or organiser's name; None in format 1

    def body(self) -> dict[str, Any]:
        """Every field the signature covers."""
        fields = asdict(self)
        del fields["signature"]
        if self.format_version == 1:
            del fields["trailer_hash"], fields["signer"]
        return {"type": TYPE, "format": FORMAT, **fields}

    def signed_bytes(self) -> bytes:
        return rfc8785.dumps(self.body())

    def to_json(self) -> dict[str, Any]:
        return {**self.body(), "signature": self.signature}

    def to_line(self) -> str:
        return rfc8785.dumps(self.to_json()).decode()


def tree_root(line_hashes: Sequence[str]) -> str:
    return merkle.root([merkle.line_leaf(h) for h in line_hashes]).hex()


def trailer_hash(trailer: Trailer | Mapping[str, JsonValue] | None) -> str | None:
    """SHA-256 of the trailer line's RFC 8785 JSON (as the log shows it), None without a trailer."""
    if trailer is None:
        return None
    data = trailer.to_json() if isinstance(trailer, Trailer) else dict(trailer)
    return hashlib.sha256(rfc8785.dumps(data)).hexdigest()


def sign(
    key: keys.SigningKey,
    game_id: str,
    line_hashes: Sequence[str],
    *,
    imported: bool,
    trailer: Trailer | Mapping[str, JsonValue] | None,
) -> Checkpoint:
    """A checkpoint over the lines whose hashes are given, header first, and the trailer after them
    (None: the checkpoint signs that the log has no trailer)."""
    unsigned = Checkpoint(
        game_id=game_id,
        tree_size=len(line_hashes),
        root=tree_root(line_hashes),
        header_hash=line_hashes[0],
        imported=imported,
        key_id=key.key_id,
        signature="",
        trailer_hash=trailer_hash(trailer),
        signer=signers.check_name(key.signer),
    )
    return Checkpoint(**{**asdict(unsigned), "signature": key.sign(unsigned.signed_bytes()).hex()})


def _is_signer(value: Any) -> bool:
    try:
        return isinstance(value, str) and signers.check_name(value) == value
    except signers.SignerNameError:
        return False


def from_json(data: Any) -> Checkpoint:
    """Read a checkpoint object strictly: exactly its version's fields, each of its type."""
    if not isinstance(data, dict):
        raise CheckpointError("MALFORMED_CHECKPOINT", "a checkpoint must be a JSON object")
    if data.get("type") != TYPE or data.get("format") != FORMAT:
        raise CheckpointError("MALFORMED_CHECKPOINT", f"not a {FORMAT} line")
    version = data.get("format_version")
    if type(version) is not int or version not in FORMAT_VERSIONS:
        raise CheckpointError(
            "MALFORMED_CHECKPOINT",
            f"unknown checkpoint format_version {version!r}; this reader knows "
            f"{', '.join(map(str, FORMAT_VERSIONS))}",
        )
    expected = _FIELDS[version]
    missing = sorted(set(expected) - set(data))
    unknown = sorted(set(data) - set(expected))
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
    checks: dict[str, Callable[[Any], bool]] = {
        "game_id": lambda v: isinstance(v, str),
        "tree_size": lambda v: type(v) is int and v >= 1,
        "root": lambda v: isinstance(v, str) and _HEX64.fullmatch(v) is not None,
        "header_hash": lambda v: isinstance(v, str) and _HEX64.fullmatch(v) is not None,
        "imported": lambda v: type(v) is bool,
        "key_id": lambda v: isinstance(v, str) and _HEX64.fullmatch(v) is not None,
        "signature": lambda v: isinstance(v, str) and _HEX_SIGNATURE.fullmatch(v) is not None,
    }
    if version >= 2:
        checks["trailer_hash"] = lambda v: (
            v is None or (isinstance(v, str) and _HEX64.fullmatch(v) is not None)
        )
        checks["signer"] = _is_signer
    for name, check_field in checks.items():
        if not check_field(data[name]):
            raise CheckpointError("MALFORMED_CHECKPOINT", f"checkpoint field {name} is malformed")
    return Checkpoint(format_version=version, **{name: data[name] for name in checks})


def split_checkpoint(lines: Sequence[str]) -> tuple[list[str], Checkpoint | None]:
    """A log's lines without its final checkpoint line, and that checkpoint (None if it has none).

    Only a last line whose `type` is "checkpoint" is split off; anything else is left for the
    log reader to judge, so a malformed log still gets the reader's message and line number.
    The checkpoint line is read as strictly as every other line (replay.logfile.parse_json: no
    duplicate key, no NaN, integers only): a lenient reader could see other values than the
    signature covers.
    """
    body = list(lines)
    while body and not body[-1].strip():
        body.pop()
    if not body:
        return body, None
    last = body[-1]
    try:
        data = parse_json(last)
    except ValueError as error:
        if _looks_like_checkpoint(last):
            raise CheckpointError("MALFORMED_CHECKPOINT", f"line {len(body)}: {error}") from None
        return body, None
    if not isinstance(data, dict) or data.get("type") != TYPE:
        return body, None
    try:
        checkpoint = from_json(data)
    except CheckpointError as error:
        raise CheckpointError(error.code, f"line {len(body)}: {error}") from None
    return body[:-1], checkpoint


def _looks_like_checkpoint(text: str) -> bool:
    """Whether a line that is not strict JSON still means to be a checkpoint (so it is refused as
    one, not read as a log line)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("type") == TYPE


def check(
    checkpoint: Checkpoint,
    game_id: str,
    line_hashes: Sequence[str],
    public: Ed25519PublicKey,
    *,
    trailer: Trailer | Mapping[str, JsonValue] | None,
) -> None:
    """Raise CheckpointError unless `checkpoint` is `public`'s signature over exactly these lines
    and (format 2) exactly this trailer, or the absence of one."""
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
    if checkpoint.format_version >= 2 and checkpoint.trailer_hash != trailer_hash(trailer):
        if checkpoint.trailer_hash is None:
            said = "the checkpoint signs a log without a trailer, but this log has one (added after signing)"
        elif trailer is None:
            said = "the checkpoint signs a trailer, but this log has none (removed after signing)"
        else:
            said = "the log's trailer is not the one the checkpoint signs (edited after signing)"
        raise CheckpointError("CHECKPOINT_TRAILER_DIFFERS", said)
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
