"""Event streams: every game of a tournament, a registered player or a caller's seats, on one stream.

A stream follows the store's notification log, as the webhooks' worker does (never the live
fan-out, which a restart or another server misses), so its cursor is a notification id: a client
that comes back with the last cursor it received reads the log just past it, missing nothing and
getting nothing twice. The kernel's publish wakes the streams at once; they also look every
`POLL_SECONDS`, for what other servers over the same database stored.

Each event is said as a webhook of its type says it (`webhooks.payloads.happenings`), rendered by
the gate for the caller in that game: the seat whose token the caller presented sees its seat's
view, the organiser everything, anyone else the spectator's view. A game the gate refuses the
reader (a table whose duplicate deal is in play) is left out altogether. A spectator's line of a delayed
game waits until spectators may see it; the stream keeps the log's order, so what follows it waits too.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from replay.reasons import Reason
from service.core.auth import ANYONE, Caller, token_hash
from service.core.errors import InvalidArgument, PermissionDenied, ResourceExhausted, RuleBroken
from service.core.games import Games
from service.core.players.registry import Players
from service.core.players.store_events import PlayerSeated
from service.core.records import GameRecord, project_game
from service.core.shards import ShardedRecorder
from service.core.store_events import topics_of
from service.core.tournaments.application import Tournaments
from service.core.visibility import Gate
from service.core.webhooks.payloads import FOLLOWED, Happening, happenings

PAGE = 200  # notifications read at a time
POLL_SECONDS = 1.0  # a look at the store without a wake-up: what other servers stored
MAX_STREAMS = 256  # streams open at once on one server: each reads the store after every publish
MAX_SEAT_TOKENS = 64
GAME_TOPICS = frozenset(topic for kind in FOLLOWED for topic in topics_of(kind))
SEATED_TOPICS = frozenset(topics_of(PlayerSeated))
TOPICS = sorted(GAME_TOPICS | SEATED_TOPICS)


@dataclass(frozen=True)
class Scope:
    """Whose games a stream follows, and who reads it."""

    tournament_tag: str = ""
    player_id: str = ""
    tokens: dict[str, str] = field(default_factory=dict)  # hash -> token: the seats the caller holds
    organiser: bool = False

    @property
    def seats_only(self) -> bool:
        """Seat tokens alone name the scope (the organiser's stream with no scope is every game)."""
        return not (self.tournament_tag or self.player_id or self.organiser)


@dataclass(frozen=True)
class Followed:
    """One stored event of a followed game, as the gate shows it to the stream's reader."""

    cursor: int  # the store's notification id
    game_id: str
    tag: str
    lines: list[Happening]
    not_before: str = ""  # ISO 8601: a delayed game's line for a spectator, shown from then on


@dataclass
class _Reading:
    """What one stream knows between pages: the games its player has sat in."""

    player_games: set[str] = field(default_factory=set)


class EventStreams:
    def __init__(
        self,
        games: Games,
        tournaments: Tournaments,
        players: Players,
        gate: Callable[[], Gate],
        max_streams: int = MAX_STREAMS,
    ) -> None:
        self.games = games
        self.tournaments = tournaments
        self.players = players
        self.gate = gate  # asked at each read: a gate installed later decides from then on
        self._lock = threading.Lock()
        self._waiting: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()
        self._open = 0
        self.max_streams = max_streams

    def wake(self) -> None:
        """Told by the kernel after each publish: every stream reads the store again."""
        with self._lock:
            waiting = list(self._waiting)
        for loop, event in waiting:
            with suppress(RuntimeError):  # its loop has closed: the stream is gone
                loop.call_soon_threadsafe(event.set)

    def scope(
        self, caller: Caller, *, tournament_id: str, player_id: str, seat_tokens: Sequence[str]
    ) -> Scope:
        """The scope a request names; INVALID_ARGUMENT or NOT_FOUND when it names none or nothing real."""
        tokens = [t for t in seat_tokens if t]
        if len(tokens) > MAX_SEAT_TOKENS:
            raise InvalidArgument(
                Reason.BAD_FOLLOW_SCOPE,
                f"at most {MAX_SEAT_TOKENS} seat tokens on one stream",
                field="seat_tokens",
            )
        if caller.token is not None and not caller.is_organiser:
            tokens.append(caller.token)  # the bearer's seat, if it is one, is rendered for it too
        if (tournament_id and player_id) or not (tournament_id or player_id or tokens or caller.is_organiser):
            raise InvalidArgument(
                Reason.BAD_FOLLOW_SCOPE,
                "name one of tournament_id or player_id, or give seat_tokens alone"
                " (the organiser alone may follow every game)",
                field="tournament_id",
            )
        if isinstance(self.games.recorder, ShardedRecorder):
            raise RuleBroken(
                Reason.EVENT_STREAM_SHARDED,
                "this server's store is split over several databases, each with its own notification"
                " ids: follow each game with WatchGame instead",
                rule="STREAMS",
            )
        tag = self.tournaments.get(tournament_id).definition.tag if tournament_id else ""
        if player_id:
            player_id = str(self.players.get(player_id).id)  # NOT_FOUND for no such player
        return Scope(tag, player_id, {token_hash(t): t for t in tokens}, caller.is_organiser)

    def check_cursor(self, after: int) -> None:
        """INVALID_ARGUMENT for a cursor past the store's last notification: no stream ever gave it."""
        last = self.games.recorder.max_notification_id() or 0
        if after > last:
            raise InvalidArgument(
                Reason.BAD_CURSOR,
                f"cursor {after} is past the last event stored ({last}): send the cursor of the last"
                " event you received, or 0 to start from the beginning",
                field="after",
            )

    async def follow(self, scope: Scope, after: int) -> AsyncIterator[Followed]:
        """Every followed event stored after notification `after`, then each as it is stored."""
        loop = asyncio.get_running_loop()
        wake = asyncio.Event()
        reading = _Reading()
        if scope.player_id:
            reading.player_games = await asyncio.to_thread(self._player_games, scope.player_id)
        with self._held(loop, wake):
            while True:
                wake.clear()
                page, after, full = await asyncio.to_thread(self._page, scope, reading, after)
                for followed in page:
                    await _until(followed.not_before)
                    yield followed
                if not full:
                    with suppress(TimeoutError):
                        await asyncio.wait_for(wake.wait(), POLL_SECONDS)

    @contextmanager
    def _held(self, loop: asyncio.AbstractEventLoop, wake: asyncio.Event) -> Iterator[None]:
        with self._lock:
            if self._open >= self.max_streams:
                raise ResourceExhausted(
                    Reason.TOO_MANY_EVENT_STREAMS,
                    f"this server serves {self.max_streams} event streams already; try again later",
                )
            self._open += 1
            self._waiting.add((loop, wake))
        try:
            yield
        finally:
            with self._lock:
                self._open -= 1
                self._waiting.discard((loop, wake))

    def _page(self, scope: Scope, reading: _Reading, after: int) -> tuple[list[Followed], int, bool]:
        """The followed events of the next page of notifications, the last id read, whether it was full."""
        batch = self.games.recorder.select_notifications(start=after + 1, limit=PAGE, topics=TOPICS)
        gate = self.gate()
        found: list[Followed] = []
        for notification in batch:
            game_id = str(notification.originator_id)
            if notification.topic in SEATED_TOPICS:
                if game_id == scope.player_id:  # the player sat down somewhere: their games again
                    reading.player_games = self._player_games(scope.player_id)
                continue
            if scope.player_id and game_id not in reading.player_games:
                continue
            event = self.games.mapper.to_domain_event(notification)
            record = record_at(self.games, event)
            if scope.tournament_tag and record.header.tag != scope.tournament_tag:
                continue
            caller = _reader(scope, record)
            if scope.seats_only and caller.token is None:
                continue  # seat tokens alone: only the games they sit in
            try:
                gate.sight(record, caller)
            except PermissionDenied:  # a table whose deal is in play: nothing of it, not even its name
                continue
            lines = happenings(gate, record, event, caller)
            if lines:
                held = max(line.not_before for line in lines) if caller.is_spectator else ""
                found.append(Followed(notification.id, game_id, record.header.tag, lines, held))
        return found, batch[-1].id if batch else after, len(batch) == PAGE

    def _player_games(self, player_id: str) -> set[str]:
        return {game for game, _seat in self.players.get(player_id).seats}


def record_at(games: Games, event: Any) -> GameRecord:
    """The game's record as of `event` at least (its latest, unless its writer has not cached it yet)."""
    record = games.get(str(event.originator_id))
    if record.version < event.originator_version:
        # Stored, and read here before its writer cached the record it leads to: fold it from
        # the store, leaving the kernel's cache alone (evicting it let this slower read put
        # back an older record than the writer's, and the next command met a stale game).
        record = games.repository.get(
            event.originator_id, version=event.originator_version, projector_func=project_game
        )
    return record


def _reader(scope: Scope, record: GameRecord) -> Caller:
    """Who reads `record`'s lines: the organiser, the seat one of the scope's tokens holds, or a spectator."""
    if scope.organiser:
        return Caller(token="", is_organiser=True)
    for seat_hash in record.token_hashes:
        if seat_hash in scope.tokens:
            return Caller(token=scope.tokens[seat_hash])
    return ANYONE


async def _until(not_before: str) -> None:
    if not_before:
        wait = (datetime.fromisoformat(not_before) - datetime.now(UTC)).total_seconds()
        if wait > 0:
            await asyncio.sleep(wait)
