"""The organiser's ladder desk: create a ladder, seat registered players at its games, read its
leaderboard, end a season.

A ladder's games are created in-process (never through CreateGame) with the reserved tag
`ladder:<id>`; its record names each game and the player ids at its seats, so its leaderboard is
folded from those games' outcomes whenever asked and rebuilds from the store.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import uuid4

from eventsourcing.persistence import IntegrityError

from engines.base import JsonValue, OptionError
from replay.reasons import Reason
from replay.table import ENDED_ABANDONED
from service.core.create_policy import ladder_tag
from service.core.creation import create_game, engine_for, header_clock
from service.core.errors import Conflict, InvalidArgument, RuleBroken
from service.core.fields import parse_uuid
from service.core.games import Games
from service.core.ladders.application import Ladders
from service.core.ladders.board import DEFAULT_C, Counted, Row, leaderboard, model_json
from service.core.ladders.record import LadderDefinition, LadderRecord, project_ladder
from service.core.ladders.store_events import LadderCreated, LadderGamePaired, SeasonEnded
from service.core.players.registry import Players
from service.core.records import FINISHED
from service.core.scheduled import parse_start
from service.core.store_events import GameFinished, event_after, event_at

MAX_TEXT = 200
MAX_PERIOD_SECONDS = 10 * 366 * 86400


@dataclass(frozen=True)
class LadderProgress:
    """A ladder with its games' state now: the finished ones as they count, and those still on."""

    record: LadderRecord
    counted: tuple[Counted, ...]
    in_play: frozenset[str]


@dataclass(frozen=True)
class Seat:
    seat: int
    player_id: str
    token: str


class LadderDesk:
    def __init__(self, games: Games, ladders: Ladders, players: Players) -> None:
        self.games = games
        self.ladders = ladders
        self.players = players
        self._lock = threading.Lock()  # one write to a ladder's record at a time in this process
        self._ended: dict[str, datetime] = {}  # a finished game's time never changes: read it once

    def create(
        self,
        *,
        name: str,
        game: str,
        options: Mapping[str, JsonValue],
        time_control: str = "",
        timeout_policy: str = "",
        period_seconds: int = 0,
    ) -> LadderRecord:
        engine = engine_for(game)
        clock = header_clock(time_control, timeout_policy) or {}
        if not name.strip() or len(name) > MAX_TEXT:
            raise InvalidArgument(Reason.BAD_NAME, "name must be 1-200 characters", field="name")
        period = period_seconds or 86400
        if not 0 < period <= MAX_PERIOD_SECONDS:
            raise InvalidArgument(
                Reason.BAD_PERIOD, "period_seconds must be 1 to 10 years in seconds", field="period_seconds"
            )
        try:
            complete = engine.options(options)
        except OptionError as error:
            raise InvalidArgument(Reason.BAD_OPTION, str(error), field="options") from None
        uid = uuid4()
        definition = LadderDefinition(
            ladder_id=str(uid),
            name=name.strip(),
            game=engine.game_id,
            options=complete,
            time_control=str(clock.get("time_control", "")),
            timeout_policy=str(clock.get("timeout_policy", "")),
            period_seconds=period,
            inactivity_c=DEFAULT_C,
        )
        created_at = datetime.now(UTC).isoformat(timespec="seconds")
        self.ladders.store(
            event_at(LadderCreated, uid, 1, definition=definition.to_json(), created_at=created_at)
        )
        return self.ladders.get(str(uid))

    def pair(self, ladder_id: str, player_ids: Sequence[str], start_at: str = "") -> tuple[str, list[Seat]]:
        """Create a game of the ladder with these registered players at its seats, in this order;
        with `start_at` (ISO 8601 or "+90s") nobody moves and no clock runs before then."""
        starts_at = parse_start(start_at, self.games.now())
        record = self.ladders.get(ladder_id)
        engine = engine_for(record.definition.game)
        ids = [str(parse_uuid(p.strip(), "players", Reason.BAD_PLAYER_ID)) for p in player_ids]
        if not engine.min_seats <= len(ids) <= engine.max_seats:
            raise InvalidArgument(
                Reason.BAD_SEAT_COUNT,
                f"{engine.game_id} seats {engine.min_seats} to {engine.max_seats} players, not {len(ids)}",
                field="players",
            )
        if len(set(ids)) != len(ids):
            raise InvalidArgument(Reason.DUPLICATE_PLAYER, "a player cannot take two seats", field="players")
        names = [self.players.get(p).display_name for p in ids]  # PLAYER_NOT_FOUND for a stranger
        definition = record.definition
        with self._lock:
            game, tokens = create_game(
                self.games,
                definition.game,
                len(ids),
                names,
                definition.options,
                ladder_tag(definition.ladder_id),
                time_control=definition.time_control,
                timeout_policy=definition.timeout_policy,
                starts_at=starts_at,
            )
            record = self.ladders.get(ladder_id)
            paired = event_after(
                LadderGamePaired, record, game_id=game.header.game_id, players=ids, season=record.season
            )
            self._store(paired, record)
        return game.header.game_id, [Seat(seat, ids[seat], token) for seat, _, token in tokens]

    def progress(self, ladder_id: str) -> LadderProgress:
        record = self.ladders.get(ladder_id)
        counted, in_play = [], set()
        for game in record.games:
            played = self.games.get(game.game_id)
            outcome = played.outcome
            if played.status != FINISHED or outcome is None:
                in_play.add(game.game_id)
                continue
            ranking = None if outcome.ended == ENDED_ABANDONED else tuple(tuple(t) for t in outcome.ranking)
            counted.append(
                Counted(game.game_id, game.players, game.season, self._finished_at(game.game_id), ranking)
            )
        return LadderProgress(record, tuple(counted), frozenset(in_play))

    def table(self, progress: LadderProgress, as_of: datetime) -> list[Row]:
        return leaderboard(progress.record.definition, progress.counted, progress.record.season, as_of)

    def end_season(self, ladder_id: str) -> LadderRecord:
        """Archive the open season's final table; refused while one of its games is in play."""
        with self._lock:
            progress = self.progress(ladder_id)
            record = progress.record
            if progress.in_play:
                waiting = len(progress.in_play)
                raise RuleBroken(
                    Reason.SEASON_IN_PLAY,
                    f"{waiting} {'game' if waiting == 1 else 'games'} of season {record.season} "
                    "still in play; finish or end them (EndGame) first",
                    rule="LADDER-SEASONS",
                )
            now = datetime.now(UTC)
            rows = self.table(progress, now)
            ended = event_after(
                SeasonEnded,
                record,
                season=record.season,
                ended_at=now.isoformat(),
                table=[r.to_json() for r in rows],
            )
            self._store(ended, record)
        return self.ladders.get(ladder_id)

    def _store(self, event: Any, record: LadderRecord) -> None:
        try:
            self.ladders.store(event)
        except IntegrityError:  # another server wrote this ladder first
            raise Conflict(
                Reason.CONTENTION, "another organiser changed this ladder first; try again"
            ) from None
        after = project_ladder(record, [event])
        if after is not None:
            self.ladders.remember(after)

    def _finished_at(self, game_id: str) -> datetime:
        """When the server stored the line that ended the game (its `GameFinished`, saved with that
        line): the time the ladder counts it at, which nothing stored after the end moves."""
        if game_id not in self._ended:
            uid = parse_uuid(game_id, "game_id", Reason.BAD_GAME_ID)
            events = list(self.games.events.get(uid, desc=True))
            ended: Any = next((e for e in events if isinstance(e, GameFinished)), events[0])
            stamp: datetime = ended.timestamp  # every stored event of a game is stamped
            self._ended[game_id] = stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)
        return self._ended[game_id]


def record_json(progress: LadderProgress, rows: Sequence[Row], as_of: datetime) -> dict[str, Any]:
    """The published record `frontier ladder verify` checks against the games' logs."""
    record = progress.record
    finished = {c.game_id: c.finished_at.isoformat() for c in progress.counted}
    return {
        "type": "frontier-ladder",
        "format_version": 1,
        "definition": record.definition.to_json(),
        **model_json(),
        "games": [
            {
                "game_id": g.game_id,
                "players": list(g.players),
                "season": g.season,
                "finished_at": finished.get(g.game_id),
            }
            for g in record.games
        ],
        "seasons": [
            {"season": s.season, "ended_at": s.ended_at, "table": list(s.table)} for s in record.seasons
        ],
        "season": record.season,
        "as_of": as_of.isoformat(),
        "table": [r.to_json() for r in rows],
    }
