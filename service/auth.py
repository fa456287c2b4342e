"""Who is calling: a seat (by its token), the organiser, or a spectator.

Tokens travel in call metadata as `authorization: Bearer <token>`. The store
keeps only SHA-256 hashes of seat tokens, so neither the database nor an
export can be used to act as a seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from service.errors import PermissionDenied, Unauthenticated


@dataclass(frozen=True)
class Caller:
    token: str | None
    is_organiser: bool = False

    @property
    def is_spectator(self) -> bool:
        return self.token is None


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def caller_from_metadata(metadata: Iterable[tuple[str, str | bytes]], organiser_token: str | None) -> Caller:
    for key, value in metadata:
        if key.lower() != "authorization":
            continue
        text = value.decode() if isinstance(value, bytes) else value
        scheme, _, token = text.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthenticated("BAD_AUTHORIZATION", "authorization metadata must be 'Bearer <token>'")
        token = token.strip()
        organiser = bool(organiser_token) and hmac.compare_digest(token, organiser_token or "")
        return Caller(token=token, is_organiser=organiser)
    return Caller(token=None)


def seat_of(caller: Caller, token_hashes: Iterable[str], *, required: bool) -> int | None:
    """The seat the caller's token belongs to in this game.

    With `required`, a missing token is UNAUTHENTICATED and a token that holds no
    seat here is PERMISSION_DENIED (the organiser holds no seat either).
    """
    if caller.token is None:
        if required:
            raise Unauthenticated(
                "TOKEN_REQUIRED", "this call needs a seat token (authorization: Bearer ...)"
            )
        return None
    digest = token_hash(caller.token)
    for seat, stored in enumerate(token_hashes):
        if stored and hmac.compare_digest(stored, digest):
            return seat
    if required:
        raise PermissionDenied("NOT_A_SEAT", "this token holds no seat in this game")
    return None
