"""Who may start relays, forks, imports and tournaments: the organiser, when the server has one.
A relay's own token also ends its relay (`EndGame`): it is the arbiter's token for that one game."""

from __future__ import annotations

from service.core.auth import Caller, token_hash
from service.core.errors import PermissionDenied, Unauthenticated


def require_organiser(caller: Caller, organiser_token: str | None, what: str) -> None:
    """With an organiser token set, only its holder may `what`; a server without one is open."""
    organiser_only(caller, organiser_token, f"only this server's organiser may {what}")


def organiser_only(
    caller: Caller,
    organiser_token: str | None,
    why: str,
    send: str = "send the organiser token",
    wrong: str = "this token is not the organiser's",
) -> None:
    """ORGANISER_REQUIRED, saying `why`: UNAUTHENTICATED without a token, PERMISSION_DENIED with another."""
    if not organiser_token or caller.is_organiser:
        return
    if caller.is_spectator:
        raise Unauthenticated("ORGANISER_REQUIRED", f"{why}: {send}")
    raise PermissionDenied("ORGANISER_REQUIRED", f"{why}: {wrong}")


def holds_relay_token(caller: Caller, relay_token_hash: str) -> bool:
    """Whether the caller sent the token of this relay (`relay_token_hash`; "" for a game that is not one)."""
    if not relay_token_hash or caller.token is None:
        return False
    return token_hash(caller.token) == relay_token_hash
