"""Scheduled play: games made ahead with an announced start (as lichess's bulk pairing `pairAt`
and `startClocksAt`). The game exists at once, so seats claim early, but before the start no seat
moves and no clock runs; at the start the server records a start line (`rulings.start_due`) and
the clocks run from the announced time. The start is stored with the game, so a restarted server's
clock keeper finds it again; the store's optimistic concurrency lets one server alone write it.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from replay.reasons import Reason
from service.core.errors import InvalidArgument, RuleBroken
from service.core.records import GameRecord

MAX_AHEAD = timedelta(days=30)  # as the longest join deadline
_RELATIVE = re.compile(r"^\+(\d{1,7})s$")


def parse_start(text: str, now: datetime, field: str = "start_at") -> datetime | None:
    """The announced start from ISO 8601 (with a zone; UTC if none) or "+90s" from `now`; None for ""."""
    text = text.strip()
    if not text:
        return None
    relative = _RELATIVE.match(text)
    try:
        at = now + timedelta(seconds=int(relative[1])) if relative else datetime.fromisoformat(text)
    except ValueError:
        at = None
    if at is None:
        raise InvalidArgument(
            Reason.BAD_START_TIME,
            f"start time {text!r} is neither ISO 8601 (2026-12-08T19:30:00Z) nor +SECONDS (+90s)",
            field=field,
        )
    at = at if at.tzinfo is not None else at.replace(tzinfo=UTC)
    if not now <= at <= now + MAX_AHEAD:
        raise InvalidArgument(
            Reason.BAD_START_TIME,
            f"start time {spelled(at)} must be from now ({spelled(now)}) to 30 days ahead",
            field=field,
        )
    return at.astimezone(UTC)


def spelled(at: datetime) -> str:
    """A start time as people and logs read it: ISO 8601 in UTC, to the millisecond."""
    return at.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def waiting_to_start(record: GameRecord) -> bool:
    """A scheduled game whose start line is not recorded yet."""
    return record.starts_at is not None and not record.started


def refuse_before_start(record: GameRecord, now: datetime) -> None:
    """Refuse a seat's move (or takeback, or resignation) before the game's announced start."""
    if record.starts_at is not None and not record.started and now < record.starts_at:
        raise RuleBroken(
            Reason.NOT_STARTED,
            f"play starts at {spelled(record.starts_at)}; no seat may move before then",
            rule="SCHEDULE",
        )
