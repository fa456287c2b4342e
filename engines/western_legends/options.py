"""Table options: the game length and every [gap] default a table might play differently."""

from __future__ import annotations

from collections.abc import Mapping

from engines.base import JsonValue, OptionError

# name -> (default, allowed values); spec §19 and the [gap] defaults of seeds/rules/western-legends.md
CHOICES: dict[str, tuple[JsonValue, tuple[JsonValue, ...]]] = {
    "target_lp": (15, (15, 20, 25)),  # WL-OVR-4
    "max_rounds": (40, tuple(range(5, 201))),  # safety cap so every game ends; not a rule (documented)
    "half_rounding": ("up", ("up", "down")),  # WL-CMP-2
    "wound_cap": (3, (3, 4, 5, 6)),  # WL-WND-1
    "money_cap": (120, (120, 1000)),  # WL-CMP-3
    "upgraded_item_lp": (1, (0, 1, 2)),  # WL-ITEM-2
    "first_player": ("most_wanted", ("most_wanted", "seat_0")),  # WL-SET-4
    "character_deal": ("draw_two", ("draw_two", "random")),  # WL-SET-3: draw 2 keep 1, or 1 dealt at random
    "start_space": ("choose", ("choose", "first_listed")),  # WL-SET-5: pick a cell of the start location
    "start_of_fight_order": ("active_first", ("active_first", "first_player_first")),  # WL-FIGHT-4
    # full-ruleset modules (WL-SET-2, WL-SET-6, WL-STORY-1, WL-GOAL-1, WL-MIB-1): not in the core set yet
    "stories": ("off", ("off",)),
    "goals": ("off", ("off",)),
    "man_in_black": ("off", ("off",)),
}


def validate(raw: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    unknown = sorted(set(raw) - set(CHOICES))
    if unknown:
        raise OptionError(f"unknown {_options(len(unknown))} {unknown}; known: {sorted(CHOICES)}")
    complete: dict[str, JsonValue] = {}
    for name, (default, allowed) in CHOICES.items():
        value = raw.get(name, default)
        if value not in allowed or type(value) is not type(default):
            raise OptionError(f"option {name}={value!r} is not allowed")
        complete[name] = value
    return complete


def _options(count: int) -> str:
    return "option" if count == 1 else "options"
