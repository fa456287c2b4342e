"""WatchGame streams on the server's event loop: catch-up from the store, then live, each step once.

A stream is an async generator, so it holds no thread while it waits: the broker wakes
it through the loop. Reading the store (and redacting what was read) runs in a small pool
of worker threads; a live step whose record is at hand is redacted on the loop, which
costs less than the hop to a thread. The watchers of a game share that work: one read, one redaction per view
and version, whatever the number of watchers. Caps on streams (`service.core.stream_slots`: spectators
per address, per game and in all; seats per token) answer RESOURCE_EXHAUSTED rather than letting
watchers exhaust the server's memory, and no number of spectators refuses a seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import AsyncIterator, Callable, Hashable, Sequence
from typing import Any, TypeVar

from engines.base import Event
from replay.reasons import Reason
from service.core import metrics
from service.core.auth import Caller
from service.core.errors import InvalidArgument, Unauthenticated
from service.core.fanout import LocalBroker
from service.core.games import parse_game_id
from service.core.jobs import Jobs
from service.core.records import FINISHED, WAITING, GameRecord
from service.core.root import Ledger
from service.core.stream_slots import StreamLimits, StreamSlots
from service.core.views import clocks_proto, redacted_entry_events, ruling_proto, shared_entry_events
from service.generated.frontier.v1 import frontier_pb2

UNHEALTHY_POLL_SECONDS = 0.5  # while the broker cannot deliver, follow the store this often
HEALTHY_POLL_SECONDS = 2.0  # a safety net across servers (Redis); in one process nothing is missed
FRESH_READ_SECONDS = 0.25  # watchers polling within this window share one store read
SHARED_SECONDS = 5.0  # watchers waking together share a built update or catch-up this long
CACHE_SIZE = 1024  # built updates and records kept for the other watchers
STALE_RECORD_WAIT_SECONDS = 1.0  # how long a watcher waits for a writer to cache the record it saved
WAITING_NOTICE = "waiting: the game is dealt when every seat has been claimed with its client seed"
LIVE_NOTICE = {
    False: "live fan-out is unavailable; steps keep arriving from the store, more slowly",
    True: "live fan-out is back",
}

T = TypeVar("T")


class Watching:
    def __init__(
        self, ledger: Ledger, max_watchers: int, workers: int = 8, limits: StreamLimits | None = None
    ) -> None:
        self.ledger = ledger  # its gate is asked at each read: one installed later decides from then on
        self.app = app = ledger.games
        self.slots = StreamSlots(limits or StreamLimits(spectators=max_watchers))
        self.pool = Jobs(max_workers=workers, thread_name_prefix="frontier-watch")
        self._updates: dict[tuple[object, ...], frontier_pb2.GameUpdate] = {}
        self._records: dict[str, GameRecord] = {}  # the latest record seen per watched game
        self._lock = threading.Lock()  # for the two caches above, filled in worker threads
        self._read_locks = [threading.Lock() for _ in range(64)]
        # Shared work on the loop only: (started, future) and (started, finished, result).
        self._inflight: dict[Hashable, tuple[float, asyncio.Future[Any]]] = {}
        self._done: dict[Hashable, tuple[float, float, Any]] = {}
        # The in-process broker publishes after every save, so its watchers never poll: 10,000
        # idle watchers each waking to poll cost the loop more than delivering to them.
        self._healthy_poll = None if isinstance(app.broker, LocalBroker) else HEALTHY_POLL_SECONDS

    @property
    def active(self) -> int:
        """Streams open, seats' and spectators'."""
        return self.slots.active

    def close(self, deadline: float | None = None) -> None:
        """Take no more jobs; wait for the running ones until `deadline` (see `Jobs.stop`)."""
        self.pool.stop(deadline)

    async def stream(
        self, game_id: str, from_version: int, resolve: Callable[[GameRecord], Caller], peer: str = ""
    ) -> AsyncIterator[frontier_pb2.GameUpdate]:
        """The updates of one watch stream; `resolve` checks the caller against the game.

        `peer` (gRPC's `context.peer()`) names the client, whose spectators' streams are capped.
        """
        # Watchers often join together (a table opens, a server restarts): one read serves them.
        record = await self._shared(("join", game_id), self.app.get, game_id, keep=FRESH_READ_SECONDS)
        try:
            caller = resolve(record)
        except Unauthenticated:  # a token given since that shared read (a claim, a reissue) is in a fresh one
            record = await self._in_thread(self._read_latest, game_id)
            caller = resolve(record)
        if from_version < 0:
            raise InvalidArgument(Reason.BAD_VERSION, "from_version must be 0 or more", field="from_version")
        game_id = record.header.game_id
        loop = asyncio.get_running_loop()
        with self.slots.hold(game_id, caller, peer), metrics.WATCHERS.track_inprogress():
            subscribed_at = time.monotonic()
            if isinstance(self.app.broker, LocalBroker):  # nothing to wait for: stay on the loop
                subscription = self.app.broker.watch(game_id, loop)
            else:  # Redis: pinning the stream's tail is a round trip
                subscription = await self._in_thread(self.app.broker.watch, game_id, loop)
            try:
                # What to catch up on is read after subscribing: an entry saved in between is
                # then either in this read or published to the subscription, never in neither.
                fresh = ("fresh", game_id)
                record = await self._shared(fresh, self._read_latest, game_id, since=subscribed_at)
                async for update in self._follow(record, from_version, caller, subscription):
                    yield update
            finally:
                subscription.close()

    async def _follow(
        self, record: GameRecord, sent: int, caller: Caller, subscription: Any
    ) -> AsyncIterator[frontier_pb2.GameUpdate]:
        game_id = record.header.game_id
        who = (caller.token, caller.is_organiser, self.ledger.gate)  # the gate renders what is shared
        if sent < 1 and not record.dealt:
            # A player-entropy game waiting for its seats: say so, and send the setup once dealt.
            yield frontier_pb2.GameUpdate(notice=WAITING_NOTICE, status=WAITING)
            while not record.dealt:
                await asyncio.sleep(UNHEALTHY_POLL_SECONDS)
                record = await self._shared(
                    ("fresh", game_id), self._read_latest, game_id, since=time.monotonic()
                )
        if sent < 1:
            yield await self._shared(("setup", game_id, record.status, who), self._setup, record, caller)
            sent = 1
        for update in await self._caught_up(game_id, sent, record.game_version, who, caller):
            yield update
            sent = update.version
            if update.status == FINISHED:
                return
        live = True
        while True:
            if subscription.healthy != live:
                live = subscription.healthy
                yield frontier_pb2.GameUpdate(notice=LIVE_NOTICE[live], status=record.status)
            if record.status == FINISHED and sent >= record.game_version:
                return
            wait = self._healthy_poll if live else UNHEALTHY_POLL_SECONDS
            published = await subscription.next(timeout=wait)
            if published is None or published.version > sent + 1:
                # Nothing heard (or a gap): the store has the truth, read from it.
                asked = time.monotonic()
                record = await self._shared(("fresh", game_id), self._read_latest, game_id, since=asked)
                if record.game_version > sent:
                    for update in await self._caught_up(game_id, sent, record.game_version, who, caller):
                        yield update
                        sent = update.version
                        if update.status == FINISHED:
                            return
                continue
            if published.version <= sent:
                continue  # already sent during catch-up
            entry = published.entry
            key = ("update", game_id, entry["version"], entry["hash"], who)
            at_hand = self._at_hand(game_id, entry["version"])
            if at_hand is not None:  # nothing to read: built on the loop, a thread hop cost more
                update = self._shared_now(key, self._update, game_id, entry, caller, at_hand)
            else:
                update = await self._shared(key, self._update, game_id, entry, caller)
            yield update
            sent = update.version
            if update.status == FINISHED:
                return

    async def _in_thread(self, function: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.pool, function, *args)

    async def _shared(
        self,
        key: Hashable,
        function: Callable[..., T],
        *args: Any,
        keep: float = SHARED_SECONDS,
        since: float | None = None,
    ) -> T:
        """`function(*args)` in a worker thread, run once for every watcher asking with the same key.

        Watchers wake together; the first runs the work, the others await its result and
        reuse it for `keep` seconds. With `since`, only work started at or after that moment
        will do (a read of the store that must see every save before it).
        """
        now = time.monotonic()
        done = self._done.get(key)
        if done is not None and now - done[0] < keep and (since is None or done[0] >= since):
            result: T = done[2]
            return result
        running = self._inflight.get(key)
        if running is None or (since is not None and running[0] < since):
            future = asyncio.ensure_future(self._in_thread(function, *args))
            running = (now, future)
            self._inflight[key] = running

            def finished(f: asyncio.Future[Any], key: Hashable = key, started: float = now) -> None:
                if self._inflight.get(key, (None, None))[1] is f:
                    del self._inflight[key]
                if not f.cancelled() and f.exception() is None:
                    if len(self._done) >= CACHE_SIZE:
                        self._done.clear()
                    self._done[key] = (started, time.monotonic(), f.result())

            future.add_done_callback(finished)
        shared: T = await asyncio.shield(running[1])
        return shared

    def _shared_now(self, key: Hashable, function: Callable[..., T], *args: Any) -> T:
        """`_shared` for work that reads nothing: run at once on the loop, its result kept as there."""
        now = time.monotonic()
        done = self._done.get(key)
        if done is not None and now - done[0] < SHARED_SECONDS:
            kept: T = done[2]
            return kept
        result = function(*args)
        if len(self._done) >= CACHE_SIZE:
            self._done.clear()
        self._done[key] = (now, time.monotonic(), result)
        return result

    def _at_hand(self, game_id: str, version: int) -> GameRecord | None:
        """The shared record if building `version`'s update needs no store read, else None.

        For a duplicate deal's table the gate may look its tournament up: that reads.
        """
        record = self.cached(game_id, version)
        return record if record is not None and record.header.deal is None else None

    # -- worker-thread side --------------------------------------------------------

    def _setup(self, record: GameRecord, caller: Caller) -> frontier_pb2.GameUpdate:
        gate = self.ledger.gate
        viewer = gate.sight(record, caller).viewer
        events = redacted_entry_events(gate, record, record.setup_events, viewer)
        # As for every other step: a finished game's status only on its last step, or a client
        # that stops at "finished" (frontier watch) stops after the setup.
        status = record.status if record.game_version == 1 else "in_progress"
        return frontier_pb2.GameUpdate(version=1, events=events, status=status)

    async def _caught_up(
        self, game_id: str, sent: int, reaching: int, who: Hashable, caller: Caller
    ) -> list[frontier_pb2.GameUpdate]:
        """The updates after `sent`, read once for every watcher who asks the same at the same time."""
        # The key names the version the result reaches at least: a later catch-up is another key.
        key = ("catch-up", game_id, sent, reaching, who)
        return await self._shared(key, self._catch_up, game_id, sent, caller)

    def _catch_up(self, game_id: str, after: int, caller: Caller) -> list[frontier_pb2.GameUpdate]:
        entries = self.app.entries(game_id, after=after)
        return [self._update(game_id, entry.to_json(), caller) for entry in entries]

    def latest(self, game_id: str, at_least: int) -> GameRecord:
        """The game's record at `at_least` or later, from the watchers' shared reads (worker threads)."""
        return self._latest(game_id, at_least)

    def cached(self, game_id: str, at_least: int) -> GameRecord | None:
        """The game's record at `at_least` or later if one is at hand: no store read, so safe on the loop.

        The watchers' shared record, else the application's cache: the writer of an entry
        caches its record there before publishing the entry, so a live step finds it.
        """
        with self._lock:
            found = self._records.get(game_id)
        if found is not None and found.game_version >= at_least:
            return found
        written = self._written(game_id)
        if written is None or written.game_version < at_least:
            return None
        return self._keep(game_id, written)

    def _written(self, game_id: str) -> GameRecord | None:
        """The record in the application's cache (the last one saved or read here), if any."""
        cache = self.app.repository.cache
        if cache is None:
            return None
        with contextlib.suppress(KeyError):
            record = cache.get(parse_game_id(game_id))
            return record if isinstance(record, GameRecord) else None
        return None

    def _latest(self, game_id: str, at_least: int) -> GameRecord:
        """The game's record at `at_least` or later, shared by its watchers.

        On PostgreSQL every `Games.get` asks the store for newer events (other servers
        write too): the first watcher to need a version reads it; the others reuse that record.
        """
        with self._lock:
            cached = self._records.get(game_id)
        if cached is not None and cached.game_version >= at_least:
            return cached
        with self._read_locks[hash(game_id) % len(self._read_locks)]:
            with self._lock:
                cached = self._records.get(game_id)
            if cached is not None and cached.game_version >= at_least:
                return cached
            record = self._read_latest(game_id)
            # A catch-up can read an entry from the store before its writer has cached the
            # record it made: the record read then is older, and its step would go out without
            # `seats_to_act` (a Play stream's seat would never learn it is to act). The writer
            # caches it a moment later.
            waited = 0.0
            while record.game_version < at_least and waited < STALE_RECORD_WAIT_SECONDS:
                time.sleep(0.002)
                waited += 0.002
                record = self._read_latest(game_id)
            return record

    def _read_latest(self, game_id: str) -> GameRecord:
        return self._keep(game_id, self.app.get(game_id))

    def _keep(self, game_id: str, record: GameRecord) -> GameRecord:
        """`record`, kept for the game's watchers unless a newer one is kept already."""
        with self._lock:
            current = self._records.get(game_id)
            if current is None or current.version < record.version:
                if len(self._records) >= CACHE_SIZE:
                    self._records.clear()
                self._records[game_id] = record
        return record

    def update(
        self,
        entry: dict[str, Any],
        caller: Caller,
        record: GameRecord,
        decided: Sequence[Event] | None = None,
    ) -> frontier_pb2.GameUpdate:
        """The watchers' update of `entry` for `caller`: a Play answer is the very message its seat's
        watch step is, so the two are built once. `decided` are the entry's engine events, if at hand."""
        return self._update(record.header.game_id, entry, caller, record, decided)

    def _update(
        self,
        game_id: str,
        entry: dict[str, Any],
        caller: Caller,
        record: GameRecord | None = None,
        decided: Sequence[Event] | None = None,
    ) -> frontier_pb2.GameUpdate:
        """One entry as this caller may see it; built once per view (streams share the message).

        `record`, if given, is the game at `entry`'s version or later, read already; `decided`
        spares decoding the entry's events (see `shared_entry_events`).
        """
        if record is None:
            record = self._latest(game_id, entry["version"])  # it decides the viewer and the status
        gate = self.ledger.gate
        viewer = gate.sight(record, caller).viewer
        is_latest = record.game_version == entry["version"]
        # The gate too: what it renders is what the message holds.
        key = (game_id, entry["version"], entry["hash"], viewer, is_latest, record.status, gate)
        with self._lock:
            built = self._updates.get(key)
        if built is None:
            ruling = entry["type"] == "ruling"
            built = frontier_pb2.GameUpdate(
                version=entry["version"],
                seat=entry["seat"],
                events=[] if ruling else shared_entry_events(gate, record, entry, viewer, decided),
                status=record.status if is_latest else "in_progress",
                seats_to_act=list(record.seats_to_act) if is_latest else [],
                ruling=ruling_proto(entry) if ruling else None,
                clocks=clocks_proto(record) if is_latest else [],
            )
            with self._lock:
                if len(self._updates) >= CACHE_SIZE:
                    self._updates.clear()
                self._updates[key] = built
        return built
