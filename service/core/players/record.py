"""A player's immutable record, folded from its stored events."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any
from uuid import UUID

from service.core.players.store_events import PlayerRegistered, PlayerSeated


@dataclass(frozen=True)
class PlayerRecord:
    id: UUID
    version: int
    display_name: str
    public_key: str
    registered_at: str
    via: str
    seats: tuple[tuple[str, int], ...] = ()  # (game id, seat) of each seat the player claimed themself


def project_player(record: PlayerRecord | None, events: Any) -> PlayerRecord | None:
    """The record after `events`; None when they do not begin a player (the id is something else's)."""
    for event in events:
        if isinstance(event, PlayerSeated) and record is not None:
            seats = (*record.seats, (event.game_id, event.seat))
            record = replace(record, version=event.originator_version, seats=seats)
            continue
        if not isinstance(event, PlayerRegistered) or record is not None:
            return None
        record = PlayerRecord(
            id=event.originator_id,
            version=event.originator_version,
            display_name=event.display_name,
            public_key=event.public_key,
            registered_at=event.registered_at,
            via=event.via,
        )
    return record
