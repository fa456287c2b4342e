"""Live fan-out of accepted entries to watchers.

The in-process broker serves a single server. The store stays the record of
truth: a watcher catches up from the store and uses the broker only to learn
of new entries quickly, skipping any version it has already sent.

Watch streams run on the server's event loop (`watch`): a publish wakes all of a
loop's watchers of a game with one `call_soon_threadsafe`, so a stream holds no
thread and 10,000 watchers cost one wake-up per update, not 10,000.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Update:
    """One accepted entry of one game, as published after it was stored."""

    game_id: str
    entry: dict[str, Any]  # replay.record.Entry.to_json()
    finished: bool

    @property
    def version(self) -> int:
        version: int = self.entry["version"]
        return version


class Subscription(Protocol):
    def get(self, timeout: float) -> Update | None:
        """The next update, or None after `timeout` seconds without one."""
        ...

    def close(self) -> None: ...

    @property
    def healthy(self) -> bool:
        """False while the broker cannot deliver (e.g. Redis is down)."""
        ...


class AsyncSubscription(Protocol):
    async def next(self, timeout: float) -> Update | None:
        """The next update, or None after `timeout` seconds without one."""
        ...

    def close(self) -> None: ...

    @property
    def healthy(self) -> bool: ...


class Broker(Protocol):
    def publish(self, update: Update) -> None: ...

    def subscribe(self, game_id: str) -> Subscription: ...

    def watch(self, game_id: str, loop: asyncio.AbstractEventLoop) -> AsyncSubscription:
        """A subscription whose updates arrive on `loop` (call from that loop)."""
        ...

    def close(self) -> None: ...


class _LocalSubscription:
    def __init__(self, broker: LocalBroker, game_id: str) -> None:
        self._broker = broker
        self._game_id = game_id
        self.queue: queue.SimpleQueue[Update] = queue.SimpleQueue()

    def get(self, timeout: float) -> Update | None:
        try:
            return self.queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        self._broker._remove(self._game_id, self)

    @property
    def healthy(self) -> bool:
        return True


class _LoopSubscription:
    """A watcher on an event loop: an asyncio queue filled on that loop."""

    def __init__(self, broker: LocalBroker, game_id: str, loop: asyncio.AbstractEventLoop) -> None:
        self._broker = broker
        self._game_id = game_id
        self.loop = loop
        self.queue: asyncio.Queue[Update] = asyncio.Queue()

    async def next(self, timeout: float) -> Update | None:
        if not self.queue.empty():
            return self.queue.get_nowait()
        try:
            return await asyncio.wait_for(self.queue.get(), timeout)
        except TimeoutError:
            return None

    def close(self) -> None:
        self._broker._remove(self._game_id, self)

    @property
    def healthy(self) -> bool:
        return True


def _deliver(watchers: list[_LoopSubscription], update: Update) -> None:
    for watcher in watchers:
        watcher.queue.put_nowait(update)


class LocalBroker:
    """Fan-out within one process: a queue per watcher, one wake-up per event loop."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._watchers: dict[str, list[_LocalSubscription | _LoopSubscription]] = {}

    def publish(self, update: Update) -> None:
        with self._lock:
            watchers = list(self._watchers.get(update.game_id, ()))
        by_loop: dict[asyncio.AbstractEventLoop, list[_LoopSubscription]] = defaultdict(list)
        for watcher in watchers:
            if isinstance(watcher, _LoopSubscription):
                by_loop[watcher.loop].append(watcher)
            else:
                watcher.queue.put(update)
        for loop, group in by_loop.items():
            with contextlib.suppress(RuntimeError):  # a closed loop: its watchers are gone
                loop.call_soon_threadsafe(_deliver, group, update)

    def subscribe(self, game_id: str) -> Subscription:
        subscription = _LocalSubscription(self, game_id)
        self._add(game_id, subscription)
        return subscription

    def watch(self, game_id: str, loop: asyncio.AbstractEventLoop) -> AsyncSubscription:
        subscription = _LoopSubscription(self, game_id, loop)
        self._add(game_id, subscription)
        return subscription

    def _add(self, game_id: str, subscription: _LocalSubscription | _LoopSubscription) -> None:
        with self._lock:
            self._watchers.setdefault(game_id, []).append(subscription)

    def has_watchers(self, game_id: str) -> bool:
        with self._lock:
            return bool(self._watchers.get(game_id))

    def _remove(self, game_id: str, subscription: _LocalSubscription | _LoopSubscription) -> None:
        with self._lock:
            watchers = self._watchers.get(game_id, [])
            if subscription in watchers:
                watchers.remove(subscription)
            if not watchers:
                self._watchers.pop(game_id, None)

    def close(self) -> None:
        with self._lock:
            self._watchers.clear()
