"""Organiser sign-ins held by the server: the browser's cookie carries a random id, never the token.

A stolen or logged cookie is worth one sign-in until it expires or the organiser signs out, and a
restart of the server ends every sign-in; the organiser's token itself never leaves the server.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable

SESSION_COOKIE = "frontier_session"
LIFETIME_SECONDS = 12 * 3600  # a day's tournament; then the organiser signs in again


class Sessions:
    """Open sign-ins by id, each with its expiry on a monotonic clock."""

    def __init__(
        self, lifetime: float = LIFETIME_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.lifetime = lifetime
        self._clock = clock
        self._expiries: dict[str, float] = {}
        self._lock = threading.Lock()  # sync endpoints run in a thread pool

    def open(self) -> str:
        """A new sign-in's id: 256 random bits, as unguessable as the token it stands for."""
        session_id = secrets.token_urlsafe(32)
        now = self._clock()
        with self._lock:
            # Only the organiser opens sign-ins, so dropping the expired ones here bounds the table.
            self._expiries = {k: v for k, v in self._expiries.items() if v > now}
            self._expiries[session_id] = now + self.lifetime
        return session_id

    def is_open(self, session_id: str) -> bool:
        if not session_id:
            return False
        with self._lock:
            expiry = self._expiries.get(session_id)
        return expiry is not None and expiry > self._clock()

    def close(self, session_id: str) -> None:
        with self._lock:
            self._expiries.pop(session_id, None)
