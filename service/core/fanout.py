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


WAKE_BATCH = 100  # watchers woken together
BATCH_WAIT = 0.02  # seconds before the next batch, even if the last has not all sent


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
        self.delivery: _Delivery | None = None  # the batched delivery waiting for this watcher

    async def next(self, timeout: float | None) -> Update | None:
        """The next update; None after `timeout` seconds without one (None: wait as long as it takes)."""
        self._done_with_delivery()
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

    def _done_with_delivery(self) -> None:
        if self.delivery is not None:
            delivery, self.delivery = self.delivery, None
            delivery.returned()

    def close(self) -> None:
        self._done_with_delivery()
        self._broker._remove(self._game_id, self)

    @property
    def healthy(self) -> bool:
        return True


def _wake(watcher: _LoopSubscription) -> None:
    if watcher.waiter is not None and not watcher.waiter.done():
        watcher.waiter.set_result(None)


class _Delivery:
    """One update on its way to a loop's watchers, a batch at a time.

    Waking 10,000 streams at once put 10,000 sends in flight, and every other call's work
    queued behind their completions. A batch is woken once most of the previous one has
    sent (its watchers came back for the next update), or after BATCH_WAIT at the latest,
    so one slow client never holds up the rest.
    """

    def __init__(self, watchers: list[_LoopSubscription], update: Update) -> None:
        self.rest = watchers
        self.update = update
        self.outstanding = 0
        self.timer: asyncio.TimerHandle | None = None

    def next_batch(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        batch, self.rest = self.rest[:WAKE_BATCH], self.rest[WAKE_BATCH:]
        self.outstanding = len(batch)
        for watcher in batch:
            watcher.pending.append(self.update)
            if self.rest:
                watcher.delivery = self
            _wake(watcher)
        if self.rest:
            self.timer = batch[0].loop.call_later(BATCH_WAIT, self.next_batch)

    def returned(self) -> None:
        self.outstanding -= 1
        if self.rest and self.outstanding <= WAKE_BATCH // 10 and self.timer is not None:
            self.timer.cancel()
            self.timer = None
            self.rest[0].loop.call_soon(self.next_batch)


def _deliver(watchers: list[_LoopSubscription], update: Update) -> None:
    _Delivery(watchers, update).next_batch()


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
