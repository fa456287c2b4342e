"""Commit, then reveal: the client seeds of a player-entropy game in format 4 (seeds/LOG-FORMAT.md).

A seat claims with a commitment to its client seed and reveals the seed only once every
seat's commitment is recorded. The deal is then fixed by the recorded commitments, so a
server that refuses claims or reveals and waits for retries cannot steer it: every retry
carries the same commitment, and the seed behind it is unknown to the server until nothing
can change any more.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Sequence

import rfc8785

ENTROPY_FORMAT_VERSION = 5  # the format a new player-entropy game is written in
COMMIT_REVEAL_FORMAT = 4  # from this format seat lines carry commitments and the deal line reveals
CLIENT_SEED_CONTEXT = b"frontier-client-seed-v1:"
SEAT_SALT_CONTEXT_4 = "frontier-log/v4/seat/"
_HEX64 = re.compile(r"[0-9a-f]{64}")


def client_commitment(client_seed: str) -> str:
    """SHA-256("frontier-client-seed-v1:" || UTF-8(client seed)), lowercase hex.

    It hides the seed only if the seed is hard to guess: the library draws 32 random bytes.
    A seed a person types may be guessed from its commitment by whoever sees it first."""
    return hashlib.sha256(CLIENT_SEED_CONTEXT + client_seed.encode("utf-8")).hexdigest()


def is_commitment(text: str) -> bool:
    """64 lowercase hex digits: the shape of a client commitment."""
    return _HEX64.fullmatch(text) is not None


def reveal_matches(client_seed: str, commitment: str) -> bool:
    """Whether `client_seed` is the seed `commitment` was made to (compared in constant time)."""
    return hmac.compare_digest(client_commitment(client_seed), commitment)


def seat_salt_4(seed: bytes, game_id: str, seat: int, player: str, commitment: str | None) -> str:
    """The salt of a format-4 seat line: binds the seat's name and client commitment to the server seed."""
    claim = rfc8785.dumps(
        {"client_commitment": commitment, "game_id": game_id, "player": player, "seat": seat}
    )
    return hmac.digest(seed, SEAT_SALT_CONTEXT_4.encode() + claim, "sha256").hex()


def reveal_problems(
    commitments: Sequence[str | None], client_seeds: Sequence[str | None]
) -> tuple[str, int, str] | None:
    """The first problem of a deal line's reveals against the seat lines' commitments, as
    (code, seat, reason); None when each committed seat revealed the seed it committed to and
    no other seat gave one. Seats are checked in order, so every verifier names the same one."""
    for seat, commitment in enumerate(commitments):
        given = client_seeds[seat] if seat < len(client_seeds) else None
        if commitment is None and given is not None:
            reason = f"seat {seat + 1} reveals a client seed but committed to none (it was taken at creation)"
            return "UNEXPECTED_REVEAL", seat, reason
        if commitment is not None and given is None:
            reason = f"seat {seat + 1} committed to a client seed but the deal line reveals none"
            return "REVEAL_MISSING", seat, reason
        if commitment is not None and given is not None and not reveal_matches(given, commitment):
            reason = (
                f"seat {seat + 1}'s revealed client seed does not hash to the commitment its seat line "
                "recorded: the seed was changed after the commitment"
            )
            return "SEED_REVEAL_DIFFERS", seat, reason
    return None
