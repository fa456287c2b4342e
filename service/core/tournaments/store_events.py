"""The events a tournament's record is made of, stored in the games' event store.

Their class paths are stored as topics: a class renamed or moved keeps its old topics registered
below, so records stored before still load.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eventsourcing.domain import DomainEvent

from service.core.store_events import register_moved


@dataclass(frozen=True)
class TournamentCreated(DomainEvent):
    """What the tournament is; `seed` stays secret until the last round is over."""

    definition: dict[str, Any]  # tournaments.record.Definition.to_json(): public, includes the commitment
    seed: str  # hex
    created_at: str  # ISO 8601; informational


@dataclass(frozen=True)
class RoundStarted(DomainEvent):
    """One round's tables, and the results of every earlier game that the assignment used."""

    round: int  # 1-based
    tables: list[dict[str, Any]]  # [{"game_id": str, "players": [name by seat]}], table 1 first
    results: dict[str, Any]  # game_id -> TableResult.to_json() for every game of earlier rounds


@dataclass(frozen=True)
class TournamentPublished(DomainEvent):
    """The organiser made a private tournament public, its tables with it, once every round was over."""

    published_at: str  # ISO 8601; informational


# Stored before the tournaments package moved into the service floor, then into its core.
register_moved(
    (TournamentCreated, RoundStarted), ("tournaments.store_events", "service.tournaments.store_events")
)
