"""The ladders' application: their records, read, cached and listed apart from the games' and the
tournaments', over the kernel's store (service/core/root.py builds it beside them)."""

from __future__ import annotations

from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Repository

from replay.reasons import Reason
from service.core.creations import CreationIndex
from service.core.errors import NotFound
from service.core.fields import parse_uuid
from service.core.games import Games
from service.core.ladders.record import LadderRecord, project_ladder
from service.core.ladders.store_events import LadderCreated

CACHE_SIZE = 1000


class Ladders:
    """The stored ladders of one server: get one by id, store its events, list their ids."""

    def __init__(self, games: Games) -> None:
        self._games = games
        self.repository: Repository[UUID] = Repository(
            games.events,
            cache_maxsize=CACHE_SIZE,
            # Another server over the same PostgreSQL database may have paired a game since.
            fastforward=games.repository.fastforward,
            deepcopy_from_cache=False,  # records are immutable
        )
        self.index = CreationIndex(games.recorder, LadderCreated)

    def get(self, ladder_id: str) -> LadderRecord:
        uid = parse_uuid(ladder_id, "ladder_id", Reason.BAD_LADDER_ID)
        try:
            record: LadderRecord | None = self.repository.get(uid, projector_func=project_ladder)
        except AggregateNotFoundError:
            record = None
        if record is None:
            raise NotFound(Reason.LADDER_NOT_FOUND, f"no ladder with id {ladder_id}")
        return record

    def store(self, *events: object) -> None:
        self._games.store(*events)

    def remember(self, record: LadderRecord) -> None:
        """Hand the cache the newest record: it keeps what it first read."""
        if self.repository.cache is not None:
            self.repository.cache.put(record.id, record)

    def ids(self) -> list[str]:
        return self.index.ids()
