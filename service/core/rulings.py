"""Rulings and the clock: resignations, the organiser's end, timeouts the server records itself,
join deadlines and the clocks resumed after downtime. Each decides a ruling line (replay/table.py)
and hands it to the kernel (service/core/games.py), then the moves the server plays after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from engines.base import JsonValue
from replay.clock import clock_json
from replay.reasons import Reason
from replay.record import RulingLine
from replay.table import ABANDON, RESIGN, TIMEOUT, RulingRefused, resume_line, ruled, start_line
from replay.takebacks import TAKEBACK
from service.core import metrics, refused_rulings, seed_reveal
from service.core.auth import Caller, authenticate, seat_of
from service.core.clocks.deadlines import due_seat, elapsed_ms, join_deadline_of, start_of
from service.core.deciding import line_clock, salt, then_autopilot
from service.core.errors import PermissionDenied, RuleBroken
from service.core.games import Games, parse_game_id
from service.core.ledger_lines import Batch
from service.core.records import FINISHED, GameRecord, next_clocks
from service.core.scheduled import refuse_before_start, spelled


def rule(
    app: Games,
    game_id: str,
    caller: Caller,
    ruling: str,
    *,
    result: Sequence[Sequence[int]] | None = None,
    reason: str = "",
) -> GameRecord:
    """Store a ruling (replay/table.py): `resign` for the caller's seat, or the organiser's
    `adjudicate` / `abandon`; then the moves the server plays for seats that are out."""
    uid = parse_game_id(game_id)
    with app.lock_for(uid):
        now = app.now()  # one instant: the timeouts due then, then the ruling
        record, _ = timeouts_first(app, app.get(str(uid)), now)
        if ruling == RESIGN:
            seat = seat_of(authenticate(caller, record.token_hashes), record.token_hashes, required=True)
            refuse_before_start(record, now)
            by = "seat"
        else:
            seat, by = None, "organiser"
        return _rule(app, record, ruling, seat, by, result, reason, now)


def _rule(
    app: Games,
    record: GameRecord,
    ruling: str,
    seat: int | None,
    by: str,
    result: Sequence[Sequence[int]] | None,
    reason: str,
    now: datetime,
) -> GameRecord:
    """Check and store a ruling made by `by` at `now` (the caller holds the game's lock)."""
    if record.imported and not record.relay_token_hash:
        raise PermissionDenied(Reason.IMPORTED_GAME, "an imported game is a record; it cannot be ruled on")
    try:
        table = ruled(
            record.table,
            record.header.seats,
            ruling=ruling,
            seat=seat,
            result=result,
            reason=reason,
            dealt=record.dealt,
            over=record.status == FINISHED or record.outcome is not None,
        )
    except RulingRefused as refused:
        raise refused_rulings.answer(refused, "RULING") from None
    line = RulingLine(
        version=0,  # the chain fields are filled in by _chained
        ruling=ruling,
        seat=seat,
        by=by,
        reason=reason,
        result=None if result is None else tuple(tuple(tier) for tier in result),
        prev="",
    )
    return _save_ruling(
        app, record, _chained(record, line, line_clock(record, now, record.state, table)), now
    )


def _chained(record: GameRecord, line: RulingLine, clock: dict[str, JsonValue] | None) -> RulingLine:
    """`line` sealed as the record's next line: its version, place on the chain, salt and clock reading."""
    version = record.game_version + 1
    return replace(
        line,
        version=version,
        prev=record.head,
        salt=salt(record, version),
        format_version=record.header.format_version,
        clock=clock,
    ).sealed()


def _save_ruling(
    app: Games,
    record: GameRecord,
    line: RulingLine,
    now: datetime,
    contention: str = "the game changed while ruling; try again",
) -> GameRecord:
    """Store a ruling made at `now`, then the moves the server plays after it."""
    batch = Batch(record)
    batch.add(line, at=now)
    then_autopilot(batch, now)
    after = app.append(batch, contention)
    app.publish(after, batch)
    return after


def store_ruling(app: Games, record: GameRecord, line: RulingLine, contention: str) -> GameRecord:
    """Append a ruling line decided elsewhere (a takeback: service/core/takebacks.py) after
    `record` (the caller holds the game's lock): its chain fields and clock reading are filled
    in here. A timeout due first is recorded first, and the ruling is then refused."""
    now = app.now()
    timed_out = timeouts_first(app, record, now)[1]
    if timed_out:
        seats = ", ".join(str(s + 1) for s in timed_out)
        raise RuleBroken(Reason.TIMED_OUT, f"seat {seats}'s time ran out first; ask again", rule="CLOCK")
    state = record.state
    if line.ruling == TAKEBACK and record.past is not None and line.to_version is not None:
        state = record.past.state_at(line.to_version)
    sealed = _chained(record, line, line_clock(record, now, state, record.table))
    return _save_ruling(app, record, sealed, now, contention)


# -- the clock: timeouts the server records itself -------------------------------------


def record_due(app: Games, game_id: str) -> GameRecord | None:
    """Record what is due now (the clock keeper's call): the timeout of a seat whose time has run
    out, or the abandonment of a game still waiting for a seat at its join deadline; None when
    nothing is. Another server that recorded it first makes this CONTENTION."""
    uid = parse_game_id(game_id)
    with app.lock_for(uid):
        record = app.get(str(uid))
        if record.imported:  # a record: its clock, if its log had one, is the past's
            return None
        after = join_deadline_first(app, record, refuse=False)
        if after is not record:
            return after
        now = app.now()
        after = start_due(app, record, now)
        if after is not record:
            return after
        return time_out(app, record, now)


def resume_clocks(app: Games, game_id: str, kept_until: datetime | None) -> GameRecord | None:
    """Mark that no server kept `game_id`'s clocks since `kept_until` (this store's last
    heartbeat; None: unknown, so since its last line): a `resume` line charging the seats to act
    only the time up to then, so they keep the time they had when the server went away. None
    when there is nothing to resume, or a seat's time ran out while the server still kept it
    (the keeper records that timeout). A scheduled game whose start came while no server ran
    gets its start line instead, charging nobody for the time after the start that nobody kept."""
    uid = parse_game_id(game_id)
    with app.lock_for(uid):
        record = app.get(str(uid))
        control, clocks = record.control, record.clocks
        if record.imported or record.status == FINISHED or control is None or clocks is None:
            return None
        if not record.started:  # no clock ran before the start: only a start that came meanwhile
            begun = start_due(app, record, app.now(), kept_until or record.clock_at)
            return None if begun is record else begun
        if not clocks.to_act or record.clock_at is None:
            return None
        now = app.now()
        kept = min(now, max(record.clock_at, kept_until or record.clock_at))
        if due_seat(record, kept) is not None:
            return None
        charged = elapsed_ms(record, kept)
        stopped = elapsed_ms(record, now) - charged
        if stopped <= 0:
            return None
        after = next_clocks(record, charged, record.state, record.table)
        assert after is not None
        version = record.game_version + 1
        line = resume_line(
            version,
            stopped,
            clock_json(charged, None, after.readings(control), stopped_ms=stopped),
            prev=record.head,
            salt=salt(record, version),
            format_version=record.header.format_version,
        ).sealed()
        return _save_ruling(app, record, line, now)


def start_due(
    app: Games, record: GameRecord, now: datetime, kept_until: datetime | None = None
) -> GameRecord:
    """Record a scheduled game's start line once its announced start has come (the caller holds
    its lock): the wait since the last line is its stopped time, charged to nobody, and the time
    since the start is charged to the seats to act, so the clocks run from the announced second
    whenever the line is written. `kept_until`: the start came while no server ran (a restart), so
    only the time a server kept the clocks after it is charged. Another server that wrote it first
    makes this CONTENTION."""
    starts_at = start_of(record)
    if starts_at is None or now < starts_at:
        return record
    control = record.control
    assert record.clocks is not None and control is not None and record.clock_at is not None
    kept = now if kept_until is None else min(now, max(starts_at, kept_until))
    charged = elapsed_ms(record, kept) - elapsed_ms(record, starts_at)
    stopped = elapsed_ms(record, now) - charged
    after = next_clocks(record, charged, record.state, record.table)
    assert after is not None
    version = record.game_version + 1
    line = start_line(
        version,
        spelled(starts_at),
        clock_json(charged, None, after.readings(control), stopped_ms=stopped),
        prev=record.head,
        salt=salt(record, version),
        format_version=record.header.format_version,
    ).sealed()
    return _save_ruling(app, record, line, now, "another server recorded the start first; re-read")


def join_deadline_first(app: Games, record: GameRecord, *, refuse: bool = True) -> GameRecord:
    """Abandon a game still waiting for a seat once its join deadline has passed (the caller
    holds its lock); with `refuse`, then refuse the call that found it so (a late claim or reveal)."""
    now = app.now()
    joined_by = join_deadline_of(record)
    if joined_by is None or now < joined_by:
        if refuse and record.status == FINISHED and record.table.ended is not None:
            raise RuleBroken(Reason.GAME_OVER, f"the game is over: {record.table.ended.reason}", rule="END")
        return record
    waiting = ", ".join(str(s + 1) for s in _waited_for(record)) or "none"
    reason = f"the join deadline passed while the game waited for seat(s) {waiting}"
    after = _rule(app, record, ABANDON, None, "server", None, reason, now)
    if refuse:
        raise RuleBroken(
            Reason.JOIN_DEADLINE_PASSED, f"too late: {reason}; the game is abandoned", rule="SEATS"
        )
    return after


def timeouts_first(app: Games, record: GameRecord, now: datetime) -> tuple[GameRecord, list[int]]:
    """Record every timeout due at `now` before anything else happens to the game (the caller
    holds its lock): the record after them, and the seats that timed out."""
    timed_out: list[int] = []
    record = start_due(app, record, now)  # a start that is due comes before anything after it
    while (seat := due_seat(record, now)) is not None:
        after = time_out(app, record, now)
        if after is None:
            break
        timed_out.append(seat)
        record = after
    return record, timed_out


def time_out(app: Games, record: GameRecord, now: datetime) -> GameRecord | None:
    """The caller holds the game's lock; `record` is the game as it stands."""
    seat = due_seat(record, now)
    if seat is None or record.status == FINISHED:
        return None
    clocks, control = record.clocks, record.control
    assert clocks is not None and control is not None
    table = ruled(
        record.table,
        record.header.seats,
        ruling=TIMEOUT,
        seat=seat,
        result=None,
        reason="",
        dealt=True,
        over=False,
        timeout_policy=record.timeout_policy,
        to_act=tuple(clocks.to_act),
        out_of_time=clocks.charged(elapsed_ms(record, now)).out_of_time(control),
    )
    line = _chained(
        record,
        RulingLine(version=0, ruling=TIMEOUT, seat=seat, by="server", reason="", result=None, prev=""),
        line_clock(record, now, record.state, table, seat=seat, timed_out=seat),
    )
    after = _save_ruling(app, record, line, now)
    metrics.TIMEOUTS.labels(record.header.game).inc()
    return after


def _waited_for(record: GameRecord) -> list[int]:
    """The seats a game waits for: open ones, then (commit-reveal) those still to reveal."""
    open_seats = [s for s, token in enumerate(record.token_hashes) if not token]
    return open_seats or list(seed_reveal.awaiting_reveal(record))
