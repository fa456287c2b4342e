"""When each seat's time runs out: deadlines from a record's clocks and its last line's stored time.

The clocks themselves are `replay/clock.py`, folded into the record from its lines; the stored
time of the last line (`GameRecord.clock_at`) anchors them, so a deadline survives a restart.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from service.core.records import FINISHED, GameRecord


def elapsed_ms(record: GameRecord, now: datetime) -> int:
    """Wall time since the record's last line, in whole ms (never negative: another server's clock)."""
    assert record.clock_at is not None
    return max(0, (now - record.clock_at) // timedelta(milliseconds=1))


def due_seat(record: GameRecord, now: datetime) -> int | None:
    """A seat on the clock whose time has run out at `now` (the earliest to), else None."""
    control, clocks = record.control, record.clocks
    if control is None or clocks is None or record.status == FINISHED or not record.started:
        return None  # a scheduled game's clocks run only from its start line
    charged = clocks.charged(elapsed_ms(record, now))
    late = [
        (charged.remaining(control, s), s)
        for s in sorted(charged.to_act)
        if charged.remaining(control, s) <= 0
    ]
    return min(late)[1] if late else None


def deadline_of(record: GameRecord) -> datetime | None:
    """When the server next has something to record: a seat on the clock running out of time, the
    join deadline of a game still waiting for a seat, or a scheduled game's start."""
    if record.status == FINISHED:
        return None
    return min(
        [
            at
            for at in (_clock_deadline(record), join_deadline_of(record), start_of(record))
            if at is not None
        ],
        default=None,
    )


def start_of(record: GameRecord) -> datetime | None:
    """A scheduled game's start, while its start line can be recorded and is not yet: its clocks
    are set (a player-entropy game's once dealt) and a seat is to act."""
    if record.started or record.starts_at is None or record.status == FINISHED:
        return None
    if record.clocks is None or not record.clocks.to_act or record.clock_at is None:
        return None
    return record.starts_at


def join_deadline_of(record: GameRecord) -> datetime | None:
    """The join deadline, while the game still waits for a seat (a claim or a reveal)."""
    if record.join_deadline is None or record.status == FINISHED or not record.waiting_for_seats:
        return None
    return record.join_deadline


def _clock_deadline(record: GameRecord) -> datetime | None:
    control, clocks = record.control, record.clocks
    if control is None or clocks is None or not clocks.to_act or not record.started:
        return None
    assert record.clock_at is not None
    soonest = min(clocks.remaining(control, s) for s in clocks.to_act)
    return record.clock_at + timedelta(milliseconds=soonest)
