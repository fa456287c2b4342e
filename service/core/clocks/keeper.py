"""The clock keeper: records each timeout when it falls due, on every server.

A thread wakes at the soonest deadline of any game with a clock running and asks the game to
record the timeout (`rulings.record_due`); the game re-reads itself under its lock and records one
only if a seat's time has really run out, so a move that came first wins, and the store's
optimistic concurrency lets exactly one of several servers record it (the others lose the
write and find the timeout already there). Deadlines come from the store (`deadlines.py`): the
keeper learns of games from every save here and, every `rescan_seconds`, from the listing,
which follows the store, so games started elsewhere or before a restart are kept too. When the
store refuses a write the keeper tries that game again after a wait that doubles each time
(`backoff.py`), and says so once per streak of failures; on a store of its own it beats a
heartbeat (`heartbeat.py`), by which the next start stops the clocks across the downtime.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from datetime import UTC, datetime

from eventsourcing.persistence import PersistenceError

from service.core.clocks.backoff import Backoff
from service.core.clocks.deadlines import deadline_of
from service.core.clocks.heartbeat import Heartbeat
from service.core.errors import Conflict, ServiceError
from service.core.games import Games
from service.core.records import GameRecord
from service.core.rulings import record_due
from service.core.thread_names import name_os_thread

RESCAN_SECONDS = 2.0
# What a moment without the store looks like: the keeper tries again at its next wake-up.
AWAY = (ServiceError, PersistenceError)
LONGEST_SLEEP_SECONDS = 1.0  # the longest the keeper sleeps without looking at its deadlines

log = logging.getLogger(__name__)


class ClockKeeper:
    def __init__(
        self,
        games: Games,
        *,
        rescan_seconds: float = RESCAN_SECONDS,
        heartbeat: Heartbeat | None = None,
        backoff: Backoff | None = None,
    ) -> None:
        self.games = games
        self.rescan_seconds = rescan_seconds
        self.heartbeat = heartbeat
        self._backoff = backoff or Backoff()
        self._failures = 0  # in the current streak of writes the store refused
        self._deadlines: dict[str, datetime] = {}
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="frontier-clocks", daemon=True)
        games.on_clock = self.keep
        self._thread.start()

    def keep(self, record: GameRecord) -> None:
        """Keep `record`'s next deadline (none: forget the game); called after each save here."""
        deadline = deadline_of(record)
        with self._lock:
            if deadline is None:
                self._deadlines.pop(str(record.id), None)
                self._backoff.succeeded(str(record.id))
            else:
                self._deadlines[str(record.id)] = deadline
        self._wake.set()

    def stop(self) -> None:
        self._stopping.set()
        self._wake.set()
        self._thread.join(timeout=10)
        if self.heartbeat is not None:
            self.heartbeat.beat(force=True)

    def _run(self) -> None:
        name_os_thread()
        next_scan = 0.0
        while not self._stopping.is_set():
            if self.heartbeat is not None:
                self.heartbeat.beat()
            if time.monotonic() >= next_scan:
                self._rescan()
                next_scan = time.monotonic() + self.rescan_seconds
            now = datetime.now(UTC)
            with self._lock:
                # A game the store refused waits out its backoff before the keeper tries it again.
                ready = {
                    game_id: max(at, self._backoff.not_before(game_id) or at)
                    for game_id, at in self._deadlines.items()
                }
            due = [game_id for game_id, at in ready.items() if at <= now]
            soonest = min(ready.values(), default=None)
            for game_id in due:
                self._time_out(game_id)
            wait = LONGEST_SLEEP_SECONDS
            if soonest is not None and not due:
                wait = min(wait, max(0.0, (soonest - datetime.now(UTC)).total_seconds()))
            self._wake.wait(min(wait, max(0.0, next_scan - time.monotonic())))
            self._wake.clear()

    def _rescan(self) -> None:
        with contextlib.suppress(*AWAY):  # the store away for a moment: try at the next scan
            for game_id in self.games.index.running_clocks():
                self.keep(self.games.get(game_id))

    def _time_out(self, game_id: str) -> None:
        """Record a due timeout, if the game still has one; then keep its next deadline."""
        # Another server may have recorded it first (CONTENTION), or the store be away: re-read.
        try:
            record_due(self.games, game_id)
        except Conflict:
            pass  # another server's write won: the re-read below finds it
        except AWAY as error:
            self._refused(game_id, error)
        else:
            self._recorded(game_id)
        with contextlib.suppress(*AWAY):
            self.keep(self.games.get(game_id))

    def _refused(self, game_id: str, error: Exception) -> None:
        """The store refused: try this game again after its backoff; say so once per streak."""
        with self._lock:
            starts = not self._backoff.failing
            self._backoff.failed(game_id, datetime.now(UTC))
            self._failures += 1
        if starts:
            log.warning("the clock keeper cannot record a due timeout (%s); it retries with backoff", error)

    def _recorded(self, game_id: str) -> None:
        with self._lock:
            self._backoff.succeeded(game_id)
            ended, failures = not self._backoff.failing and self._failures > 0, self._failures
            if ended:
                self._failures = 0
        if ended:
            log.warning("the clock keeper records again, after %d refused attempts", failures)
