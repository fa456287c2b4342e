"""Conformance cases for moves signed by their seats (seeds/LOG-FORMAT.md, "Seat signatures").

A seat claimed with a key has every move it sent signed by that key: a good log, and the forgery the
key exists to catch, a move for that seat the server wrote (no seat signature), every hash re-sealed
and the checkpoint re-signed with the signing key, so that only the seat's key can tell.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from replay.forgeries import Record, reseal
from replay.record import Entry, SeatLine
from replay.seat_signatures import sign_move

# (file, verdict, code, line, about, content[, signature]) -> a Case of tools/conformance.py
MakeCase = Callable[..., Any]
KEYED = 1  # the seat claimed after creation, with its own key (0-based)


def seat_key() -> Ed25519PrivateKey:
    """The corpus seat's key: fixed, so the files regenerate byte for byte (never a real player's)."""
    return Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"frontier conformance seat key").digest())


def signed_record(seated: Record) -> Record:
    """`seated` (seat 2 claimed after creation) with the key in its seat line and every seat-2 move signed."""
    header, lines, trailer = seated
    key = seat_key()
    public = key.public_key().public_bytes_raw().hex()
    signed: list[Any] = []
    for line in lines:
        if isinstance(line, SeatLine) and line.seat == KEYED:
            line = replace(line, seat_key=public)
        elif isinstance(line, Entry) and line.seat == KEYED and line.by is None:
            command_id = f"move-{line.version}"
            signature = sign_move(key, header.game_id, line.seat, line.version, line.command, command_id)
            line = replace(line, seat_signature={"command_id": command_id, "signature": signature})
        signed.append(line)
    return reseal(header, signed, trailer)


def signed_cases(seated: Record, text: Callable[[Record], bytes], make: MakeCase) -> list[Any]:
    good = signed_record(seated)
    header, lines, trailer = good
    at = max(i for i, line in enumerate(lines) if isinstance(line, Entry) and line.seat == KEYED)
    forged_lines = list(lines)
    move = lines[at]
    assert isinstance(move, Entry)
    forged_lines[at] = replace(move, seat_signature=None)
    forged = reseal(header, forged_lines, trailer)
    return [
        make(
            "good/most-wanted-seat-signed.jsonl",
            "passed",
            None,
            None,
            "seat 2 claimed with its own key (its seat line, line 2); each of its moves is signed by it",
            text(good),
        ),
        make(
            "fail/seat-signature-forged.jsonl",
            "failed",
            "SEAT_SIGNATURE",
            at + 2,
            "a move of the key-holding seat 2 without its signature (the server wrote it), every hash "
            "re-sealed and the checkpoint re-signed with the signing key: only the seat's key tells",
            text(forged),
        ),
    ]
