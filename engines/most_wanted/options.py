"""Table options: every [gap] default of the spec a table might play differently."""

from __future__ import annotations

from collections.abc import Mapping

from engines.base import JsonValue, OptionError

CHOICES: dict[str, tuple[str, ...]] = {
    "first_player": ("random", "duel"),  # MW-SET-4 / MW-DUEL-5
    "tie_rule": ("active_then_clockwise", "nobody_wins"),  # MW-TIE-2
    "duel_reward": ("points_equal_bail", "bail_money_to_winner"),  # MW-DUEL-4
    "bail_rule": ("all_or_nothing", "partial_then_move_back"),  # MW-BAIL-3
}
NUMBERS: dict[str, tuple[int, int, int]] = {  # name: (default, min, max)
    "max_join_circuits": (3, 1, 20),  # MW-ROB-8: the engine's cap on the join window
    "max_turns": (400, 1, 10_000),  # MW-END-2: hard cap so every game ends
}
DEFAULTS: dict[str, JsonValue] = {name: values[0] for name, values in CHOICES.items()} | {
    name: values[0] for name, values in NUMBERS.items()
}


def validate(raw: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    unknown = set(raw) - set(DEFAULTS)
    if unknown:
        raise OptionError(f"unknown {_options(len(unknown))} {sorted(unknown)}; known: {sorted(DEFAULTS)}")
    complete = dict(DEFAULTS)
    for name, value in raw.items():
        if name in CHOICES and value not in CHOICES[name]:
            raise OptionError(f"option {name} must be one of {CHOICES[name]}, not {value!r}")
        if name in NUMBERS:
            _, low, high = NUMBERS[name]
            if type(value) is not int or not low <= value <= high:
                raise OptionError(f"option {name} must be an integer from {low} to {high}, not {value!r}")
        complete[name] = value
    return complete


def _options(count: int) -> str:
    return "option" if count == 1 else "options"
