"""Group commit: the events of concurrent saves stored in one transaction, so one fsync.

Leader/follower, with no thread of its own: a thread with events to save joins the queue;
if no transaction is running it leads, takes everything queued and stores it with one call
of the store function (`Games.record_stored`: one transaction of the library's recorder's
table, on SQLite one statement), then wakes each follower with its own outcome and hands the lead to the next
thread queued meanwhile. A lone save therefore costs no thread hop and no wait.

Every caller returns only once its own events are durable, or raises. When a transaction
of several saves fails, each save is tried again on its own, so a conflict (another writer
took a version) or a bad event fails only the save it belongs to, and every other one gets
its own answer. Nothing is acknowledged that the store did not commit.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from service.core import metrics


@dataclass(eq=False)
class _Waiter:
    """One caller's events, and what became of them."""

    events: tuple[Any, ...]
    done: threading.Event = field(default_factory=threading.Event)
    lead: bool = False  # woken to lead the next transaction, not with an outcome (set under the lock)
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
    """Saves events for many threads at once; `save` returns when the caller's events are durable."""

    def __init__(self, store: Callable[..., object]) -> None:
        self._store = store  # stores its arguments' events in one transaction, or raises
        self._lock = threading.Lock()
        self._queue: list[_Waiter] = []
        self._leading = False
        self._counts = Counts()

    def save(self, *events: Any) -> None:
        """Store `events` in one transaction with whatever else is queued; raise the store's error."""
        waiter = _Waiter(events)
        with self._lock:
            self._queue.append(waiter)
            follow = self._leading
            self._leading = True
        if follow:
            self._follow(waiter)
            if not waiter.lead:
                if waiter.error is not None:
                    raise waiter.error
                return
        self._lead()
        if waiter.error is not None:
            raise waiter.error

    def _follow(self, waiter: _Waiter) -> None:
        """Wait for an outcome or the lead; an interrupted wait must not strand the queue behind it."""
        try:
            waiter.done.wait()
        except BaseException:  # a signal's exception in the main thread: leave without a trace
            with self._lock:
                if not waiter.lead and waiter in self._queue:
                    self._queue.remove(waiter)  # not taken into a batch: nothing of it is stored
                    raise
            # Taken into a running batch, or handed the lead: see it through, then leave.
            waiter.done.wait()
            if waiter.lead:
                self._lead()
            raise

    def counts(self) -> Counts:
        with self._lock:
            return Counts(**vars(self._counts))

    def queued(self) -> int:
        """Saves waiting for the transaction after the running one (tests use it to line up a batch)."""
        with self._lock:
            return len(self._queue)

    def _lead(self) -> None:
        """Store everything queued (the leader's own events among it), answer it, pass the lead on."""
        with self._lock:
            batch, self._queue = self._queue, []
        tried = 1
        try:
            tried = self._commit(batch)
        except BaseException as error:  # not the store's refusal: no save still unanswered is acknowledged
            for waiter in batch:
                if not waiter.answered:
                    waiter.error = error
            raise
        finally:  # every way out of here wakes the whole batch and the next leader
            self._answer(batch, tried)

    def _answer(self, batch: list[_Waiter], tried: int) -> None:
        """Count the batch, wake its followers, and wake the first thread queued since as leader."""
        metrics.COMMIT_BATCH.observe(len(batch))
        with self._lock:
            counts = self._counts
            counts.saves += len(batch)
            counts.transactions += tried
            if len(batch) > 1:
                counts.grouped += 1
                counts.largest = max(counts.largest, len(batch))
                counts.split += tried > 1
            successor = self._queue[0] if self._queue else None
            self._leading = successor is not None
            if successor is not None:
                successor.lead = True  # under the lock: a follower leaving the queue sees it
        for waiter in batch:
            waiter.done.set()  # the leader's own too: harmless, nobody waits on it
        if successor is not None:
            successor.done.set()

    def _commit(self, batch: list[_Waiter]) -> int:
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
