"""Live fan-out across servers through Redis Streams.

Each accepted entry is appended to a stream per game (`frontier:game:<id>`)
and a global stream (`frontier:games`) for listings. One reader thread per
server follows the streams of the games it has watchers for and hands each
entry to their local queues. Redis is never the record of truth: publishing
failures are swallowed (the store already holds the entry), and watchers fall
back to following the store until Redis is back.

Publishing is a thread's job of its own (`Publisher`): a command is acknowledged
once it is stored, without waiting on Redis, so a hung Redis stalls no command.
Entries wait in a bounded outbox and leave oldest first, several per pipelined
round trip; a game's commands are published under its lock and one thread sends
them, so its stream keeps their order. What cannot be sent (Redis down, or the
outbox full) is dropped and the broker reports itself unhealthy until a round
trip succeeds again: watchers then follow the store, and one that sees version
N+2 after N reads the store for N+1. A round trip that timed out on a hung Redis
may still be applied when it wakes, so a stream can hold an entry twice or late;
watchers skip a version they have already sent.
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import threading
import time
from typing import Any

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from service.core.fanout import AsyncSubscription, LocalBroker, Subscription, Update
from service.core.thread_names import name_os_thread

log = logging.getLogger(__name__)

GLOBAL_STREAM = "frontier:games"
STREAM_LENGTH = 10_000  # entries kept per game stream; older watchers catch up from the store
GLOBAL_LENGTH = 100_000
PUBLISH_BATCH = 200  # entries per round trip at most
OUTBOX_LIMIT = 10_000  # entries waiting for Redis at most; the oldest go first when it is full
PUBLISH_TIMEOUT = 2.0  # seconds a round trip may take before it counts as failed
RETRY_SECONDS = 0.5  # after a failed round trip, wait before the next (what queues meanwhile is sent then)
CLOSE_FLUSH_SECONDS = 5.0  # close() sends what is queued for this long at most, then drops the rest


def game_stream(game_id: str) -> str:
    return f"frontier:game:{game_id}"


class RedisBroker:
    def __init__(self, url: str) -> None:
        self._redis = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=2)
        self._redis.ping()  # fail at start-up, not on the first command
        self._local = LocalBroker()
        self._positions: dict[str, bytes | str] = {}  # stream -> last id read
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._reading = True  # False while the reader cannot reach Redis
        self._reader = threading.Thread(target=self._follow, name="redis-fanout", daemon=True)
        self._reader.start()
        self.publisher = Publisher(url)

    @property
    def healthy(self) -> bool:
        """False while Redis cannot be read, or since entries published here were dropped."""
        return self._reading and self.publisher.healthy

    def reachable(self) -> bool:
        """One round trip to Redis now (the health check's): the reader only notices an outage
        while some game is watched."""
        try:
            return bool(self._redis.ping())
        except redis.RedisError:
            return False

    def publish(self, update: Update) -> None:
        """Queue a stored entry for Redis; returns at once and never raises."""
        self.publisher.put(update)

    def subscribe(self, game_id: str) -> Subscription:
        subscription = self._local.subscribe(game_id)  # first, so the reader keeps the stream
        self._follow_stream(game_stream(game_id))
        return _RedisSubscription(self, subscription)

    def watch(self, game_id: str, loop: asyncio.AbstractEventLoop) -> AsyncSubscription:
        """Like `subscribe`, for a watcher on `loop`; pinning the tail may block on Redis briefly."""
        subscription = self._local.watch(game_id, loop)
        self._follow_stream(game_stream(game_id))
        return _RedisWatch(self, subscription)

    def _follow_stream(self, stream: str) -> None:
        with self._lock:
            known = stream in self._positions
        if not known:
            # Pin the stream's tail now: "$" would mean the tail at the reader's next XREAD,
            # and entries appended before it would reach this watcher only by polling the store.
            tail = self._tail(stream)
            with self._lock:
                self._positions.setdefault(stream, tail)

    def _tail(self, stream: str) -> bytes | str:
        """The id of the stream's last entry ("0-0" while it is empty; "$" when Redis is down)."""
        try:
            last: Any = self._redis.xrevrange(stream, count=1)
        except redis.RedisError:
            return "$"
        return last[0][0] if last else "0-0"

    def _follow(self) -> None:
        name_os_thread()
        while not self._stopping.is_set():
            with self._lock:
                watched = {s: p for s, p in self._positions.items() if self._has_watchers(s)}
                for stream in set(self._positions) - set(watched):
                    del self._positions[stream]
            if not watched:
                self._stopping.wait(0.05)
                continue
            try:
                batches: Any = self._redis.xread(watched, block=200, count=500)  # type: ignore[arg-type]
                self._reading = True
            except redis.RedisError:
                self._reading = False
                self._stopping.wait(0.5)
                continue
            for stream, items in batches or []:
                name = stream.decode() if isinstance(stream, bytes) else stream
                for item_id, fields in items:
                    with self._lock:
                        if name in self._positions:
                            self._positions[name] = item_id
                    entry = json.loads(fields[b"entry"])
                    game_id = name.removeprefix("frontier:game:")
                    self._local.publish(Update(game_id, entry, fields[b"finished"] == b"1"))

    def _has_watchers(self, stream: str) -> bool:
        return self._local.has_watchers(stream.removeprefix("frontier:game:"))

    def close(self) -> None:
        self.publisher.close()
        self._stopping.set()
        self._reader.join(timeout=2)
        self._local.close()
        self._redis.close()


class Publisher:
    """Sends stored entries to Redis from a thread of its own, in the order they were put.

    Its own connection, without redis-py's retries: a retried pipeline could add an entry
    twice, and each retry would stretch a hung Redis's hold on close() by another timeout.
    """

    def __init__(self, url: str) -> None:
        self._redis = redis.Redis.from_url(
            url,
            socket_timeout=PUBLISH_TIMEOUT,
            socket_connect_timeout=PUBLISH_TIMEOUT,
            retry=Retry(NoBackoff(), 0),
        )
        self._outbox: collections.deque[Update] = collections.deque()
        self._ready = threading.Condition()
        self._closing: float | None = None  # once closing: when to stop flushing
        self.healthy = True  # False from a drop until the next round trip succeeds
        self.dropped = 0  # entries never sent, since start
        self._thread = threading.Thread(target=self._run, name="redis-publish", daemon=True)
        self._thread.start()

    def put(self, update: Update) -> None:
        with self._ready:
            if self._closing is not None:
                self._drop(1)
                return
            if len(self._outbox) >= OUTBOX_LIMIT:
                self._outbox.popleft()
                self._drop(1)
            self._outbox.append(update)
            self._ready.notify()

    def close(self) -> None:
        """Send what is queued (for CLOSE_FLUSH_SECONDS at most), drop the rest; the thread ends."""
        with self._ready:
            if self._closing is None:
                self._closing = time.monotonic() + CLOSE_FLUSH_SECONDS
            self._ready.notify()
        # The last round trip may start just before the flush deadline: allow it its timeouts.
        self._thread.join(timeout=CLOSE_FLUSH_SECONDS + 2 * PUBLISH_TIMEOUT + 1)
        self._redis.close()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    @property
    def queued(self) -> int:
        """Entries waiting for Redis (not counting a batch on its way)."""
        with self._ready:
            return len(self._outbox)

    def _drop(self, count: int) -> None:
        """Called holding `_ready`."""
        if count and self.healthy:
            log.warning("redis publishing is dropping entries (the store has them; watchers read it)")
        self.dropped += count
        self.healthy = self.healthy and not count

    def _run(self) -> None:
        name_os_thread()
        failed = False
        while (taken := self._next_batch(failed)) is not None:
            batch, dropped_before = taken
            failed = not self._send(batch)  # an empty batch (idle since a drop): is Redis back?
            with self._ready:
                if failed:
                    self._drop(len(batch))
                elif self.dropped == dropped_before:  # nothing dropped while this batch was out
                    self.healthy = True
            if failed:
                self._pause()

    def _next_batch(self, failed: bool) -> tuple[list[Update], int] | None:
        """The oldest entries queued (none if idle a while since a drop) and the drops so far; None: stop."""
        with self._ready:
            while not self._outbox and self._closing is None:
                if self.healthy:
                    self._ready.wait()
                elif not self._ready.wait(RETRY_SECONDS):
                    return [], self.dropped
            if self._closing is not None and (not self._outbox or failed or time.monotonic() > self._closing):
                self._drop(len(self._outbox))
                self._outbox.clear()
                return None
            batch = [self._outbox.popleft() for _ in range(min(PUBLISH_BATCH, len(self._outbox)))]
            return batch, self.dropped

    def _pause(self) -> None:
        """Wait a while after a failed round trip; not woken by put(), only by close()."""
        with self._ready:
            until = time.monotonic() + RETRY_SECONDS
            while self._closing is None and (left := until - time.monotonic()) > 0:
                self._ready.wait(left)

    def _send(self, batch: list[Update]) -> bool:
        try:
            pipe = self._redis.pipeline(transaction=False)
            for update in batch:  # an empty batch: a PING
                fields: dict[Any, Any] = {"entry": json.dumps(update.entry), "finished": int(update.finished)}
                pipe.xadd(game_stream(update.game_id), fields, maxlen=STREAM_LENGTH, approximate=True)
                pipe.xadd(
                    GLOBAL_STREAM,
                    {"game_id": update.game_id, "version": update.version},
                    maxlen=GLOBAL_LENGTH,
                    approximate=True,
                )
            if not batch:
                pipe.ping()
            pipe.execute()
        except redis.RedisError as error:
            log.debug("redis publish of %d entries failed: %s", len(batch), error)
            return False
        except Exception:  # a dead publisher would silence every later entry: log and go on
            log.exception("redis publish of %d entries failed", len(batch))
            return False
        return True


class _RedisSubscription:
    def __init__(self, broker: RedisBroker, local: Subscription) -> None:
        self._broker = broker
        self._local = local

    def get(self, timeout: float) -> Update | None:
        return self._local.get(timeout)

    def close(self) -> None:
        self._local.close()

    @property
    def healthy(self) -> bool:
        return self._broker.healthy


class _RedisWatch:
    def __init__(self, broker: RedisBroker, local: AsyncSubscription) -> None:
        self._broker = broker
        self._local = local

    async def next(self, timeout: float | None) -> Update | None:
        return await self._local.next(timeout)

    def close(self) -> None:
        self._local.close()

    @property
    def healthy(self) -> bool:
        return self._broker.healthy
