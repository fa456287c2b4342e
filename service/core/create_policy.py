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
organiser token creates for no one (`NO_ORGANISER`). Who may create is decided with the other rights in
`service.core.permissions`; this module keeps the tag's rule.
"""

from __future__ import annotations

from replay.reasons import Reason
from service.core.errors import InvalidArgument

TOURNAMENT_TAG_PREFIX = "tournament:"
LADDER_TAG_PREFIX = "ladder:"  # the same rule for the ladders' games (service/core/ladders/desk.py)


def tournament_tag(tournament_id: str) -> str:
    return f"{TOURNAMENT_TAG_PREFIX}{tournament_id}"


def ladder_tag(ladder_id: str) -> str:
    return f"{LADDER_TAG_PREFIX}{ladder_id}"


def check_tag(tag: str) -> None:
    """Refuse a tag that only the tournament or ladder service may give (whoever asks, before anything
    is stored)."""
    for prefix, service in ((TOURNAMENT_TAG_PREFIX, "tournament"), (LADDER_TAG_PREFIX, "ladder")):
        if tag.strip().lower().startswith(prefix):
            raise InvalidArgument(
                Reason.RESERVED_TAG,
                f"tags beginning {prefix!r} are given only by the {service} service to its "
                "own games; choose another tag",
                field="tag",
            )
