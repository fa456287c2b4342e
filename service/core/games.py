"""The ledger kernel: get a game (cached), lock it, append sealed lines, publish.

Built on the eventsourcing library's `Application`: the store is chosen by its
environment variables (SQLite file by default, PostgreSQL to scale), the
repository cache keeps each game's latest immutable record so a command costs
the same at move 10 as at move 10,000, and a lost write race surfaces as the
library's `IntegrityError`, which we answer by re-reading and re-deciding.

The kernel decides nothing: each capability (service/core/commands.py, rulings.py,
creation.py, takebacks.py, relays/, imports.py, seat_tokens.py, upgrades.py) decides and
hands it lines (service/core/ledger_lines.py). Only the kernel turns lines into stored events.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import (
    EventStore,
    IntegrityError,
    StoredEvent,
    Transcoder,
)
from eventsourcing.sqlite import SQLiteApplicationRecorder

from engines.base import Engine
from replay.reasons import Reason
from replay.record import Entry, Line, RulingLine
from service.core.commits.group import GroupCommitter
from service.core.commits.sqlite_insert import SingleStatementInsert
from service.core.errors import AlreadyExists, Conflict, InvalidArgument, NotFound
from service.core.fanout import Broker, LocalBroker, Update
from service.core.fields import parse_uuid
from service.core.idempotency import Keyed, KeyTaken, earlier
from service.core.ledger_lines import Batch
from service.core.listing import GameIndex
from service.core.records import (
    FINISHED,
    GameRecord,
    entry_from_json,
    line_of,
    project_game,
    remember_command_id,
    ruling_from_json,
)
from service.core.shards import events_of, recorders_of, shard_of, sharded_recorder
from service.core.store_events import (
    CommandAccepted,
    RelayResealed,
    RulingMade,
)
from service.core.store_reader import StoreEventStore
from service.core.store_transcoder import StoreTranscoder
from service.core.write_cut import WriteCut
from service.core.write_health import WriteHealth, reading_store


class Games(Application[UUID]):
    """The kernel: reads games, locks them, appends lines; one instance per server process."""

    name = "Games"
    env = {
        "AGGREGATE_CACHE_MAXSIZE": "10000",
        # Records are immutable, so copying them out of the cache buys nothing.
        "DEEPCOPY_FROM_AGGREGATE_CACHE": "n",
    }

    def __init__(self, env: Mapping[str, str] | None = None, broker: Broker | None = None) -> None:
        super().__init__(env)
        self.broker: Broker = broker or LocalBroker()
        self.index = GameIndex(self)
        # Serialises commands on one game inside this process; other processes
        # are kept honest by the store's optimistic concurrency.
        self._locks = [threading.Lock() for _ in range(256)]
        # Concurrent saves of different games share one transaction and one fsync; per database.
        self.committers = [GroupCommitter(self.record_stored) for _ in recorders_of(self.recorder)]
        self.committer = self.committers[0]  # the only one unless the store is split
        self.write_cut = WriteCut()  # a stopping server stores nothing after it (service/server.py)
        self._single_insert: SingleStatementInsert | None = None
        if isinstance(self.recorder, SQLiteApplicationRecorder):
            self._single_insert = SingleStatementInsert(self.recorder)
        self._insert_events = (
            self._single_insert.insert_events if self._single_insert else self.recorder.insert_events
        )
        # Told of every record saved here whose game has a clock (service/core/clocks/keeper.py).
        self.on_clock: Callable[[GameRecord], None] | None = None
        self.on_publish: list[Callable[[], None]] = []  # told after each publish (webhooks' worker)
        # The clock every stored line is stamped with (a property test sets its own).
        self.now: Callable[[], datetime] = _utc_now
        # Whether the store takes writes: the health checks' answer (service/core/write_health.py).
        self.writes = WriteHealth(self.probe_write)

    def construct_transcoder(self) -> Transcoder:
        # A rebuild decodes every stored event: msgspec reads those it reads as the library does.
        transcoder = StoreTranscoder()
        self.register_transcodings(transcoder)
        return transcoder

    def construct_recorder(self) -> Any:  # several databases, or the library's one
        return sharded_recorder(self.env) or super().construct_recorder()

    def construct_event_store(self) -> EventStore[UUID]:
        # A rebuild reads every stored event of a game: one pass over the rows, not three layers.
        return StoreEventStore(mapper=self.mapper, recorder=self.recorder)

    def close(self) -> None:
        self.writes.close()
        for committer in self.committers:  # what is queued is stored and answered first
            committer.close()
        if self._single_insert is not None:
            self._single_insert.close()
        super().close()

    # -- reading ---------------------------------------------------------------

    def get(self, game_id: str) -> GameRecord:
        uid = parse_game_id(game_id)
        try:
            with reading_store():
                record: GameRecord | None = self.repository.get(uid, projector_func=project_game)
        except AggregateNotFoundError:  # nothing stored under this id begins a game
            raise NotFound(Reason.GAME_NOT_FOUND, f"no game with id {game_id}") from None
        if not isinstance(record, GameRecord):  # the cache holds records of games alone
            raise NotFound(Reason.GAME_NOT_FOUND, f"no game with id {game_id}")
        if self.repository.fastforward and record.version > self._cached_version(uid):
            # The library fast-forwards a copy and leaves the cache where it was: keep the
            # newer record, or each read re-fetches every event appended since the game was
            # first cached (on a server that only watches a game, that grows without bound).
            self.remember(record)
        return record

    def _cached_version(self, uid: UUID) -> int:
        if self.repository.cache is None:
            return 1 << 62  # nothing to keep
        with contextlib.suppress(KeyError):
            cached = self.repository.cache.get(uid)
            return int(cached.version) if cached is not None else 0
        return 0

    def engine_of(self, game_id: str) -> Engine:
        """The game's engine: from any cached record (a game never changes its kind), else a read.

        On PostgreSQL every `get` asks the store for newer events; a command needs the engine
        only to decode itself before `submit` reads the game again under its lock.
        """
        if self.repository.cache is not None:
            with contextlib.suppress(KeyError):
                cached = self.repository.cache.get(parse_game_id(game_id))
                if isinstance(cached, GameRecord):
                    return cached.engine
        return self.get(game_id).engine

    def record_at(self, game_id: str, game_version: int | None) -> GameRecord:
        """The game as it stood at `game_version` (the latest when None)."""
        latest = self.get(game_id)
        if game_version is None or game_version == latest.game_version:
            return latest
        if not 1 <= game_version <= latest.game_version:
            raise InvalidArgument(
                Reason.VERSION_OUT_OF_RANGE,
                f"version {game_version} is out of range: this game has versions 1 to {latest.game_version}",
            )
        record: GameRecord | None = None
        found: GameRecord | None = None
        for event in self.events.get(latest.id):
            record = project_game(record, [event])
            if record is None:
                continue
            if record.game_version > game_version:
                break
            # The last record at this version: a player-entropy game is dealt at version 1.
            found = record
        assert found is not None
        return found

    def lines(self, game_id: str, settled: bool = False) -> Iterator[Line]:
        """Every line after the header, in chain order; `settled`: a replica may serve it (shards.py)."""
        stored: list[Line] = []
        for event in events_of(self, parse_game_id(game_id), settled):
            if isinstance(event, RelayResealed):  # a relayed log re-expanded whole (service/core/relays/)
                stored = [entry_from_json(data) for data in event.entries]
                continue
            line = line_of(event)
            if line is not None:
                stored.append(line)
        yield from stored

    def entries(self, game_id: str, after: int = 1, settled: bool = False) -> Iterator[Entry | RulingLine]:
        """The lines that make versions > after, in order, from the store: entries and rulings."""
        uid = parse_game_id(game_id)
        stored: list[dict[str, Any]] = []
        for event in events_of(self, uid, settled):
            if isinstance(event, CommandAccepted):
                stored.append(event.entry)
            elif isinstance(event, RulingMade):
                stored.append(event.line)
            elif isinstance(event, RelayResealed):  # a relayed log re-expanded whole (service/core/relays/)
                stored = list(event.entries)
        for data in stored:
            if data["version"] > after:
                yield ruling_from_json(data) if data["type"] == "ruling" else entry_from_json(data)

    # -- appending ---------------------------------------------------------------

    def append(self, batch: Batch, contention: str | None = None) -> GameRecord:
        """Store `batch` after its record (the caller holds the game's lock) and cache the record it
        leads to. Another server that changed the game first makes this CONTENTION, saying
        `contention`; with None the library's `IntegrityError` is raised, for the caller to re-decide."""
        assert batch.before is not None
        try:
            self.store(*batch.events)
        except IntegrityError:  # another server changed the game first
            self.forget(batch.before.id)
            if contention is None:
                raise
            raise Conflict(Reason.CONTENTION, contention) from None
        return self.stored(batch)

    def stored(self, batch: Batch) -> GameRecord:
        """Cache the record a durable batch leads to (its command id with it) and return it."""
        after = batch.after()
        if batch.accepted is not None:
            remember_command_id(after, batch.accepted)  # only now: a failed save must leave no trace
        self.remember(after)
        return after

    def store_new(self, batch: Batch, keyed: Keyed | None = None) -> None:
        """Store a new game's lines (its `Creation` first) in one transaction: all of it or nothing.
        `keyed`, the call's idempotency key, is stored in the same transaction."""
        uid = batch.uid
        assert uid is not None and batch.before is None
        try:
            self.events.get(uid, limit=1).__next__()
        except StopIteration:
            pass
        else:
            raise AlreadyExists(Reason.GAME_EXISTS, f"a game with id {uid} is already stored")
        events = [*batch.events, *([keyed.event(str(uid), {})] if keyed is not None else [])]
        try:
            self.store(*events)
        except IntegrityError:
            if keyed is not None and earlier(self.events, keyed) is not None:
                raise KeyTaken() from None  # another call with this key stored first
            raise AlreadyExists(Reason.GAME_EXISTS, f"a game with id {uid} is already stored") from None

    def publish(self, after: GameRecord, batch: Batch) -> None:
        """Tell watchers of each line just saved, in order; the last one says if the game is over."""
        if after.clocks is not None and self.on_clock is not None:
            self.on_clock(after)
        lines = [
            e.entry if isinstance(e, CommandAccepted) else e.line for e in batch.events if _makes_version(e)
        ]
        for number, line in enumerate(lines, start=1):
            finished = number == len(lines) and after.status == FINISHED
            self.broker.publish(Update(str(after.id), line, finished))
        for told in self.on_publish:
            told()

    def lock_for(self, game_id: str | UUID) -> threading.Lock:
        """The lock that serialises writes to one game inside this process."""
        return self._lock_for(game_id if isinstance(game_id, UUID) else parse_game_id(game_id))

    # -- plumbing --------------------------------------------------------------

    def store(self, *events: Any) -> None:
        """Store `events` durably in one transaction, maybe with other concurrent saves.

        Other applications over this store (service/core/root.py) store their events here too.
        """
        with self.writes.storing():
            # Mapped here, outside the group's transaction: the commit thread then only writes.
            stored = [self.mapper.to_stored_event(event) for event in events]
            with self.write_cut.writing():  # a stopping server's cut refuses it before it writes
                self.committer_of(stored[0].originator_id).save(*stored)

    def committer_of(self, uid: UUID | str) -> GroupCommitter:  # its database's commit thread
        return self.committers[shard_of(uid, len(self.committers))]

    def probe_write(self) -> None:
        """One small write transaction, beside the events' table: raises if the store refuses it."""
        datastore = getattr(self.recorder, "datastore", None)
        if datastore is None:  # the memory store: nothing on disk to refuse
            return
        with datastore.transaction(commit=True) as cursor:
            cursor.execute(
                "CREATE TABLE IF NOT EXISTS frontier_write_probe (id INTEGER PRIMARY KEY, at TEXT)"
            )
            cursor.execute("DELETE FROM frontier_write_probe")
            cursor.execute("INSERT INTO frontier_write_probe (id, at) VALUES (1, CURRENT_TIMESTAMP)")

    def record_stored(self, *stored: StoredEvent) -> None:
        """Write mapped events in one transaction to the library's recorder's table.

        `Application.save` would do the same write after collecting, caching and notifying, none of
        which this application uses, and its collecting costs a runtime protocol check per event.
        On SQLite it is one statement (service/core/commits/sqlite_insert.py); split, one database's.
        """
        self._insert_events(list(stored))

    def entry_at(self, uid: UUID, store_version: int) -> Entry:
        """The entry stored at `store_version` of a game (a repeated command's first answer)."""
        with reading_store():
            (event,) = self.events.get(uid, gt=store_version - 1, lte=store_version)
        assert isinstance(event, CommandAccepted)
        return entry_from_json(event.entry)

    def remember(self, record: GameRecord | None) -> None:
        """Hand the cache the newest record of a game stored here: it keeps what it first read."""
        if record is not None and self.repository.cache is not None:
            self.repository.cache.put(record.id, record)

    def forget(self, uid: UUID) -> None:
        if self.repository.cache is not None:
            with contextlib.suppress(KeyError):
                self.repository.cache.get(uid, evict=True)

    def _lock_for(self, uid: UUID) -> threading.Lock:
        return self._locks[uid.int % len(self._locks)]


def _makes_version(event: Any) -> bool:
    return isinstance(event, (CommandAccepted, RulingMade))


def _utc_now() -> datetime:
    return datetime.now(UTC)


def canonical_json(value: Any) -> str:
    """One spelling of a JSON value (stored commands come back with lists for tuples)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def parse_game_id(game_id: str) -> UUID:
    """The game's UUID from any spelling Python's UUID accepts (case, braces, urn:uuid:).

    Everything keyed by a game (lock, cache, store) uses this value, never the raw text.
    """
    return parse_uuid(game_id, "game_id", Reason.BAD_GAME_ID)
