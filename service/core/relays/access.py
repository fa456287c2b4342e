"""Who may start relays, forks, imports and tournaments: the organiser, when the server has one.
A relay's own token also ends its relay (`EndGame`): it is the arbiter's token for that one game.

A server without an organiser token has no one who may rule, upgrade, fork or run a tournament: those
acts are refused for everyone (`NO_ORGANISER`), never granted to whoever asks."""

from __future__ import annotations

from service.core.auth import Caller, token_hash
from service.core.errors import PermissionDenied, Unauthenticated


def require_organiser(caller: Caller, organiser_token: str | None, what: str) -> None:
    """Only the holder of the organiser token may `what`; on a server without one, no one may."""
    organiser_only(caller, organiser_token, what, f"only this server's organiser may {what}")


def organiser_only(
    caller: Caller,
    organiser_token: str | None,
    what: str,
    why: str,
    send: str = "send the organiser token",
    wrong: str = "this token is not the organiser's",
) -> None:
    """ORGANISER_REQUIRED, saying `why`: UNAUTHENTICATED without a token, PERMISSION_DENIED with another;
    NO_ORGANISER (PERMISSION_DENIED) for everyone on a server without an organiser token."""
    require_an_organiser(organiser_token, what)
    if caller.is_organiser:
        return
    if caller.is_spectator:
        raise Unauthenticated("ORGANISER_REQUIRED", f"{why}: {send}")
    raise PermissionDenied("ORGANISER_REQUIRED", f"{why}: {wrong}")


def require_an_organiser(organiser_token: str | None, what: str) -> None:
    """Refuse `what`, an organiser's act, on a server that has no organiser: no token could allow it."""
    if not organiser_token:
        raise PermissionDenied(
            "NO_ORGANISER",
            f"this server has no organiser, so no one may {what}: "
            "start it with $FRONTIER_ORGANISER_TOKEN (or --organiser-token) to have one",
        )


def holds_relay_token(caller: Caller, relay_token_hash: str) -> bool:
    """Whether the caller sent the token of this relay (`relay_token_hash`; "" for a game that is not one)."""
    if not relay_token_hash or caller.token is None:
        return False
    return token_hash(caller.token) == relay_token_hash
