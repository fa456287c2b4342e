"""The record of one game: its header and its hash-chained entries.

This is the shape shared by the event store (one stored event per entry) and
the match-log file (one line per entry), so an export is a straight copy and an
import re-checks the same hashes. Hashes cover the canonical JSON of an entry
without its own `hash`; wall-clock times are never hashed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from typing import TypeVar

from engines.base import JsonValue

FORMAT = "frontier-log"
FORMAT_VERSION = 1
GENESIS = "0" * 64  # the `prev` of the header


def canonical_json(value: JsonValue) -> str:
    """One spelling per value: sorted keys, no spaces, UTF-8 kept as is."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chain_hash(body: dict[str, JsonValue]) -> str:
    """SHA-256 of the canonical JSON of an entry, its `hash` field left out."""
    payload = {k: v for k, v in body.items() if k != "hash"}
    return hashlib.sha256(canonical_json(payload).encode()).hexdigest()


def state_hash(view: dict[str, JsonValue]) -> str:
    """A fingerprint of a game state: the hash of its omniscient view."""
    return hashlib.sha256(canonical_json(view).encode()).hexdigest()


@dataclass(frozen=True)
class Header:
    """What a game is: the first line of a log and the first stored event.

    `setup_events`/`setup_draws` are what the engine's setup produced. A live
    game has a `seed_commitment`; a tabletop import has none and its draws are
    the outcomes observed at the table.
    """

    game_id: str
    game: str
    options: dict[str, JsonValue]
    seats: int
    players: tuple[str, ...]
    tag: str
    seed_commitment: str | None
    setup_events: tuple[dict[str, JsonValue], ...]
    setup_draws: tuple[dict[str, JsonValue], ...]
    prev: str = GENESIS
    hash: str = ""

    def body(self) -> dict[str, JsonValue]:
        return {
            "type": "header",
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game_id": self.game_id,
            "game": self.game,
            "options": self.options,
            "seats": self.seats,
            "players": list(self.players),
            "tag": self.tag,
            "seed_commitment": self.seed_commitment,
            "version": 1,
            "events": list(self.setup_events),
            "draws": list(self.setup_draws),
            "prev": self.prev,
        }

    def sealed(self) -> Header:
        """This header with its hash filled in."""
        return _replace_hash(self, chain_hash(self.body()))

    def to_json(self) -> dict[str, JsonValue]:
        return {**self.body(), "hash": self.hash}


@dataclass(frozen=True)
class Entry:
    """One accepted command: who sent it, the outcomes of chance it used, its events."""

    version: int  # the game version this entry creates: the first command makes 2
    seat: int
    command: dict[str, JsonValue]
    draws: tuple[dict[str, JsonValue], ...]
    events: tuple[dict[str, JsonValue], ...]
    prev: str
    hash: str = ""

    def body(self) -> dict[str, JsonValue]:
        return {
            "type": "entry",
            "version": self.version,
            "seat": self.seat,
            "command": self.command,
            "draws": list(self.draws),
            "events": list(self.events),
            "prev": self.prev,
        }

    def sealed(self) -> Entry:
        return _replace_hash(self, chain_hash(self.body()))

    def to_json(self) -> dict[str, JsonValue]:
        return {**self.body(), "hash": self.hash}


@dataclass(frozen=True)
class Trailer:
    """The last line of a log: the result, the final state hash and the revealed seed."""

    version: int
    status: str  # "finished" or "in_progress"
    outcome: dict[str, JsonValue] | None
    state_hash: str
    seed: str | None  # hex; only once the game is over (None for tabletop imports)
    prev: str
    hash: str = ""

    def body(self) -> dict[str, JsonValue]:
        return {
            "type": "trailer",
            "version": self.version,
            "status": self.status,
            "outcome": self.outcome,
            "state_hash": self.state_hash,
            "seed": self.seed,
            "prev": self.prev,
        }

    def sealed(self) -> Trailer:
        return _replace_hash(self, chain_hash(self.body()))

    def to_json(self) -> dict[str, JsonValue]:
        return {**self.body(), "hash": self.hash}


R = TypeVar("R", Header, Entry, Trailer)


def _replace_hash(record: R, value: str) -> R:
    return replace(record, hash=value)
