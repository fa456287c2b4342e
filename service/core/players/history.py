"""One player's games across ladders and tournaments, from their records as the gate shows them.

A ladder's record names the player id at each seat; a player's own record names each seat they
claimed with their key (service/core/players/claims.py). A tournament names its players as typed at its
creation: one whose entries are registered players' ids lists them here too. A result the gate
withholds from the caller (a duplicate deal still in play) shows as `deal_in_play` with no place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from uuid import UUID

from replay.table import ENDED_ABANDONED
from service.core.ladders.desk import LadderProgress
from service.core.records import FINISHED, GameRecord
from service.core.tournaments.app import Progress
from service.core.tournaments.disclosure import DEAL_IN_PLAY


@dataclass(frozen=True)
class Played:
    kind: str  # "ladder", "tournament" or "game" (a seat the player claimed themself)
    event_id: str
    event_name: str
    season: int  # a ladder's season, a tournament's round
    game_id: str
    seat: int
    status: str  # "in_progress", "finished", "abandoned", "deal_in_play"
    place: int  # 1-based tier; 0 while in play, abandoned or withheld


def history(
    player: UUID,
    ladders: Iterable[LadderProgress],
    tournaments: Iterable[Progress],
    claimed: Iterable[tuple[int, GameRecord]] = (),
) -> list[Played]:
    """Ladders first, then tournaments, then the seats the player claimed themself (`claimed`: each
    seat with its game's record as the public may see it)."""
    player_id = str(player)
    found: list[Played] = []
    for ladder in ladders:
        board = ladder.record.definition
        rankings = {c.game_id: c.ranking for c in ladder.counted}
        for game in ladder.record.games:
            if player_id not in game.players:
                continue
            seat = game.players.index(player_id)
            if game.game_id not in rankings:
                status, place = "in_progress", 0
            else:
                ranking = rankings[game.game_id]
                status = "abandoned" if ranking is None else "finished"
                place = _place(ranking or (), seat)
            found.append(
                Played(
                    "ladder",
                    board.ladder_id,
                    board.name,
                    game.season,
                    game.game_id,
                    seat,
                    status,
                    place,
                )
            )
    for progress in tournaments:
        named = progress.record.definition
        if player_id not in named.players:
            continue
        for round_number, _, table in progress.record.games:
            if player_id not in table.players:
                continue
            seat = table.players.index(player_id)
            result = progress.results.get(table.game_id)
            status, place = "in_progress", 0
            if table.game_id in progress.withheld:
                status = DEAL_IN_PLAY
            elif result is not None:
                status, place = "finished", _place(result.ranking, seat)
            elif table.game_id in progress.finished:
                status = "abandoned"
            found.append(
                Played(
                    "tournament",
                    named.tournament_id,
                    named.name,
                    round_number,
                    table.game_id,
                    seat,
                    status,
                    place,
                )
            )
    for seat, record in claimed:
        outcome = record.outcome if record.status == FINISHED else None
        status, place = "in_progress", 0
        if outcome is not None:
            status = "abandoned" if outcome.ended == ENDED_ABANDONED else "finished"
            place = _place(outcome.ranking, seat) if status == "finished" else 0
        found.append(Played("game", "", "", 0, str(record.id), seat, status, place))
    return found


def _place(ranking: Iterable[Iterable[int]], seat: int) -> int:
    return next((tier + 1 for tier, seats in enumerate(ranking) if seat in seats), 0)
