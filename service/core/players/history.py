"""One player's games across ladders and tournaments, read from their records and the games' outcomes.

A ladder's record names the player id at each seat. A tournament names its players as typed at its
creation: one whose entries are registered players' ids (`frontier tournament create --players ID,...`)
lists them here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from replay.table import ENDED_ABANDONED
from service.core.games import Games
from service.core.ladders.application import Ladders
from service.core.records import FINISHED
from service.core.tournaments.application import Tournaments


@dataclass(frozen=True)
class Played:
    kind: str  # "ladder" or "tournament"
    event_id: str
    event_name: str
    season: int  # a ladder's season, a tournament's round
    game_id: str
    seat: int
    status: str  # "in_progress", "finished", "abandoned"
    place: int  # 1-based tier; 0 while in play or abandoned


def history(player: UUID, games: Games, ladders: Ladders, tournaments: Tournaments) -> list[Played]:
    player_id = str(player)
    found: list[Played] = []
    for ladder_id in ladders.ids():
        ladder = ladders.get(ladder_id)
        for game in ladder.games:
            if player_id in game.players:
                seat = game.players.index(player_id)
                found.append(
                    _played(
                        games, "ladder", ladder_id, ladder.definition.name, game.season, game.game_id, seat
                    )
                )
    for tournament_id in tournaments.ids():
        tournament = tournaments.get(tournament_id)
        if player_id not in tournament.definition.players:
            continue
        for round_number, _, table in tournament.games:
            if player_id in table.players:
                seat = table.players.index(player_id)
                name = tournament.definition.name
                found.append(
                    _played(games, "tournament", tournament_id, name, round_number, table.game_id, seat)
                )
    return found


def _played(
    games: Games, kind: str, event_id: str, name: str, season: int, game_id: str, seat: int
) -> Played:
    record = games.get(game_id)
    outcome = record.outcome
    status, place = "in_progress", 0
    if record.status == FINISHED and outcome is not None:
        status = "abandoned" if outcome.ended == ENDED_ABANDONED else "finished"
        if status == "finished":
            place = next((tier + 1 for tier, seats in enumerate(outcome.ranking) if seat in seats), 0)
    return Played(kind, event_id, name, season, game_id, seat, status, place)
