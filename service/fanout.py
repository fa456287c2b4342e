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
import collections
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


WAKE_BATCH = 200  # watchers woken per turn of the event loop


class AsyncSubscription(Protocol):
    async def next(self, timeout: float | None) -> Update | None:
        """The next update, or None after `timeout` seconds without one (None: no time limit)."""
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
    """A watcher on an event loop: updates queue up on that loop and wake its one waiter.

    Not an asyncio.Queue with wait_for: that made a task per wait, per watcher.
    """

    def __init__(self, broker: LocalBroker, game_id: str, loop: asyncio.AbstractEventLoop) -> None:
        self._broker = broker
        self._game_id = game_id
        self.loop = loop
        self.pending: collections.deque[Update] = collections.deque()
        self.waiter: asyncio.Future[None] | None = None

    async def next(self, timeout: float | None) -> Update | None:
        """The next update; None after `timeout` seconds without one (None: wait as long as it takes)."""
        if not self.pending:
            self.waiter = self.loop.create_future()
            timer = self.loop.call_later(timeout, _wake, self) if timeout is not None else None
            try:
                await self.waiter
            finally:
                self.waiter = None
                if timer is not None:
                    timer.cancel()
        return self.pending.popleft() if self.pending else None

    def close(self) -> None:
        self._broker._remove(self._game_id, self)

    @property
    def healthy(self) -> bool:
        return True


def _wake(watcher: _LoopSubscription) -> None:
    if watcher.waiter is not None and not watcher.waiter.done():
        watcher.waiter.set_result(None)


def _deliver(watchers: list[_LoopSubscription], update: Update) -> None:
    """Wake a batch of watchers, then let the loop's other work run before the next batch.

    Waking 10,000 streams at once put every other call behind 10,000 sends: in batches,
    unary calls still get their turn while an update fans out.
    """
    loop = watchers[0].loop
    for watcher in watchers[:WAKE_BATCH]:
        watcher.pending.append(update)
        _wake(watcher)
    if len(watchers) > WAKE_BATCH:
        loop.call_soon(_deliver, watchers[WAKE_BATCH:], update)


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
