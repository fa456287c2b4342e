"""Publishing a private game: the organiser makes a game created private public once it is over.

Until then the gate (service/core/visibility.py) shows it to its seats and the organiser alone. The
publication is a stored event of the game (`GamePublished`), not a line of its log: the log reads
the same whoever holds it, and the event's time is when the game became public. The service log
then takes the game as an entry, in its order at the time of publication (service/core/service_log.py).
"""

from __future__ import annotations

from replay.reasons import Reason
from service.core.auth import Caller
from service.core.errors import RuleBroken
from service.core.games import Games
from service.core.ledger_lines import Batch, Publication
from service.core.permissions import Permissions
from service.core.records import FINISHED, GameRecord


def publish_game(app: Games, game_id: str, caller: Caller, permissions: Permissions) -> GameRecord:
    """The game after its publication; a game published already is answered again, storing nothing."""
    # Asked before the game is looked up: anyone else learns nothing of whether the id names a game.
    permissions.require_organiser(caller, "publish games")
    with app.lock_for(game_id):
        record = app.get(game_id)
        if not record.private:
            raise RuleBroken(
                Reason.NOT_PRIVATE, "this game was created public: everyone sees it already", rule="PRIVACY"
            )
        if record.published_at:
            return record
        if record.status != FINISHED:
            raise RuleBroken(
                Reason.PRIVATE_GAME_NOT_OVER,
                "this private game is still being played: publish it once it is over",
                rule="PRIVACY",
            )
        batch = Batch(record)
        batch.add(Publication())
        return app.append(batch, "the game changed while publishing it; try again")
