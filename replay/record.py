"""The record of one game: its header and its hash-chained entries.

This is the shape shared by the event store (one stored event per entry) and
the match-log file (one line per entry), so an export is a straight copy and an
import re-checks the same hashes. Hashes cover the canonical JSON of an entry
without its own `hash`; wall-clock times are never hashed.

Two formats are read and verified (seeds/LOG-FORMAT.md): format 1 hashes
Python's sorted-keys `json.dumps` spelling; format 2, written by this release,
hashes RFC 8785 canonical JSON and puts a secret `salt` in every header and
entry line, so that a redacted line's hash cannot confirm a guess of what was
stripped from it. Format 3 adds the seat lines (a seat claimed after creation:
its player's name and client seed) and, for a game whose deal waits for the
players' entropy, the deal line. Format 4 (replay/entropy.py), written for new
player-entropy games, has seats commit to their client seeds and reveal them in the
deal line. A record keeps the format it was created in.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Sequence
from dataclasses import Field, dataclass, replace
from typing import Any, ClassVar, Self

import rfc8785

from engines.base import JsonValue
from engines.rng import Draw

FORMAT = "frontier-log"
FORMAT_VERSION = 5  # the format new games are written in
FORMAT_VERSIONS = (1, 2, 3, 4, 5)  # the formats this release reads and verifies
DRAW_QUESTIONS_FORMAT = 5  # from this format on a draw records what was asked: a range, the items
UNSEEN_FORMAT = 5  # from this format on a header or entry may list the items nobody saw (`unseen`)
GENESIS = "0" * 64  # the `prev` of the header
SALT_CONTEXT = "frontier-log/v2/salt/"
SEAT_SALT_CONTEXT = "frontier-log/v3/seat/"
DEAL_SALT_CONTEXT = "frontier-log/v3/deal/"
ENTROPY_CONTEXT = b"frontier-entropy-v1:"
AUTOPILOT = "autopilot"  # an entry's `by`: the server played it for a seat that is out
MAX_CLIENT_SEED = 128  # characters: a client seed is text the player's client chose


def written_draws(draws: Sequence[Draw], format_version: int) -> list[Draw]:
    """The draws as a line of `format_version` records them: before format 5, the outcome only.
    Applied where a line is made, never when one is read, so a line's hash covers what it holds."""
    if format_version >= DRAW_QUESTIONS_FORMAT:
        return list(draws)
    return [{key: value for key, value in draw.items() if key in ("op", "value")} for draw in draws]


def canonical_json(value: JsonValue, format_version: int = 1) -> str:
    """One spelling per value: format 1 is sorted keys, no spaces, UTF-8 kept as is;
    format 2 is RFC 8785 (JCS), which another language can reproduce byte for byte."""
    spelled = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    if format_version >= 2 and not spelled.isascii():
        # For ASCII text over I-JSON values (integers within 2**53, no floats: all a log
        # holds) json.dumps already spells RFC 8785, ~7x faster than the pure-Python
        # package. Beyond ASCII the two can differ (UTF-16 key order), so ask rfc8785.
        return rfc8785.dumps(value).decode("utf-8")
    return spelled


def chain_hash(body: dict[str, JsonValue], format_version: int = 1) -> str:
    """SHA-256 of the canonical JSON of a line, its `hash` field left out."""
    payload = {k: v for k, v in body.items() if k != "hash"}
    return hashlib.sha256(canonical_json(payload, format_version).encode()).hexdigest()


def state_hash(view: JsonValue, format_version: int = 1) -> str:
    """A fingerprint of a game state: the hash of its omniscient view."""
    return hashlib.sha256(canonical_json(view, format_version).encode()).hexdigest()


def line_salt(seed: bytes, game_id: str, version: int) -> str:
    """The salt of the line creating `version` (format 2): secret until the seed is revealed."""
    message = f"{SALT_CONTEXT}{game_id}/{version}".encode()
    # hmac.digest is the one-shot C path: the same bytes as hmac.new, without its Python object.
    return hmac.digest(seed, message, "sha256").hex()


class LineSalts:
    """The salts of one game's lines, as `line_salt` gives them, keyed once per game.

    An audit checks the salt of every line: `line_salt` keys a new HMAC each time, which
    hashes the key's two pads before the message. Here HMAC-SHA256 is spelled out (RFC 2104:
    SHA-256 of the outer pad and SHA-256 of the inner pad and the message) on two SHA-256
    states hashed once, the inner one with the message's prefix common to every line; each line
    copies both and adds its version. Two C hash copies cost half of `hmac.HMAC.copy` and its
    Python wrapper (the same bytes: tests/replay/test_line_salts.py).
    """

    _BLOCK = 64  # SHA-256's block: a longer key is hashed first, a shorter one padded with zeros

    def __init__(self, seed: bytes, game_id: str) -> None:
        key = hashlib.sha256(seed).digest() if len(seed) > self._BLOCK else seed
        key = key.ljust(self._BLOCK, b"\0")
        self._inner = hashlib.sha256(bytes(byte ^ 0x36 for byte in key))
        self._inner.update(f"{SALT_CONTEXT}{game_id}/".encode())
        self._outer = hashlib.sha256(bytes(byte ^ 0x5C for byte in key))

    def __call__(self, version: int) -> str:
        """The salt of the line creating `version`: `line_salt(seed, game_id, version)`."""
        inner = self._inner.copy()
        inner.update(f"{version}".encode())
        outer = self._outer.copy()
        outer.update(inner.digest())
        return outer.hexdigest()


def seat_salt(seed: bytes, game_id: str, seat: int, player: str, client_seed: str | None) -> str:
    """The salt of a seat line (format 3): it binds the seat's name and client seed to the
    server's secret seed, so an edit of either is named at its line once the seed is revealed."""
    claim = rfc8785.dumps({"game_id": game_id, "seat": seat, "player": player, "client_seed": client_seed})
    return hmac.digest(seed, SEAT_SALT_CONTEXT.encode() + claim, "sha256").hex()


def deal_salt(seed: bytes, game_id: str) -> str:
    """The salt of the deal line of a player-entropy game (format 3)."""
    return hmac.digest(seed, f"{DEAL_SALT_CONTEXT}{game_id}".encode(), "sha256").hex()


def mixed_seed(seed: bytes, client_seeds: Sequence[str | None]) -> bytes:
    """The seed a player-entropy game draws from: the server seed mixed with every seat's
    client seed in seat order (`null` for a seat named at creation), so no one party chooses it.

    SHA-256("frontier-entropy-v1:" || RFC8785([hex(seed), [client seeds...]])).
    """
    return hashlib.sha256(ENTROPY_CONTEXT + rfc8785.dumps([seed.hex(), list(client_seeds)])).digest()


class _Chained:
    """What every line of a record shares: its hash covers its body and is written beside it."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    hash: str
    format_version: int

    def body(self) -> dict[str, JsonValue]:
        raise NotImplementedError

    def sealed(self) -> Self:
        """This line with its hash filled in."""
        return replace(self, hash=chain_hash(self.body(), self.format_version))

    def to_json(self) -> dict[str, JsonValue]:
        return {**self.body(), "hash": self.hash}


@dataclass(frozen=True)
class Header(_Chained):
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
    format_version: int = FORMAT_VERSION
    rules_version: str | None = None  # format 2: the engine's rules version, "most-wanted/1"
    rng: str | None = None  # format 2: the random generator's id, "frontier-sha256-v1"
    salt: str | None = None  # format 2: 64 hex; null only in a redacted export
    deal: str | None = None  # format 2, duplicate deals only: keys the generator in the game id's place
    # Format 3: the deal waits for every seat's client seed (no setup events in the header).
    player_entropy: bool = False
    # A forked game's origin (seeds/LOG-FORMAT.md, "Forked games"): the source's game_id and
    # version, its state_hash there, and how many of `setup_events` replay the source's history.
    forked_from: dict[str, JsonValue] | None = None
    # A game with a clock (replay/clock.py): {"time_control": "10m+5s", "timeout_policy": "forfeit"}.
    clock: dict[str, JsonValue] | None = None
    # "consent" or "organiser" (replay/takebacks.py); None for "off", the default.
    takeback_policy: str | None = None
    # An expanded tabletop recording (replay/recordings/): the items the setup deals that nobody at
    # the table saw, which the expansion filled in; absent when none, so every other header hashes as before.
    unseen: tuple[str, ...] = ()

    def body(self) -> dict[str, JsonValue]:
        body: dict[str, JsonValue] = {
            "type": "header",
            "format": FORMAT,
            "format_version": self.format_version,
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
        if self.format_version >= 2:
            body.update(rules_version=self.rules_version, rng=self.rng, salt=self.salt)
        if self.deal is not None:  # absent, not null, so every log without a deal hashes as before
            body["deal"] = self.deal
        if self.format_version >= 3:
            body["player_entropy"] = self.player_entropy
        if self.forked_from is not None:  # only forks carry the field: other headers hash as before
            body["forked_from"] = self.forked_from
        if self.clock is not None:  # only games with a clock carry it
            body["clock"] = self.clock
        if self.takeback_policy is not None:  # absent when off, so every other header hashes as before
            body["takeback_policy"] = self.takeback_policy
        if self.unseen:
            body["unseen"] = list(self.unseen)
        return body


@dataclass(frozen=True)
class Entry(_Chained):
    """One accepted command: who sent it, the outcomes of chance it used, its events."""

    version: int  # the game version this entry creates: the first command makes 2
    seat: int
    command: dict[str, JsonValue]
    draws: tuple[dict[str, JsonValue], ...]
    events: tuple[dict[str, JsonValue], ...]
    prev: str
    hash: str = ""
    format_version: int = FORMAT_VERSION  # the header's; not a field of the line
    salt: str | None = None  # format 2: 64 hex; null only in a redacted export
    # "autopilot": the server played this command for a seat that is out (replay/table.py).
    # Absent, not null, on every other entry, so they hash as before.
    by: str | None = None
    # A game with a clock (replay/clock.py): {"elapsed_ms": ..., "used_ms": ...}; absent otherwise.
    clock: dict[str, JsonValue] | None = None
    # An expanded tabletop recording: the items this line's events name that nobody at the table saw
    # (the expansion filled them in); absent when none, so every other entry hashes as before.
    unseen: tuple[str, ...] = ()
    # A move a key-holding seat signed (replay/seat_signatures.py): {"command_id", "signature"};
    # absent on every other entry, so they hash as before.
    seat_signature: dict[str, str] | None = None

    def body(self) -> dict[str, JsonValue]:
        body: dict[str, JsonValue] = {
            "type": "entry",
            "version": self.version,
            "seat": self.seat,
            "command": self.command,
            "draws": list(self.draws),
            "events": list(self.events),
            "prev": self.prev,
        }
        if self.format_version >= 2:
            body["salt"] = self.salt
        if self.by is not None:
            body["by"] = self.by
        if self.clock is not None:
            body["clock"] = self.clock
        if self.unseen:
            body["unseen"] = list(self.unseen)
        if self.seat_signature is not None:
            body["seat_signature"] = dict(self.seat_signature)
        return body


@dataclass(frozen=True)
class Trailer(_Chained):
    """The last line of a log: the result, the final state hash and the revealed seed."""

    version: int
    status: str  # "finished" or "in_progress"
    outcome: dict[str, JsonValue] | None
    state_hash: str
    seed: str | None  # hex; only once the game is over (None for tabletop imports)
    prev: str
    hash: str = ""
    format_version: int = FORMAT_VERSION  # the header's; not a field of the line

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


@dataclass(frozen=True)
class SeatLine(_Chained):
    """A seat taken after creation (format 3): who sat down, and the client seed they gave.

    It changes no game state, so it creates no version: `version` is the game version
    at which the seat was taken (the previous line's).
    """

    version: int
    seat: int  # 0-based
    player: str  # "" when the claimant gave no name ("seat N" to people)
    client_seed: str | None  # format 3: a player-entropy game's seats give one; others never do
    prev: str
    hash: str = ""
    salt: str | None = None  # `seat_salt`; null only in a redacted export
    format_version: int = FORMAT_VERSION  # the header's; not a field of the line
    # Format 4 (in place of client_seed): the commitment to the seed the seat reveals later.
    client_commitment: str | None = None
    # The seat's Ed25519 public key (hex) when it claimed with one: it signs every move it sends
    # (replay/seat_signatures.py). Absent otherwise, so every other seat line hashes as before.
    seat_key: str | None = None

    def body(self) -> dict[str, JsonValue]:
        body: dict[str, JsonValue] = {"type": "seat", "version": self.version, "seat": self.seat}
        body["player"] = self.player
        if self.format_version >= 4:
            body["client_commitment"] = self.client_commitment
        else:
            body["client_seed"] = self.client_seed
        body.update(prev=self.prev, salt=self.salt)
        if self.seat_key is not None:
            body["seat_key"] = self.seat_key
        return body


@dataclass(frozen=True)
class DealLine(_Chained):
    """The deal of a player-entropy game (format 3), made once the last seat is taken.

    It holds what a header holds in other games: the setup's events and draws, version 1.
    """

    events: tuple[dict[str, JsonValue], ...]
    draws: tuple[dict[str, JsonValue], ...]
    prev: str
    hash: str = ""
    salt: str | None = None  # `deal_salt`; null only in a redacted export
    format_version: int = FORMAT_VERSION
    version: int = 1
    # Format 4: every seat's revealed client seed, seat order (None: a seat named at creation).
    client_seeds: tuple[str | None, ...] = ()

    def body(self) -> dict[str, JsonValue]:
        body: dict[str, JsonValue] = {
            "type": "deal",
            "version": self.version,
            "events": list(self.events),
            "draws": list(self.draws),
            "prev": self.prev,
            "salt": self.salt,
        }
        if self.format_version >= 4:
            body["client_seeds"] = list(self.client_seeds)
        return body


@dataclass(frozen=True)
class RulingLine(_Chained):
    """A decision about the game made outside its rules (replay/table.py): a seat resigned,
    or the organiser ended the game. It creates a version, as an entry does.

    `by` is who decided: "seat" (the seat named by `seat`), "organiser" or "server".
    `result` is an adjudicated ranking (tiers of seats, best first), else None.
    """

    version: int
    ruling: str  # "resign", "timeout", "adjudicate", "abandon", "takeback" or "resume"
    seat: int | None
    by: str
    reason: str
    result: tuple[tuple[int, ...], ...] | None
    prev: str
    hash: str = ""
    salt: str | None = None  # format 2: `line_salt` of its version; null only in a redacted export
    format_version: int = FORMAT_VERSION  # the header's; not a field of the line
    clock: dict[str, JsonValue] | None = None  # as an entry's, in a game with a clock
    # A takeback (replay/takebacks.py): the version the game returns to, and who granted it
    # (the seats that consented, or "organiser"). Written on takeback lines only.
    to_version: int | None = None
    granted_by: tuple[int, ...] | str | None = None

    def body(self) -> dict[str, JsonValue]:
        body: dict[str, JsonValue] = {
            "type": "ruling",
            "version": self.version,
            "ruling": self.ruling,
            "seat": self.seat,
            "by": self.by,
            "reason": self.reason,
            "result": None if self.result is None else [list(tier) for tier in self.result],
            "prev": self.prev,
        }
        if self.format_version >= 2:
            body["salt"] = self.salt
        if self.clock is not None:
            body["clock"] = self.clock
        if self.to_version is not None:  # only takebacks carry these, so other rulings hash as before
            granted = self.granted_by
            body["to_version"] = self.to_version
            body["granted_by"] = list(granted) if isinstance(granted, tuple) else granted
        return body


@dataclass(frozen=True)
class UpgradeLine(_Chained):
    """The organiser moved a game in progress to newer rules (format 2 and later), allowed only
    because its history re-runs line for line under them (replay/rerun.py). It creates a version,
    as a ruling does, and is salted as one; every later line is played under `to_rules`.
    """

    version: int
    from_rules: str  # the rules version in force before: the header's or the last upgrade's
    to_rules: str
    prev: str
    hash: str = ""
    salt: str | None = None  # `line_salt` of its version; null only in a redacted export
    format_version: int = FORMAT_VERSION  # the header's; not a field of the line
    by: str = "organiser"
    # The setup migration of the engine for from -> to (engines/migrations.py), folded into the
    # game here; absent when there is none, so an upgrade without one hashes as before.
    events: tuple[dict[str, JsonValue], ...] = ()

    def body(self) -> dict[str, JsonValue]:
        body: dict[str, JsonValue] = {
            "type": "upgrade",
            "version": self.version,
            "from": self.from_rules,
            "to": self.to_rules,
            "by": self.by,
            "prev": self.prev,
            "salt": self.salt,
        }
        if self.events:
            body["events"] = list(self.events)
        return body


# The lines between a header and its trailer, in chain order.
Line = Entry | SeatLine | DealLine | RulingLine | UpgradeLine
