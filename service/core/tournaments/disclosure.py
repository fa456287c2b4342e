"""What a tournament shows of its tables while a duplicate deal is still being played.

A finished table's result tells the players of the deal's other tables how the deal goes: a high
score says the deal is rich, who won says which seat is strong. So until every table of a deal has
finished, each of its tables' results is withheld from everyone but the organiser, and so is all
that is folded from them (the per-deal comparison, standings, ratings). Such a table shows the
status DEAL_IN_PLAY ("deal_in_play"): its game is over, its result is not yet public. Tables without
a deal are never held back. The rule is monotone (a finished game never plays again), so whatever
one read of the games gives is safe to show. The visibility gate (`service.core.visibility`) applies
it for every tournament channel.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from service.core.tournaments.app import Progress
from service.core.tournaments.record import Table

DEAL_IN_PLAY = "deal_in_play"


def withheld(tables: Iterable[Table], finished: frozenset[str]) -> frozenset[str]:
    """Game ids of finished tables whose deal still has a table playing."""
    tables = list(tables)
    open_deals = {t.deal for t in tables if t.deal and t.game_id not in finished}
    return frozenset(t.game_id for t in tables if t.deal in open_deals and t.game_id in finished)


def public(progress: Progress) -> Progress:
    """`progress` as anyone but the organiser may see it: open deals' results left out."""
    hidden = withheld((t for _, _, t in progress.record.games), progress.finished)
    if not hidden:
        return progress
    shown = {game_id: r for game_id, r in progress.results.items() if game_id not in hidden}
    return replace(progress, results=shown, withheld=hidden)


def shown_to(progress: Progress, organiser: bool) -> Progress:
    return progress if organiser else public(progress)
