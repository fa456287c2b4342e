"""The permissions policy as a table: who may do what, per caller kind, on servers with and without an
organiser token (service/core/permissions.py). Each cell is the status and reason a front end answers.

The callers are read from an Authorization header as every front end reads them, so "the organiser"
on a server without an organiser token is just a caller with a token that is no one's.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from replay.takebacks import ORGANISER as ORGANISER_GRANTS
from service.core.auth import Caller, caller_from_credentials, token_hash
from service.core.errors import ServiceError
from service.core.permissions import Permissions, require_relay_token

ORGANISER_TOKEN = "the-organisers-long-secret-token"
RELAY_TOKEN = "a-relays-own-token"
SEAT_TOKEN = "a-seats-token"

SERVERS = {
    "organiser": Permissions(ORGANISER_TOKEN),
    "no organiser": Permissions(None),
    "closed create": Permissions(ORGANISER_TOKEN, open_create=False),
    "closed create, no organiser": Permissions(None, open_create=False),
    "open import": Permissions(ORGANISER_TOKEN, open_import=True),
}
CALLERS = {"spectator": None, "seat": SEAT_TOKEN, "relay": RELAY_TOKEN, "organiser": ORGANISER_TOKEN}

Act = Callable[[Permissions, Caller], None]
ACTS: dict[str, tuple[str, Act]] = {
    "create": ("check_create", lambda p, c: p.check_create(c, "club night", "", "")),
    "create with a reserved tag": ("check_create", lambda p, c: p.check_create(c, "tournament:x", "", "")),
    "create paused by a timeout": ("check_create", lambda p, c: p.check_create(c, "", "pause", "")),
    "create with the organiser's takebacks": (
        "check_create",
        lambda p, c: p.check_create(c, "", "", ORGANISER_GRANTS),
    ),
    "create under older rules": (
        "require_organiser",
        lambda p, c: p.require_organiser(c, "create games under older rules"),
    ),
    "upgrade": ("require_organiser", lambda p, c: p.require_organiser(c, "upgrade a game's rules")),
    "fork": ("require_organiser", lambda p, c: p.require_organiser(c, "fork games")),
    "end a relay": ("check_end", lambda p, c: p.check_end(c, token_hash(RELAY_TOKEN))),
    "import": ("check_import", lambda p, c: p.check_import(c)),
    "run a tournament": ("check_tournament", lambda p, c: p.check_tournament(c)),
    "register a player": ("check_registry", lambda p, c: p.check_registry(c, "register players")),
    "invite a player": ("check_registry", lambda p, c: p.check_registry(c, "invite players")),
    "run a ladder": ("check_ladder", lambda p, c: p.check_ladder(c)),
    "reissue a seat token": ("check_reissue", lambda p, c: p.check_reissue(c)),
    "choose whose view a page shows": ("check_choose_view", lambda p, c: p.check_choose_view(c)),
    "organiser waits": ("check_organiser_waits", lambda p, c: p.check_organiser_waits("pause", "")),
}

OK = "ok"
U_ORGANISER, P_ORGANISER = "UNAUTHENTICATED ORGANISER_REQUIRED", "PERMISSION_DENIED ORGANISER_REQUIRED"
NONE = "PERMISSION_DENIED NO_ORGANISER"
RESERVED = "INVALID_ARGUMENT RESERVED_TAG"
ONLY = "PERMISSION_DENIED ORGANISER_ONLY"
# Outcomes for (spectator, seat, relay, organiser).
EVERYONE = (OK, OK, OK, OK)
ORGANISER_ALONE = (U_ORGANISER, P_ORGANISER, P_ORGANISER, OK)
NO_ONE = (NONE, NONE, NONE, NONE)

TABLE: dict[str, dict[str, tuple[str, str, str, str]]] = {
    "create": {
        "organiser": EVERYONE,
        "no organiser": EVERYONE,
        "closed create": ORGANISER_ALONE,
        "closed create, no organiser": NO_ONE,
        "open import": EVERYONE,
    },
    "create with a reserved tag": {
        "organiser": (RESERVED,) * 4,
        "no organiser": (RESERVED,) * 4,
        "closed create": (U_ORGANISER, P_ORGANISER, P_ORGANISER, RESERVED),
        "closed create, no organiser": NO_ONE,
        "open import": (RESERVED,) * 4,
    },
    "create paused by a timeout": {
        "organiser": EVERYONE,
        "no organiser": NO_ONE,
        "closed create": ORGANISER_ALONE,
        "closed create, no organiser": NO_ONE,
        "open import": EVERYONE,
    },
    "end a relay": {
        "organiser": (U_ORGANISER, P_ORGANISER, OK, OK),
        "no organiser": (NONE, NONE, OK, NONE),
        "closed create": (U_ORGANISER, P_ORGANISER, OK, OK),
        "closed create, no organiser": (NONE, NONE, OK, NONE),
        "open import": (U_ORGANISER, P_ORGANISER, OK, OK),
    },
    "import": {
        "organiser": ORGANISER_ALONE,
        "no organiser": EVERYONE,
        "closed create": ORGANISER_ALONE,
        "closed create, no organiser": EVERYONE,
        "open import": EVERYONE,
    },
    "reissue a seat token": {
        "organiser": (P_ORGANISER, P_ORGANISER, P_ORGANISER, OK),
        "no organiser": (P_ORGANISER,) * 4,
        "closed create": (P_ORGANISER, P_ORGANISER, P_ORGANISER, OK),
        "closed create, no organiser": (P_ORGANISER,) * 4,
        "open import": (P_ORGANISER, P_ORGANISER, P_ORGANISER, OK),
    },
    "choose whose view a page shows": {
        "organiser": (ONLY, ONLY, ONLY, OK),
        "no organiser": (ONLY,) * 4,
        "closed create": (ONLY, ONLY, ONLY, OK),
        "closed create, no organiser": (ONLY,) * 4,
        "open import": (ONLY, ONLY, ONLY, OK),
    },
}
# The organiser's own acts: the organiser alone where there is one, no one where there is none.
for _act in (
    "create under older rules",
    "upgrade",
    "fork",
    "run a tournament",
    "register a player",
    "invite a player",
    "run a ladder",
):
    TABLE[_act] = {
        server: ORGANISER_ALONE if permissions.organiser_token else NO_ONE
        for server, permissions in SERVERS.items()
    }
TABLE["create with the organiser's takebacks"] = TABLE["create paused by a timeout"]
TABLE["organiser waits"] = {
    server: EVERYONE if permissions.organiser_token else NO_ONE for server, permissions in SERVERS.items()
}


def outcome(act: Act, permissions: Permissions, token: str | None) -> str:
    caller = caller_from_credentials([f"Bearer {token}"] if token else [], permissions.organiser_token)
    try:
        act(permissions, caller)
    except ServiceError as error:
        return f"{error.status.name} {error.reason}"
    return OK


@pytest.mark.parametrize("act", sorted(ACTS))
@pytest.mark.parametrize("server", sorted(SERVERS))
def test_who_may_do_what(act: str, server: str) -> None:
    permissions, (_, call) = SERVERS[server], ACTS[act]
    got = tuple(outcome(call, permissions, token) for token in CALLERS.values())
    assert got == TABLE[act][server], dict(zip(CALLERS, got, strict=True))


def test_every_right_of_the_policy_has_rows_in_the_table() -> None:
    rights = {name for name, value in vars(Permissions).items() if callable(value) and name[0] != "_"}
    assert rights == {method for method, _ in ACTS.values()}
    assert set(TABLE) == set(ACTS)


def test_a_relays_lines_come_from_its_own_token_or_the_organiser() -> None:
    """`require_relay_token`: RelayLine's right (the relay's hash comes from the game's record)."""
    relay_hash = token_hash(RELAY_TOKEN)
    rows = {}
    for server in ("organiser", "no organiser"):
        permissions = SERVERS[server]
        rows[server] = tuple(
            outcome(lambda _p, caller: require_relay_token(caller, relay_hash), permissions, token)
            for token in CALLERS.values()
        )
    unknown = "UNAUTHENTICATED UNKNOWN_TOKEN"
    assert rows == {
        "organiser": ("UNAUTHENTICATED RELAY_TOKEN_REQUIRED", unknown, OK, OK),
        "no organiser": ("UNAUTHENTICATED RELAY_TOKEN_REQUIRED", unknown, OK, unknown),
    }
