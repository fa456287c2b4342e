"""Publishing private games and tournaments: the organiser makes them public once they are over.

Until then the gate (service/core/visibility.py) shows a private game to its seats and the organiser
alone, and a private tournament to its players and the organiser. A game's publication is a stored
event of the game (`GamePublished`), not a line of its log: the log reads the same whoever holds
it, and the event's time is when the game became public. The service log then takes the game as an
entry, in its order at the time of publication (service/core/service_log.py). A tournament's
publication publishes each of its tables, then stores `TournamentPublished`.
"""

from __future__ import annotations

from datetime import UTC, datetime

from eventsourcing.persistence import IntegrityError

from replay.reasons import Reason
from service.core.auth import Caller
from service.core.errors import Conflict, RuleBroken
from service.core.games import Games
from service.core.ledger_lines import Batch, Publication
from service.core.permissions import Permissions
from service.core.records import FINISHED, GameRecord
from service.core.store_events import event_after
from service.core.tournaments.application import Tournaments
from service.core.tournaments.record import TournamentRecord, project_tournament
from service.core.tournaments.store_events import TournamentPublished


def publish_game(app: Games, game_id: str, caller: Caller, permissions: Permissions) -> GameRecord:
    """The game after its publication; a game published already is answered again, storing nothing."""
    # Asked before the game is looked up: anyone else learns nothing of whether the id names a game.
    permissions.require_organiser(caller, "publish games")
    return _published(app, game_id)


def publish_tournament(app: Games, tournaments: Tournaments, tournament_id: str) -> TournamentRecord:
    """The tournament after its publication and its tables' (the caller checked as its organiser)."""
    record = tournaments.get(tournament_id)
    if not record.definition.private:
        raise RuleBroken(
            Reason.NOT_PRIVATE, "this tournament was created public: everyone sees it already", rule="PRIVACY"
        )
    if record.published_at:
        return record
    playing = [t.game_id for _, _, t in record.games if app.get(t.game_id).status != FINISHED]
    if len(record.rounds) < record.definition.rounds or playing:
        raise RuleBroken(
            Reason.PRIVATE_TOURNAMENT_NOT_OVER,
            f"this private tournament has played {len(record.rounds)} of {record.definition.rounds} rounds"
            + (f" and {len(playing)} of its games are not over" if playing else "")
            + ": publish it once every round is over",
            rule="PRIVACY",
        )
    for _, _, table in record.games:
        _published(app, table.game_id)
    published = event_after(TournamentPublished, record, published_at=_now())
    try:
        tournaments.store(published)
    except IntegrityError:  # another server published it first
        raise Conflict(Reason.CONTENTION, "the tournament changed while publishing it; try again") from None
    after = project_tournament(record, [published])
    tournaments.remember(after)
    assert after is not None
    return after


def _published(app: Games, game_id: str) -> GameRecord:
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


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
