"""The ids of one kind of aggregate in creation order, followed from the shared store's notification log.

The games' listing and the tournaments' index do the same for their own kinds; this one serves any
application over the kernel's store whose aggregates begin with one event class (players, ladders).
It pulls only notifications newer than the last it saw, and asks for that class's topics alone.
"""

from __future__ import annotations

import threading
from typing import Any

from service.core.shards import recorders_of
from service.core.store_events import topics_of

PAGE = 1000


class CreationIndex:
    def __init__(self, recorder: Any, created: type) -> None:
        self.recorder = recorder
        self._topics = sorted(topics_of(created))
        self._ids: list[tuple[int, str]] = []  # (position, id): placed by database as games are
        self._last_seen: dict[int, int] = {}  # each database's last notification id
        self._lock = threading.Lock()

    def ids(self) -> list[str]:
        """Every id, oldest first (on a split store, in the game listing's order)."""
        with self._lock:
            recorders = recorders_of(self.recorder)
            for place, recorder in enumerate(recorders):
                while True:
                    start = self._last_seen.get(place, 0) + 1
                    batch = recorder.select_notifications(start=start, limit=PAGE, topics=self._topics)
                    for notification in batch:
                        position = notification.id * len(recorders) + place
                        self._ids.append((position, str(notification.originator_id)))
                        self._last_seen[place] = notification.id
                    if len(batch) < PAGE:
                        break
            if len(recorders) > 1:
                self._ids.sort()
            return [uid for _, uid in self._ids]
