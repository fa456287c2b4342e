"""What a caller may see of a game: one place that picks the viewer and redacts.

Every channel (state, command answers, the watch stream, replay, export) asks
`viewer_of` who is looking and passes events through `redacted_events`, so
no channel can leak what another does not.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from engines.base import SPECTATOR, Event, Seat
from engines.codec import encode
from service.auth import Caller, seat_of
from service.errors import PermissionDenied
from service.generated.frontier.v1 import frontier_pb2
from service.records import FINISHED, GameRecord, decode_events
from service.typed import typed_event


def viewer_of(record: GameRecord, caller: Caller, *, deal_closed: bool = False) -> Seat | None:
    """None (sees everything) for the organiser and once the game is over; else the seat or SPECTATOR.

    A table of a duplicate deal is held back until every table of its deal has finished
    (`tournaments.secrecy.deal_closed`, False unless the caller checked): till then only its
    own seats (their view) and the organiser see it; anyone else gets DEAL_IN_PLAY.
    """
    if caller.is_organiser:
        return None
    if record.header.deal is not None and not deal_closed:
        seat = seat_of(caller, record.token_hashes, required=False)
        if seat is None:
            raise PermissionDenied(
                "DEAL_IN_PLAY",
                f"this table plays duplicate deal {record.header.deal}; its games open to spectators "
                "once every table of the deal has finished",
            )
        return seat
    if record.status == FINISHED:
        return None
    seat = seat_of(caller, record.token_hashes, required=False)
    return SPECTATOR if seat is None else seat


def redacted_events(
    record: GameRecord, events: Iterable[Event], viewer: Seat | None
) -> list[frontier_pb2.GameEvent]:
    engine = record.engine
    shown = []
    for event in events:
        visible = engine.redact(event, viewer)
        shown.append(game_event(engine.game_id, encode(visible)))
    return shown


def redacted_entry_events(
    record: GameRecord, events: Iterable[dict[str, Any]], viewer: Seat | None
) -> list[frontier_pb2.GameEvent]:
    if viewer is None:
        return [game_event(record.header.game, e) for e in events]
    return redacted_events(record, decode_events(record.header.game, events), viewer)


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
    )
