"""Table options: every [gap] default a table might play differently, by name.

`Options` is what the state carries; `validate` turns raw JSON into the full,
default-filled dict that the game stores and `setup` receives. A rule changed in
rules version deadwood-1876/2 is an option whose default is the sourced rule;
`LEGACY_DEFAULTS` holds the values that replay a game recorded under /1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields

from engines.base import JsonValue, OptionError
from engines.deadwood.components import CHARACTERS, CHARACTERS_V1
from engines.wording import agreeing


@dataclass(frozen=True)
class Options:
    mystery_safes: int = 0  # DW-ADV-1: silver safes shuffled in (0-5)
    badge_turns: str = "per_player"  # DW-END-2: the seed's "one extra turn"; "per_badge" an option
    assists: bool = True  # DW-ASSIST-2: Holster help in robberies and duels
    safe_limit: int = 3  # DW-ROB-7
    main_rounds: int = (
        0  # DW-RND-2: 0 = one per centre safe; fewer shortens the game (never more: heists need safes)
    )
    location_capacity: int = 0  # DW-CAP-2: 0 = the capacity table
    rob_teammates: bool = True  # DW-ROB-1: teammates may be robbed
    hand_guns_in_showdown: bool = True  # DW-SHOW-1 / open question 11
    mystery_gold_die: str = "played_gun"  # DW-SAFE-4: pt-rules "play a gun"; "black_die" (rules version 1)
    holsters_in_showdown: bool = False  # DW-SHOW-1: es-aid "Holster ... no se pueden usar en batalla final"
    characters: tuple[str, ...] = ()  # DW-SETUP-2: each seat's chosen character, seat order; () = list order
    duster_draw: int = 4  # DW-CARD-2
    stetson_peeks: int = 2  # DW-CARD-2
    # Rules version 3: "strict" refuses main_rounds above the centre safes (DW-RND-2), more
    # characters than seats and the two television names (DW-SETUP-2, DW-CHAR-1); "lenient" is
    # what versions 1 and 2 accepted (main_rounds cut to the centre safes, extra names unused),
    # read only from their logs and version 3's since version 4 (LOG_ONLY)
    option_checks: str = "strict"
    # DW-SETUP-2: "chosen" has each seat send choose_character at setup; "dealt" is `characters`
    character_choice: str = "dealt"


_CHOICES: dict[str, tuple[object, ...]] = {
    "mystery_safes": tuple(range(6)),
    "badge_turns": ("per_player", "per_badge"),
    "mystery_gold_die": ("played_gun", "black_die"),
    "safe_limit": tuple(range(2, 6)),
    "main_rounds": (0, 1, 2, 3),
    "location_capacity": tuple(range(0, 10)),
    "duster_draw": tuple(range(0, 7)),
    "stetson_peeks": (1, 2, 3),
    "option_checks": ("strict", "lenient"),
    "character_choice": ("dealt", "chosen"),
}
# Named in a table's options only when the table names it, so every game recorded before the
# option existed is recorded byte for byte as it was (replay.golden.option_space reads it).
NAMED_ONLY_DEFAULTS: dict[str, JsonValue] = {"character_choice": "dealt"}


# The values that reproduce the rules of deadwood-1876/1 for an option its logs do not name.
LEGACY_DEFAULTS: dict[str, dict[str, JsonValue]] = {
    "deadwood-1876/1": {
        "badge_turns": "per_badge",
        "holsters_in_showdown": True,
        "mystery_gold_die": "black_die",
        "characters": list(CHARACTERS_V1),
        "option_checks": "lenient",
    },
    "deadwood-1876/2": {"option_checks": "lenient"},
    # version 4 gave character_choice a rules version of its own and closed "lenient" to new tables
    "deadwood-1876/3": {},
}

# Options a later rules version added beside unchanged defaults: a table under an earlier version
# cannot name them. character_choice first shipped under the /3 label, whose earlier verifiers refuse
# it as an unknown option; logs of /3 that name it still read (options_for_log).
OPTIONS_SINCE: dict[str, str] = {"character_choice": "deadwood-1876/4"}

# Option values kept only to replay the logs of the rules versions that played them: a new table
# naming one is refused (engines.base.options_for_table). Versions 1 and 2 played "lenient"
# checks, and version 3 let a table name them.
LOG_ONLY: dict[str, dict[str, tuple[str, ...]]] = {
    "option_checks": {"lenient": ("deadwood-1876/1", "deadwood-1876/2", "deadwood-1876/3")},
}


# Every option's default, made once (an audit validates each log's options, and asdict is slow);
# validate gives each result a `characters` list of its own.
_DEFAULTS: dict[str, JsonValue] = {k: v for k, v in asdict(Options()).items() if k not in NAMED_ONLY_DEFAULTS}
_ACCEPTED = _DEFAULTS.keys() | NAMED_ONLY_DEFAULTS.keys()
_FIELDS = frozenset(f.name for f in fields(Options))


def validate(raw: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    unknown = raw.keys() - _ACCEPTED
    if unknown:
        raise OptionError(
            f"unknown Deadwood 1876 {agreeing(len(unknown), 'option')}: {', '.join(sorted(unknown))}"
        )
    result: dict[str, JsonValue] = {**_DEFAULTS, "characters": []}
    for name, value in raw.items():
        if name == "characters":
            result[name] = _characters(value, strict=raw.get("option_checks", "strict") == "strict")
            continue
        expected = type({**_DEFAULTS, **NAMED_ONLY_DEFAULTS}[name])
        if type(value) is not expected:
            raise OptionError(f"option {name} must be a {expected.__name__}, got {value!r}")
        allowed = _CHOICES.get(name)
        if allowed is not None and value not in allowed:
            raise OptionError(f"option {name} must be one of {list(allowed)}, got {value!r}")
        result[name] = value
    if result.get("character_choice") == "chosen" and result["characters"]:
        raise OptionError(
            "option characters names the table's characters, character_choice=chosen lets the seats "
            "choose them: give one or the other (DW-SETUP-2)"
        )
    return result


def _characters(value: JsonValue, *, strict: bool) -> list[str]:
    """DW-SETUP-2: the characters the players chose, in seat order (unique, from the known list;
    the version-1 list's two television names only for `option_checks="lenient"`)."""
    known = CHARACTERS if strict else (*CHARACTERS, *(c for c in CHARACTERS_V1 if c not in CHARACTERS))
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise OptionError(f"option characters must be a list of character names, got {value!r}")
    for name in value:
        if name not in known:
            raise OptionError(f"option characters: {name!r} is not a character; choose from {list(known)}")
    if len(set(value)) != len(value):
        raise OptionError(f"option characters names a character twice: {value!r}")
    return list(value)


def check_for_seats(options: Options, seats: int, centre_safes: int) -> None:
    """The checks that depend on the table's size (`option_checks="strict"`)."""
    if options.option_checks != "strict":
        return
    if options.main_rounds > centre_safes:
        raise OptionError(
            f"option main_rounds={options.main_rounds} needs {options.main_rounds} centre safes; "
            f"{seats} players have {centre_safes} (DW-RND-2: one main round per centre safe)"
        )
    if len(options.characters) > seats:
        raise OptionError(
            f"option characters names {len(options.characters)} characters for {seats} seats "
            "(DW-SETUP-2: one chosen character per seat)"
        )


def from_dict(data: Mapping[str, JsonValue]) -> Options:
    complete = validate(data)
    complete["characters"] = tuple(complete["characters"])
    return Options(**{k: v for k, v in complete.items() if k in _FIELDS})


def step_bound(options: Mapping[str, JsonValue], players: int) -> int:
    """Steps (accepted commands) within which a game ends: a generous bound, for rules fuzzing to
    tell a game that lost its end. No option caps a game's length; the longest seen are under 200."""
    return 4_000
