"""The two sources of chance an engine is handed, and the record they leave.

`SeededRng` derives every outcome from (secret seed, game id, game version,
draw index) with SHA-256, so an auditor holding the revealed seed re-derives
each die roll and shuffle. A duplicate deal (tournaments) names a deal key that
takes the game id's place (`rng_key`), so tables sharing the seed and the key
are dealt alike. `ObservedRng` replays outcomes recorded at a real
table and checks that each one was possible. Both write `draws`: the list of
outcomes a command used, each with what the rules asked (a roll's range, a shuffle's
items), stored with the command and in the match log (formats before 5 write the
outcome only: replay/record.py `written_draw`).
"""

from __future__ import annotations

import hashlib
import struct
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple, TypeVar

from engines.base import JsonValue, RuleViolation, same_json

T = TypeVar("T")
# {"op": "randint", "low": 1, "high": 6, "value": 4} or {"op": "shuffle", "items": [...], "value": [...]}
Draw = dict[str, JsonValue]


class ImpossibleOutcome(RuleViolation):
    """An observed outcome that the rules could not have produced."""

    def __init__(self, message: str) -> None:
        super().__init__("IMPOSSIBLE_OUTCOME", message, rule="RNG")


class DrawQuestionDiffers(RuleViolation):
    """A recorded draw names a range or items other than the ones the rules ask for."""

    def __init__(self, message: str) -> None:
        super().__init__("DRAW_QUESTION_DIFFERS", message, rule="RNG")


def seed_commitment(seed: bytes) -> str:
    """The hash published when a game is created; the seed is revealed at the end."""
    return hashlib.sha256(b"frontier-seed-v1:" + seed).hexdigest()


class Deal(NamedTuple):
    """A duplicate deal: the seed every table of the deal shares, and the key naming it."""

    seed: bytes
    key: str  # e.g. "<tournament id>/round-3/4-seats"; written in the header's `deal` field


def rng_key(game_id: str, deal: str | None) -> str:
    """What the generator is keyed by: the deal key when the header names one, else the game id."""
    return game_id if deal is None else deal


class SeededRng:
    """Deterministic chance for the command applied at game version `version`."""

    def __init__(self, seed: bytes, game_id: str, version: int) -> None:
        self._prefix = b"frontier-rng-v1:" + seed + b"\0" + game_id.encode() + b"\0" + str(version).encode()
        self._index = 0
        self.draws: list[Draw] = []

    def _stream(self) -> _Stream:
        stream = _Stream(self._prefix + b"\0" + str(self._index).encode())
        self._index += 1
        return stream

    def randint(self, low: int, high: int) -> int:
        if high < low:
            raise ValueError(f"randint({low}, {high}): empty range")
        value = self._stream().below(high - low + 1) + low
        self.draws.append({"op": "randint", "low": low, "high": high, "value": value})
        return value

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        order = list(items)
        stream = self._stream()
        for i in range(len(order) - 1, 0, -1):  # Fisher-Yates
            j = stream.below(i + 1)
            order[i], order[j] = order[j], order[i]
        self.draws.append({"op": "shuffle", "items": list(items), "value": list(order)})
        return tuple(order)

    def rederive(self, asked: Draw) -> Draw | None:
        """The next draw made for the question a recorded draw names (its range or items),
        or None when it names none: what a verifier checks before it re-runs any rule."""
        low, high, items = asked.get("low"), asked.get("high"), asked.get("items")
        if asked.get("op") == "randint" and type(low) is int and type(high) is int and low <= high:
            self.randint(low, high)
        elif asked.get("op") == "shuffle" and isinstance(items, list):
            self.shuffle(items)
        else:
            return None
        return self.draws[-1]


_FOUR_WORDS = struct.Struct(">4Q")  # a SHA-256 block as four 64-bit words


class _Stream:
    """An endless run of 64-bit words from SHA-256 blocks; `below` rejects bias."""

    def __init__(self, key: bytes) -> None:
        self._key = key + b"\0"
        self._block = 0
        self._words: list[int] = []

    def _word(self) -> int:
        if not self._words:
            digest = hashlib.sha256(self._key + str(self._block).encode()).digest()
            self._block += 1
            self._words = list(_FOUR_WORDS.unpack(digest))  # big-endian; popped last first
        return self._words.pop()

    def below(self, n: int) -> int:
        limit = (1 << 64) - (1 << 64) % n
        while True:
            word = self._word()
            if word < limit:
                return word % n


# Every generator ever released, by the id a format-2 log header names, so that old
# logs still re-derive after a new one is added. Never change or remove an entry.
SEEDED_RNG_ID = "frontier-sha256-v1"  # the generator new games use
GENERATORS: dict[str, type[SeededRng]] = {SEEDED_RNG_ID: SeededRng}


class ObservedRng:
    """Serves the outcomes a log recorded, checking each against what was asked."""

    def __init__(self, draws: Sequence[Draw]) -> None:
        self._pending = list(draws)
        self._used = 0
        self.draws: list[Draw] = []

    def _next(self, op: str) -> JsonValue:
        if self._used >= len(self._pending):
            raise ImpossibleOutcome(f"the rules need a {op} here but the log records no more outcomes")
        draw = self._pending[self._used]
        self._used += 1
        if not isinstance(draw, dict) or draw.get("op") != op or "value" not in draw:
            raise ImpossibleOutcome(f"the rules need a {op} here but the log records {draw!r}")
        self.draws.append(draw)
        return draw["value"]

    def _asked(self, field: str, asked: JsonValue, what: str) -> None:
        """A draw that records its question (format 5) must record the one the rules ask."""
        draw = self.draws[-1]
        if field in draw and not same_json(draw[field], asked):
            raise DrawQuestionDiffers(f"the rules ask for {what} but the log records {draw!r}")

    def randint(self, low: int, high: int) -> int:
        value = self._next("randint")
        self._asked("low", low, f"randint({low}, {high})")
        self._asked("high", high, f"randint({low}, {high})")
        if type(value) is not int or not low <= value <= high:
            raise ImpossibleOutcome(f"observed roll {value!r} is not between {low} and {high}")
        return value

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        value = self._next("shuffle")
        self._asked("items", list(items), f"a shuffle of {list(items)!r}")
        if not isinstance(value, list) or Counter(map(repr, value)) != Counter(map(repr, items)):
            raise ImpossibleOutcome(
                f"observed shuffle is not an arrangement of the {len(items)} items in play"
            )
        return tuple(value)

    def finish(self) -> None:
        """Raise if the log recorded outcomes the rules never asked for."""
        if self._used != len(self._pending):
            extra = len(self._pending) - self._used
            raise ImpossibleOutcome(f"the log records {extra} outcome(s) the rules never asked for")
