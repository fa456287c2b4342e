"""The immutable ladder record, folded from its stored events (like the tournaments' record)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import singledispatch
from typing import Any
from uuid import UUID

from engines.base import JsonValue
from service.core.ladders.store_events import LadderCreated, LadderGamePaired, SeasonEnded


@dataclass(frozen=True)
class LadderDefinition:
    ladder_id: str
    name: str
    game: str
    options: dict[str, JsonValue]
    time_control: str
    timeout_policy: str
    # Inactivity (service/core/ladders/board.py): sigma grows by c² per whole period without a game.
    period_seconds: int
    inactivity_c: float

    def to_json(self) -> dict[str, Any]:
        return {
            "ladder_id": self.ladder_id,
            "name": self.name,
            "game": self.game,
            "options": self.options,
            "time_control": self.time_control,
            "timeout_policy": self.timeout_policy,
            "period_seconds": self.period_seconds,
            "inactivity_c": self.inactivity_c,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LadderDefinition:
        return cls(
            ladder_id=str(data["ladder_id"]),
            name=str(data["name"]),
            game=str(data["game"]),
            options=dict(data["options"]),
            time_control=str(data["time_control"]),
            timeout_policy=str(data["timeout_policy"]),
            period_seconds=int(data["period_seconds"]),
            inactivity_c=float(data["inactivity_c"]),
        )


@dataclass(frozen=True)
class LadderGame:
    game_id: str
    players: tuple[str, ...]  # player ids by seat
    season: int


@dataclass(frozen=True)
class ArchivedSeason:
    season: int
    ended_at: str
    table: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class LadderRecord:
    id: UUID
    version: int
    definition: LadderDefinition
    created_at: str
    games: tuple[LadderGame, ...] = ()
    seasons: tuple[ArchivedSeason, ...] = ()  # the ended ones, first first

    @property
    def season(self) -> int:
        """The season now open (1-based)."""
        return len(self.seasons) + 1


def project_ladder(record: LadderRecord | None, events: Any) -> LadderRecord | None:
    """The record after `events`; None when they do not begin a ladder (the id is something else's)."""
    for event in events:
        if record is None and not isinstance(event, LadderCreated):
            return None
        record = apply(event, record)
    return record


@singledispatch
def apply(event: Any, record: LadderRecord | None) -> LadderRecord:
    raise TypeError(f"not a ladder event: {type(event).__name__}")


@apply.register
def _(event: LadderCreated, record: LadderRecord | None) -> LadderRecord:
    return LadderRecord(
        id=event.originator_id,
        version=event.originator_version,
        definition=LadderDefinition.from_json(event.definition),
        created_at=event.created_at,
    )


@apply.register
def _(event: LadderGamePaired, record: LadderRecord | None) -> LadderRecord:
    assert record is not None
    game = LadderGame(event.game_id, tuple(event.players), event.season)
    return replace(record, version=event.originator_version, games=(*record.games, game))


@apply.register
def _(event: SeasonEnded, record: LadderRecord | None) -> LadderRecord:
    assert record is not None
    season = ArchivedSeason(event.season, event.ended_at, tuple(event.table))
    return replace(record, version=event.originator_version, seasons=(*record.seasons, season))
