"""Live fan-out across servers through Redis Streams.

Each accepted entry is appended to a stream per game (`frontier:game:<id>`)
and a global stream (`frontier:games`) for listings. One reader thread per
server follows the streams of the games it has watchers for and hands each
entry to their local queues. Redis is never the record of truth: publishing
failures are swallowed (the store already holds the entry), and watchers fall
back to following the store until Redis is back.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from typing import Any

import redis

from service.fanout import AsyncSubscription, LocalBroker, Subscription, Update

log = logging.getLogger(__name__)

GLOBAL_STREAM = "frontier:games"
STREAM_LENGTH = 10_000  # entries kept per game stream; older watchers catch up from the store


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
        self.healthy = True
        self._reader = threading.Thread(target=self._follow, name="redis-fanout", daemon=True)
        self._reader.start()

    def publish(self, update: Update) -> None:
        fields: dict[Any, Any] = {"entry": json.dumps(update.entry), "finished": int(update.finished)}
        try:
            pipe = self._redis.pipeline(transaction=False)
            pipe.xadd(game_stream(update.game_id), fields, maxlen=STREAM_LENGTH, approximate=True)
            pipe.xadd(GLOBAL_STREAM, {"game_id": update.game_id, "version": update.version}, maxlen=100_000)
            pipe.execute()
            self.healthy = True
        except redis.RedisError as error:
            self.healthy = False
            log.warning("redis publish failed (the store has the entry): %s", error)

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
                self.healthy = True
            except redis.RedisError:
                self.healthy = False
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
        self._stopping.set()
        self._reader.join(timeout=2)
        self._local.close()
        self._redis.close()


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
