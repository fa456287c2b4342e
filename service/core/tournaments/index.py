"""The stored tournaments' ids in creation order, followed from the store's notification log.

The tournaments' application reads one tournament by id; a list page needs them all. Like the game
listing (service/core/listing.py), this pulls only notifications newer than the last it saw, and asks
the store for tournament creations alone, so a store busy with game moves costs nothing extra.
"""

from __future__ import annotations

import threading
from typing import Any

from service.core.store_events import topics_of
from service.core.tournaments.store_events import TournamentCreated

PAGE = 1000
_CREATED = sorted(topics_of(TournamentCreated))  # a store from before a move holds old topics


class TournamentIndex:
    def __init__(self, recorder: Any) -> None:
        self.recorder = recorder  # the shared store's (its notification log holds games' events too)
        self._ids: list[str] = []
        self._last_seen = 0
        self._lock = threading.Lock()

    def ids(self) -> list[str]:
        """Every tournament id, oldest first."""
        with self._lock:
            while True:
                batch = self.recorder.select_notifications(
                    start=self._last_seen + 1, limit=PAGE, topics=_CREATED
                )
                for notification in batch:
                    self._ids.append(str(notification.originator_id))
                    self._last_seen = notification.id
                if len(batch) < PAGE:
                    return list(self._ids)
