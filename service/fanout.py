"""Live fan-out of accepted entries to watchers.

The in-process broker serves a single server. The store stays the record of
truth: a watcher catches up from the store and uses the broker only to learn
of new entries quickly, skipping any version it has already sent.
"""

from __future__ import annotations

import queue
import threading
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


class Broker(Protocol):
    def publish(self, update: Update) -> None: ...

    def subscribe(self, game_id: str) -> Subscription: ...

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


class LocalBroker:
    """Fan-out within one process: a queue per watcher."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._watchers: dict[str, list[_LocalSubscription]] = {}

    def publish(self, update: Update) -> None:
        with self._lock:
            watchers = list(self._watchers.get(update.game_id, ()))
        for watcher in watchers:
            watcher.queue.put(update)

    def subscribe(self, game_id: str) -> Subscription:
        subscription = _LocalSubscription(self, game_id)
        with self._lock:
            self._watchers.setdefault(game_id, []).append(subscription)
        return subscription

    def has_watchers(self, game_id: str) -> bool:
        with self._lock:
            return bool(self._watchers.get(game_id))

    def _remove(self, game_id: str, subscription: _LocalSubscription) -> None:
        with self._lock:
            watchers = self._watchers.get(game_id, [])
            if subscription in watchers:
                watchers.remove(subscription)
            if not watchers:
                self._watchers.pop(game_id, None)

    def close(self) -> None:
        with self._lock:
            self._watchers.clear()
