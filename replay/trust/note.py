"""Signed notes (c2sp.org/signed-note) with Ed25519 keys, as Go's golang.org/x/mod/sumdb/note makes them.

A note is text (non-empty UTF-8 lines, each ending in a newline), a blank line, then one line per
signature: an em dash, a space, the key name, a space, and the base64 of the key's 4-byte hash
followed by the 64-byte Ed25519 signature of the text. The key hash is the first 4 bytes of
SHA-256(name || "\\n" || 0x01 || raw public key), so a name and a key travel together.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from replay.trust import keys

ALG_ED25519 = 0x01
SIGNATURE_PREFIX = "\u2014 "  # an em dash and a space
MAX_SIGNATURES = 100


class NoteError(ValueError):
    """A note that is malformed or not signed by the key asked for; says which."""


@dataclass(frozen=True)
class Signature:
    name: str
    key_hash: bytes  # 4 bytes
    signature: bytes


def check_key_name(name: str) -> str:
    if not name or any(c.isspace() or c == "+" for c in name) or not name.isprintable():
        raise NoteError(f"a note key name is non-empty, without spaces or '+': {name!r} is not")
    return name


def key_hash(name: str, public: Ed25519PublicKey) -> bytes:
    return hashlib.sha256(name.encode() + b"\n" + bytes([ALG_ED25519]) + keys.raw_public(public)).digest()[:4]


def verifier_key(name: str, public: Ed25519PublicKey) -> str:
    """The key as signed-note verifiers take it: name+hex key hash+base64(0x01 || key)."""
    material = base64.b64encode(bytes([ALG_ED25519]) + keys.raw_public(public)).decode()
    return f"{check_key_name(name)}+{key_hash(name, public).hex()}+{material}"


def parse_verifier_key(text: str) -> tuple[str, Ed25519PublicKey]:
    """A verifier key string's name and Ed25519 public key; NoteError if it is not one."""
    parts = text.strip().split("+", 2)
    if len(parts) != 3 or len(parts[1]) != 8:
        raise NoteError("a verifier key is name+8 hex digits+base64 key")
    name, hash_hex, material = parts
    try:
        raw = base64.b64decode(material, validate=True)
        wanted = bytes.fromhex(hash_hex)
    except (binascii.Error, ValueError):
        raise NoteError("a verifier key's hash or key is not hex and base64") from None
    if len(raw) != 33 or raw[0] != ALG_ED25519:
        raise NoteError("the verifier key is not an Ed25519 key (algorithm byte 0x01, 32 bytes)")
    public = Ed25519PublicKey.from_public_bytes(raw[1:])
    if key_hash(check_key_name(name), public) != wanted:
        raise NoteError(f"the verifier key's hash does not match its name {name!r} and key")
    return name, public


def sign(text: str, name: str, key: keys.SigningKey) -> str:
    """`text` signed by `key` under `name`: the whole note."""
    check_text(text)
    blob = key_hash(check_key_name(name), key.public) + key.sign(text.encode())
    return f"{text}\n{SIGNATURE_PREFIX}{name} {base64.b64encode(blob).decode()}\n"


def check_text(text: str) -> None:
    if not text.endswith("\n") or "\n\n" in text or text.startswith("\n"):
        raise NoteError("a note's text is non-empty lines, each ending in a newline")
    if any(not line.isprintable() for line in text[:-1].split("\n")):
        raise NoteError("a note's text lines hold printable characters only")


def split(note: str) -> tuple[str, list[Signature]]:
    """The text and the signature lines of a note; NoteError if it is malformed."""
    cut = note.rfind("\n\n")
    if cut < 0 or not note.endswith("\n"):
        raise NoteError("not a signed note: no blank line before the signatures, or no final newline")
    text, lines = note[: cut + 1], note[cut + 2 : -1].split("\n")
    check_text(text)
    if len(lines) > MAX_SIGNATURES:
        raise NoteError(f"a note carries at most {MAX_SIGNATURES} signatures")
    signatures = []
    for line in lines:
        if not line.startswith(SIGNATURE_PREFIX):
            raise NoteError(f"not a signature line: {line[:60]!r}")
        name, _, blob64 = line[len(SIGNATURE_PREFIX) :].rpartition(" ")
        try:
            blob = base64.b64decode(blob64, validate=True)
        except binascii.Error:
            raise NoteError(f"the signature of {name!r} is not base64") from None
        if len(blob) < 5:
            raise NoteError(f"the signature of {name!r} is too short")
        signatures.append(Signature(check_key_name(name), blob[:4], blob[4:]))
    return text, signatures


def open_note(note: str, name: str, public: Ed25519PublicKey) -> str:
    """The text of `note` if the key `name`/`public` signed it; NoteError saying why not."""
    text, signatures = split(note)
    wanted = key_hash(name, public)
    mine = [s for s in signatures if s.name == name and s.key_hash == wanted]
    if not mine:
        found = ", ".join(sorted({s.name for s in signatures})) or "none"
        raise NoteError(f"the note is not signed by key {name} (signed by: {found})")
    if not all(keys.verify_signature(public, s.signature, text.encode()) for s in mine):
        raise NoteError(f"the signature of key {name} does not verify: the note was altered")
    return text
