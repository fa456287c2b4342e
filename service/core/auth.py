"""Who is calling: a seat (by its token), the organiser, or a spectator.

Tokens travel in call metadata as `authorization: Bearer <token>` (a WebSocket client may send
its token in the opening message, a browser in the web viewer's cookie); every front end reads
them with `caller_from_credentials`. The store keeps only SHA-256 hashes of seat tokens, so neither
the database nor an export can be used to act as a seat.

Every call checks the header's form (one `Bearer <token>` or none); every call
on a game that reads the token also checks that the token belongs to that game
(`authenticate`). Both failures are UNAUTHENTICATED on every call alike, so a
mistyped token is never silently a spectator.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from replay.reasons import Reason
from service.core.errors import PermissionDenied, Unauthenticated

BEARER_FORM = "authorization metadata must be 'Bearer <token>'"


@dataclass(frozen=True)
class Caller:
    token: str | None
    is_organiser: bool = False

    @property
    def is_spectator(self) -> bool:
        return self.token is None


ANYONE = Caller(token=None)  # a caller with no token: what a spectator or a page that reads none sees


def new_token() -> str:
    """A seat's token; never beginning with '-', which a command line would read as an option."""
    while (token := secrets.token_urlsafe(24)).startswith("-"):
        pass
    return token


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def caller_from_credentials(
    authorization: Sequence[str | bytes], organiser_token: str | None, sent_token: str = ""
) -> Caller:
    """Who calls, as every front end reads it: the one place a presented token becomes a `Caller`.

    `authorization` holds the transport's authorization headers (gRPC metadata, HTTP headers),
    each `Bearer <token>`; `sent_token` a token a client that cannot set headers sent otherwise (a
    WebSocket's opening message, the web viewer's cookie). When both come they must agree.
    """
    header = _bearer(authorization, organiser_token)
    if not sent_token:
        return header
    if header.token is not None and not hmac.compare_digest(header.token.encode(), sent_token.encode()):
        raise Unauthenticated(
            Reason.BAD_AUTHORIZATION,
            "the opening message's token and the Authorization header differ: send one",
        )
    return _presented(sent_token, organiser_token)


def caller_from_metadata(metadata: Iterable[tuple[str, str | bytes]], organiser_token: str | None) -> Caller:
    """The caller of a gRPC call, from its `authorization` metadata."""
    return caller_from_credentials(authorization_of(metadata), organiser_token)


def authorization_of(metadata: Iterable[tuple[str, str | bytes]]) -> list[str | bytes]:
    """The values of every `authorization` entry of a call's metadata."""
    return [value for key, value in metadata if key.lower() == "authorization"]


def is_organiser_token(token: str, organiser_token: str | None) -> bool:
    """Whether `token` is the organiser's, compared in constant time (no organiser token: never)."""
    expected = (organiser_token or "").encode()
    return bool(organiser_token) and hmac.compare_digest(token.encode(), expected)


def _bearer(values: Sequence[str | bytes], organiser_token: str | None) -> Caller:
    if not values:
        return ANYONE
    if len(values) > 1:
        raise Unauthenticated(Reason.BAD_AUTHORIZATION, "send one authorization header, not several")
    text = values[0].decode(errors="replace") if isinstance(values[0], bytes) else values[0]
    scheme, _, token = text.partition(" ")
    if scheme.lower() != "bearer":
        raise Unauthenticated(Reason.BAD_AUTHORIZATION, BEARER_FORM)
    return _presented(token, organiser_token)


def _presented(token: str, organiser_token: str | None) -> Caller:
    token = token.strip()
    if not token:
        raise Unauthenticated(Reason.BAD_AUTHORIZATION, BEARER_FORM)
    return Caller(token=token, is_organiser=is_organiser_token(token, organiser_token))


def authenticate(caller: Caller, token_hashes: Iterable[str]) -> Caller:
    """The caller, if its token (when it sent one) is the organiser's or a seat's of this game."""
    if caller.token is None or caller.is_organiser:
        return caller
    if seat_of(caller, token_hashes, required=False) is None:
        raise Unauthenticated(
            Reason.UNKNOWN_TOKEN, "the token is neither the organiser's nor a seat token of this game"
        )
    return caller


def seat_of(caller: Caller, token_hashes: Iterable[str], *, required: bool) -> int | None:
    """The seat the caller's token belongs to in this game.

    With `required`, a missing token is UNAUTHENTICATED and a token that holds no
    seat here is PERMISSION_DENIED (the organiser holds no seat either).
    """
    if caller.token is None:
        if required:
            raise Unauthenticated(
                Reason.TOKEN_REQUIRED, "this call needs a seat token (authorization: Bearer ...)"
            )
        return None
    digest = token_hash(caller.token)
    for seat, stored in enumerate(token_hashes):
        if stored and hmac.compare_digest(stored, digest):
            return seat
    if required:
        raise PermissionDenied(Reason.NOT_A_SEAT, "this token holds no seat in this game")
    return None
