"""The tournaments' application: their records, read, cached and listed apart from the games'.

It is built in the composition root (service/core/root.py) beside the kernel and shares the kernel's
store: its events go into the same table of the same database (so every store written before, when
the games' application saved tournaments too, still opens), through the kernel's `store`, so a
tournament's write takes the same transactions, group commit, write cut and write health as a game's.
It has its own repository and cache, so the kernel never holds or folds a tournament's record.
"""

from __future__ import annotations

from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Repository

from replay.reasons import Reason
from service.core.errors import NotFound
from service.core.fields import parse_uuid
from service.core.games import Games
from service.core.tournaments.index import TournamentIndex
from service.core.tournaments.record import TournamentRecord, project_tournament

CACHE_SIZE = 1000  # tournaments kept folded; each is a few rounds of tables


class Tournaments:
    """The stored tournaments of one server: get one by id, store its events, list their ids."""

    def __init__(self, games: Games) -> None:
        self._games = games
        self.repository: Repository[UUID] = Repository(
            games.events,  # the kernel's store, read the same way (its decoder knows the moved topics)
            cache_maxsize=CACHE_SIZE,
            # Another server over the same PostgreSQL database may have started a round since.
            fastforward=games.repository.fastforward,
            deepcopy_from_cache=False,  # records are immutable
        )
        self.index = TournamentIndex(games.recorder)

    def get(self, tournament_id: str) -> TournamentRecord:
        """The tournament; NOT_FOUND when no tournament has this id (a game's id included)."""
        record = self.find(parse_tournament_id(tournament_id))
        if record is None:
            raise NotFound(Reason.TOURNAMENT_NOT_FOUND, f"no tournament with id {tournament_id}")
        return record

    def find(self, uid: UUID) -> TournamentRecord | None:
        try:
            record: TournamentRecord = self.repository.get(uid, projector_func=project_tournament)
        except AggregateNotFoundError:
            return None
        return record

    def store(self, *events: object) -> None:
        """Store a tournament's events in the kernel's store: one transaction, maybe with others."""
        self._games.store(*events)

    def remember(self, record: TournamentRecord | None) -> None:
        """Hand the cache the newest record: it keeps what it first read."""
        if record is not None and self.repository.cache is not None:
            self.repository.cache.put(record.id, record)

    def ids(self) -> list[str]:
        """Every tournament's id, oldest first."""
        return self.index.ids()


def parse_tournament_id(tournament_id: str) -> UUID:
    return parse_uuid(tournament_id, "tournament_id", Reason.BAD_TOURNAMENT_ID)
