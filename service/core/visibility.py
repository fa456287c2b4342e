"""The visibility gate: the one place that decides what a caller may see of a game.

Every read channel asks the gate of its server's core (`Ledger.gate`, service/core/root.py) and shows
only what it answers: GetState, WatchGame (live and delayed), Replay, ExportLog, Audit, ProveInclusion,
ListGames, ListLegalCommands, SubmitCommand's and Play's answers (gRPC and WebSocket alike),
the web pages, the tournament services and pages, and a fork's copy of its source. Nothing
else decides visibility: the parts below are the gate's facts, asked by no channel.

The rules, in the order the gate applies them:
- A game created private and not published yet does not exist for anyone but its seats and the
  organiser: they are answered NOT_FOUND GAME_NOT_FOUND, word for word as for an id nothing is
  stored under, and no listing, count, service log entry or webhook shows it (`hides`).
- A spectator (a caller without a token) of a game created with a spectator delay sees the
  game as it stood at its latest public version: the versions stored at least the delay ago
  (`service.core.relays.public_view`, one shared fold per game). Seats and the organiser see
  every version at once. Until its last version is public, a delayed game is in progress for
  spectators, so nothing shows the end early.
- The organiser sees everything.
- A table of a duplicate deal some table of which is still playing shows its own seats their
  seat's view and refuses everyone else with DEAL_IN_PLAY: a finished table shows the deal,
  which is the other tables' future (`service.core.tournaments.secrecy`).
- A finished game shows everything to everyone; a game in progress shows each seat its view
  and anyone else the public (spectator's) view.
- A tournament shows results of tables whose duplicate deal is still in play to the organiser
  only (`service.core.tournaments.disclosure`): the same secrecy, seen from the tournament.

What the caller then gets -- events, views, commands, log lines, trailers, state hashes and
proof lines -- the gate renders too (`service.core.rendering`, which `Gate` inherits): no
channel calls an engine's `view` or `redact` itself.

A test or an operator may install another gate in the core (`Ledger.install_gate`); the
suite proves every read channel asks it by installing one that refuses everything.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime

from engines.base import SPECTATOR, Seat
from replay.reasons import Reason
from service.core.auth import ANYONE, Caller, seat_of
from service.core.errors import NotFound, PermissionDenied
from service.core.games import Games
from service.core.ladders.desk import LadderProgress
from service.core.listing import Summary
from service.core.records import FINISHED, IN_PROGRESS, GameRecord
from service.core.relays.public_view import PublicViews
from service.core.rendering import Rendering
from service.core.tournaments.app import Progress
from service.core.tournaments.application import Tournaments
from service.core.tournaments.disclosure import shown_to
from service.core.tournaments.record import TournamentRecord
from service.core.tournaments.secrecy import deal_closed

__all__ = ["Gate", "Sight"]


@dataclass(frozen=True)
class Sight:
    """A game as one caller may see it."""

    record: GameRecord  # for a delayed game's spectator, the game at its latest public version
    viewer: Seat | None  # None: everything; else the seat whose view is shown, or SPECTATOR
    held_back: bool = False  # `record` lags behind the stored game (the spectator delay)


class Gate(Rendering):
    """What callers may see of the games and tournaments of one `Games` application, rendered."""

    def __init__(
        self, app: Games, views: PublicViews, closed_deals: set[str], tournaments: Tournaments
    ) -> None:
        self.app = app
        self.tournaments = tournaments  # the tournaments' application: a duplicate deal's tables
        self.views = views  # the spectators' public records, shared with the delayed streams
        self.closed_deals = closed_deals  # duplicate deals known closed for good

    def sight(self, record: GameRecord, caller: Caller, now: datetime | None = None) -> Sight:
        """The game `record` as `caller` (already authenticated against it) may see it at `now`.

        Raises PermissionDenied DEAL_IN_PLAY for anyone but the organiser and the table's own
        seats while the table's duplicate deal is in play.
        """
        self.admit(record, caller)
        held_back = _held_back(record, caller)
        shown = self._public(record, now) if held_back else record
        return Sight(shown, self._viewer(shown, caller), held_back)

    def audit(self, record: GameRecord, caller: Caller) -> GameRecord:
        """The game as an audit may show it to `caller`: its seed and every hidden card, so all or nothing."""
        self.admit(record, caller)
        if _held_back(record, caller):
            record = self._public(record)
        if record.status != FINISHED and not caller.is_organiser:
            raise PermissionDenied(
                Reason.AUDIT_NOT_ALLOWED,
                "a game in progress can be audited by the organiser only; its seed is still secret",
            )
        if not caller.is_organiser and not self.deal_closed(record):
            raise PermissionDenied(
                Reason.DEAL_IN_PLAY,
                f"this table plays duplicate deal {record.header.deal}; its audit reveals the deal, "
                "so it waits until every table of the deal has finished",
            )
        return record

    def hides(self, record: GameRecord, caller: Caller) -> bool:
        """Whether `record` is private, not published yet, and `caller` neither its seat nor the organiser."""
        if not record.hidden or caller.is_organiser:
            return False
        return seat_of(caller, record.token_hashes, required=False) is None

    def admit(self, record: GameRecord, caller: Caller) -> None:
        """Refuse `caller` a game `hides` from it: NOT_FOUND, as for an id with nothing stored."""
        if self.hides(record, caller):  # as games.get answers for an id with nothing stored
            raise NotFound(Reason.GAME_NOT_FOUND, f"no game with id {record.header.game_id}")

    def public_record(self, record: GameRecord, now: datetime | None = None) -> GameRecord:
        """The game as any spectator may see it at `now`: folded up to its latest public version.

        Shared by every spectator and channel: read and folded once per version. A private game
        not published yet is no game at all to the public: NOT_FOUND.
        """
        self.admit(record, ANYONE)
        return self._public(record, now)

    def _public(self, record: GameRecord, now: datetime | None = None) -> GameRecord:
        if record.spectator_delay <= 0:
            return record
        return self.views.public_record(record, now or datetime.now(UTC))

    def deal_closed(self, record: GameRecord) -> bool:
        """False while `record` is a table of a duplicate deal some table of which is still playing."""
        return deal_closed(self.app, self.tournaments, self.closed_deals, record)

    def games(
        self, caller: Caller, *, game: str, status: str, player: str, tag: str, after: int, limit: int
    ) -> list[Summary]:
        """The games a listing shows `caller`: for all but the organiser, delayed ones as they are public.

        A listing has no game to check a token against, so any token but the organiser's (made
        up, or a seat's of another game) lists as a spectator's. The status filter applies to the
        public status: filtering on the stored one would drop a delayed game that is over for its
        seats but not yet for spectators from both lists, which tells that it ended.
        """
        search = self.app.index.search
        if caller.is_organiser:
            return search(game=game, status=status, player=player, tag=tag, after=after, limit=limit)
        shown: list[Summary] = []
        cursor = after
        while len(shown) < limit:
            batch = search(game=game, player=player, tag=tag, after=cursor, limit=limit)
            listed = [
                s
                for s in batch
                if not s.hidden or seat_of(caller, s.token_hashes, required=False) is not None
            ]
            shown.extend(self._public_summaries(listed, status))
            if len(batch) < limit:
                break
            cursor = batch[-1].position
        return shown[:limit]

    def tournament(self, progress: Progress, caller: Caller) -> Progress:
        """A tournament as `caller` may see it: open duplicate deals' results for the organiser only.

        A private tournament not published yet does not exist for anyone but its players (a seat
        token of one of its tables) and the organiser: NOT_FOUND, as for an id with nothing stored.
        """
        record = progress.record
        if record.hidden and not caller.is_organiser and not self._plays_in(record, caller):
            raise NotFound(
                Reason.TOURNAMENT_NOT_FOUND, f"no tournament with id {record.definition.tournament_id}"
            )
        return shown_to(progress, caller.is_organiser)

    def _plays_in(self, record: TournamentRecord, caller: Caller) -> bool:
        if caller.token is None:
            return False
        tables = (self.app.get(table.game_id) for _, _, table in record.games)
        return any(seat_of(caller, game.token_hashes, required=False) is not None for game in tables)

    def ladder(self, progress: LadderProgress, caller: Caller) -> LadderProgress:
        """A ladder as `caller` may see it. Its games are created public (no spectator delay, no
        shared deal), so everyone sees its table; a ladder keeping a game from someone decides here."""
        return progress

    def _viewer(self, record: GameRecord, caller: Caller) -> Seat | None:
        if caller.is_organiser:
            return None
        if record.header.deal is not None and not self.deal_closed(record):
            seat = seat_of(caller, record.token_hashes, required=False)
            if seat is None:
                raise PermissionDenied(
                    Reason.DEAL_IN_PLAY,
                    f"this table plays duplicate deal {record.header.deal}; its games open to spectators "
                    "once every table of the deal has finished",
                )
            return seat
        if record.status == FINISHED:
            return None
        seat = seat_of(caller, record.token_hashes, required=False)
        return SPECTATOR if seat is None else seat

    def _public_summaries(self, found: list[Summary], status: str) -> list[Summary]:
        shown = []
        for summary in found:
            if summary.spectator_delay > 0:
                record = self._public(self.app.get(summary.game_id))
                summary = replace(
                    summary, commands=record.game_version - 1, finished=record.status != IN_PROGRESS
                )
            if status and summary.status != status:
                continue
            shown.append(summary)
        return shown


def _held_back(record: GameRecord, caller: Caller) -> bool:
    """A spectator of a delayed game (seats and the organiser carry tokens)."""
    return record.spectator_delay > 0 and caller.token is None
