"""The immutable tournament record, folded from its stored events (like service/core/records.py for games)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import singledispatch
from typing import Any
from uuid import UUID

from engines.base import JsonValue
from service.core.tournaments.store_events import RoundStarted, TournamentCreated, TournamentPublished

FORMATS = ("round-robin", "swiss")


@dataclass(frozen=True)
class Definition:
    """The public, immutable part of a tournament: everything table assignment depends on but results."""

    tournament_id: str
    name: str
    game: str
    options: dict[str, JsonValue]
    format: str
    players: tuple[str, ...]
    table_size: int
    rounds: int
    tag: str
    seed_commitment: str
    duplicate_deals: bool = False  # tables of a round with equal seat counts share one deal (deals.py)
    # Every table's clock, as a game header records it ("" without one: no table has a clock).
    time_control: str = ""
    timeout_policy: str = ""
    # Seen by its players and the organiser alone, its tables created private, until published.
    private: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "tournament_id": self.tournament_id,
            "name": self.name,
            "game": self.game,
            "options": self.options,
            "format": self.format,
            "players": list(self.players),
            "table_size": self.table_size,
            "rounds": self.rounds,
            "tag": self.tag,
            "seed_commitment": self.seed_commitment,
            "duplicate_deals": self.duplicate_deals,
        }
        if self.time_control:  # absent without a clock, so older records read and print as before
            data.update(time_control=self.time_control, timeout_policy=self.timeout_policy)
        if self.private:  # absent for a public one, so older records read and print as before
            data["private"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Definition:
        return cls(
            tournament_id=data["tournament_id"],
            name=data["name"],
            game=data["game"],
            options=dict(data["options"]),
            format=data["format"],
            players=tuple(data["players"]),
            table_size=int(data["table_size"]),
            rounds=int(data["rounds"]),
            tag=data["tag"],
            seed_commitment=data["seed_commitment"],
            duplicate_deals=data.get("duplicate_deals", False) is True,  # absent in older records
            time_control=str(data.get("time_control", "")),  # absent without a clock
            timeout_policy=str(data.get("timeout_policy", "")),
            private=data.get("private", False) is True,
        )


@dataclass(frozen=True)
class TableResult:
    """A finished table: tiers of seats best first (a tier is a tie) and each seat's score."""

    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"ranking": [list(tier) for tier in self.ranking], "scores": list(self.scores)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableResult:
        return cls(tuple(tuple(int(s) for s in tier) for tier in data["ranking"]), tuple(data["scores"]))


@dataclass(frozen=True)
class Table:
    game_id: str
    players: tuple[str, ...]  # by seat
    deal: str = ""  # a duplicate deal's key; "" when the table has its own seed
    seed_commitment: str = ""  # the deal's commitment (as every game of the deal shows); "" likewise

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game_id": self.game_id, "players": list(self.players)}
        if self.deal:
            data.update(deal=self.deal, seed_commitment=self.seed_commitment)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        return cls(
            data["game_id"], tuple(data["players"]), data.get("deal", ""), data.get("seed_commitment", "")
        )


@dataclass(frozen=True)
class TournamentRecord:
    id: UUID
    version: int
    definition: Definition
    seed: bytes
    created_at: str
    rounds: tuple[tuple[Table, ...], ...] = ()
    # Results as recorded when each round started: the inputs of that round's assignment.
    recorded_results: tuple[dict[str, TableResult], ...] = ()
    published_at: str = ""  # a private tournament: when the organiser published it ("" not yet)

    @property
    def hidden(self) -> bool:
        """Private and not published yet: the gate shows it to its players and the organiser alone."""
        return self.definition.private and not self.published_at

    @property
    def games(self) -> list[tuple[int, int, Table]]:
        """(round, table, Table), 1-based, in play order."""
        return [
            (r + 1, t + 1, table) for r, tables in enumerate(self.rounds) for t, table in enumerate(tables)
        ]

    def to_json(self, reveal_seed: bool) -> dict[str, Any]:
        """The public record `frontier tournament verify` checks (the seed only once revealed)."""
        return {
            "type": "frontier-tournament",
            "format_version": 1,
            "definition": self.definition.to_json(),
            "seed": self.seed.hex() if reveal_seed else None,
            "rounds": [
                {
                    "round": number,
                    "tables": [t.to_json() for t in tables],
                    "results": {g: r.to_json() for g, r in sorted(self.recorded_results[number - 1].items())},
                }
                for number, tables in enumerate(self.rounds, start=1)
            ],
        }


def project_tournament(record: TournamentRecord | None, events: Any) -> TournamentRecord | None:
    """The record after `events`; None when they do not begin a tournament (the id is a game's)."""
    for event in events:
        if record is None and not isinstance(event, TournamentCreated):
            return None
        record = apply(event, record)
    return record


@singledispatch
def apply(event: Any, record: TournamentRecord | None) -> TournamentRecord:
    raise TypeError(f"not a tournament event: {type(event).__name__}")


@apply.register
def _(event: TournamentCreated, record: TournamentRecord | None) -> TournamentRecord:
    return TournamentRecord(
        id=event.originator_id,
        version=event.originator_version,
        definition=Definition.from_json(event.definition),
        seed=bytes.fromhex(event.seed),
        created_at=event.created_at,
    )


@apply.register
def _(event: TournamentPublished, record: TournamentRecord | None) -> TournamentRecord:
    assert record is not None
    return replace(record, version=event.originator_version, published_at=event.published_at)


@apply.register
def _(event: RoundStarted, record: TournamentRecord | None) -> TournamentRecord:
    assert record is not None
    tables = tuple(Table.from_json(t) for t in event.tables)
    results = {g: TableResult.from_json(r) for g, r in event.results.items()}
    return replace(
        record,
        version=event.originator_version,
        rounds=(*record.rounds, tables),
        recorded_results=(*record.recorded_results, results),
    )
