"""A tournament's table names its tournament, by name and with a link, rather than by its tag."""

from __future__ import annotations

from service.core.create_policy import TOURNAMENT_TAG_PREFIX
from service.core.errors import ServiceError
from service.core.tournaments.app import TournamentDesk


class TournamentLinks:
    def __init__(self, desk: TournamentDesk) -> None:
        self.desk = desk
        self._names: dict[str, str] = {}  # a tournament's name never changes: read it once

    def link(self, tag: str) -> tuple[str, str] | None:
        """(href, name) of the tournament a game's tag names; None for a game outside any tournament."""
        if not tag.startswith(TOURNAMENT_TAG_PREFIX):
            return None
        tournament_id = tag.removeprefix(TOURNAMENT_TAG_PREFIX)
        name = self._names.get(tournament_id)
        if name is None:
            try:
                name = self.desk.get(tournament_id).definition.name or tournament_id
            except ServiceError:
                return None  # a tag only the tournament service gives, so this is a store that lost it
            self._names[tournament_id] = name
        return f"/tournaments/{tournament_id}", name
