"""Thread pools that a server's stop can wait for, for a bounded time."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from service.core.thread_names import name_os_thread

P = ParamSpec("P")
T = TypeVar("T")


class Jobs(ThreadPoolExecutor):
    """A thread pool that counts its unfinished jobs, so that its stop can wait for them.

    Bounded, not `shutdown(wait=True)`: a job can wait for ever on a loop that has stopped
    (grpc.aio hands a sync streaming handler's items to the loop so, and that hung a stop).
    Such a job touches no store, so after the deadline it is left behind.
    """

    def __init__(self, max_workers: int, thread_name_prefix: str) -> None:
        super().__init__(
            max_workers=max_workers, thread_name_prefix=thread_name_prefix, initializer=name_os_thread
        )
        self._unfinished = 0
        self._changed = threading.Condition()

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        with self._changed:
            self._unfinished += 1
        try:
            future = super().submit(fn, *args, **kwargs)
        except BaseException:
            self._finished()
            raise
        # Called when the job ends, or at once if it already has, or when a stop cancels it.
        future.add_done_callback(self._finished)
        return future

    def stop(self, deadline: float | None = None) -> bool:
        """Take no more jobs, drop the queued ones, and wait for the running ones until
        `deadline` (a `time.monotonic()` value; None waits not at all). True when none is left."""
        self.shutdown(wait=False, cancel_futures=True)
        timeout = 0.0 if deadline is None else max(0.0, deadline - time.monotonic())
        with self._changed:
            return self._changed.wait_for(lambda: self._unfinished == 0, timeout=timeout)

    def _finished(self, _future: object = None) -> None:
        with self._changed:
            self._unfinished -= 1
            if self._unfinished == 0:
                self._changed.notify_all()
