"""The events Frontier Ledger stores, one per line of a game's record.

Their class paths are stored as topics, so these names and this module's path
must never change (or must be registered with `register_topic`, as the path this
module had before the application core got its own package is, at the end); a
test loads an old store to prove it. JSON payloads are plain dicts and lists, since the
library's transcoder gives lists back for tuples anyway.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.domain import DomainEvent, ImmutableAggregateProtocol
from eventsourcing.utils import get_topic, register_topic


@dataclass(frozen=True)
class GameCreated(DomainEvent):
    """The header of a game's record, plus the server-only secrets."""

    header: dict[str, Any]  # replay.record.Header.to_json()
    seed: str  # hex; secret until the game ends ("" for imported tabletop games)
    token_hashes: list[str]  # SHA-256 of each seat's token, "" for an open seat
    created_at: str  # ISO 8601; informational, never hashed
    # Stored by ImportLog rather than played here. The default is a class attribute, so events
    # stored before this field existed (their __dict__ lacks it) load as not imported.
    imported: bool = False
    # Seconds every public channel lags behind (service/core/relays/delay.py); 0 for games stored before.
    spectator_delay: int = 0
    # A relayed table game (service/core/relays/): the recording's header line and its relay token's hash.
    relay_header: str = ""
    relay_token_hash: str = ""
    # ISO 8601: a game still waiting for a seat (a claim, a reveal) then is abandoned; "" for none.
    join_deadline: str = ""
    # ISO 8601: scheduled play (service/core/scheduled.py): no seat moves and no clock runs before; "" none.
    starts_at: str = ""
    # Created private: listed and shown to its seats and the organiser alone until GamePublished.
    private: bool = False


@dataclass(frozen=True)
class SeatClaimed(DomainEvent):
    """A player took an open seat."""

    seat: int
    player: str
    token_hash: str
    # Format 3: the seat line this claim wrote into the chain (replay.record.SeatLine.to_json()).
    # A class default, so claims stored before seat lines existed load with none.
    line: dict[str, Any] | None = None


@dataclass(frozen=True)
class SeedRevealed(DomainEvent):
    """A seat of a player-entropy game (format 4) revealed the client seed its seat line committed to.

    Not a line of the log: the deal line carries every seat's revealed seed. Stored as soon as it
    is acknowledged, so a reveal is never asked for twice, whoever reveals last.
    """

    seat: int
    client_seed: str


@dataclass(frozen=True)
class SeatTokenReissued(DomainEvent):
    """The organiser gave a taken seat a new token; the old one stopped working here.

    Not a line of the log: who holds a seat's token is not part of the game's record.
    """

    seat: int
    token_hash: str  # SHA-256 of the new token
    reissued_at: str  # ISO 8601; informational


@dataclass(frozen=True)
class GamePublished(DomainEvent):
    """The organiser made a private game public: from this event on everyone sees it as any game.

    Not a line of the log (the log is the same whoever reads it); its timestamp records when the
    game became public.
    """

    published_at: str  # ISO 8601; informational


@dataclass(frozen=True)
class LineStored:
    """A line of the record stored as its JSON alone, each kind as its own event. Named before
    DomainEvent among an event's bases, so its field comes after the event's own."""

    line: dict[str, Any]  # the replay.record line's to_json()


@dataclass(frozen=True)
class GameDealt(LineStored, DomainEvent):
    """A player-entropy game dealt once its last seat was taken: the deal line of its record
    (a replay.record.DealLine)."""


@dataclass(frozen=True)
class CommandAccepted(DomainEvent):
    """One accepted command: a hash-chained entry of the match log."""

    entry: dict[str, Any]  # replay.record.Entry.to_json()
    command_id: str  # the client's id, for idempotent retries ("" when imported)
    relay_line: str = ""  # the recording line a relayed entry came from (service/core/relays/)


@dataclass(frozen=True)
class GameFinished(DomainEvent):
    """Saved with the entry that ended the game, so listings need not decode entries."""

    outcome: dict[str, Any]


@dataclass(frozen=True)
class RelayResealed(DomainEvent):
    """A relayed line revealed a card the plan had put elsewhere: the whole log, re-expanded.

    Only cards nobody had seen change (service/core/relays/README.md); the header and every entry are
    replaced by these, the last entry being the new line's.
    """

    header: dict[str, Any]  # replay.record.Header.to_json()
    entries: list[dict[str, Any]]  # replay.record.Entry.to_json() of versions 2..n
    relay_line: str


@dataclass(frozen=True)
class RulingMade(LineStored, DomainEvent):
    """A ruling outside the game's rules (replay/table.py): a resignation, the organiser's end (a
    replay.record.RulingLine)."""


@dataclass(frozen=True)
class RulesUpgraded(LineStored, DomainEvent):
    """The organiser moved a game in progress to newer rules its history re-runs under (replay/rerun.py):
    a replay.record.UpgradeLine."""


@dataclass(frozen=True)
class TakebackRequested(DomainEvent):
    """A seat asked to take the game back to `to_version` (replay/takebacks.py): not a line of
    the record until it is granted; any new line clears it."""

    seat: int
    to_version: int


@dataclass(frozen=True)
class TakebackAnswered(DomainEvent):
    """A seat accepted (its consent counts) or someone refused (the request is cleared) a
    pending takeback; the last consent is stored as the takeback's ruling line instead."""

    seat: int | None  # None: the organiser
    accept: bool


E = TypeVar("E", bound=DomainEvent)


def event_at(
    kind: type[E], aggregate_id: UUID, version: int, *, at: datetime | None = None, **payload: Any
) -> E:
    """A stored event of `kind` at `version` of an aggregate (a game, a tournament), stamped `at`
    (now by default). A game's clock reads its lines' stamps (service/core/clocks/)."""
    return kind(
        originator_id=aggregate_id,
        originator_version=version,
        timestamp=at or kind.create_timestamp(),
        **payload,
    )


def event_after(
    kind: type[E], record: ImmutableAggregateProtocol[UUID], *, at: datetime | None = None, **payload: Any
) -> E:
    """The stored event of `kind` that follows `record`, the aggregate as it stands now."""
    return event_at(kind, record.id, record.version + 1, at=at, **payload)


_moved_topics: dict[type, set[str]] = {}


def register_moved(events: tuple[type, ...], old_modules: tuple[str, ...]) -> None:
    """Let events stored under `old_modules` (where these classes once lived) load as `events`."""
    for event in events:
        for module in old_modules:
            topic = f"{module}:{event.__qualname__}"
            register_topic(topic, event)
            _moved_topics.setdefault(event, set()).add(topic)


def topics_of(event: type) -> frozenset[str]:
    """Every topic a stored `event` may carry: its class path now, and those it was stored under."""
    return frozenset({get_topic(event), *_moved_topics.get(event, ())})


# Stored while this module was `service.store_events`, before the core had its own package.
register_moved(
    (GameCreated, SeatClaimed, SeedRevealed, GameDealt, CommandAccepted, GameFinished, RelayResealed),
    ("service.store_events",),
)
