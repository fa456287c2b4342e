"""A game's events and outcome as one viewer may see them: redaction, shared among viewers.

Which viewer a caller is (a seat, a spectator, or one who sees everything) is the visibility
gate's decision (`service.core.visibility`); every channel asks it, then passes events through
`redacted_events` here with the gate's rendering, so no channel can leak what another does not.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, timedelta
from typing import Any

from engines.base import Engine, Event, Seat
from engines.codec import encode
from replay.takebacks import GRANTED_BY_ORGANISER
from service.core.records import FINISHED, GameRecord, decode_events
from service.core.rendering import Rendering
from service.core.typed import typed_event
from service.generated.frontier.v1 import frontier_pb2


def redacted_events(
    render: Rendering, record: GameRecord, events: Sequence[Event], viewer: Seat | None
) -> list[frontier_pb2.GameEvent]:
    engine = record.engine
    return [game_event(engine.game_id, encode(visible)) for visible in render.events(engine, events, viewer)]


def redacted_entry_events(
    render: Rendering, record: GameRecord, events: Iterable[dict[str, Any]], viewer: Seat | None
) -> list[frontier_pb2.GameEvent]:
    if render.whole(viewer):
        return [game_event(record.header.game, e) for e in events]
    return redacted_events(render, record, decode_events(record.header.game, events), viewer)


class EntryEvents:
    """One stored entry's events, decoded once and shared by every viewer of that entry.

    A viewer's events are the gate's rendering of the decoded events, as in
    `redacted_events`; where it hands back the very event it was given (nothing
    hidden from this viewer), the message built for it is built once and shared. Anything
    redacted is encoded for its viewer alone, so a shared message is only ever an event
    that `redact` left untouched for every viewer it is given to.
    """

    def __init__(
        self, game: str, stored: Iterable[dict[str, Any]], decided: Sequence[Event] | None = None
    ) -> None:
        self.game = game
        # The live path has the engine events it decided: the stored ones are their encoding.
        self.decoded = list(decided) if decided is not None else decode_events(game, stored)
        self._unredacted: list[frontier_pb2.GameEvent | None] = [None] * len(self.decoded)

    def seen_by(self, render: Rendering, engine: Engine, viewer: Seat) -> list[frontier_pb2.GameEvent]:
        shown = []
        visibles = render.events(engine, self.decoded, viewer)
        for index, (event, visible) in enumerate(zip(self.decoded, visibles, strict=False)):
            if visible is event:
                shown.append(self._unredacted_message(index))
            else:
                shown.append(game_event(self.game, encode(visible)))
        return shown

    def _unredacted_message(self, index: int) -> frontier_pb2.GameEvent:
        # Two threads may both build it: the same message either way, so no lock is needed.
        message = self._unredacted[index]
        if message is None:
            message = self._unredacted[index] = game_event(self.game, encode(self.decoded[index]))
        return message


SHARED_ENTRIES = 1024  # entries whose decoded events are kept for their other viewers
_entries: dict[tuple[str, int, str], EntryEvents] = {}
_entries_lock = threading.Lock()


def shared_entry_events(
    render: Rendering,
    record: GameRecord,
    entry: Mapping[str, Any],
    viewer: Seat | None,
    decided: Sequence[Event] | None = None,
) -> list[frontier_pb2.GameEvent]:
    """`redacted_entry_events` of a stored entry, sharing the decoding among its viewers.

    Keyed by the entry's game, version and hash: a hash names one entry's content, so two
    entries never share (a relayed log that was re-expanded has new hashes). `decided`, the
    engine events the entry was made from (the answer to its own command has them), spares
    decoding them.
    """
    if viewer is None:
        return redacted_entry_events(render, record, entry["events"], viewer)
    key = (record.header.game_id, entry["version"], entry["hash"])
    with _entries_lock:
        shared = _entries.get(key)
    if shared is None:
        shared = EntryEvents(record.header.game, entry["events"], decided)
        with _entries_lock:
            if len(_entries) >= SHARED_ENTRIES:
                _entries.clear()
            _entries[key] = shared
    return shared.seen_by(render, record.engine, viewer)


def game_event(game: str, event: dict[str, Any]) -> frontier_pb2.GameEvent:
    """The event (already redacted) as JSON and as its game's typed message."""
    return frontier_pb2.GameEvent(kind=event["kind"], json=to_json(event), **typed_event(game, event))


def to_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def outcome_proto(record: GameRecord) -> frontier_pb2.Outcome | None:
    outcome = record.outcome
    if outcome is None:
        return None
    return frontier_pb2.Outcome(
        ranking=[frontier_pb2.SeatGroup(seats=list(tier)) for tier in outcome.ranking],
        scores=list(outcome.scores),
        reason=outcome.reason,
        ended=outcome.ended,
    )


def clocks_proto(record: GameRecord) -> list[frontier_pb2.SeatClock]:
    """Every seat's clock as of the record's last line, with the deadline of each running one."""
    control, clocks = record.control, record.clocks
    if control is None or clocks is None or record.clock_at is None:
        return []
    shown = []
    for seat in range(record.header.seats):
        remaining = clocks.remaining(control, seat) if seat in clocks.to_act else _stopped(record, seat)
        # A scheduled game's clocks stand still until its start line (service/core/scheduled.py).
        running = seat in clocks.to_act and record.status != FINISHED and record.started
        deadline = record.clock_at + timedelta(milliseconds=remaining) if running else None
        shown.append(
            frontier_pb2.SeatClock(
                seat=seat,
                remaining_ms=remaining,
                running=running,
                deadline=deadline.astimezone(UTC).isoformat(timespec="milliseconds") if deadline else "",
            )
        )
    return shown


def _stopped(record: GameRecord, seat: int) -> int:
    """A stopped clock's time: a game clock's left, or a whole move's allowance."""
    assert record.control is not None and record.clocks is not None
    return record.control.per_move_ms if record.control.per_move else record.clocks.left_ms[seat]


def ruling_proto(line: Mapping[str, Any]) -> frontier_pb2.Ruling:
    """A ruling line (replay.record.RulingLine.to_json()) as the API shows it: nothing in it is secret."""
    ruling = frontier_pb2.Ruling(
        ruling=line["ruling"],
        by=line["by"],
        reason=line["reason"],
        result=[frontier_pb2.SeatGroup(seats=list(tier)) for tier in line["result"] or ()],
    )
    if line["seat"] is not None:
        ruling.seat = line["seat"]
    if line.get("to_version") is not None:  # a takeback (replay/takebacks.py)
        ruling.to_version = line["to_version"]
        granted = line["granted_by"]
        ruling.granted_by_organiser = granted == GRANTED_BY_ORGANISER
        ruling.granted_by_seats.extend(granted if isinstance(granted, list) else ())
    return ruling
