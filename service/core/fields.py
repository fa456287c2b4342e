"""The checks every front end makes on identifiers and names a caller sends, written once.

Ids are stored and echoed in errors and logs, so a caller may not make them arbitrarily long.
"""

from __future__ import annotations

from collections.abc import Iterable
from uuid import UUID

from replay.reasons import Reason
from service.core.errors import InvalidArgument

MAX_ID_LENGTH = 128  # game ids, player names, client seeds
MAX_TAG_LENGTH = 200  # tournament ids and game tags


def require_id(value: str, name: str, limit: int = MAX_ID_LENGTH) -> str:
    """`value`, or INVALID_ARGUMENT if it is empty or longer than `limit` characters."""
    if not value:
        raise InvalidArgument(Reason.MISSING_FIELD, f"{name} is required", field=name)
    return check_length(value, name, limit)


def parse_uuid(value: str, name: str, reason: Reason) -> UUID:
    """The UUID of any spelling Python's UUID accepts, or INVALID_ARGUMENT `reason` naming `name`."""
    try:
        return UUID(value)
    except (ValueError, TypeError, AttributeError):
        raise InvalidArgument(reason, f"{name} {value!r} is not a UUID", field=name) from None


def check_length(value: str, name: str, limit: int = MAX_ID_LENGTH) -> str:
    """`value` (which may be empty), or INVALID_ARGUMENT if it is longer than `limit` characters."""
    if len(value) > limit:
        raise InvalidArgument(Reason.FIELD_TOO_LONG, f"{name} is longer than {limit} characters", field=name)
    return value


def check_names(names: Iterable[str], field: str) -> None:
    """INVALID_ARGUMENT if any of the player names in `field` is too long."""
    if any(len(name) > MAX_ID_LENGTH for name in names):
        raise InvalidArgument(
            Reason.FIELD_TOO_LONG, f"a player name is longer than {MAX_ID_LENGTH} characters", field=field
        )
