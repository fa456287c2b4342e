"""The immutable game record the application folds from stored events.

This is the functional-aggregate shape of the eventsourcing library's
`aggregate6` example: a frozen record, stored events, and a projector passed to
`repository.get(..., projector_func=project_game)`. The engine's state is
folded from the engine events each entry carries.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from functools import cache, singledispatch
from typing import Any, TypeVar
from uuid import UUID

from engines.base import Engine, Event, Outcome, fold
from engines.codec import Codec
from engines.registry import get_engine
from replay.clock import Clocks, TimeControl, parse_policy, parse_time_control
from replay.record import DealLine, Entry, Header, Line, RulingLine, SeatLine, UpgradeLine, mixed_seed
from replay.table import Table, is_start_line
from replay.table import outcome as table_outcome
from replay.table_fold import TableRules, TableSide
from replay.takebacks import TAKEBACK, Horizon, Pending
from service.core.store_events import (
    CommandAccepted,
    GameCreated,
    GameDealt,
    GameFinished,
    GamePublished,
    LineStored,
    RelayResealed,
    RulesUpgraded,
    RulingMade,
    SeatClaimed,
    SeatTokenReissued,
    SeedRevealed,
    TakebackAnswered,
    TakebackRequested,
)

T = TypeVar("T")

IN_PROGRESS = "in_progress"
FINISHED = "finished"
WAITING = "waiting"  # a player-entropy game not dealt yet: seats still open


class CommandIndex:
    """(seat, client command id) -> store version of the entry it created.

    Keys are scoped to the seat that sent the command: two clients that each
    number their commands 1, 2, 3 must never see each other's as duplicates.
    Append-only and shared by successive records of one game, so recording a
    command costs O(1) instead of copying a dict that grows with the game.
    Only stored entries are ever added (folded from the store, or added by the
    live path after its save succeeded), so a record sharing it can only learn
    of more accepted ids, never of one that was never written.
    """

    def __init__(self) -> None:
        self._versions: dict[tuple[int, str], int] = {}

    def add(self, seat: int, command_id: str, store_version: int) -> None:
        if command_id:  # imported entries carry no client id
            self._versions[(seat, command_id)] = store_version

    def get(self, seat: int, command_id: str) -> int | None:
        return self._versions.get((seat, command_id))


@dataclass(frozen=True)
class GameRecord:
    id: UUID
    version: int  # the store's version: every stored event counts, seat claims included
    header: Header
    seed: bytes
    token_hashes: tuple[str, ...]
    players: tuple[str, ...]
    created_at: str
    state: Any  # the engine's state
    game_version: int  # 1 after setup, +1 per accepted command
    head: str  # hash of the last line of the chain
    status: str
    command_ids: CommandIndex
    imported: bool = False  # stored by ImportLog, not played here
    client_seeds: tuple[str | None, ...] = ()  # per seat, from the seat lines (player-entropy games)
    deal_events: tuple[dict[str, Any], ...] = ()  # a player-entropy game's setup, from its deal line
    # Format 4: per seat, the commitment its seat line recorded (None: taken at creation, or open).
    # Its revealed seed goes to `client_seeds` when the seat reveals it (SeedRevealed).
    client_commitments: tuple[str | None, ...] = ()
    # Per seat, the Ed25519 key its seat line records: it signs every command it sends (None: no key).
    seat_keys: tuple[str | None, ...] = ()

    @property
    def setup_events(self) -> tuple[dict[str, Any], ...]:
        """The setup's events: the header's, or the deal line's in a player-entropy game."""
        return self.deal_events if self.header.player_entropy else self.header.setup_events

    @property
    def dealt(self) -> bool:
        """False while a player-entropy game waits for its seats; its state is None until then."""
        return self.state is not None

    @property
    def shown_status(self) -> str:
        """The status people see: `waiting` before the deal, else the stored status."""
        return self.status if self.dealt or self.status == FINISHED else WAITING

    @property
    def rng_seed(self) -> bytes:
        """The generator's seed: the server seed, mixed with the client seeds in a player-entropy game."""
        if self.header.player_entropy:
            return mixed_seed(self.seed, self.client_seeds)
        return self.seed

    spectator_delay: int = 0  # seconds every public channel lags behind (service/core/relays/delay.py)
    relay_token_hash: str = ""  # a relayed table game: the hash of the token RelayLine needs
    table: Table = Table()  # the rulings so far: seats out, a ruled end (replay/table.py)
    # A game with a clock (replay/clock.py): every seat's time after the last line, and that
    # line's stored time, from which each seat's deadline follows (service/core/clocks/).
    clocks: Clocks | None = None
    clock_at: datetime | None = None
    # Each seat's latest timeout until it moves again itself: a command that arrives later but was
    # made before it is answered TIMED_OUT naming its version (service/core/late_commands.py).
    timed_out: tuple[TimedOut, ...] = ()
    join_deadline: datetime | None = None  # abandoned by the server if still waiting for a seat then
    # Scheduled play (service/core/scheduled.py): nobody moves before `starts_at`, and the clocks
    # start with the server's start line, after which `started` holds.
    starts_at: datetime | None = None
    started: bool = True
    # Created private: its seats and the organiser alone see it until the organiser publishes it
    # (the gate, service/core/visibility.py); `published_at` says when that was ("" not yet).
    private: bool = False
    published_at: str = ""

    @property
    def hidden(self) -> bool:
        """Private and not published yet: anyone but its seats and the organiser is told it does not exist."""
        return self.private and not self.published_at

    @property
    def waiting_for_seats(self) -> bool:
        """A seat is open, or a player-entropy game is not dealt yet (claims or reveals missing)."""
        return not self.dealt or not all(self.token_hashes)

    @property
    def control(self) -> TimeControl | None:
        return self.table_rules.control

    @property
    def timeout_policy(self) -> str:
        return self.table_rules.timeout_policy

    @property
    def table_rules(self) -> TableRules:
        """What folding a line's table effects needs (replay/table_fold.py), from the header."""
        return _table_rules_of(self.header)

    @property
    def table_side(self) -> TableSide:
        return TableSide(self.table, self.clocks, self.past)

    def on_clock(self, state: Any, table: Table) -> tuple[int, ...]:
        return self.table_rules.on_clock(state, table)

    def timeout_of(self, seat: int) -> TimedOut | None:
        """`seat`'s latest timeout, if it has not moved itself since."""
        return next((t for t in self.timed_out if t.seat == seat), None)

    # A game that takes takebacks: the states it may return to (replay/takebacks.py), and a
    # takeback asked for and not granted yet (every new line clears it).
    past: Horizon | None = None
    takeback: Pending | None = None
    upgraded_to: str = ""  # the rules version of the game's last upgrade line ("" for none)

    @property
    def rules_version(self) -> str:
        """The rules the game is played under now: its last upgrade's, else its header's."""
        return self.upgraded_to or self.header.rules_version or f"{self.header.game}/1"

    @property
    def engine(self) -> Engine:
        return _engine(self.header.game)

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        """Whose input the game waits for: nobody before the deal, or once a ruling ended it."""
        if self.state is None or self.table.ended is not None:
            return ()
        return tuple(self.engine.seats_to_act(self.state))

    @property
    def outcome(self) -> Outcome | None:
        return table_outcome(self.engine, self.state, self.table)


@dataclass(frozen=True)
class TimedOut:
    """A seat's timeout: the version of its ruling line, and when it was stored."""

    seat: int
    version: int
    at: datetime


def _moved_itself(timed_out: tuple[TimedOut, ...], entry: dict[str, Any]) -> tuple[TimedOut, ...]:
    """The timeouts still to remember after `entry`: a seat's own move forgets its timeout."""
    if not timed_out or entry.get("by") is not None:
        return timed_out
    return tuple(t for t in timed_out if t.seat != entry["seat"])


def _table_rules_of(header: Header) -> TableRules:
    clock = header.clock
    timing = (str(clock["time_control"]), str(clock["timeout_policy"])) if clock else None
    return _table_rules(header.game, header.seats, timing, header.takeback_policy is not None)


@cache
def _table_rules(game: str, seats: int, timing: tuple[str, str] | None, takebacks: bool) -> TableRules:
    if timing is None:
        return TableRules(_engine(game), seats, takebacks=takebacks)
    control = parse_time_control(timing[0])
    return TableRules(_engine(game), seats, control, parse_policy(timing[1]), takebacks)


def started_clocks(record: GameRecord, at: datetime) -> GameRecord:
    """`record` with its clocks started at `at` (the deal), if its game has a clock."""
    if record.state is None:
        return record
    clocks = record.table_rules.started(record.state, record.table)
    return record if clocks is None else replace(record, clocks=clocks, clock_at=at)


def _charged(record: GameRecord, line: dict[str, Any]) -> Clocks | None:
    """The clocks with stored `line`'s elapsed time charged (None: the game has no clock)."""
    return None if record.clocks is None else record.clocks.charged(line["clock"]["elapsed_ms"])


def next_clocks(
    record: GameRecord,
    elapsed_ms: int,
    state: Any,
    table: Table,
    *,
    moved: int | None = None,
    timed_out: int | None = None,
) -> Clocks | None:
    """The clocks after a line made `elapsed_ms` after the last one, leading to `state` and `table`."""
    clocks = record.clocks
    if clocks is None or record.control is None:
        return clocks
    return record.table_rules.clocks_after(
        clocks.charged(elapsed_ms), state, table, moved=moved, timed_out=timed_out
    )


@cache
def _engine(game: str) -> Engine:
    # get_engine goes through importlib on every call; a record asks for its engine per event.
    return get_engine(game)


@cache
def event_codec(game: str) -> Codec:
    return Codec(get_engine(game).events)


def decode_events(game: str, events: Iterable[dict[str, Any]]) -> list[Event]:
    codec = event_codec(game)
    return [codec.decode(e) for e in events]  # type: ignore[misc]


def header_from_json(data: dict[str, Any]) -> Header:
    return Header(
        game_id=data["game_id"],
        game=data["game"],
        options=dict(data["options"]),
        seats=data["seats"],
        players=tuple(data["players"]),
        tag=data["tag"],
        seed_commitment=data["seed_commitment"],
        setup_events=tuple(data["events"]),
        setup_draws=tuple(data["draws"]),
        prev=data["prev"],
        hash=data["hash"],
        format_version=data["format_version"],
        rules_version=data.get("rules_version"),
        rng=data.get("rng"),
        salt=data.get("salt"),
        deal=data.get("deal"),
        player_entropy=data.get("player_entropy", False),
        forked_from=data.get("forked_from"),
        clock=data.get("clock"),
        takeback_policy=data.get("takeback_policy"),
        unseen=tuple(data.get("unseen", ())),
    )


def seat_line_from_json(data: dict[str, Any]) -> SeatLine:
    # A format-4 seat line holds a commitment where a format-3 one holds the client seed.
    committed = "client_commitment" in data
    return SeatLine(
        version=data["version"],
        seat=data["seat"],
        player=data["player"],
        client_seed=None if committed else data["client_seed"],
        prev=data["prev"],
        hash=data["hash"],
        salt=data["salt"],
        format_version=4 if committed else 3,
        client_commitment=data.get("client_commitment"),
        seat_key=data.get("seat_key"),
    )


def deal_line_from_json(data: dict[str, Any]) -> DealLine:
    # A format-4 deal line reveals every seat's client seed.
    revealing = "client_seeds" in data
    return DealLine(
        events=tuple(data["events"]),
        draws=tuple(data["draws"]),
        prev=data["prev"],
        hash=data["hash"],
        salt=data["salt"],
        format_version=4 if revealing else 3,
        client_seeds=tuple(data.get("client_seeds", ())),
    )


def line_of(event: Any) -> Line | None:
    """The chain line a stored event wrote, if any (the header aside)."""
    if isinstance(event, CommandAccepted):
        return entry_from_json(event.entry)
    if isinstance(event, SeatClaimed) and event.line is not None:
        return seat_line_from_json(event.line)
    if isinstance(event, LineStored):
        return READ_AS[type(event)](event.line)
    return None


def upgrade_from_json(data: dict[str, Any]) -> UpgradeLine:
    return UpgradeLine(
        version=data["version"],
        from_rules=data["from"],
        to_rules=data["to"],
        by=data["by"],
        prev=data["prev"],
        hash=data["hash"],
        salt=data["salt"],
        format_version=2,  # an upgrade line's fields are the same in every format that has one
        events=tuple(data.get("events", ())),
    )


def ruling_from_json(data: dict[str, Any]) -> RulingLine:
    result = data["result"]
    return RulingLine(
        version=data["version"],
        ruling=data["ruling"],
        seat=data["seat"],
        by=data["by"],
        reason=data["reason"],
        result=None if result is None else tuple(tuple(tier) for tier in result),
        prev=data["prev"],
        hash=data["hash"],
        salt=data.get("salt"),
        format_version=2 if "salt" in data else 1,
        clock=data.get("clock"),
        to_version=data.get("to_version"),
        granted_by=_granted_by(data.get("granted_by")),
    )


def _granted_by(granted: Any) -> tuple[int, ...] | str | None:
    return tuple(granted) if isinstance(granted, list) else granted


def entry_from_json(data: dict[str, Any]) -> Entry:
    return Entry(
        version=data["version"],
        seat=data["seat"],
        command=data["command"],
        draws=tuple(data["draws"]),
        events=tuple(data["events"]),
        prev=data["prev"],
        hash=data["hash"],
        # An entry is in its header's format; only format 2 lines carry a salt.
        format_version=2 if "salt" in data else 1,
        salt=data.get("salt"),
        by=data.get("by"),
        clock=data.get("clock"),
        unseen=tuple(data.get("unseen", ())),
        seat_signature=data.get("seat_signature"),
    )


# How line_of reads each line stored as its JSON alone.
READ_AS: dict[type[LineStored], Callable[[dict[str, Any]], Line]] = {
    GameDealt: deal_line_from_json,
    RulingMade: ruling_from_json,
    RulesUpgraded: upgrade_from_json,
}


def project_game(record: GameRecord | None, events: Iterable[Any]) -> GameRecord | None:
    """The record after `events`; None when they do not begin a game (the id is another kind's)."""
    run: list[CommandAccepted] = []  # accepted commands not yet applied, each as `apply` would
    for event in events:
        if record is None and not isinstance(event, GameCreated):
            return None  # the store holds other records beside games: this id names no game
        if type(event) is CommandAccepted and record is not None and _folds_in_runs(record):
            run.append(event)
            continue
        if run:
            record, run = _accept_run(record, run), []
        record = apply(event, record)
    return _accept_run(record, run) if run else record


def _folds_in_runs(record: GameRecord) -> bool:
    """Whether consecutive accepted commands may be applied at once: only the last one's record
    is seen, and without a clock or takebacks no record between them leaves a trace in it."""
    return record.clocks is None and record.header.takeback_policy is None and record.state is not None


def _accept_run(record: GameRecord | None, run: list[CommandAccepted]) -> GameRecord:
    """The record after `run`, as applying each command in turn leaves it: their events decoded
    and folded in one pass (one private copy of the state for an engine with `evolve_all`),
    the one record built for the last."""
    assert record is not None
    codec = event_codec(record.header.game)
    events = [codec.decode(data) for accepted in run for data in accepted.entry["events"]]
    state = fold(record.engine, record.state, events)  # type: ignore[arg-type]
    # A run has no clock and no takebacks: of the table, only a one-move autopilot may change.
    rules, side = record.table_rules, record.table_side
    for accepted in run[:-1]:
        side = rules.after_move(
            side, accepted.entry["seat"], accepted.entry["version"], state, None, final=True
        )
    table = side.table
    after = accept(replace(record, table=table) if table is not record.table else record, run[-1], state)
    for accepted in run:
        remember_command_id(after, accepted)
    return after


@singledispatch
def apply(event: Any, record: GameRecord | None) -> GameRecord:
    raise TypeError(f"unexpected stored event {type(event).__name__}")


@apply.register
def _(event: GameCreated, record: GameRecord | None) -> GameRecord:
    header = header_from_json(event.header)
    engine = get_engine(header.game)
    # A player-entropy game is dealt later (GameDealt); until then it has no state.
    state = (
        None if header.player_entropy else fold(engine, None, decode_events(header.game, header.setup_events))
    )
    rules = _table_rules_of(header)
    created = GameRecord(
        id=event.originator_id,
        version=event.originator_version,
        header=header,
        seed=bytes.fromhex(event.seed),
        token_hashes=tuple(event.token_hashes),
        players=header.players,
        created_at=event.created_at,
        state=state,
        game_version=1,
        head=header.hash,
        status=IN_PROGRESS,
        command_ids=CommandIndex(),
        imported=event.imported,
        client_seeds=(None,) * header.seats,
        client_commitments=(None,) * header.seats,
        seat_keys=(None,) * header.seats,
        spectator_delay=event.spectator_delay,
        relay_token_hash=event.relay_token_hash,
        join_deadline=datetime.fromisoformat(event.join_deadline) if event.join_deadline else None,
        starts_at=datetime.fromisoformat(event.starts_at) if event.starts_at else None,
        started=not event.starts_at,
        past=rules.kept(None, 1, state, final=True),
        private=event.private,
    )
    return started_clocks(created, event.timestamp)


@apply.register
def _(event: GamePublished, record: GameRecord | None) -> GameRecord:
    assert record is not None
    return replace(record, version=event.originator_version, published_at=event.published_at)


@apply.register
def _(event: SeatClaimed, record: GameRecord | None) -> GameRecord:
    assert record is not None
    hashes = list(record.token_hashes)
    hashes[event.seat] = event.token_hash
    players = list(record.players)
    players[event.seat] = event.player
    seeds = list(record.client_seeds)
    commitments = list(record.client_commitments)
    keys = list(record.seat_keys or (None,) * record.header.seats)
    head = record.head
    if event.line is not None:  # format 3: the claim is a line of the chain
        keys[event.seat] = event.line.get("seat_key")
        if "client_commitment" in event.line:  # format 4: the seed comes later (SeedRevealed)
            commitments[event.seat] = event.line["client_commitment"]
        else:
            seeds[event.seat] = event.line["client_seed"]
        head = event.line["hash"]
    return replace(
        record,
        version=event.originator_version,
        token_hashes=tuple(hashes),
        players=tuple(players),
        client_seeds=tuple(seeds),
        client_commitments=tuple(commitments),
        seat_keys=tuple(keys),
        head=head,
    )


@apply.register
def _(event: SeedRevealed, record: GameRecord | None) -> GameRecord:
    assert record is not None
    seeds = _at_seat(record.client_seeds, event.seat, event.client_seed)
    return replace(record, version=event.originator_version, client_seeds=seeds)


@apply.register
def _(event: SeatTokenReissued, record: GameRecord | None) -> GameRecord:
    assert record is not None
    hashes = _at_seat(record.token_hashes, event.seat, event.token_hash)
    return replace(record, version=event.originator_version, token_hashes=hashes)


def _at_seat(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    """`values` with seat `seat`'s replaced by `value`."""
    return (*values[:seat], value, *values[seat + 1 :])


@apply.register
def _(event: GameDealt, record: GameRecord | None) -> GameRecord:
    assert record is not None
    state = fold(record.engine, None, decode_events(record.header.game, event.line["events"]))
    # Format 4: the deal line reveals every seat's seed (an imported log has no SeedRevealed).
    seeds = tuple(event.line.get("client_seeds", record.client_seeds))
    dealt = replace(
        record,
        version=event.originator_version,
        state=state,
        head=event.line["hash"],
        deal_events=tuple(event.line["events"]),
        client_seeds=seeds,
        past=record.table_rules.kept(None, 1, state, final=True),
    )
    return started_clocks(dealt, event.timestamp)


@apply.register
def _(event: CommandAccepted, record: GameRecord | None) -> GameRecord:
    assert record is not None
    entry = event.entry
    state = fold(record.engine, record.state, decode_events(record.header.game, entry["events"]))
    after = accept(record, event, state)
    remember_command_id(after, event)  # folded from the store: it is durable
    return after


def remember_command_id(record: GameRecord, event: CommandAccepted) -> None:
    """Index a stored entry's client command id; call only once `event` is durable."""
    record.command_ids.add(event.entry["seat"], event.command_id, event.originator_version)


def accept(record: GameRecord, event: CommandAccepted, state: Any) -> GameRecord:
    """The record after `event`, given the engine state it leads to.

    The live path passes the state it already folded from the decided events,
    so an accepted command is never decoded and folded twice. It does not touch
    the command index: the live path indexes the id only after its save succeeds.
    """
    # Built directly: dataclasses.replace introspects the fields on every call, and this
    # runs once per command and once per stored event of a rebuild (measured ~10% of one).
    entry = event.entry
    clocked = record.clocks is not None
    side = record.table_rules.after_move(
        record.table_side,
        entry["seat"],
        entry["version"],
        state,
        _charged(record, entry),
        final=bool(entry["draws"]),
    )
    return GameRecord(
        id=record.id,
        version=event.originator_version,
        header=record.header,
        seed=record.seed,
        token_hashes=record.token_hashes,
        players=record.players,
        created_at=record.created_at,
        state=state,
        game_version=event.entry["version"],
        head=event.entry["hash"],
        status=record.status,
        command_ids=record.command_ids,
        imported=record.imported,
        client_seeds=record.client_seeds,
        deal_events=record.deal_events,
        client_commitments=record.client_commitments,
        seat_keys=record.seat_keys,
        spectator_delay=record.spectator_delay,
        relay_token_hash=record.relay_token_hash,
        table=side.table,
        join_deadline=record.join_deadline,
        starts_at=record.starts_at,
        started=record.started,
        clocks=side.clocks,
        clock_at=event.timestamp if clocked else record.clock_at,
        timed_out=_moved_itself(record.timed_out, entry),
        past=side.past,
        private=record.private,
        published_at=record.published_at,
        upgraded_to=record.upgraded_to,
        # `takeback` is left out on purpose: every new line clears a pending takeback
    )


@apply.register
def _(event: RulesUpgraded, record: GameRecord | None) -> GameRecord:
    assert record is not None
    line = upgrade_from_json(event.line)
    state = fold(record.engine, record.state, decode_events(record.header.game, line.events))
    return _chained(record, event, line, upgraded_to=line.to_rules, state=state)


@apply.register
def _(event: RulingMade, record: GameRecord | None) -> GameRecord:
    assert record is not None
    line = ruling_from_json(event.line)
    if line.ruling == TAKEBACK:
        return _taken_back(event, record, line)
    side = record.table_rules.after_ruling(
        record.table_side, line, record.state, _charged(record, event.line)
    )
    timed_out = line.seat if line.ruling == "timeout" else None
    timeouts = record.timed_out
    if timed_out is not None:
        latest = TimedOut(timed_out, line.version, event.timestamp)
        timeouts = (*(t for t in timeouts if t.seat != timed_out), latest)
    started = record.started or is_start_line(line)
    return _ruled(record, event, line, side, timed_out=timeouts, table=side.table, started=started)


def _taken_back(event: RulingMade, record: GameRecord, line: RulingLine) -> GameRecord:
    """The game after a takeback: the state at its `to_version`, kept in the horizon."""
    assert record.past is not None and line.to_version is not None
    state = record.past.state_at(line.to_version)
    side = record.table_rules.after_takeback(
        record.table_side, line.version, state, _charged(record, event.line)
    )
    return _ruled(record, event, line, side, state=state)


def _ruled(
    record: GameRecord, event: RulingMade, line: RulingLine, side: TableSide, **changes: Any
) -> GameRecord:
    """`record` after a ruling: the table's clocks and horizon as the ruling left them, no takeback
    pending (any new line clears it), and the clocks stamped with the ruling's time if the game has any."""
    clock_at = event.timestamp if record.clocks is not None else record.clock_at
    return _chained(
        record, event, line, clocks=side.clocks, clock_at=clock_at, past=side.past, takeback=None, **changes
    )


def _chained(
    record: GameRecord, event: RulingMade | RulesUpgraded, line: RulingLine | UpgradeLine, **changes: Any
) -> GameRecord:
    """`record` after a stored chain line other than an entry: its versions and head move on to it."""
    return replace(
        record, version=event.originator_version, game_version=line.version, head=line.hash, **changes
    )


@apply.register
def _(event: TakebackRequested, record: GameRecord | None) -> GameRecord:
    assert record is not None
    pending = Pending(event.seat, event.to_version)
    return replace(record, version=event.originator_version, takeback=pending)


@apply.register
def _(event: TakebackAnswered, record: GameRecord | None) -> GameRecord:
    assert record is not None and record.takeback is not None
    pending = record.takeback
    if event.accept and event.seat is not None:
        pending = replace(pending, consents=(*pending.consents, event.seat))
    return replace(record, version=event.originator_version, takeback=pending if event.accept else None)


@apply.register
def _(event: RelayResealed, record: GameRecord | None) -> GameRecord:
    assert record is not None
    header = header_from_json(event.header)
    state = fold(record.engine, None, decode_events(header.game, header.setup_events))
    for entry in event.entries:
        state = fold(record.engine, state, decode_events(header.game, entry["events"]))
    last = event.entries[-1] if event.entries else None
    return replace(
        record,
        version=event.originator_version,
        header=header,
        state=state,
        game_version=last["version"] if last else 1,
        head=last["hash"] if last else header.hash,
    )


@apply.register
def _(event: GameFinished, record: GameRecord | None) -> GameRecord:
    assert record is not None
    return replace(record, version=event.originator_version, status=FINISHED)
