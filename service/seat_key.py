"""A seat's own Ed25519 key on the client side: made once, kept in a file, signing each command.

A seat claimed with the key's public half (`ClaimSeatRequest.seat_key`) must sign every command it
sends; the server never sees the private half, so it cannot write a move in the seat's name
(replay/seat_signatures.py).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from engines.codec import encode
from engines.registry import get_engine
from replay.seat_signatures import sign_move
from service.core.convert import command_from_proto


class SeatKeyError(Exception):
    """A seat key file that cannot be read as an Ed25519 private key."""


def load_or_create(path: Path) -> Ed25519PrivateKey:
    """The key in `path` (unencrypted PKCS#8 PEM), made and written (mode 0600) if the file is absent."""
    if not path.exists():
        key = Ed25519PrivateKey.generate()
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as file:
            file.write(pem)
        return key
    try:
        loaded = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except (OSError, ValueError, TypeError) as error:
        raise SeatKeyError(f"{path} is not an unencrypted PEM private key: {error}") from None
    if not isinstance(loaded, Ed25519PrivateKey):
        raise SeatKeyError(f"{path} holds a {type(loaded).__name__}; a seat key is Ed25519")
    return loaded


def public_hex(key: Ed25519PrivateKey) -> str:
    """The public half as `ClaimSeatRequest.seat_key` takes it: 64 lowercase hex digits."""
    raw = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return raw.hex()


def command_signature(
    key: Ed25519PrivateKey,
    game: str,
    game_id: str,
    seat: int,
    expected_version: int,
    command: Any,
    command_id: str,
) -> str:
    """`seat_signature` of a typed `Command` sent at `expected_version`, over the JSON the log records."""
    engine_json = encode(command_from_proto(get_engine(game), command))
    return sign_move(key, game_id, seat, expected_version + 1, engine_json, command_id)
