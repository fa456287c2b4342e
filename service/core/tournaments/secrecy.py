"""Secrecy across the tables of a duplicate deal.

A finished table of a duplicate deal shows its deal (the seed in its trailer, its omniscient view,
its full export, replay and audit), and the deal is the other tables' future. So while any game of
a deal is still playing, every game of that deal stays closed: the organiser sees everything, a
seat of the game sees its own seat's view (also once its own game is over), and everyone else is
refused with DEAL_IN_PLAY, since even the public view of a table shows cards that another table's
players hold. The visibility gate (`service.core.visibility`) applies the rule, and is the only one
to ask `deal_closed`. The tournament's own channels (its record, standings, ratings, web page) hold
back such tables' results likewise: `service/core/tournaments/disclosure.py`.
"""

from __future__ import annotations

from uuid import UUID

from service.core.games import Games
from service.core.records import FINISHED, GameRecord
from service.core.tournaments.application import Tournaments
from service.core.tournaments.deals import parse_deal_key
from service.core.tournaments.record import TournamentRecord


def deal_closed(games: Games, tournaments: Tournaments, closed: set[str], record: GameRecord) -> bool:
    """True unless `record` is a table of a duplicate deal some game of which is still playing.

    `closed` holds the deals already known closed (the core's, service/core/root.py); a deal found closed
    joins it. Fails closed: a deal key whose tournament or round cannot be read keeps the game closed.
    An imported game is never held back: whoever imported it had all of it already.
    """
    deal = record.header.deal
    if deal is None or record.imported:
        return True
    if record.status != FINISHED:
        return False  # its own table still plays (no reads: this is every command's path)
    if deal in closed:
        return True
    parsed = parse_deal_key(deal)
    if parsed is None:
        return False
    tournament_id, round_number, _ = parsed
    tournament = _tournament(tournaments, tournament_id)
    if tournament is None or not 1 <= round_number <= len(tournament.rounds):
        return False  # e.g. the round's games are being created: its record is not saved yet
    members = [t.game_id for t in tournament.rounds[round_number - 1] if t.deal == deal]
    if not members or any(games.get(game_id).status != FINISHED for game_id in members):
        return False
    closed.add(deal)  # for good: a finished game never plays again
    return True


def _tournament(tournaments: Tournaments, tournament_id: str) -> TournamentRecord | None:
    try:
        return tournaments.find(UUID(tournament_id))
    except ValueError:
        return None
