"""The service log: one append-only log of every game's seals, in the C2SP tlog formats.

Its entries are the checkpoints (replay/trust/checkpoint.py lines) of each game at each event the
store records as sealing it: `GameFinished` (the line or ruling that ended a game, a finished
import or fork, a relay's end) and `RelayResealed` (a relay re-expanding its record). An entry is the
checkpoint line the public's export of the game at that version carries, so anyone holding an
export can find it in the log.

The order is the store's own: the notification log's ids, the commit order every server on one store
reads alike (the library numbers notifications in commit order: SQLite's rowid, PostgreSQL's
sequence under its insert lock). A second sequencer would need a table, a lock or a leader of its
own, and could disagree with the store it orders; the notification ids need nothing new. Each
server derives the same entries from the same store (Ed25519 signatures are deterministic, and
servers of one deployment share the key), so servers on one store publish one log.

Who sees what: an entry is added only once the gate shows its game at that version to a spectator
(a delayed game once the delay has passed, a duplicate deal's table once the deal is closed), and
signs the trailer as the spectator's export shows it. Until then the log stops before it: it is a
prefix that grows, never a list that changes. A private game's seal never becomes an entry: its
publication (`GamePublished`) does, in the log's order at the time it was published, so a private
game counts in the log's size only once it is public.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from uuid import UUID

from replay.reasons import Reason
from replay.record import Line
from replay.trust import checkpoint, merkle, tlog
from replay.trust.keys import SigningKey
from service.core.auth import ANYONE
from service.core.errors import NotFound, PermissionDenied
from service.core.exchange import trailer_for
from service.core.games import Games
from service.core.records import GameRecord, entry_from_json, line_of, project_game
from service.core.shards import recorders_of
from service.core.store_events import GameFinished, GamePublished, RelayResealed, topics_of
from service.core.visibility import Gate

PAGE = 1000
_SEALS = sorted(topics_of(GameFinished) | topics_of(RelayResealed) | topics_of(GamePublished))
_PRIVATE = object()  # a private game's own seal: its publication is its entry


class ServiceLog:
    """The log of one store as this server derives it; entries computed once and kept."""

    def __init__(self, games: Games, gate: Callable[[], Gate]) -> None:
        self.games = games
        self._gate = gate  # asked at each catch-up: a gate installed later decides from then on
        self._seals: list[tuple[UUID, int]] = []  # (game, store version), in notification order
        self._last_seen = 0
        self._entries: dict[str, list[bytes]] = {}  # per signing key id
        self._next: dict[str, int] = {}  # per signing key id: the first seal not yet made an entry
        self._hashes: dict[str, list[bytes]] = {}
        self._levels: dict[tuple[str, int, int], list[bytes]] = {}  # (key id, size, level): its hashes
        self._lock = threading.Lock()

    def entries(self, key: SigningKey) -> list[bytes]:
        """Every entry the log holds now, oldest first (a copy)."""
        with self._lock:
            self._catch_up()
            entries = self._entries.setdefault(key.key_id, [])
            hashes = self._hashes.setdefault(key.key_id, [])
            gate = self._gate()
            for uid, store_version in self._seals[self._next.get(key.key_id, 0) :]:
                entry = _entry(self.games, gate, key, uid, store_version)
                if entry is None:
                    break  # not public yet: the log stops before it
                self._next[key.key_id] = self._next.get(key.key_id, 0) + 1
                if entry is _PRIVATE:
                    continue
                assert isinstance(entry, bytes)
                entries.append(entry)
                hashes.append(merkle.leaf_hash(entry))
            return list(entries)

    def checkpoint(self, key: SigningKey) -> str:
        """The log's checkpoint now, a signed note."""
        size = len(self.entries(key))
        hashes = self._hashes[key.key_id][:size]
        root = merkle.subtree_root(hashes) if hashes else merkle.EMPTY_ROOT
        origin = tlog.origin_for(key.signer, key.key_id)
        return tlog.sign_checkpoint(tlog.LogCheckpoint(origin, size, root), key)

    def tile(self, key: SigningKey, path: str) -> bytes:
        """A tile or entry bundle by its path; NotFound LOG_TILE_NOT_FOUND past the log's size."""
        try:
            level, index, width = tlog.parse_tile_path(path)
        except tlog.LogError as error:
            raise NotFound(Reason.LOG_TILE_NOT_FOUND, str(error)) from None
        entries = self.entries(key)
        start = index * tlog.TILE_WIDTH
        if level < 0:
            if start + width > len(entries):
                raise _beyond(path, len(entries))
            return tlog.encode_bundle(entries[start : start + width])
        hashes = self._level(key.key_id, len(entries), level)
        if start + width > len(hashes):
            raise _beyond(path, len(entries))
        return b"".join(hashes[start : start + width])

    def _level(self, key_id: str, size: int, level: int) -> list[bytes]:
        """A level's hashes at the log's size, kept for that size: a reader fetches every tile."""
        with self._lock:
            found = self._levels.get((key_id, size, level))
            if found is None:
                self._levels = {k: v for k, v in self._levels.items() if k[1] == size}  # older sizes go
                found = tlog.level_hashes(self._hashes[key_id][:size], level)
                self._levels[(key_id, size, level)] = found
            return found

    def _catch_up(self) -> None:
        recorder = self.games.recorder
        if len(recorders_of(recorder)) > 1:
            # Each database numbers its own notifications: merging them would need the second
            # sequencer this log avoids (docs/scaling.md).
            raise NotFound(
                Reason.LOG_NOT_SERVED,
                "this server's store is split across databases, whose orders differ: it serves no log",
            )
        while True:
            batch = recorder.select_notifications(start=self._last_seen + 1, limit=PAGE, topics=_SEALS)
            for notification in batch:
                self._seals.append((UUID(str(notification.originator_id)), notification.originator_version))
                self._last_seen = notification.id
            if len(batch) < PAGE:
                return


def _beyond(path: str, size: int) -> NotFound:
    return NotFound(Reason.LOG_TILE_NOT_FOUND, f"the service log has {size} entries: it has no {path} (yet)")


def _entry(games: Games, gate: Gate, key: SigningKey, uid: UUID, store_version: int) -> bytes | object | None:
    """The checkpoint line of game `uid` as it stood at `store_version`, or None while the gate
    does not show a spectator that version, or _PRIVATE for a seal of a game not public then."""
    current = games.get(str(uid))
    if current.version == store_version:  # a game's end is mostly its latest event: no fold needed
        record, lines = current, list(games.lines(str(uid)))
    else:
        record, lines = _as_of(games, uid, store_version)
    if gate.hides(record, ANYONE):
        return _PRIVATE
    try:
        now = gate.sight(current, ANYONE)
        if now.record.game_version < record.game_version:
            return None  # a delayed game: this version is not public yet
        viewer = gate.sight(replace(record, spectator_delay=0), ANYONE).viewer
    except PermissionDenied:  # a table of a duplicate deal in play
        return None
    hashes = [record.header.hash]
    for line in lines:
        if line.version > record.game_version:
            break
        hashes.append(line.hash)
    closing = trailer_for(record)
    trailer = None if closing is None else gate.trailer(closing.to_json(), viewer)
    signed = checkpoint.sign(key, str(uid), hashes, imported=record.imported, trailer=trailer)
    return signed.to_line().encode()


def _as_of(games: Games, uid: UUID, store_version: int) -> tuple[GameRecord, list[Line]]:
    """The game and its lines after the header as they stood at `store_version`."""
    record: GameRecord | None = None
    lines: list[Line] = []
    for event in games.events.get(uid, lte=store_version):
        record = project_game(record, [event])
        if isinstance(event, RelayResealed):  # a relayed log re-expanded whole
            lines = [entry_from_json(data) for data in event.entries]
            continue
        line = line_of(event)
        if line is not None:
            lines.append(line)
    assert record is not None
    return record, lines
