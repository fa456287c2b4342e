"""The clock keeper's heartbeat: the last time a server kept this store's clocks, in a small file
in the data folder. A server starting on the store stops the clocks from then to its start
(`downtime.py`)."""

from __future__ import annotations

import contextlib
import os
import time
from datetime import UTC, datetime
from pathlib import Path

HEARTBEAT_FILE = "clock-heartbeat"
# The keeper beats when it wakes (at least once a second): a crash charges the seats to act at
# most about a second of the downtime.
BEAT_EVERY_SECONDS = 0.5


class Heartbeat:
    """The last time this store's clock keeper was seen running, kept in a small file."""

    def __init__(self, path: Path, every_seconds: float = BEAT_EVERY_SECONDS) -> None:
        self.path = path
        self.every_seconds = every_seconds
        self._next = 0.0

    def last(self) -> datetime | None:
        """The time of the last beat; None if there was none (a new store, or an older server's)."""
        try:
            return datetime.fromisoformat(self.path.read_text().strip())
        except (OSError, ValueError):
            return None

    def beat(self, *, now: datetime | None = None, force: bool = False) -> None:
        """Write the time, at most every `every_seconds` unless `force`d (the keeper stopping)."""
        if not force and time.monotonic() < self._next:
            return
        self._next = time.monotonic() + self.every_seconds
        written = self.path.with_name(self.path.name + ".new")
        # A full or read-only disk must not stop the keeper: the clocks then look kept until the last beat.
        with contextlib.suppress(OSError):
            written.write_text((now or datetime.now(UTC)).isoformat())
            os.replace(written, self.path)
