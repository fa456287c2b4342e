"""Whether the event store takes writes, for the health checks (HTTP /healthz and gRPC health).

A store that answers reads can still refuse every write (a full disk, a file-size limit, a
read-only remount): a read probe then says "ok" while every command fails. So each save reports
here: one the store refused marks writes failing, with its error; one it took clears that. While
failing, a thread retries a small probe write (`probe`, outside the game events' table) every
`retry_seconds`, so an idle server whose disk was freed is healthy again without waiting for a
client's command (which a load balancer would not send it while it is unhealthy).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterator

from eventsourcing.persistence import IntegrityError, OperationalError, PersistenceError

from service.core import metrics
from service.core.errors import store_unavailable

log = logging.getLogger("frontier.store")


class WriteHealth:
    def __init__(self, probe: Callable[[], None], retry_seconds: float = 2.0) -> None:
        self._probe = probe
        self.retry_seconds = retry_seconds
        self._lock = threading.Lock()
        self._failing: str | None = None
        self._prober: threading.Thread | None = None
        self._closed = threading.Event()
        self._listeners: list[Callable[[bool], None]] = []

    @property
    def failing(self) -> str | None:
        """The last refused write's error while writes fail, else None."""
        return self._failing

    def listen(self, listener: Callable[[bool], None]) -> None:
        """Call `listener(taking_writes)` on every change."""
        self._listeners.append(listener)

    def stored(self) -> None:
        if self._failing is None:  # the common case: no lock, nothing to tell
            return
        with self._lock:
            was, self._failing = self._failing, None
        if was is not None:
            log.warning("the event store takes writes again")
            self._tell(True)

    def refused(self, error: BaseException) -> None:
        with self._lock:
            was, self._failing = self._failing, str(error) or type(error).__name__
            if self._prober is None:
                self._prober = threading.Thread(target=self._retry, name="frontier-write-probe", daemon=True)
                self._prober.start()
        if was is None:
            log.error("the event store refuses writes: %s", self._failing)
            self._tell(False)

    @contextlib.contextmanager
    def storing(self) -> Iterator[None]:
        """Around one write: the store's failure told here and raised as UNAVAILABLE (a conflict as is)."""
        try:
            yield
        except IntegrityError:
            raise
        except (OperationalError, PersistenceError) as error:
            metrics.STORE_ERRORS.inc()
            self.refused(error)
            raise store_unavailable(error) from None
        self.stored()

    def close(self) -> None:
        self._closed.set()

    def _retry(self) -> None:
        while not self._closed.wait(self.retry_seconds):
            with self._lock:
                if self._failing is None:  # a save got through meanwhile
                    self._prober = None
                    return
            try:
                self._probe()
            except Exception as error:  # any refusal keeps the state; its text is the news
                with self._lock:
                    if self._failing is not None:
                        self._failing = str(error) or type(error).__name__
                continue
            self.stored()

    def _tell(self, taking_writes: bool) -> None:
        for listener in self._listeners:
            listener(taking_writes)


@contextlib.contextmanager
def reading_store() -> Iterator[None]:
    """Around one read: the store's failure counted and raised as UNAVAILABLE STORE_UNAVAILABLE."""
    try:
        yield
    except (OperationalError, PersistenceError) as error:
        metrics.STORE_ERRORS.inc()
        raise store_unavailable(error) from None
