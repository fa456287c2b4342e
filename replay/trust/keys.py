"""The server's Ed25519 signing key, and public keys as users hand them to the verifier.

The key id is the SHA-256 of the raw 32-byte public key, in hex: the same bytes on every
machine, so a key id printed by the verifier can be checked against one published anywhere.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from replay.trust import signer as signers

ALGORITHM = "ed25519"
KEY_FILE = "signing-key.pem"
_HEX_KEY = re.compile(r"[0-9a-fA-F]{64}")


class KeyFileError(ValueError):
    """A key file or key text that cannot be used; the message says which and why."""


def raw_public(public: Ed25519PublicKey) -> bytes:
    return public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def key_id(public: Ed25519PublicKey) -> str:
    return hashlib.sha256(raw_public(public)).hexdigest()


def public_pem(public: Ed25519PublicKey) -> str:
    return public.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    ).decode()


def verify_signature(public: Ed25519PublicKey, signature: bytes, message: bytes) -> bool:
    try:
        public.verify(signature, message)
    except InvalidSignature:
        return False
    return True


@dataclass(frozen=True)
class SigningKey:
    """A private key and what the verifier needs to know of it: its id, and the name it signs as."""

    private: Ed25519PrivateKey
    signer: str = field(default_factory=signers.default_name)

    @property
    def public(self) -> Ed25519PublicKey:
        return self.private.public_key()

    @property
    def key_id(self) -> str:
        return key_id(self.public)

    def sign(self, message: bytes) -> bytes:
        return self.private.sign(message)

    def private_pem(self) -> str:
        return self.private.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        ).decode()


def generate() -> SigningKey:
    return SigningKey(Ed25519PrivateKey.generate())


def load_signing_key(path: Path) -> SigningKey:
    """An unencrypted PKCS#8 PEM Ed25519 private key."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise KeyFileError(f"cannot read the signing key {path}: {error.strerror}") from None
    try:
        private = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as error:
        raise KeyFileError(f"{path} is not an unencrypted PEM private key: {error}") from None
    if not isinstance(private, Ed25519PrivateKey):
        raise KeyFileError(f"{path} holds a {type(private).__name__}; the signing key must be Ed25519")
    return SigningKey(private)


def load_or_create(path: Path) -> SigningKey:
    """The key at `path`; made there on first start, readable by its owner only (mode 0600)."""
    if path.exists():
        return load_signing_key(path)
    key = generate()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another server made it first: use theirs
        return load_signing_key(path)
    with os.fdopen(fd, "w") as file:
        file.write(key.private_pem())
    return key


def parse_public_key(text: str) -> Ed25519PublicKey:
    """A public key as a user gives it: a PEM (SubjectPublicKeyInfo) or 64 hex digits of the raw key."""
    stripped = text.strip()
    if _HEX_KEY.fullmatch(stripped):
        return Ed25519PublicKey.from_public_bytes(bytes.fromhex(stripped))
    try:
        public = serialization.load_pem_public_key(stripped.encode())
    except (ValueError, TypeError):
        raise KeyFileError("not a public key: expected a PEM public key or 64 hex digits") from None
    if not isinstance(public, Ed25519PublicKey):
        raise KeyFileError(f"the key is a {type(public).__name__}; checkpoints are signed with Ed25519")
    return public


def load_public_key(path: Path) -> Ed25519PublicKey:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise KeyFileError(f"cannot read the key file {path}: {error}") from None
    try:
        return parse_public_key(text)
    except KeyFileError as error:
        raise KeyFileError(f"{path}: {error}") from None
