"""Table options: every [gap] default of the spec a table might play differently.

Rules changed in rules version most-wanted/2 are options too (see `LEGACY_DEFAULTS`): their
default is the sourced rule, and the value listed there reproduces logs recorded under /1.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.base import JsonValue, OptionError
from engines.wording import agreeing

CHOICES: dict[str, tuple[str, ...]] = {
    # MW-SET-4 / MW-DUEL-5: "named" is the seed's "the youngest player starts" (the table names
    # that seat as `first_seat`), "duel" the seed's one-card duel. The default "random" has no
    # source: the service cannot know who is youngest, and a recording writes the seat drawn.
    "first_player": ("random", "named", "duel"),
    "tie_rule": ("active_then_clockwise", "nobody_wins"),  # MW-TIE-2
    "duel_reward": ("points_equal_bail", "bail_money_to_winner"),  # MW-DUEL-4
    "bail_rule": ("all_or_nothing", "partial_then_move_back"),  # MW-BAIL-3
}
NUMBERS: dict[str, tuple[int, int, int]] = {  # name: (default, min, max)
    "max_join_circuits": (3, 1, 20),  # MW-ROB-8: the engine's cap on the join window
    "max_turns": (400, 1, 10_000),  # MW-END-2: hard cap so every game ends
    "first_seat": (0, 0, 7),  # MW-SET-4: the seat named to go first (0-based) when first_player is "named"
}
BOOLEANS: dict[str, bool] = {
    # MW-ROB-8 (3a): a join window closed by the circuit cap gives every joined seat a last
    # chance to withdraw or stand (seed: "players may change their minds at any time before
    # the reveal").
    "last_call": True,
    # MW-ROB-4 (b): an unopposed declarer still locks its cards, and may swap them (seed: "you
    # must carry out the action, but may change the played cards if you wish").
    "declarer_may_swap": True,
    # MW-ROB-8 (3b), rules version 3: a last call in which someone withdrew gives the seats then
    # out one call to join (seed: "players may change their minds at any time before the reveal").
    "rejoin_call": True,
}
DEFAULTS: dict[str, JsonValue] = (
    {name: values[0] for name, values in CHOICES.items()}
    | {name: values[0] for name, values in NUMBERS.items()}
    | dict(BOOLEANS)
)
# The values that reproduce the rules of most-wanted/1 for an option its logs do not name.
LEGACY_DEFAULTS: dict[str, dict[str, JsonValue]] = {
    "most-wanted/1": {
        "first_seat": 0,
        "last_call": False,
        "declarer_may_swap": False,
        "rejoin_call": False,
    },
    "most-wanted/2": {"rejoin_call": False},
}


def validate(raw: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    unknown = set(raw) - set(DEFAULTS)
    if unknown:
        raise OptionError(
            f"unknown {agreeing(len(unknown), 'option')} {sorted(unknown)}; known: {sorted(DEFAULTS)}"
        )
    complete = dict(DEFAULTS)
    for name, value in raw.items():
        if name in CHOICES and value not in CHOICES[name]:
            raise OptionError(f"option {name} must be one of {CHOICES[name]}, not {value!r}")
        if name in NUMBERS:
            _, low, high = NUMBERS[name]
            if type(value) is not int or not low <= value <= high:
                raise OptionError(f"option {name} must be an integer from {low} to {high}, not {value!r}")
        if name in BOOLEANS and type(value) is not bool:
            raise OptionError(f"option {name} must be true or false, not {value!r}")
        complete[name] = value
    return complete


def step_bound(options: Mapping[str, JsonValue], players: int) -> int:
    """Steps (accepted commands) within which a game under `options` ends: a generous bound, for
    rules fuzzing to tell a game that lost its end. With a turn cap, a turn is at most every seat
    joining round the table each circuit of the join window, then each withdrawing or standing,
    locking cards and a duel (a turn to the cap: 114 steps at 8 players and 15 circuits, an
    always-first table; 45,601 steps in all); without one, many times the longest game seen."""
    if "max_turns" not in options:
        return 40_000
    circuits = int(options.get("max_join_circuits", 3))
    return int(options["max_turns"]) * players * (circuits + 3) + 1_000
