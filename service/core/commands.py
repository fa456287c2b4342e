"""Commands: a seat's command decided by the engine and handed to the kernel as its entry,
with the moves the server plays after it; a repeated command id answered as before."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from eventsourcing.persistence import IntegrityError

from engines.base import Command, Event, RuleViolation
from engines.codec import encode
from replay.reasons import Reason
from replay.record import Entry
from replay.table import ENDED_TIMEOUT
from service.core import metrics
from service.core.auth import Caller, authenticate, seat_of
from service.core.commits.awaited import append_on_loop, cached
from service.core.deciding import decide, then_autopilot
from service.core.errors import Conflict, RuleBroken
from service.core.games import Games, canonical_json, parse_game_id
from service.core.late_commands import made_before_timeout, timed_out
from service.core.ledger_lines import Batch
from service.core.move_signatures import checked_signature
from service.core.moved_on import refusal, stale_version
from service.core.records import FINISHED, GameRecord, entry_from_json
from service.core.rulings import timeouts_first
from service.core.scheduled import refuse_before_start

MAX_SAVE_ATTEMPTS = 8


@dataclass(frozen=True)
class Accepted:
    """The answer to a submitted command."""

    record: GameRecord  # the record after the command
    entry: Entry
    duplicate: bool  # the command id had been accepted before; nothing was appended
    events: tuple[Event, ...] = ()  # the engine events as decided (empty for a duplicate)


def submit(
    app: Games,
    game_id: str,
    caller: Caller,
    command_id: str,
    expected_version: int | None,
    command: Command,
    signature: str = "",
) -> Accepted:
    """Decide and store one command, retrying against fresh state after a lost race.

    The command id is looked up only once the caller's token names its seat, and
    under that seat: another seat's id, or no token at all, never reaches it.
    """
    uid = parse_game_id(game_id)  # every spelling of one id takes the same lock
    with metrics.command() as counted, app.lock_for(uid):
        for attempt in range(MAX_SAVE_ATTEMPTS):
            record = app.get(str(uid))
            planned = _plan(
                app,
                record,
                caller,
                command_id,
                expected_version,
                command,
                counted,
                attempt,
                signature=signature,
            )
            if isinstance(planned, Accepted):
                return planned
            try:
                after = app.append(planned.batch)
            except IntegrityError:
                # Another writer took this version (or a save we saw fail was durable
                # after all): re-read, and the index folded from the store tells which.
                continue
            return planned.published(app, after)
        raise Conflict(Reason.CONTENTION, "the game changed too often while deciding; try again")


async def submit_on_loop(
    app: Games,
    game_id: str,
    caller: Caller,
    command_id: str,
    expected_version: int | None,
    command: Command,
    in_thread: Callable[[], Awaitable[Accepted]],
    signature: str = "",
) -> Accepted:
    """`submit` decided and sealed on the event loop, its rows awaited from the commit thread.

    Only where the loop never waits on anything but the commit: the game cached and current
    (SQLite: one writer), its lock free, no clock (a due timeout is stored first), not a repeat
    (its first answer is read from the store). Otherwise `in_thread` runs `submit` in a worker.
    """
    uid = parse_game_id(game_id)
    lock = app.lock_for(uid)
    if cached(app, uid) is None or not lock.acquire(blocking=False):
        return await in_thread()
    try:
        with metrics.command() as counted:
            for attempt in range(MAX_SAVE_ATTEMPTS):
                record = cached(app, uid)
                if record is None or record.clocks is not None:
                    break  # forgotten after a lost race, or a clock to look at: in a worker
                try:
                    planned = _plan(
                        app,
                        record,
                        caller,
                        command_id,
                        expected_version,
                        command,
                        counted,
                        attempt,
                        True,
                        signature=signature,
                    )
                except _Blocking:
                    break
                if isinstance(planned, Accepted):
                    return planned
                try:
                    after = await append_on_loop(app, planned.batch)
                except IntegrityError:
                    continue
                return planned.published(app, after)
            else:
                raise Conflict(Reason.CONTENTION, "the game changed too often while deciding; try again")
            counted.handed_on = True  # the worker counts it
    finally:
        lock.release()
    return await in_thread()


class _Blocking(Exception):
    """The command needs a read of the store: not on the event loop."""


@dataclass(frozen=True)
class _Planned:
    """A decided command's batch, sealed and not yet stored."""

    batch: Batch
    events: tuple[Event, ...]

    def published(self, app: Games, after: GameRecord) -> Accepted:
        app.publish(after, self.batch)
        entry = entry_from_json(self.batch.events[0].entry)
        return Accepted(after, entry, duplicate=False, events=self.events)


def _plan(
    app: Games,
    record: GameRecord,
    caller: Caller,
    command_id: str,
    expected_version: int | None,
    command: Command,
    counted: metrics.Counted,
    attempt: int,
    on_loop: bool = False,
    *,
    signature: str = "",
) -> Accepted | _Planned:
    """One attempt: the earlier answer to a repeat, a refusal raised, or the decided batch."""
    counted.game = record.header.game
    # A token of no seat here (not even the organiser's) is UNKNOWN_TOKEN, as on every call.
    seat = seat_of(authenticate(caller, record.token_hashes), record.token_hashes, required=True)
    assert seat is not None
    if on_loop and record.command_ids.get(seat, command_id) is not None:
        raise _Blocking()
    earlier = _earlier_answer(app, record, seat, command_id, command)
    if earlier is not None:
        counted.status = "duplicate"
        return earlier
    now = app.now()
    record, _ = timeouts_first(app, record, now)
    # A command made before its seat's timeout is never applied after it (under
    # `autopilot` the position has moved on by the server's move).
    late = made_before_timeout(record, seat, expected_version, now)
    if late is not None:
        raise late
    if expected_version is not None and expected_version != record.game_version:
        raise stale_version(record.game_version, expected_version)
    if seat in record.table.out:
        raise _out_of_the_game(record, seat)
    if record.status == FINISHED:
        raise RuleBroken(Reason.GAME_OVER, "the game is over; no more commands are accepted", rule="END")
    refuse_before_start(record, now)
    if record.table.paused:
        raise RuleBroken(
            Reason.PAUSED,
            "the game is paused after a timeout: the organiser adjudicates or abandons it",
            rule="CLOCK",
        )
    if not record.dealt:
        open_seats = ", ".join(str(s + 1) for s, h in enumerate(record.token_hashes) if not h)
        raise RuleBroken(
            Reason.NOT_DEALT,
            "the game is waiting: it is dealt when every seat has given its client seed "
            f"(open: seat {open_seats})",
            rule="SEATS",
        )
    signed = checked_signature(record, seat, expected_version, command, command_id, signature)
    batch = Batch(record)
    try:
        events = decide(batch, seat, command, command_id, at=now, signed=signed)
        then_autopilot(batch, now)
    except RuleViolation as violation:
        # After a lost race the command met a newer state than the client saw.
        raise refusal(violation, lost_race=attempt > 0) from None
    return _Planned(batch, tuple(events))


def _earlier_answer(
    app: Games, record: GameRecord, seat: int, command_id: str, command: Command
) -> Accepted | None:
    """The stored answer if this seat already sent `command_id`; an error if for another command."""
    store_version = record.command_ids.get(seat, command_id)
    if store_version is None:
        return None
    entry = app.entry_at(record.id, store_version)
    if canonical_json(entry.command) != canonical_json(encode(command)):
        raise RuleBroken(
            Reason.COMMAND_ID_REUSED,
            f"command id {command_id!r} was already used by this seat for a different command, "
            f"accepted at version {entry.version}; send a new command with a new id",
            field="command_id",
            original_version=str(entry.version),
        )
    return Accepted(record, entry, duplicate=True)


def _out_of_the_game(record: GameRecord, seat: int) -> RuleBroken:
    """The answer to a command from a seat that is out: it resigned, or its time ran out."""
    how = record.table.how_out[record.table.out.index(seat)]
    timeout = record.timeout_of(seat)
    if how == ENDED_TIMEOUT and timeout is not None:
        return timed_out(seat, timeout.version)
    said = f"seat {seat + 1} resigned: it is out of the game, and the server plays its turns"
    return RuleBroken(Reason.SEAT_OUT, said, rule="RULING")
