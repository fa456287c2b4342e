"""How long the clock keeper waits before trying a game again after the store refused a write.

A due timeout stays due until it is recorded, so without a pause the keeper would retry it as fast
as the store can refuse (thousands of times a second on a full or read-only disk). Each game waits
twice as long after each failure, from `FIRST_SECONDS` up to `LONGEST_SECONDS`, and at once again
after a success.
"""

from __future__ import annotations

from datetime import datetime, timedelta

FIRST_SECONDS = 0.05
LONGEST_SECONDS = 2.0  # a timeout recorded late by at most this much once the store is back


class Backoff:
    """Per game: when the keeper may try it again, and how long it waited last."""

    def __init__(
        self, first_seconds: float = FIRST_SECONDS, longest_seconds: float = LONGEST_SECONDS
    ) -> None:
        self.first = timedelta(seconds=first_seconds)
        self.longest = timedelta(seconds=longest_seconds)
        self._waits: dict[str, tuple[datetime, timedelta]] = {}  # game id -> (next try, last wait)

    def failed(self, game_id: str, now: datetime) -> None:
        last = self._waits.get(game_id)
        wait = self.first if last is None else min(self.longest, last[1] * 2)
        self._waits[game_id] = (now + wait, wait)

    def succeeded(self, game_id: str) -> None:
        self._waits.pop(game_id, None)

    def not_before(self, game_id: str) -> datetime | None:
        """When the keeper may try `game_id` again; None: at its deadline."""
        waiting = self._waits.get(game_id)
        return waiting[0] if waiting is not None else None

    @property
    def failing(self) -> bool:
        return bool(self._waits)
