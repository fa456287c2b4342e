"""Every value of every table option an engine accepts, found by asking the engine.

Engines spell their options differently (tables of choices, number ranges, a dataclass of
defaults), so rather than read each shape this module offers candidates to `engine.options` and
keeps what it accepts: both booleans, small integers around the default, and every string constant
of the engine's options module. Large integer ranges (a round cap of 5-200) are sampled, not walked.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from types import ModuleType
from typing import Any

from engines.base import Engine, JsonValue

# Small numbers walk a count (safes, wounds, rounds); round ones find the other end of a cap (money).
CANDIDATE_INTEGERS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 16, 20, 25, 30, 40, 60, 100, 200, 1000)


def option_values(engine: Engine) -> dict[str, list[JsonValue]]:
    """Each option's accepted values, the default first (in a stable order)."""
    module = _options_module(engine)
    # An option a table's options name only when set is listed in its module's NAMED_ONLY_DEFAULTS.
    defaults = {**engine.options({}), **getattr(module, "NAMED_ONLY_DEFAULTS", {})}
    strings = sorted(_strings_of(module))
    values: dict[str, list[JsonValue]] = {}
    for name, default in defaults.items():
        accepted = [default]
        for candidate in _candidates(default, strings):
            if candidate in accepted or type(candidate) is not type(default):
                continue
            if _accepts(engine, name, candidate):
                accepted.append(candidate)
        values[name] = accepted
    return values


def single_changes(engine: Engine) -> list[dict[str, JsonValue]]:
    """The defaults, then one table per non-default value of one option: every value is played."""
    tables: list[dict[str, JsonValue]] = [{}]
    for name, accepted in option_values(engine).items():
        tables += [{name: value} for value in accepted[1:]]
    return tables


def _candidates(default: JsonValue, strings: list[str]) -> Iterator[JsonValue]:
    if isinstance(default, bool):
        yield from (True, False)
    elif isinstance(default, int):
        yield from CANDIDATE_INTEGERS
    elif isinstance(default, str):
        yield from strings


def _accepts(engine: Engine, name: str, value: JsonValue) -> bool:
    try:
        engine.options({name: value})
    except Exception:  # noqa: BLE001 -- refusing a candidate is the answer we ask for
        return False
    return True


def _options_module(engine: Engine) -> ModuleType | None:
    """The module that defines the engine's `options` (a game folder's options.py), else its class's."""
    module = getattr(engine.options, "__module__", None)
    if module is None or module == "engines.game":
        module = type(engine).__module__.rsplit(".", 1)[0] + ".options"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError:
        return None


def _strings_of(module: ModuleType | None) -> set[str]:
    """Every string in the module's top-level constants (choice tables, defaults)."""
    found: set[str] = set()

    def walk(value: Any, depth: int) -> None:
        if depth > 4:
            return
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key, depth + 1)
                walk(item, depth + 1)
        elif isinstance(value, tuple | list | set | frozenset):
            for item in value:
                walk(item, depth + 1)

    if module is not None:
        for name, value in vars(module).items():
            if not name.startswith("__"):
                walk(value, 0)
    return found
