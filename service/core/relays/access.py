"""Who may start relays and forks: the organiser, when the server has one."""

from __future__ import annotations

from service.core.auth import Caller
from service.core.errors import PermissionDenied, Unauthenticated


def require_organiser(caller: Caller, organiser_token: str | None, what: str) -> None:
    """With an organiser token set, only its holder may `what`; a server without one is open."""
    if not organiser_token or caller.is_organiser:
        return
    why = f"only this server's organiser may {what}"
    if caller.is_spectator:
        raise Unauthenticated("ORGANISER_REQUIRED", f"{why}: send the organiser token")
    raise PermissionDenied("ORGANISER_REQUIRED", f"{why}: this token is not the organiser's")
