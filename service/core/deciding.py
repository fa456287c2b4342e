"""The lines decided here from a game's record: a command's entry, the moves the server plays
for seats that are out, the finish; with their chain fields and clock readings.

Shared by commands (service/core/commands.py) and rulings (service/core/rulings.py): a ruling
that puts a seat out is followed by the moves the server plays for it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from engines.base import Command, Event, fold
from engines.bot import autopilot_command
from engines.codec import encode
from engines.rng import SeededRng, rng_key
from replay.clock import clock_json
from replay.record import AUTOPILOT, Entry, line_salt, written_draws
from replay.table import Table, autopilot_seat
from replay.table import moved as moved_table
from replay.verify import outcome_json
from service.core.clocks.deadlines import elapsed_ms
from service.core.ledger_lines import Batch, Finish, Move
from service.core.records import FINISHED, GameRecord, next_clocks

# Moves the server plays in a row for seats that are out; every game ends long before
# (tests/engines/test_autopilot.py), so reaching it means a broken engine, not a long game.
MAX_AUTOPILOT_MOVES = 10_000


def decide(
    batch: Batch,
    seat: int,
    command: Command,
    command_id: str,
    by: str | None = None,
    *,
    at: datetime,
    signed: dict[str, str] | None = None,
) -> list[Event]:
    """Stage the entry of `command` decided by the engine after `batch`'s record; its engine events.

    In a game with a clock the entry records the time since the last line, the seat's think and
    every seat's time after it; the caller has recorded every timeout due at `at` first.
    """
    record = batch.after()
    engine = record.engine
    rng = SeededRng(record.rng_seed, rng_key(record.header.game_id, record.header.deal), record.game_version)
    events = engine.decide(record.state, seat, command, rng)
    state = fold(engine, record.state, events)
    entry = Entry(
        version=record.game_version + 1,
        seat=seat,
        command=encode(command),
        # A game stored in format 1 keeps appending format-1 entries (and draws as its format records them).
        draws=tuple(written_draws(rng.draws, record.header.format_version)),
        events=tuple(encode(e) for e in events),
        prev=record.head,
        format_version=record.header.format_version,
        salt=salt(record, record.game_version + 1),
        by=by,
        clock=line_clock(record, at, state, moved_table(record.table, seat), seat=seat, moved=seat),
        seat_signature=signed,  # the seat's signature of this move, when it holds a key
    ).sealed()
    batch.move(Move(entry, command_id), state, at=at)
    return events


def then_autopilot(batch: Batch, at: datetime) -> GameRecord:
    """Stage the moves the server plays for seats that are out, then the finish if the game is
    over; the record after them all."""
    after = batch.after()
    for _ in range(MAX_AUTOPILOT_MOVES):
        seat = autopilot_seat(after.engine, after.state, after.table)
        if seat is None:
            break
        command = autopilot_command(after.engine, after.state, seat)
        assert command is not None, "a seat to act always has a legal command"
        decide(batch, seat, command, "", by=AUTOPILOT, at=at)
        after = batch.after()
    if after.outcome is not None and after.status != FINISHED:
        batch.add(finish(after))
        after = batch.after()
    return after


def finish(record: GameRecord) -> Finish:
    """The finish of a game whose last line reached an outcome."""
    return Finish(outcome_json(record.outcome) or {})


def line_clock(
    record: GameRecord,
    now: datetime,
    state: Any,
    table: Table,
    *,
    seat: int | None = None,
    moved: int | None = None,
    timed_out: int | None = None,
) -> dict[str, Any] | None:
    """A new line's clock reading in a game with a clock: the time since the last line, for `seat`
    (a move or a timeout of a seat on the clock) its think, and every seat's time after the line,
    which leads to `state` and `table`."""
    control, clocks = record.control, record.clocks
    if control is None or clocks is None:
        return None
    elapsed = elapsed_ms(record, now)
    used = clocks.charged(elapsed).think_ms[seat] if seat is not None and seat in clocks.to_act else None
    after = next_clocks(record, elapsed, state, table, moved=moved, timed_out=timed_out)
    assert after is not None
    return clock_json(elapsed, used, after.readings(control))


def salt(record: GameRecord, version: int) -> str | None:
    if record.header.format_version < 2:
        return None
    return line_salt(record.seed, record.header.game_id, version)
