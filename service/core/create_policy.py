"""Who may create a game over the API, and which tags no caller may give one.

A tag is free text, except that `tournament:` begins only the tags the tournament service gives its
own tables (service/core/tournaments/app.py, which creates them in-process, never through CreateGame): a game
created through the API with such a tag is refused, whoever asks, so no outsider's game reads as a
tournament's. A tournament's games are still listed and audited from its own record, which names
each table's game id; the reserved tag is a label people can trust, not the proof.

Creating is open to anyone by default: a new game gives its creator power over that game only (its
seats' tokens), its seed is the server's, and it can no longer pose as a tournament's. An
organiser running a closed event turns it off (`--no-open-create`): then only the organiser
creates, as only the organiser imports without `--open-import`; a server run closed without an
organiser token creates for no one (`NO_ORGANISER`).
"""

from __future__ import annotations

from replay.clock import PAUSE
from replay.takebacks import ORGANISER
from service.core.auth import Caller
from service.core.errors import InvalidArgument
from service.core.relays.access import require_an_organiser, require_organiser

TOURNAMENT_TAG_PREFIX = "tournament:"


def tournament_tag(tournament_id: str) -> str:
    return f"{TOURNAMENT_TAG_PREFIX}{tournament_id}"


def check_create(caller: Caller, tag: str, organiser_token: str | None, open_create: bool) -> None:
    """Refuse a CreateGame call this server's policy does not allow (before anything is stored)."""
    if not open_create:
        require_organiser(caller, organiser_token, "create games (the server runs --no-open-create)")
    if tag.strip().lower().startswith(TOURNAMENT_TAG_PREFIX):
        raise InvalidArgument(
            "RESERVED_TAG",
            f"tags beginning {TOURNAMENT_TAG_PREFIX!r} are given only by the tournament service to its "
            "own tables; choose another tag",
            field="tag",
        )


def check_organiser_waits(organiser_token: str | None, timeout_policy: str, takeback_policy: str) -> None:
    """Refuse a game that would wait for an organiser this server lacks: a timeout that pauses it until
    the organiser ends it, or takebacks only the organiser grants (it would wait for ever)."""
    if timeout_policy.strip().lower() == PAUSE:
        require_an_organiser(organiser_token, "create games that a timeout pauses for the organiser to end")
    if takeback_policy == ORGANISER:
        require_an_organiser(organiser_token, "create games whose takebacks the organiser grants")
