"""Witness cosignatures of a log checkpoint (c2sp.org/tlog-cosignature, Ed25519 `cosignature/v1`).

A cosignature is one more signature line on the checkpoint's note: `— <witness name>
base64(key ID[4] || timestamp[8, big-endian] || Ed25519 signature[64])`. The key ID is the first 4
bytes of SHA-256(name || "\\n" || 0x04 || public key); the signed message is the line
`cosignature/v1`, the line `time <timestamp>`, then the checkpoint's whole text. It states that, as
of that time, this is the largest tree the witness has seen of that log, consistent with all before.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from replay.trust import keys, note

ALG_COSIGNATURE_V1 = 0x04


@dataclass(frozen=True)
class Cosignature:
    name: str
    timestamp: int


def key_id(name: str, public: Ed25519PublicKey) -> bytes:
    raw = keys.raw_public(public)
    return hashlib.sha256(name.encode() + b"\n" + bytes([ALG_COSIGNATURE_V1]) + raw).digest()[:4]


def verifier_key(name: str, public: Ed25519PublicKey) -> str:
    material = base64.b64encode(bytes([ALG_COSIGNATURE_V1]) + keys.raw_public(public)).decode()
    return f"{note.check_key_name(name)}+{key_id(name, public).hex()}+{material}"


def message(text: str, timestamp: int) -> bytes:
    return f"cosignature/v1\ntime {timestamp}\n{text}".encode()


def cosign(signed_note: str, name: str, key: keys.SigningKey, timestamp: int) -> str:
    """`signed_note` with the witness's cosignature line added (its text must already be checked)."""
    if not 0 <= timestamp < 1 << 63:
        raise ValueError("a cosignature's timestamp is a POSIX time below 2^63")
    text, _signatures = note.split(signed_note)
    blob = key_id(note.check_key_name(name), key.public) + timestamp.to_bytes(8, "big")
    blob += key.sign(message(text, timestamp))
    return f"{signed_note}{note.SIGNATURE_PREFIX}{name} {base64.b64encode(blob).decode()}\n"


def check(signed_note: str, name: str, public: Ed25519PublicKey) -> Cosignature:
    """The cosignature of witness `name` on the note; NoteError if it has none that verifies."""
    text, signatures = note.split(signed_note)
    wanted = key_id(name, public)
    for signature in signatures:
        if signature.name != name or signature.key_hash != wanted or len(signature.signature) != 72:
            continue
        timestamp = int.from_bytes(signature.signature[:8], "big")
        if keys.verify_signature(public, signature.signature[8:], message(text, timestamp)):
            return Cosignature(name, timestamp)
        raise note.NoteError(
            f"the cosignature of witness {name} does not verify: it is over another checkpoint"
        )
    raise note.NoteError(f"the checkpoint carries no cosignature of witness {name}")


def parse_verifier_key(text: str) -> tuple[str, Ed25519PublicKey]:
    """A witness's verifier key (name+key ID+base64(0x04 || key)); NoteError if it is not one."""
    parts = text.strip().split("+", 2)
    if len(parts) != 3 or len(parts[1]) != 8:
        raise note.NoteError("a witness key is name+8 hex digits+base64 key")
    name, id_hex, material = parts
    try:
        raw, wanted = base64.b64decode(material, validate=True), bytes.fromhex(id_hex)
    except ValueError:
        raise note.NoteError("a witness key's ID or key is not hex and base64") from None
    if len(raw) != 33 or raw[0] != ALG_COSIGNATURE_V1:
        raise note.NoteError("not a cosignature/v1 Ed25519 witness key (algorithm byte 0x04, 32 bytes)")
    public = Ed25519PublicKey.from_public_bytes(raw[1:])
    if key_id(note.check_key_name(name), public) != wanted:
        raise note.NoteError(f"the witness key's ID does not match its name {name!r} and key")
    return name, public
