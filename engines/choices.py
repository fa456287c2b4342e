"""Command fields typed `Literal[...]` hold one of their listed words, checked before any rule.

The codec refuses other words on the wire, but `decide` is also called directly (bots, imports,
tests): there an unknown word must be a RuleViolation naming the field, never a KeyError deep in
a rule. The checks are read once per command class from its type hints.
"""

from __future__ import annotations

from typing import Literal, get_args, get_origin, get_type_hints

from engines.base import Command, RuleViolation

_FIELDS: dict[type[Command], tuple[tuple[str, tuple[object, ...]], ...]] = {}


def _literal_fields(cls: type[Command]) -> tuple[tuple[str, tuple[object, ...]], ...]:
    found = _FIELDS.get(cls)
    if found is None:
        hints = get_type_hints(cls).items()
        found = _FIELDS[cls] = tuple((n, get_args(h)) for n, h in hints if get_origin(h) is Literal)
    return found


def require_listed_words(command: Command, *, rule: str) -> None:
    """Raise BAD_CHOICE when a Literal field of `command` holds a word its type does not list."""
    for name, allowed in _literal_fields(type(command)):
        value = getattr(command, name)
        if value not in allowed:
            words = ", ".join(repr(a) for a in allowed)
            raise RuleViolation(
                "BAD_CHOICE", f"{name} must be one of {words}, not {value!r}.", rule=rule, field=name
            )


__all__ = ["require_listed_words"]
