"""Where two JSON values first differ, said short: a field path and both values, for a person to read.

An event holds a whole table's state at times (a setup is ~1,500 characters); a report that
prints both events leaves the reader to find the one field that differs. `first_difference`
names it: `players[1].hand[0]`.
"""

from __future__ import annotations

from engines.base import JsonValue, same_json

VALUE_LIMIT = 40  # characters of each value in a one-line report


def first_difference(recorded: JsonValue, given: JsonValue, path: str = "") -> tuple[str, str, str]:
    """The path of the first place `recorded` and `given` differ (as JSON: `true` is not `1`), and
    the two values there, each said short ("absent" for a key only the other side has). An
    event's `kind` is compared first: two events of different kinds differ there. The caller
    knows they differ; for equal values the path is `path` itself."""
    if isinstance(recorded, dict) and isinstance(given, dict):
        keys = [*recorded, *(k for k in given if k not in recorded)]
        for key in sorted(keys, key=lambda k: k != "kind"):  # stable: "kind" first, then as written
            if key not in recorded or key not in given:
                return _joined(path, key), _said(recorded, key), _said(given, key)
            if not same_json(recorded[key], given[key]):
                return first_difference(recorded[key], given[key], _joined(path, key))
    elif (
        isinstance(recorded, list | tuple) and isinstance(given, list | tuple) and len(recorded) == len(given)
    ):
        for index, (mine, theirs) in enumerate(zip(recorded, given, strict=True)):
            if not same_json(mine, theirs):
                return first_difference(mine, theirs, f"{path}[{index}]")
    return path or "(the whole value)", said_short(recorded), said_short(given)


def said_short(value: JsonValue, limit: int = VALUE_LIMIT) -> str:
    """`value` as text, cut to `limit` characters with an ellipsis."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _said(values: dict[str, JsonValue], key: str) -> str:
    return said_short(values[key]) if key in values else "absent"


def _joined(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key
