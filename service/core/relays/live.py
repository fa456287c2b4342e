"""A live relay: a game played at a table, stored one recording line at a time.

The organiser starts a relay from a recording header (seeds/RECORDING.md) and
sends the lines as the table plays them. Each line is checked by expanding the
recording so far through the engine (replay/recordings/expand.py): it is answered with
the version it creates, or refused with the rule it breaks and nothing stored.

The table never sees the order of a face-down deck, so the expansion plans it
from what has been seen so far. A line that shows a card the plan had put
elsewhere changes only cards nobody had seen (the deck's undealt order, cards
drawn "unknown"); the relay then stores the whole re-expanded log at once
(`RelayResealed`) instead of one entry. What anyone had seen never changes: every
earlier line is re-checked in the new expansion.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any
from uuid import uuid4

from google.rpc import error_details_pb2

from replay.reasons import Reason
from replay.record import Entry, Header
from replay.recordings.expand import expand_text
from replay.recordings.format import parse
from replay.recordings.problems import Problem, RecordingRejected
from replay.recordings.seal import Expansion
from service.core.auth import Caller, new_token, token_hash
from service.core.errors import (
    Conflict,
    ForeignCode,
    InvalidArgument,
    RuleBroken,
    ServiceError,
)
from service.core.fanout import Update
from service.core.games import Games
from service.core.ledger_lines import Batch, Creation, Finish, LedgerLine, Move, Reseal
from service.core.permissions import require_relay_token
from service.core.records import FINISHED, GameRecord
from service.core.relays.fork import check_delay
from service.core.store_events import CommandAccepted, GameCreated, RelayResealed

MAX_LINE = 20_000  # characters: far above any command a table states


class LineRefused(RuleBroken):
    """FAILED_PRECONDITION: the line breaks a rule (or contradicts an earlier line)."""


def start_relay(app: Games, header_line: str, spectator_delay: int) -> tuple[GameRecord, str]:
    """Store a relayed game's setup from its recording header; its record and the relay token."""
    check_delay(spectator_delay)
    line = _one_line(header_line, "header")
    uid = str(uuid4())
    expansion = _expand(line, [], uid)
    token = new_token()
    batch = Batch(None)  # a table game: its chance was the table's, so no seed and no seats' tokens
    header = expansion.header
    batch.add(
        Creation(
            header,
            "",
            ("",) * header.seats,
            imported=True,
            spectator_delay=spectator_delay,
            relay_header=line,
            relay_token_hash=token_hash(token),
        )
    )
    app.store_new(batch)
    return app.get(expansion.header.game_id), token


def relay_line(
    app: Games, game_id: str, caller: Caller, line: str, expected_version: int
) -> tuple[GameRecord, bool, bool]:
    """Store one relayed line: the record after it, whether it repeated the last line, whether resealed."""
    text = _one_line(line, "line")
    with app.lock_for(game_id):
        record, header, lines = _relay(app, game_id, caller)
        if lines and lines[-1] == text and expected_version == record.game_version - 1:
            return record, True, False  # a retry whose answer was lost: the line is stored once
        if expected_version != record.game_version:
            raise Conflict(
                Reason.STALE_VERSION,
                f"the relay is at version {record.game_version}, not {expected_version}",
                current_version=str(record.game_version),
            )
        if record.status == FINISHED:
            raise RuleBroken(
                Reason.GAME_OVER, "the relayed game is over; no more lines are accepted", rule="END"
            )
        expansion = _expand(header, [*lines, text], record.header.game_id)
        return _store(record, app, expansion, text)


def stored_relay(app: Games, game_id: str, caller: Caller) -> tuple[GameRecord, str, list[str]]:
    """The relay now, its header line and every line stored since (for its relay token or the organiser)."""
    with app.lock_for(game_id):
        return _relay(app, game_id, caller)


def _relay(app: Games, game_id: str, caller: Caller) -> tuple[GameRecord, str, list[str]]:
    record = app.get(game_id)
    require_relay_token(caller, record.relay_token_hash)
    if not record.relay_token_hash:
        raise RuleBroken(
            Reason.NOT_A_RELAY, "this game is not relayed: StartRelay creates relays", rule="RELAY"
        )
    header, lines = relayed_lines(app, record)
    return record, header, lines


def relayed_lines(app: Games, record: GameRecord) -> tuple[str, list[str]]:
    """The relay's header line and every line stored since, in order."""
    header, lines = "", []
    for event in app.events.get(record.id):
        if isinstance(event, GameCreated):
            header = event.relay_header
        elif isinstance(event, CommandAccepted | RelayResealed) and event.relay_line:
            lines.append(event.relay_line)
    return header, lines


def _store(record: GameRecord, app: Games, expansion: Expansion, line: str) -> tuple[GameRecord, bool, bool]:
    """Store the line as one entry, or the whole log re-expanded when the plan of unseen cards changed."""
    stored = [e for e in app.entries(record.header.game_id) if isinstance(e, Entry)]
    if len(expansion.entries) != len(stored) + 1:
        raise InvalidArgument(
            Reason.NOT_ONE_COMMAND, "a relayed line must state exactly one command", field="line"
        )
    trailer = expansion.trailer
    outcome = (trailer.outcome or {}) if trailer.status == FINISHED else None
    if _same(expansion.header, record.header) and all(
        _entry_body(a) == _entry_body(b) for a, b in zip(expansion.entries, stored, strict=False)
    ):
        entry = replace(expansion.entries[-1], prev=record.head, salt=secrets.token_hex(32), hash="").sealed()
        return _append_relayed(app, record, Move(entry, relay_line=line), outcome), False, False
    resealed = Reseal(expansion.header, tuple(expansion.entries), line)
    return _append_relayed(app, record, resealed, outcome), False, True


def _append_relayed(
    app: Games, record: GameRecord, line: LedgerLine, outcome: dict[str, Any] | None
) -> GameRecord:
    """Save a relayed line after `record`, with the finish when the line ended the game, then tell
    watchers. The caller holds the game's lock; another server that appended first makes this a
    CONTENTION conflict, as for any command."""
    batch = Batch(record)
    batch.add(line)
    if outcome is not None:
        batch.add(Finish(outcome))
    after = app.append(batch, "the relay changed while storing the line; retry")
    stored = batch.events[0]
    entry = stored.entry if isinstance(stored, CommandAccepted) else stored.entries[-1]
    app.broker.publish(Update(str(record.id), entry, after.status == FINISHED))
    return after


def _same(a: Header, b: Header) -> bool:
    return replace(a, salt=None, hash="") == replace(b, salt=None, hash="")


def _entry_body(entry: Entry) -> dict[str, Any]:
    return {k: v for k, v in entry.to_json().items() if k not in ("salt", "hash", "prev")}


def _one_line(text: str, field: str) -> str:
    line = text.strip()
    if not line or line.startswith("#"):
        raise InvalidArgument(
            Reason.EMPTY_LINE, f"{field} is empty or a note: send one recording line of JSON", field=field
        )
    if "\n" in line or "\r" in line:
        raise InvalidArgument(
            Reason.NOT_ONE_LINE, f"{field} must be one line: send lines one at a time", field=field
        )
    if len(line) > MAX_LINE:
        raise InvalidArgument(
            Reason.FIELD_TOO_LONG, f"{field} is longer than {MAX_LINE} characters", field=field
        )
    return line


def _expand(header: str, lines: list[str], game_id: str) -> Expansion:
    """The recording so far (the header is line 1), expanded strictly; or its first problem, refused."""
    text = "\n".join([header, *lines]) + "\n"
    unreadable = parse(text).problems
    if unreadable:
        raise _refusal(unreadable[0], InvalidArgument)
    try:
        # A relayed line is published as the table plays it: whether a card it deals stays unseen is
        # known only later, so a relay names no card unseen (seeds/LOG-FORMAT.md, "Items nobody saw").
        return expand_text(text, game_id=game_id, mark_unseen=False)
    except RecordingRejected as rejected:
        raise _refusal(rejected.problems[0], LineRefused) from None


def _refusal(problem: Problem, error: type[ServiceError]) -> ServiceError:
    """The problem's code as the ErrorInfo reason, its line and version, and a BadRequest naming the line."""
    where = "the header" if problem.line == 1 else f"line {problem.line}"
    bad = error_details_pb2.BadRequest(
        field_violations=[
            error_details_pb2.BadRequest.FieldViolation(
                field=f"line:{problem.line}", description=problem.message, reason=problem.code
            )
        ]
    )
    return error(
        ForeignCode(problem.code),
        f"{where} of the relay (version {problem.version}): {problem.code}: {problem.message} "
        "(nothing stored)",
        line=str(problem.line),
        version=str(problem.version),
    ).with_details([bad])
