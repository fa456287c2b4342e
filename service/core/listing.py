"""The game listing: a read model that pulls the store's notification log.

Push subscriptions do not work on SQLite, so the index follows the application
sequence itself, reading only notifications newer than the last one it saw.
Only creations and seat claims are decoded; entries and endings are counted
from their topics alone, so following a busy store stays cheap.

A store split across databases (service/core/shards.py) has a notification log per database:
the index follows each, and a game's position is its creation's notification id times the number
of databases plus its database's place. Positions never change and never collide, so paging with
`after` is stable; a game created on one database may take a position before games already
listed from another (with one database, positions are the notification ids, as ever).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from typing import Any, cast

from eventsourcing.application import Application

from service.core.shards import recorders_of
from service.core.store_events import (
    CommandAccepted,
    GameCreated,
    GameDealt,
    GameFinished,
    GamePublished,
    RelayResealed,
    RulingMade,
    SeatClaimed,
    SeatTokenReissued,
    topics_of,
)

PAGE = 1000


@dataclass(frozen=True)
class Summary:
    game_id: str
    game: str
    players: tuple[str, ...]
    tag: str
    created_at: str
    position: int  # the creation's notification id (placed by database when split): the stable order
    commands: int = 0
    finished: bool = False
    imported: bool = False
    player_entropy: bool = False
    dealt: bool = True  # False while a player-entropy game waits for its seats
    # the public version lags (service/core/relays/delay.py): the servicer asks the store
    spectator_delay: int = 0
    forked_from: str = ""  # a fork's source game id
    clocked: bool = False  # the game has a time control: the clock keeper watches it
    starts_at: str = ""  # a scheduled game's announced start (service/core/scheduled.py)
    private: bool = False  # listed to its seats and the organiser alone until published
    published: bool = False
    token_hashes: tuple[str, ...] = ()  # a private game's seats' token hashes: its seats list it

    @property
    def hidden(self) -> bool:
        return self.private and not self.published

    @property
    def status(self) -> str:
        if not self.dealt:
            return "waiting"
        return "finished" if self.finished else "in_progress"

    @property
    def version(self) -> int:
        return 1 + self.commands


@dataclass
class GameIndex:
    app: Application[Any]  # the games' application: its recorder and mapper
    _games: dict[str, Summary] = field(default_factory=dict)
    _last_seen: dict[int, int] = field(default_factory=dict)  # each database's last notification id
    _lock: threading.Lock = field(default_factory=threading.Lock)
    # Every seat token's hash, as the first 64 bits: tells a seat token from a guess on calls
    # about no one game (service/core/rate_limit.py), at ~100 bytes a seat.
    _seat_tokens: set[int] = field(default_factory=set)

    # Each kind's topics: a store written before a module moved holds the old ones.
    _CREATED = topics_of(GameCreated)
    _CLAIMED = topics_of(SeatClaimed)
    # A reseal adds its new line; a ruling makes a version as an entry does.
    _GROWN = topics_of(CommandAccepted) | topics_of(RelayResealed) | topics_of(RulingMade)
    _FINISHED = topics_of(GameFinished)
    _DEALT = topics_of(GameDealt)
    _REISSUED = topics_of(SeatTokenReissued)
    _PUBLISHED = topics_of(GamePublished)

    def catch_up(self) -> None:
        with self._lock:
            recorders = recorders_of(self.app.recorder)
            for place, recorder in enumerate(recorders):
                while True:
                    start = self._last_seen.get(place, 0) + 1
                    batch = recorder.select_notifications(start=start, limit=PAGE)
                    for notification in batch:
                        self._follow(notification, notification.id * len(recorders) + place)
                        self._last_seen[place] = notification.id
                    if len(batch) < PAGE:
                        break

    def holds_seat_token(self, digest: str) -> bool:
        """Whether `digest` (service.core.auth.token_hash) is a seat token's of some stored game."""
        self.catch_up()
        return int(digest[:16], 16) in self._seat_tokens

    def _follow(self, notification: Any, position: int) -> None:
        game_id = str(notification.originator_id)
        if notification.topic in self._GROWN:
            if game_id in self._games:
                summary = self._games[game_id]
                self._games[game_id] = replace(summary, commands=summary.commands + 1)
        elif notification.topic in self._DEALT:
            if game_id in self._games:
                self._games[game_id] = replace(self._games[game_id], dealt=True)
        elif notification.topic in self._FINISHED:
            if game_id in self._games:
                self._games[game_id] = replace(self._games[game_id], finished=True)
        elif notification.topic in self._CREATED:
            created = cast(GameCreated, self.app.mapper.to_domain_event(notification))
            self._seat_tokens.update(int(h[:16], 16) for h in created.token_hashes if h)
            header = created.header
            self._games[game_id] = Summary(
                game_id=game_id,
                game=header["game"],
                players=tuple(header["players"]),
                tag=header["tag"],
                created_at=created.created_at,
                position=position,
                imported=created.imported,
                player_entropy=bool(header.get("player_entropy")),
                dealt=not header.get("player_entropy"),
                spectator_delay=created.spectator_delay,
                forked_from=str((header.get("forked_from") or {}).get("game_id", "")),
                clocked=header.get("clock") is not None or bool(created.join_deadline),
                starts_at=created.starts_at,
                private=created.private,
                token_hashes=tuple(created.token_hashes) if created.private else (),
            )
        elif notification.topic in self._PUBLISHED:
            if game_id in self._games:
                self._games[game_id] = replace(self._games[game_id], published=True)
        elif notification.topic in self._REISSUED:
            reissued = cast(SeatTokenReissued, self.app.mapper.to_domain_event(notification))
            self._seat_tokens.add(int(reissued.token_hash[:16], 16))
            listed = self._games.get(game_id)
            if listed is not None and listed.private:
                hashes = list(listed.token_hashes)
                hashes[reissued.seat] = reissued.token_hash
                self._games[game_id] = replace(listed, token_hashes=tuple(hashes))
        elif notification.topic in self._CLAIMED and game_id in self._games:
            claimed = cast(SeatClaimed, self.app.mapper.to_domain_event(notification))
            if claimed.token_hash:
                self._seat_tokens.add(int(claimed.token_hash[:16], 16))
            summary = self._games[game_id]
            players = list(summary.players)
            players[claimed.seat] = claimed.player
            hashes = list(summary.token_hashes)
            if summary.private:
                hashes[claimed.seat] = claimed.token_hash
            self._games[game_id] = replace(summary, players=tuple(players), token_hashes=tuple(hashes))

    def running_clocks(self) -> list[str]:
        """The games with a clock that are not over: each may have a seat's time running."""
        self.catch_up()
        with self._lock:
            # An imported game is a record: its clock, if its log had one, is the past's.
            return [
                s.game_id for s in self._games.values() if s.clocked and not s.finished and not s.imported
            ]

    def search(
        self,
        *,
        game: str = "",
        status: str = "",
        player: str = "",
        tag: str = "",
        after: int = 0,
        limit: int = 100,
    ) -> list[Summary]:
        """Matching games in creation order, starting after position `after`."""
        self.catch_up()
        with self._lock:
            games = list(self._games.values())  # in creation order: notifications arrive in order
        if len(recorders_of(self.app.recorder)) > 1:  # several databases: theirs interleave by position
            games.sort(key=lambda summary: summary.position)
        found = []
        for summary in games:
            if summary.position <= after:
                continue
            if game and summary.game != game:
                continue
            if status and summary.status != status:
                continue
            if player and player not in summary.players:
                continue
            if tag and summary.tag != tag:
                continue
            found.append(summary)
            if len(found) == limit:
                break
        return found
