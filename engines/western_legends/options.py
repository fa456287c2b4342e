"""Table options: the game length and every [gap] default a table might play differently."""

from __future__ import annotations

from collections.abc import Mapping

from engines.base import JsonValue, OptionError
from engines.western_legends.cattle import FIRST_PRINTING_CATTLE
from engines.wording import agreeing

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
    # Rules version 2: each default is the sourced behaviour, the other value is rules version 1's
    # behaviour (LEGACY_V1)
    "bank_robbery": ("once_per_turn", ("once_per_turn", "unlimited")),  # WL-LOC-BANK-2
    "npc_fight_modifiers": ("all_fights", ("all_fights", "players_only")),  # WL-NPC-1
    "fight_card_10": ("optional", ("optional", "always_restart")),  # WL-NPC-2
    "fight_deck": ("ordered", ("ordered", "pool")),  # WL-CMP-5
    "end_phase_order": ("discard_first", ("discard_first", "sheriff_lp_discard")),  # WL-TURN-5
    # Rules version 3: WL-END-1 on every LP gain of any seat; "end_phase" is version 2's check
    "end_trigger": ("any_gain", ("any_gain", "end_phase")),
    # WL-SET-1: the first printing's 12 cattle tokens, or the later printing's 16 (the seed's
    # component list); the 16's split and the extra tokens' values have no source
    "cattle_tokens": (FIRST_PRINTING_CATTLE, (FIRST_PRINTING_CATTLE, 16)),
    "sheriff_walk": ("off", ("off", "end_phase")),  # WL-SHF-2: no source for a walk
    "bandit_respawn": ("off", ("off", "every_round")),  # WL-NPC-3: no source for a respawn
    "wyatt_start": ("free_hideout", ("free_hideout", "any_hideout")),  # WL-SET-5
    # Kit Carson's card: "end_of_move" decides the step when the Move ends, after a fight met on it
    # (version 4); "after_move" decided it when the Move reached its space (versions 2 and 3)
    "kit_carson_step": ("end_of_move", ("end_of_move", "after_move", "plus_one_movement")),
    "work_action": ("on", ("on", "off")),  # WL-LOC-WORK-1
    "saloon_poker": ("on", ("on", "off")),  # WL-LOC-SAL-1: the Gamble action
    "bloody_knife_route": ("chosen", ("chosen", "only_when_needed")),  # Bloody Knife's card
    # full-ruleset modules (WL-SET-2, WL-SET-6, WL-STORY-1, WL-GOAL-1, WL-MIB-1): not in the core set yet
    "stories": ("off", ("off",)),
    "goals": ("off", ("off",)),
    "man_in_black": ("off", ("off",)),
}


# What rules version 1 (before the audit) played: a log recorded then lacks these options and
# replays with them (engines.base.options_for_log); state built by its setup event reads them too.
LEGACY_V1: dict[str, JsonValue] = {
    "bank_robbery": "unlimited",
    "npc_fight_modifiers": "players_only",
    "fight_card_10": "always_restart",
    "fight_deck": "pool",
    "end_phase_order": "sheriff_lp_discard",
    "sheriff_walk": "end_phase",
    "bandit_respawn": "every_round",
    "wyatt_start": "any_hideout",
    "kit_carson_step": "plus_one_movement",
    "work_action": "off",
    "saloon_poker": "off",
    "bloody_knife_route": "only_when_needed",
    # version 1 checked on every gain already (its end phase order does); this value only
    # stands for "not written in the setup event", which a version 2 event also is
    "end_trigger": "end_phase",
}

# The value of an option its `game_started` event leaves out: version 1's, and for an option added
# without changing a rule, the value every game had before it (so earlier logs re-derive exactly).
UNWRITTEN: dict[str, JsonValue] = {**LEGACY_V1, "cattle_tokens": FIRST_PRINTING_CATTLE}


# per older rules version, the option values that replay its logs as they were played
LEGACY_DEFAULTS: dict[str, dict[str, JsonValue]] = {
    "western-legends/1": LEGACY_V1,
    "western-legends/2": {"end_trigger": "end_phase", "kit_carson_step": "after_move"},
    "western-legends/3": {"kit_carson_step": "after_move"},
}


def validate(raw: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    unknown = sorted(set(raw) - set(CHOICES))
    if unknown:
        raise OptionError(f"unknown {agreeing(len(unknown), 'option')} {unknown}; known: {sorted(CHOICES)}")
    complete: dict[str, JsonValue] = {}
    for name, (default, allowed) in CHOICES.items():
        value = raw.get(name, default)
        if value not in allowed or type(value) is not type(default):
            raise OptionError(f"option {name}={value!r} is not allowed")
        complete[name] = value
    return complete


def step_bound(options: Mapping[str, JsonValue], players: int) -> int:
    """Steps (accepted commands) within which a game under `options` ends: a generous bound, for
    rules fuzzing to tell a game that lost its end. With a round cap, a round is a turn per seat of
    a few actions, fights and reactions (about 7 steps a seat seen on the 40-round cap); without
    one, many times the longest game seen."""
    if "max_rounds" not in options:
        return 40_000
    return int(options["max_rounds"]) * players * 40 + 1_000
