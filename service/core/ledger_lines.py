"""What a capability hands the kernel (service/core/games.py) to append after a game's record.

A line of the log (replay/record.py: an entry, a ruling, an upgrade, a deal, an imported seat
line) or a fact beside it (a seat's token, a revealed seed, a takeback's request). Capabilities
decide these and stage them in a `Batch`; this module alone turns them into stored events, so
one place says what is stored, and the kernel stores a batch whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from replay.record import DealLine, Entry, Header, RulingLine, SeatLine, UpgradeLine
from service.core.records import GameRecord, accept, project_game
from service.core.store_events import (
    CommandAccepted,
    GameCreated,
    GameDealt,
    GameFinished,
    GamePublished,
    RelayResealed,
    RulesUpgraded,
    RulingMade,
    SeatClaimed,
    SeatTokenReissued,
    SeedRevealed,
    TakebackAnswered,
    TakebackRequested,
    event_at,
)


@dataclass(frozen=True, slots=True)
class Creation:
    """A game's first line, however it came to be: dealt here, imported, forked or relayed."""

    header: Header
    seed: str  # hex; "" when no seed is known (a table game, a log that reveals none)
    token_hashes: tuple[str, ...]  # "" for an open seat
    imported: bool = False
    spectator_delay: int = 0
    relay_header: str = ""
    relay_token_hash: str = ""
    join_deadline: datetime | None = None
    starts_at: datetime | None = None  # scheduled play: the clocks start then (service/core/scheduled.py)
    private: bool = False  # shown to its seats and the organiser alone until published


@dataclass(frozen=True, slots=True)
class Move:
    """An accepted command's entry, with the client's command id or the relayed line it came from."""

    entry: Entry
    command_id: str = ""
    relay_line: str = ""


@dataclass(frozen=True, slots=True)
class Claim:
    """A seat taken, with its token's hash ("" in an imported log) and its seat line (format 3+)."""

    seat: int
    player: str
    token_hash: str
    line: SeatLine | None = None


@dataclass(frozen=True, slots=True)
class Reveal:
    """A seat's revealed client seed (format 4)."""

    seat: int
    client_seed: str


@dataclass(frozen=True, slots=True)
class Publication:
    """A private game made public by the organiser."""


@dataclass(frozen=True, slots=True)
class Reissue:
    """A seat's new token: its old token stops working."""

    seat: int
    token_hash: str


@dataclass(frozen=True, slots=True)
class TakebackAsk:
    seat: int
    to_version: int


@dataclass(frozen=True, slots=True)
class TakebackReply:
    """A consent or a refusal of the pending takeback (seat None: the organiser)."""

    seat: int | None
    accept: bool


@dataclass(frozen=True, slots=True)
class Finish:
    """Saved right after the line that ended the game, with the outcome that line reached."""

    outcome: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Reseal:
    """A relayed log replaced whole: a line revealed a card the plan had put elsewhere."""

    header: Header
    entries: tuple[Entry, ...]
    relay_line: str


# Everything the kernel appends; an imported log's lines are appended as they are.
LedgerLine = (
    Creation
    | Move
    | Claim
    | Reveal
    | Reissue
    | Publication
    | TakebackAsk
    | TakebackReply
    | Finish
    | Reseal
    | Entry
    | RulingLine
    | UpgradeLine
    | DealLine
    | SeatLine
)


class Batch:
    """Lines staged after a game's record, each made its stored event as it is added."""

    __slots__ = ("before", "uid", "events", "accepted", "_after", "_folded")

    def __init__(self, record: GameRecord | None) -> None:
        self.before = record  # None: a new game, whose first line is its `Creation`
        self.uid = record.id if record is not None else None
        self.events: list[Any] = []
        self.accepted: CommandAccepted | None = None  # the client's command: its id is indexed once stored
        self._after = record
        self._folded = 0

    def add(self, line: LedgerLine, *, at: datetime | None = None) -> None:
        """Stage `line`, stamped `at` (now by default)."""
        if isinstance(line, Creation):
            self.uid = UUID(line.header.game_id)
        assert self.uid is not None
        version = (self.before.version if self.before is not None else 0) + len(self.events) + 1
        self.events.append(_stored(self.uid, version, line, at))

    def move(self, move: Move, state: Any, *, at: datetime) -> GameRecord:
        """Stage an entry decided here, given the engine state it leads to (the hot path: the
        command is never decoded and folded again); the record after it."""
        before = self.after()
        self.add(move, at=at)
        event = self.events[-1]
        self._after, self._folded = accept(before, event, state), len(self.events)
        if move.command_id:
            self.accepted = event
        return self._after

    def after(self) -> GameRecord:
        """The record after every line staged."""
        if self._folded < len(self.events):
            self._after = project_game(self._after, self.events[self._folded :])
            self._folded = len(self.events)
        assert self._after is not None
        return self._after


def _stored(uid: UUID, version: int, line: LedgerLine, at: datetime | None) -> Any:
    """The stored event of `line` at `version` of game `uid`: the one place lines become events."""
    if isinstance(line, Move):
        entry = line.entry.to_json()
        command_id, relay_line = line.command_id, line.relay_line
        return event_at(
            CommandAccepted, uid, version, at=at, entry=entry, command_id=command_id, relay_line=relay_line
        )
    if isinstance(line, Entry):  # an imported log's entry
        return event_at(CommandAccepted, uid, version, at=at, entry=line.to_json(), command_id="")
    if isinstance(line, RulingLine):
        return event_at(RulingMade, uid, version, at=at, line=line.to_json())
    if isinstance(line, UpgradeLine):
        return event_at(RulesUpgraded, uid, version, at=at, line=line.to_json())
    if isinstance(line, DealLine):
        return event_at(GameDealt, uid, version, at=at, line=line.to_json())
    if isinstance(line, SeatLine):  # an imported log's seat: no token
        seat, player = line.seat, line.player
        return event_at(
            SeatClaimed, uid, version, at=at, seat=seat, player=player, token_hash="", line=line.to_json()
        )
    if isinstance(line, Claim):
        seat_line = None if line.line is None else line.line.to_json()
        return event_at(
            SeatClaimed,
            uid,
            version,
            at=at,
            seat=line.seat,
            player=line.player,
            token_hash=line.token_hash,
            line=seat_line,
        )
    if isinstance(line, Reveal):
        return event_at(SeedRevealed, uid, version, at=at, seat=line.seat, client_seed=line.client_seed)
    if isinstance(line, Reissue):
        reissued_at = datetime.now(UTC).isoformat(timespec="seconds")
        return event_at(
            SeatTokenReissued,
            uid,
            version,
            at=at,
            seat=line.seat,
            token_hash=line.token_hash,
            reissued_at=reissued_at,
        )
    if isinstance(line, Publication):
        published_at = datetime.now(UTC).isoformat(timespec="seconds")
        return event_at(GamePublished, uid, version, at=at, published_at=published_at)
    if isinstance(line, TakebackAsk):
        return event_at(TakebackRequested, uid, version, at=at, seat=line.seat, to_version=line.to_version)
    if isinstance(line, TakebackReply):
        return event_at(TakebackAnswered, uid, version, at=at, seat=line.seat, accept=line.accept)
    if isinstance(line, Finish):
        return event_at(GameFinished, uid, version, at=at, outcome=line.outcome)
    if isinstance(line, Reseal):
        entries = [e.to_json() for e in line.entries]
        header = line.header.to_json()
        return event_at(
            RelayResealed, uid, version, at=at, header=header, entries=entries, relay_line=line.relay_line
        )
    return event_at(
        GameCreated,
        uid,
        1,
        at=at,
        header=line.header.to_json(),
        seed=line.seed,
        token_hashes=list(line.token_hashes),
        created_at=datetime.now(UTC).isoformat(timespec="seconds"),
        imported=line.imported,
        spectator_delay=line.spectator_delay,
        relay_header=line.relay_header,
        relay_token_hash=line.relay_token_hash,
        join_deadline=line.join_deadline.isoformat(timespec="milliseconds") if line.join_deadline else "",
        starts_at=line.starts_at.isoformat(timespec="milliseconds") if line.starts_at else "",
        private=line.private,
    )
