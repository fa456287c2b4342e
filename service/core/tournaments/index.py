"""The stored tournaments' ids in creation order, followed from the store's notification log.

The tournaments' application reads one tournament by id; a list page needs them all. Like the game
listing (service/core/listing.py), this pulls only notifications newer than the last it saw, and asks
the store for tournament creations alone, so a store busy with game moves costs nothing extra.
"""

from __future__ import annotations

import threading
from typing import Any

from service.core.shards import recorders_of
from service.core.store_events import topics_of
from service.core.tournaments.store_events import TournamentCreated

PAGE = 1000
_CREATED = sorted(topics_of(TournamentCreated))  # a store from before a move holds old topics


class TournamentIndex:
    def __init__(self, recorder: Any) -> None:
        self.recorder = recorder  # the shared store's (its notification log holds games' events too)
        self._ids: list[tuple[int, str]] = []  # (position, id): placed by database as games are
        self._last_seen: dict[int, int] = {}  # each database's last notification id
        self._lock = threading.Lock()

    def ids(self) -> list[str]:
        """Every tournament id, oldest first (on a split store, in the game listing's order)."""
        with self._lock:
            recorders = recorders_of(self.recorder)
            for place, recorder in enumerate(recorders):
                while True:
                    start = self._last_seen.get(place, 0) + 1
                    batch = recorder.select_notifications(start=start, limit=PAGE, topics=_CREATED)
                    for notification in batch:
                        self._ids.append(
                            (notification.id * len(recorders) + place, str(notification.originator_id))
                        )
                        self._last_seen[place] = notification.id
                    if len(batch) < PAGE:
                        break
            if len(recorders) > 1:
                self._ids.sort()
            return [tournament_id for _, tournament_id in self._ids]
