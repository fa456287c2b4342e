"""A delayed game's public view, shared: read once and folded once per game and public version.

Every channel that shows a spectator a delayed game asks the visibility gate
(`service.core.visibility`), which reads the game's public record here. Built afresh, that read
every stored event of the game (for the release times and again for the entries) and folded it from
its setup, on every call: each spectator's WatchGame did so every second, and 40 spectators of a
450-version game kept a core busy. Delayed games are the broadcast case, so they cost here what live
watchers cost (`service.core.watching`): one `PublicGame` per game keeps what was read -- each
version's storing time and its entry, read incrementally (only the events stored since) -- and the
state folded up to the latest public version, carried forward as later versions become public. The
updates a delayed WatchGame sends are built once per version and view and shared by its spectators.
A re-expanded relay (`RelayResealed`) replaces the entries: the fold starts again from the setup.
A game with rulings (a resignation, a timeout, a takeback: docs/games-that-end.md) or a clock is the
rare case where folding events is not enough (a takeback goes back, a ruling changes who is in, and
the clocks must be those of the public version, not the latest, which would tell when seats moved):
its public record is the store's own projection up to the public version, kept once per version.

`events_read` and `entries_folded` count the work done, for tests and for an operator's look.
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from engines.base import fold
from replay.record import Entry, RulingLine
from service.core.games import Games
from service.core.records import IN_PROGRESS, GameRecord, decode_events, entry_from_json, ruling_from_json
from service.core.rendering import Rendering
from service.core.store_events import CommandAccepted, RelayResealed, RulingMade
from service.core.views import redacted_entry_events, ruling_proto
from service.generated.frontier.v1 import frontier_pb2

GAMES_KEPT = 256  # delayed games whose reads and fold are kept (the least recently asked go first)
UPDATES_KEPT = 4096  # built updates kept per game


@dataclass
class PublicGame:
    """What has been read of one delayed game, and its public fold; guarded by `lock`."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    read_to: int = 0  # the store version read up to
    stored_at: dict[int, datetime] = field(default_factory=dict)  # game version -> its storing time
    entries: list[Entry | RulingLine] = field(default_factory=list)
    folded: tuple[int, Any, str] | None = None  # (version, state, head) of the public fold
    ruled: tuple[int, GameRecord] | None = None  # a game with rulings: its projected public record
    updates: dict[Hashable, frontier_pb2.GameUpdate] = field(default_factory=dict)


class PublicViews:
    """The delayed games of one `Games`, as spectators see them; safe from any thread."""

    def __init__(self, app: Games) -> None:
        self.app = app
        self._games: OrderedDict[str, PublicGame] = OrderedDict()
        self._lock = threading.Lock()
        self.events_read = 0
        self.entries_folded = 0

    def release_times(self, record: GameRecord) -> dict[int, datetime]:
        """When each stored version becomes public: its storing time plus the delay."""
        game = self._read(record)
        delay = timedelta(seconds=record.spectator_delay)
        with game.lock:
            return {version: at + delay for version, at in game.stored_at.items()}

    def public_version(self, record: GameRecord, now: datetime) -> int:
        """The latest version a spectator may see at `now` (at most the record's)."""
        if record.spectator_delay <= 0:
            return record.game_version
        game = self._read(record)
        moment = now - timedelta(seconds=record.spectator_delay)
        with game.lock:
            released = [v for v, at in game.stored_at.items() if at <= moment]
        return min(max([1, *released]), record.game_version)

    def public_record(self, record: GameRecord, now: datetime) -> GameRecord:
        """`record` folded only up to its public version at `now`, from the shared fold."""
        version = self.public_version(record, now)
        if version >= record.game_version:
            return record
        game = self._read(record)
        if record.clocks is not None or any(isinstance(line, RulingLine) for line in game.entries):
            return self._projected(game, record, version)
        with game.lock:
            start = game.folded
            if start is None or start[0] > version:  # none yet, or asked for an earlier moment
                setup = decode_events(record.header.game, record.setup_events)
                start = (1, fold(record.engine, None, setup), "")
            at, state, head = start
            for entry in _between(game.entries, at, version):
                assert isinstance(entry, Entry)  # a game with rulings is projected instead
                state = fold(record.engine, state, decode_events(record.header.game, entry.events))
                head = entry.hash
                self.entries_folded += 1
            if game.folded is None or game.folded[0] <= version:
                game.folded = (version, state, head)
        return replace(
            record, state=state, game_version=version, head=head or record.header.hash, status=IN_PROGRESS
        )

    def _projected(self, game: PublicGame, record: GameRecord, version: int) -> GameRecord:
        """A game with rulings as it stood at `version`: the store's projection, kept per version."""
        with game.lock:
            kept = game.ruled
        if kept is None or kept[0] != version:
            kept = (version, replace(self.app.record_at(record.header.game_id, version), status=IN_PROGRESS))
            with game.lock:
                game.ruled = kept
        return kept[1]

    def folded_version(self, game_id: str) -> int:
        """The version the shared public fold of the game has reached (0: none yet)."""
        with self._lock:
            game = self._games.get(game_id)
        if game is None:
            return 0
        with game.lock:
            return game.folded[0] if game.folded is not None else 0

    def updates(
        self, render: Rendering, shown: GameRecord, after: int, viewer: int | None
    ) -> list[frontier_pb2.GameUpdate]:
        """The steps after `after` up to `shown`'s version as `viewer` sees them, built once each.

        `render` is the gate that named `viewer`: it renders the events, and keys what is kept.
        """
        game = self._read(shown)
        built = []
        with game.lock:
            for entry in _between(game.entries, after, shown.game_version):
                latest = entry.version == shown.game_version
                key = (entry.version, entry.hash, viewer, latest, shown.status, render)
                update = game.updates.get(key)
                if update is None:
                    ruling = entry if isinstance(entry, RulingLine) else None
                    events = entry.events if isinstance(entry, Entry) else ()
                    update = frontier_pb2.GameUpdate(
                        version=entry.version,
                        seat=entry.seat,
                        events=redacted_entry_events(render, shown, events, viewer),
                        status=shown.status if latest else IN_PROGRESS,
                        seats_to_act=list(shown.seats_to_act) if latest else [],
                        ruling=ruling_proto(ruling.to_json()) if ruling is not None else None,
                    )
                    if len(game.updates) >= UPDATES_KEPT:
                        game.updates.clear()
                    game.updates[key] = update
                built.append(update)
        return built

    def _read(self, record: GameRecord) -> PublicGame:
        """The game's shared reads, brought up to `record`'s store version with the events since."""
        game = self._game(record.header.game_id)
        with game.lock:
            if game.read_to >= record.version:
                return game
            for event in self.app.events.get(record.id, gt=game.read_to):
                self.events_read += 1
                game.read_to = max(game.read_to, int(event.originator_version))
                if isinstance(event, (CommandAccepted, RulingMade)):
                    entry: Entry | RulingLine = (
                        entry_from_json(event.entry)
                        if isinstance(event, CommandAccepted)
                        else ruling_from_json(event.line)
                    )
                    game.stored_at.setdefault(entry.version, event.timestamp)
                    game.entries.append(entry)
                elif isinstance(event, RelayResealed):  # the relayed log re-expanded whole
                    game.entries = [entry_from_json(data) for data in event.entries]
                    for entry in game.entries:
                        game.stored_at.setdefault(entry.version, event.timestamp)
                    game.folded = None
                    game.updates.clear()
        return game

    def _game(self, game_id: str) -> PublicGame:
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                game = self._games[game_id] = PublicGame()
                while len(self._games) > GAMES_KEPT:
                    self._games.popitem(last=False)
            else:
                self._games.move_to_end(game_id)
            return game


def _between(entries: list[Entry | RulingLine], after: int, upto: int) -> list[Entry | RulingLine]:
    """The entries with `after` < version <= `upto` (entries are in version order)."""
    start = bisect.bisect_right(entries, after, key=lambda entry: entry.version)
    end = bisect.bisect_right(entries, upto, key=lambda entry: entry.version)
    return entries[start:end]
