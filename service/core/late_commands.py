"""A command made for a position before its seat's timeout is never applied after it.

When a seat's time runs out the server records the timeout (and, under `autopilot`, plays the
seat's move in the same transaction). A command the seat made before that may still arrive: it
was made for a position that is gone, so it is answered TIMED_OUT naming the timeout's version,
never judged against the position after the server's move (where it would be WRONG_PHASE, or
worse, accepted as a new move).

A command with `expected_version` says which position it was made for: one older than the seat's
latest timeout was made before it. A command without one cannot say; it is taken as made before
the timeout when it arrives within `LATE_WINDOW` of it and nothing was stored since the timeout
and the server's moves made with it (they share its stored time). A seat's own move ends this:
after it, its commands are judged as new. A game a timeout paused takes no command at all, and
answers PAUSED.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from replay.reasons import Reason
from service.core.errors import RuleBroken
from service.core.records import GameRecord

# How long after its timeout a command without `expected_version` is still taken as made before it:
# longer than a client's round trip, shorter than a person reading the new position and answering.
LATE_WINDOW = timedelta(seconds=1)


def timed_out(seat: int, version: int) -> RuleBroken:
    """TIMED_OUT for `seat`, naming the version of its timeout line."""
    return RuleBroken(
        Reason.TIMED_OUT,
        f"seat {seat + 1}'s time ran out before this command arrived; the timeout is recorded at "
        f"version {version}, and the command, made before it, is not applied",
        rule="CLOCK",
        timeout_version=str(version),
    )


def made_before_timeout(
    record: GameRecord, seat: int, expected_version: int | None, now: datetime
) -> RuleBroken | None:
    """TIMED_OUT if `seat`'s command was made for a position before its latest timeout, else None."""
    timeout = record.timeout_of(seat)
    if timeout is None or record.table.paused:  # paused: nothing is applied, and PAUSED says why
        return None
    if expected_version is not None:
        made_before = expected_version < timeout.version
    else:
        made_before = record.clock_at == timeout.at and now - timeout.at <= LATE_WINDOW
    return timed_out(seat, timeout.version) if made_before else None
