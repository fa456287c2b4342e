"""Near-miss commands for the legal/accepted oracle: commands a client could send that are not listed.

Built generically from the commands' dataclass fields, so every engine gets the same attacks:
another seat's legal commands, every field of a listed command mutated (numbers and indexes out of
range, strings swapped for other values seen in the game, tuples shortened, lengthened or with an
item repeated), and one command of every kind the engine has, filled from the same pool of values.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Iterator
from typing import Any, Literal, get_args, get_origin, get_type_hints

from engines.base import Command

NONSENSE = "no-such-thing"
INTS = (-1, 0, 1, 2, 3, 7, 99)


def field_types(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def values_in(message: object) -> Iterator[object]:
    """Every scalar anywhere in a command (nested records and tuples included)."""
    if dataclasses.is_dataclass(message) and not isinstance(message, type):
        for f in dataclasses.fields(message):
            yield from values_in(getattr(message, f.name))
    elif isinstance(message, tuple):
        for item in message:
            yield from values_in(item)
    else:
        yield message


def strings_in_view(view: object) -> Iterator[str]:
    """Every string of a JSON view: with the organiser's view, cards in the deck and in other hands."""
    if isinstance(view, str):
        yield view
    elif isinstance(view, dict):
        for value in view.values():
            yield from strings_in_view(value)
    elif isinstance(view, list):
        for value in view:
            yield from strings_in_view(value)


def pool_of(commands: Iterable[Command], seen: Iterable[str] = ()) -> tuple[list[str], list[int]]:
    """The strings and integers seen in `commands` (and `seen`): other seats' cards, places, targets."""
    strings: set[str] = {NONSENSE, "", *seen}
    ints: set[int] = set(INTS)
    for command in commands:
        for value in values_in(command):
            if isinstance(value, bool):
                continue
            if isinstance(value, str):
                strings.add(value)
            elif isinstance(value, int):
                ints.update((value, value + 1, value - 1))
    return sorted(strings), sorted(ints)


def mutations(command: Command, strings: list[str], ints: list[int]) -> Iterator[Command]:
    """`command` with one field changed at a time, each way the field's type allows."""
    hints = field_types(type(command))
    for f in dataclasses.fields(command):
        for value in _values_like(getattr(command, f.name), hints[f.name], strings, ints):
            yield dataclasses.replace(command, **{f.name: value})


def one_of_each_kind(
    kinds: Iterable[type[Command]], strings: list[str], ints: list[int]
) -> Iterator[Command]:
    """A few instances of every command class, their fields filled from the pool."""
    for cls in kinds:
        hints = field_types(cls)
        names = [f.name for f in dataclasses.fields(cls)]
        for pick in range(3):
            values = {name: _fresh(hints[name], strings, ints, pick) for name in names}
            yield cls(**values)


def _fresh(hint: Any, strings: list[str], ints: list[int], pick: int) -> Any:
    origin, args = get_origin(hint), get_args(hint)
    if hint is bool:
        return pick % 2 == 0
    if hint is int:
        return ints[(pick * 7) % len(ints)]
    if hint is str:
        return strings[(pick * 5) % len(strings)]
    if origin is Literal:
        return args[pick % len(args)]
    if origin in (types.UnionType, typing.Union):
        options = [a for a in args if a is not type(None)]
        return None if pick == 2 else _fresh(options[0], strings, ints, pick)
    if origin is tuple:
        return tuple(_fresh(args[0], strings, ints, pick + i) for i in range(pick + 1))
    if dataclasses.is_dataclass(hint):
        sub = field_types(hint)
        return hint(**{f.name: _fresh(sub[f.name], strings, ints, pick) for f in dataclasses.fields(hint)})
    raise TypeError(f"no generator for field type {hint!r}")


def _values_like(value: Any, hint: Any, strings: list[str], ints: list[int]) -> Iterator[Any]:
    origin, args = get_origin(hint), get_args(hint)
    if hint is bool:
        yield not value
    elif hint is int:
        yield from (i for i in ints if i != value)
    elif hint is str:
        yield from (s for s in strings if s != value)
    elif origin is Literal:
        yield from (a for a in args if a != value)
        yield NONSENSE
    elif origin in (types.UnionType, typing.Union):
        if value is not None:
            yield None
        for option in (a for a in args if a is not type(None)):
            if value is None:
                yield _fresh(option, strings, ints, 0)
            elif isinstance(value, _runtime(option)):
                yield from _values_like(value, option, strings, ints)
    elif origin is tuple:
        yield from _tuples_like(value, args[0], strings, ints)
    elif dataclasses.is_dataclass(hint):
        sub = field_types(hint)
        for f in dataclasses.fields(hint):
            for changed in _values_like(getattr(value, f.name), sub[f.name], strings, ints):
                yield dataclasses.replace(value, **{f.name: changed})
    else:
        raise TypeError(f"no mutation for field type {hint!r}")


def _tuples_like(
    value: tuple[Any, ...], item: Any, strings: list[str], ints: list[int]
) -> Iterator[tuple[Any, ...]]:
    if value:
        yield value[:-1]  # one too few
        yield value[1:]
        yield (*value, value[0])  # an item listed twice
        yield (value[0], *value[1:-1], value[0])  # repeated in place of another
        for other in _values_like(value[-1], item, strings, ints):
            yield (*value[:-1], other)  # one item swapped for something not offered
        yield tuple(reversed(value))
    yield (*value, _fresh(item, strings, ints, len(value)))  # one too many
    yield ()


def _runtime(hint: Any) -> type | tuple[type, ...]:
    origin = get_origin(hint)
    if origin is Literal:
        return str
    if origin is tuple:
        return tuple
    return typing.cast(type, hint)
