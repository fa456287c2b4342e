"""The events a ladder's record is made of, stored in the games' event store."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eventsourcing.domain import DomainEvent


@dataclass(frozen=True)
class LadderCreated(DomainEvent):
    definition: dict[str, Any]  # ladders.record.LadderDefinition.to_json()
    created_at: str  # ISO 8601; informational


@dataclass(frozen=True)
class LadderGamePaired(DomainEvent):
    """The organiser seated registered players at a new game of the ladder, in its current season."""

    game_id: str
    players: list[str]  # player ids by seat
    season: int


@dataclass(frozen=True)
class SeasonEnded(DomainEvent):
    """A season closed: its final table is archived here, as the leaderboard stood at `ended_at`."""

    season: int
    ended_at: str  # ISO 8601 with microseconds: the time the table is computed at
    table: list[dict[str, Any]]  # ladders.board.Row.to_json() per player, best first
