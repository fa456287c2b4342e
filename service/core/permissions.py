"""Who may do what: the one place that decides who may write, beside the gate that decides who may see.

The front ends decode a call, ask here, and encode the answer; none of them decides a right itself.

- Organiser-only acts (rulings, upgrades, forks, games under older rules, tournaments): the holder of
  the organiser token. A server without an organiser token has no one who may do them: they are refused
  for everyone (`NO_ORGANISER`), never granted to whoever asks.
- A relay's lines: the organiser or the relay's own token.
- Reissuing a seat's token: the organiser.
- Ending a game: the organiser, or a relay's own token for its relay (the arbiter's token for that game).
- Imports, recordings and relays: anyone on a server without an organiser token (an import stores a new
  game marked imported, a record of a table elsewhere that rules over no game played here); with one,
  only the organiser, unless the server runs open-import.
- Creating games: the policy in `service.core.create_policy` (open by default; the organiser only under
  `--no-open-create`), and no game that would wait for an organiser this server lacks.
- Choosing whose view the web viewer shows (`?seat=`): the organiser only.
"""

from __future__ import annotations

from dataclasses import dataclass

from replay.clock import PAUSE
from replay.reasons import Reason
from replay.takebacks import ORGANISER
from service.core.auth import Caller, token_hash
from service.core.create_policy import check_tag
from service.core.errors import PermissionDenied, Unauthenticated

__all__ = [
    "Permissions",
    "organiser_only",
    "require_an_organiser",
    "require_organiser",
    "require_relay_token",
]


@dataclass(frozen=True)
class Permissions:
    """The rights callers have on one server, from its settings."""

    organiser_token: str | None  # None or "": a server without an organiser
    open_create: bool = True  # anyone may create games (service/core/create_policy.py says why)
    open_import: bool = False  # anyone may import, even with an organiser token set

    def require_organiser(self, caller: Caller, what: str) -> None:
        """Only the organiser may `what` (e.g. "fork games"); no one on a server without one."""
        require_organiser(caller, self.organiser_token, what)

    def check_create(self, caller: Caller, tag: str, timeout_policy: str, takeback_policy: str) -> None:
        """Refuse a CreateGame call this server's policy does not allow (before anything is stored)."""
        if not self.open_create:
            require_organiser(caller, self.organiser_token, "create games (the server runs --no-open-create)")
        check_tag(tag)
        self.check_organiser_waits(timeout_policy, takeback_policy)

    def check_organiser_waits(self, timeout_policy: str, takeback_policy: str) -> None:
        """Refuse a game that would wait for an organiser this server lacks: a timeout that pauses it until
        the organiser ends it, or takebacks only the organiser grants (it would wait for ever)."""
        if timeout_policy.strip().lower() == PAUSE:
            require_an_organiser(
                self.organiser_token, "create games that a timeout pauses for the organiser to end"
            )
        if takeback_policy == ORGANISER:
            require_an_organiser(self.organiser_token, "create games whose takebacks the organiser grants")

    def check_end(self, caller: Caller, relay_token_hash: str) -> None:
        """The organiser ends games; a relay's own token (`relay_token_hash`, "" if none) ends its relay."""
        relay = caller.token and not caller.is_organiser
        if not (relay and holds_relay_token(caller, relay_token_hash)):
            require_organiser(caller, self.organiser_token, "end games (a relay's own token ends its relay)")

    def check_import(self, caller: Caller) -> None:
        """With an organiser token set, only the organiser imports, unless the server runs open-import."""
        if self.organiser_token and not self.open_import:
            why = "this server takes imports from its organiser only (or run it with --open-import)"
            organiser_only(caller, self.organiser_token, "import", why)

    def check_reissue(self, caller: Caller) -> None:
        """Only the organiser reissues a seat's token (`caller` already authenticated against the game)."""
        if not self.organiser_token or not caller.is_organiser:
            raise PermissionDenied(
                Reason.ORGANISER_REQUIRED,
                "only this server's organiser reissues seat tokens"
                + ("" if self.organiser_token else " (this server has no organiser token)"),
            )

    def check_tournament(self, caller: Caller) -> None:
        """Only the organiser runs a tournament (creates it, starts its rounds)."""
        why = "running a tournament needs the organiser token"
        what, send, wrong = "run a tournament", "send it", "this token is not it"
        organiser_only(caller, self.organiser_token, what, why, send, wrong)

    def check_registry(self, caller: Caller, what: str) -> None:
        """Only the organiser registers players or invites them (`what`: "register players", ...);
        a holder of an invitation code registers themself, checked by the code."""
        organiser_only(caller, self.organiser_token, what, f"to {what} needs the organiser token")

    def check_ladder(self, caller: Caller) -> None:
        """Only the organiser runs a ladder (creates it, pairs its games, ends its seasons)."""
        why = "running a ladder needs the organiser token"
        organiser_only(caller, self.organiser_token, "run a ladder", why, "send it", "this token is not it")

    def check_choose_view(self, caller: Caller) -> None:
        """Only the organiser chooses whose view a page shows; everyone else gets the gate's."""
        if not caller.is_organiser:
            raise PermissionDenied(
                Reason.ORGANISER_ONLY, "only the organiser's token may choose whose view to show (?seat=)"
            )


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
        raise Unauthenticated(Reason.ORGANISER_REQUIRED, f"{why}: {send}")
    raise PermissionDenied(Reason.ORGANISER_REQUIRED, f"{why}: {wrong}")


def require_an_organiser(organiser_token: str | None, what: str) -> None:
    """Refuse `what`, an organiser's act, on a server that has no organiser: no token could allow it."""
    if not organiser_token:
        raise PermissionDenied(
            Reason.NO_ORGANISER,
            f"this server has no organiser, so no one may {what}: "
            "start it with $FRONTIER_ORGANISER_TOKEN (or --organiser-token) to have one",
        )


def require_relay_token(caller: Caller, relay_token_hash: str) -> None:
    """A relay's lines come from the organiser or the relay's own token (`relay_token_hash`)."""
    if caller.is_organiser:
        return
    if caller.token is None:
        raise Unauthenticated(
            Reason.RELAY_TOKEN_REQUIRED, "send the relay token StartRelay gave (or the organiser's)"
        )
    if not holds_relay_token(caller, relay_token_hash):
        # As every call that reads a token answers one that is not of its game.
        raise Unauthenticated(
            Reason.UNKNOWN_TOKEN, "the token is neither the organiser's nor this relay's token"
        )


def holds_relay_token(caller: Caller, relay_token_hash: str) -> bool:
    """Whether the caller sent the token of this relay (`relay_token_hash`; "" for a game that is not one)."""
    if not relay_token_hash or caller.token is None:
        return False
    return token_hash(caller.token) == relay_token_hash
