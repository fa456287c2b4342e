"""Group commit: the events of concurrent saves stored in one transaction, so one fsync.

One thread of its own (`frontier-commit`) writes: a save hands it finished rows and waits. The
thread takes everything queued and stores it with one call of the store function
(`Games.record_stored`: one transaction of the library's recorder's table, on SQLite one
statement), then answers each save with its own outcome. A blocking `save` (a worker thread's)
waits on an event; `enqueue` takes a callback instead, so the event loop can decide a command
and await its row's durability without a thread of its own (service/core/commands.py).

Every caller is answered only once its own events are durable, or with the error. When a
transaction of several saves fails, each save is tried again on its own, so a conflict (another
writer took a version) or a bad event fails only the save it belongs to, and every other one gets
its own answer. Nothing is acknowledged that the store did not commit.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from service.core import metrics
from service.core.thread_names import name_os_thread

THREAD_NAME = "frontier-commit"


@dataclass(eq=False)
class Waiter:
    """One save's events, and what became of them."""

    events: tuple[Any, ...]
    on_done: Callable[[Waiter], None] | None = None  # called on the commit thread once answered
    done: threading.Event = field(default_factory=threading.Event)
    answered: bool = False  # its outcome is known: stored, or `error`
    error: BaseException | None = None


@dataclass
class Counts:
    """What the committer has done so far (read under its lock: a consistent snapshot)."""

    saves: int = 0  # saves asked for and answered
    transactions: int = 0  # store transactions attempted, the retries after a failure included
    grouped: int = 0  # transactions that held more than one save
    largest: int = 0  # the most saves in one transaction
    split: int = 0  # grouped transactions that failed and were retried one save at a time


class GroupCommitter:
    """Saves events for many callers at once on its own thread; each is answered once durable."""

    def __init__(self, store: Callable[..., object]) -> None:
        self._store = store  # stores its arguments' events in one transaction, or raises
        self._lock = threading.Lock()
        self._queued = threading.Condition(self._lock)
        self._queue: list[Waiter] = []
        self._counts = Counts()
        self._closed = False
        self._thread: threading.Thread | None = None

    def save(self, *events: Any) -> None:
        """Store `events` in one transaction with whatever else is queued; raise the store's error."""
        waiter = self.enqueue(events)
        try:
            waiter.done.wait()
        except BaseException:  # a signal's exception in the main thread: leave without a trace
            with self._lock:
                if waiter in self._queue:
                    self._queue.remove(waiter)  # not taken into a batch: nothing of it is stored
                    raise
            waiter.done.wait()  # taken into a running batch: see it through, then leave
            raise
        if waiter.error is not None:
            raise waiter.error

    def enqueue(self, events: tuple[Any, ...], on_done: Callable[[Waiter], None] | None = None) -> Waiter:
        """Queue `events` for the commit thread; `on_done` is called there once they are answered."""
        waiter = Waiter(events, on_done)
        with self._lock:
            if self._closed:
                raise RuntimeError("the committer is closed")
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=THREAD_NAME, daemon=True)
                self._thread.start()
            self._queue.append(waiter)
            self._queued.notify()
        return waiter

    def close(self) -> None:
        """Store what is queued, then stop the thread."""
        with self._lock:
            self._closed = True
            thread = self._thread
            self._queued.notify()
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def counts(self) -> Counts:
        with self._lock:
            return Counts(**vars(self._counts))

    def queued(self) -> int:
        """Saves waiting for the transaction after the running one (tests use it to line up a batch)."""
        with self._lock:
            return len(self._queue)

    def _run(self) -> None:
        name_os_thread()
        while True:
            with self._lock:
                self._queued.wait_for(lambda: bool(self._queue) or self._closed)
                if not self._queue:
                    return  # closed, and everything queued is answered
                batch, self._queue = self._queue, []
            tried = 1
            try:
                tried = self._commit(batch)
            except BaseException as error:  # not the store's refusal: nothing unanswered is acknowledged
                for waiter in batch:
                    if not waiter.answered:
                        waiter.error, waiter.answered = error, True
            self._answer(batch, tried)

    def _answer(self, batch: list[Waiter], tried: int) -> None:
        """Count the batch and wake each of its callers."""
        metrics.COMMIT_BATCH.observe(len(batch))
        with self._lock:
            counts = self._counts
            counts.saves += len(batch)
            counts.transactions += tried
            if len(batch) > 1:
                counts.grouped += 1
                counts.largest = max(counts.largest, len(batch))
                counts.split += tried > 1
        for waiter in batch:
            waiter.done.set()
            if waiter.on_done is not None:
                with contextlib.suppress(RuntimeError):  # its loop closed: nobody waits for the answer
                    waiter.on_done(waiter)

    def _commit(self, batch: list[Waiter]) -> int:
        """Store the batch, recording each waiter's outcome; returns the transactions tried."""
        try:
            self._store(*(event for waiter in batch for event in waiter.events))
        except Exception as error:  # every waiter gets its own outcome below
            if len(batch) == 1:
                batch[0].error, batch[0].answered = error, True
                return 1
        else:
            for waiter in batch:
                waiter.answered = True
            return 1
        # The transaction rolled back as a whole, so one save at a time, each gets the answer
        # that is its own. (Had a commit of unknown outcome been durable after all, the retry
        # meets its own versions as a conflict, and the caller re-reads: commands.submit does.)
        for waiter in batch:
            try:
                self._store(*waiter.events)
            except Exception as error:  # handed to the one caller it belongs to
                waiter.error = error
            waiter.answered = True
        return 1 + len(batch)
