"""Table options: every [gap] default a table might play differently, by name.

`Options` is what the state carries; `validate` turns raw JSON into the full,
default-filled dict that the game stores and `setup` receives.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields

from engines.base import JsonValue, OptionError


@dataclass(frozen=True)
class Options:
    mystery_safes: int = 0  # DW-ADV-1: silver safes shuffled in (0-5)
    badge_turns: str = "per_badge"  # DW-END-2: "per_badge" | "per_player"
    assists: bool = True  # DW-ASSIST-2: Holster help in robberies and duels
    safe_limit: int = 3  # DW-ROB-7
    main_rounds: int = (
        0  # DW-RND-2: 0 = one per centre safe; fewer shortens the game (never more: heists need safes)
    )
    location_capacity: int = 0  # DW-CAP-2: 0 = the capacity table
    rob_teammates: bool = True  # DW-ROB-1: teammates may be robbed
    hand_guns_in_showdown: bool = True  # DW-SHOW-1 / open question 11
    duster_draw: int = 4  # DW-CARD-2
    stetson_peeks: int = 2  # DW-CARD-2


_CHOICES: dict[str, tuple[object, ...]] = {
    "mystery_safes": tuple(range(6)),
    "badge_turns": ("per_badge", "per_player"),
    "safe_limit": tuple(range(2, 6)),
    "main_rounds": (0, 1, 2, 3),
    "location_capacity": tuple(range(0, 10)),
    "duster_draw": tuple(range(0, 7)),
    "stetson_peeks": (1, 2, 3),
}


def validate(raw: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    defaults = asdict(Options())
    unknown = set(raw) - set(defaults)
    if unknown:
        raise OptionError(f"unknown Deadwood 1876 {_options(len(unknown))}: {', '.join(sorted(unknown))}")
    result = dict(defaults)
    for name, value in raw.items():
        expected = type(defaults[name])
        if type(value) is not expected:
            raise OptionError(f"option {name} must be a {expected.__name__}, got {value!r}")
        allowed = _CHOICES.get(name)
        if allowed is not None and value not in allowed:
            raise OptionError(f"option {name} must be one of {list(allowed)}, got {value!r}")
        result[name] = value
    return result


def from_dict(data: Mapping[str, JsonValue]) -> Options:
    known = {f.name for f in fields(Options)}
    return Options(**{k: v for k, v in validate(data).items() if k in known})


def _options(count: int) -> str:
    return "option" if count == 1 else "options"
