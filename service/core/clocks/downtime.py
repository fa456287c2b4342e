"""Clocks stop while no server runs: a heartbeat while the keeper runs, a resume mark on start.

A seat's deadline is its last line's stored time plus its time left, so without this the time a
server is down (a crash, a restart, an upgrade) would be charged to the seats to act, and a seat on
a short clock would be flagged for the server's absence. So the clock keeper writes the time into a
heartbeat file in the data folder about twice a second, and a server starting on that store marks
every game with a clock running (`rulings.resume_clocks`): a `resume` ruling line charging the seats
only the time up to the last heartbeat, and saying how long the clocks stopped (`stopped_ms`).

Only a store of the server's own (the SQLite file in its data folder) is marked: servers sharing a
PostgreSQL store keep each other's clocks, so one of them restarting is no downtime for the games,
and its own heartbeat would not say when the others stopped.
"""

from __future__ import annotations

import contextlib
import logging
from datetime import datetime

from service.core import rulings
from service.core.clocks.keeper import AWAY
from service.core.games import Games

log = logging.getLogger(__name__)


def resume_clocks(games: Games, kept_until: datetime | None) -> int:
    """Mark every game with a clock running that no server kept since `kept_until`; how many."""
    marked = 0
    with contextlib.suppress(*AWAY):  # the store away: the clocks then run, as before this mark
        for game_id in games.index.running_clocks():
            with contextlib.suppress(*AWAY):
                if rulings.resume_clocks(games, game_id, kept_until) is not None:
                    marked += 1
    if marked:
        log.info("resumed the clocks of %d game(s) after the server was away since %s", marked, kept_until)
    return marked
