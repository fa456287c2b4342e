"""Moves signed by their seats: a seat that claimed with an Ed25519 public key signs every command.

The seat line records the key (`seat_key`); each entry that seat sent carries `seat_signature`,
its command id and its signature over `move_message` (seeds/LOG-FORMAT.md, "Seat signatures").
The server holds no seat's private key, so a move it wrote for such a seat fails here, naming the
seat and the line, even when every line after it is re-sealed with the server's own key.
Autopilot moves (`by`) and ruling lines stay the server's: they are counted, never signed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import rfc8785
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from engines.base import JsonValue
from replay.record import Entry, Line, RulingLine, SeatLine

MOVE_CONTEXT = b"frontier-move-v1:"  # domain separation: no other message a key signs starts so
SIGNATURE_FIELD = "seat_signature"  # an entry's {"command_id": ..., "signature": ...}
KEY_FIELD = "seat_key"  # a seat line's public key, 64 lowercase hex digits


def move_message(game_id: str, seat: int, version: int, command: JsonValue, command_id: str) -> bytes:
    """What a seat signs: the prefix, then RFC 8785 of the five fields (`version`: the one it creates)."""
    fields: dict[str, JsonValue] = {
        "command": command,
        "command_id": command_id,
        "game_id": game_id,
        "seat": seat,
        "version": version,
    }
    return MOVE_CONTEXT + rfc8785.dumps(fields)


def sign_move(
    key: Ed25519PrivateKey, game_id: str, seat: int, version: int, command: JsonValue, command_id: str
) -> str:
    """The hex signature a seat sends with its command."""
    return key.sign(move_message(game_id, seat, version, command, command_id)).hex()


def public_key_of(hex_key: str) -> Ed25519PublicKey | None:
    """The key a seat line or a claim names, or None when it is not 32 bytes of Ed25519 key in hex."""
    try:
        raw = bytes.fromhex(hex_key)
        if len(raw) != 32 or hex_key != raw.hex():
            return None
        return Ed25519PublicKey.from_public_bytes(raw)
    except ValueError:
        return None


def signed_by(hex_key: str, signature: str, message: bytes) -> bool:
    """True when `signature` (hex) is the key's Ed25519 signature of `message`."""
    key = public_key_of(hex_key)
    if key is None:
        return False
    try:
        key.verify(bytes.fromhex(signature), message)
    except (ValueError, InvalidSignature):
        return False
    return True


@dataclass(frozen=True)
class SignatureFinding:
    """Which lines each key-holding seat signed, which the server decided, and the first bad line."""

    keyed_seats: tuple[int, ...]  # 0-based seats whose seat line records a key
    signed: dict[int, int]  # per keyed seat: its entries carrying a valid signature
    server_lines: int  # autopilot moves and rulings: decided by the server, signed by no seat
    bad_line: int | None = None  # 1-based line number of the first entry failing its seat's key
    bad_version: int = 0
    bad_reason: str = ""


def check_signatures(game_id: str, lines: Sequence[Line]) -> SignatureFinding:
    """Every entry of a key-holding seat (after its seat line) must carry that key's valid signature;
    an entry of a seat without a key must carry none. Lines are the ones between header and trailer."""
    keys: dict[int, str] = {}
    signed: dict[int, int] = {}
    server = 0
    for index, line in enumerate(lines):
        number = index + 2  # the header is line 1
        if isinstance(line, SeatLine) and line.seat_key is not None:
            keys[line.seat] = line.seat_key
            signed.setdefault(line.seat, 0)
        elif isinstance(line, RulingLine):
            server += 1
        elif isinstance(line, Entry):
            if line.by is not None:
                server += 1
                continue
            problem = _entry_problem(game_id, line, keys.get(line.seat))
            if problem is not None:
                return SignatureFinding(tuple(sorted(keys)), signed, server, number, line.version, problem)
            if line.seat in keys:
                signed[line.seat] += 1
    return SignatureFinding(tuple(sorted(keys)), signed, server)


def _entry_problem(game_id: str, entry: Entry, key: str | None) -> str | None:
    who = f"seat {entry.seat + 1}"
    given = entry.seat_signature
    if key is None:
        if given is not None:
            return f"{who} claimed no key, yet the line carries a seat signature"
        return None
    if given is None:
        return (
            f"{who} holds a key (its seat line), but this move carries no signature of it: "
            "the server, not the seat, wrote it"
        )
    message = move_message(game_id, entry.seat, entry.version, entry.command, given["command_id"])
    if not signed_by(key, given["signature"], message):
        return f"the signature is not {who}'s key's over this move: the seat did not send it"
    return None
