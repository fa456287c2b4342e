"""A line's recorded draws, served to its rules once the seed has re-derived every one of them.

From format 5 each draw records its question (a randint's range, a shuffle's items), and an audit
first re-derives each outcome from the seed for the question recorded (`replay.verify`'s
`_check_recorded_draws`). The seeded generator's k-th outcome of a line depends only on the seed,
the line and k and the question asked, so when the rules then ask exactly the recorded questions
in order, a seeded run would hand them exactly the recorded outcomes, and its draws would be the
line's: re-deriving them a second time is repeated work. These draws serve the recorded outcomes
while the rules ask the recorded questions; any other question, or a draw left over, is not
decided here (`Diverged`, or `finished` False), and the seeded run decides as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from engines.base import JsonValue

T = TypeVar("T")

_RANDINT = frozenset(("op", "low", "high", "value"))
_SHUFFLE = frozenset(("op", "items", "value"))


class Diverged(Exception):
    """The rules asked a question other than the one recorded next (or none was left)."""


class CheckedDraws:
    """An `Rng` serving outcomes already re-derived from the seed for their recorded questions."""

    def __init__(self, draws: Sequence[Mapping[str, JsonValue]]) -> None:
        self._draws = draws
        self._used = 0

    @property
    def finished(self) -> bool:
        """Whether the rules asked for every recorded draw."""
        return self._used == len(self._draws)

    def _next(self, keys: frozenset[str]) -> Mapping[str, JsonValue]:
        if self._used >= len(self._draws):
            raise Diverged
        draw = self._draws[self._used]
        self._used += 1
        if type(draw) is not dict or draw.keys() != keys:  # the seed writes exactly these keys
            raise Diverged
        return draw

    def randint(self, low: int, high: int) -> int:
        draw = self._next(_RANDINT)
        value = draw["value"]
        if not (
            draw["op"] == "randint"
            and _same_scalar(draw["low"], low)
            and _same_scalar(draw["high"], high)
            and type(value) is int
        ):
            raise Diverged
        return value

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        draw = self._next(_SHUFFLE)
        recorded, value = draw["items"], draw["value"]
        if not (
            draw["op"] == "shuffle"
            and type(recorded) is list
            and type(value) is list
            and len(recorded) == len(items)
            and all(map(_same_scalar, recorded, items))
        ):
            raise Diverged
        # The seed's outcome was checked equal to `value`: a permutation of the recorded items,
        # which are the items asked, value for value and type for type.
        shuffled: tuple[Any, ...] = tuple(value)
        return shuffled


def _same_scalar(recorded: JsonValue, asked: object) -> bool:
    """`recorded` is `asked`, a JSON string or integer of the very same type (no bool for an int)."""
    return type(recorded) is type(asked) and type(asked) in (int, str) and recorded == asked
