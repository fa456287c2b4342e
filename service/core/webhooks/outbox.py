"""One endpoint's outbox: the deliveries it is owed, in order, and its dead letters; folded from events."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import singledispatch
from typing import Any
from uuid import UUID

from service.core.webhooks.store_events import (
    DeliveriesOwed,
    DeliveriesReplayed,
    DeliveryDead,
    DeliveryDone,
)


@dataclass(frozen=True)
class Delivery:
    """One message: its id is the `webhook-id` of every attempt, so a receiver can drop a repeat."""

    message_id: str
    event_type: str
    game_id: str  # "" for a tournament's
    body: str  # the JSON sent, byte for byte the same on every attempt
    not_before: str = ""  # ISO 8601: a delayed game's line is public to spectators only then
    attempts: int = 0  # before it was dead-lettered
    error: str = ""  # the last attempt's failure, for the dead-letter list
    dead_at: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "message_id": self.message_id,
            "event_type": self.event_type,
            "game_id": self.game_id,
            "body": self.body,
            "not_before": self.not_before,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Delivery:
        return cls(data["message_id"], data["event_type"], data["game_id"], data["body"], data["not_before"])


@dataclass(frozen=True)
class Outbox:
    id: UUID  # the endpoint's id
    version: int
    owed: tuple[Delivery, ...]  # sent in this order, one at a time
    dead: tuple[Delivery, ...]  # oldest first
    positions: dict[str, int]  # database index -> last notification id turned into deliveries


def project_outbox(record: Outbox | None, events: Any) -> Outbox | None:
    for event in events:
        record = _apply(event, record)
    return record


@singledispatch
def _apply(event: Any, record: Outbox | None) -> Outbox:
    raise TypeError(f"not a webhook outbox event: {event!r}")


@_apply.register
def _(event: DeliveriesOwed, record: Outbox | None) -> Outbox:
    record = record or Outbox(event.originator_id, 0, (), (), {})
    owed = tuple(Delivery.from_json(data) for data in event.deliveries)
    positions = {**record.positions, **{str(k): int(v) for k, v in event.positions.items()}}
    return replace(record, version=event.originator_version, owed=record.owed + owed, positions=positions)


@_apply.register
def _(event: DeliveryDone, record: Outbox | None) -> Outbox:
    assert record is not None
    answered = set(event.message_ids)
    owed = tuple(d for d in record.owed if d.message_id not in answered)
    return replace(record, version=event.originator_version, owed=owed)


@_apply.register
def _(event: DeliveryDead, record: Outbox | None) -> Outbox:
    assert record is not None
    dead = [
        replace(d, attempts=event.attempts, error=event.error, dead_at=event.dead_at)
        for d in record.owed
        if d.message_id == event.message_id
    ]
    owed = tuple(d for d in record.owed if d.message_id != event.message_id)
    return replace(record, version=event.originator_version, owed=owed, dead=record.dead + tuple(dead))


@_apply.register
def _(event: DeliveriesReplayed, record: Outbox | None) -> Outbox:
    assert record is not None
    chosen = set(event.message_ids)
    again = tuple(replace(d, attempts=0, error="", dead_at="") for d in record.dead if d.message_id in chosen)
    dead = tuple(d for d in record.dead if d.message_id not in chosen)
    return replace(record, version=event.originator_version, owed=record.owed + again, dead=dead)
