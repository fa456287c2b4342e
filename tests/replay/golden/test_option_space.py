"""The option space rules fuzzing plays: every value of every option, text options included."""

from __future__ import annotations

from engines.registry import get_engine
from replay.golden.option_space import option_values


def test_every_text_option_value_and_the_later_printings_token_count_are_played() -> None:
    western = option_values(get_engine("western-legends"))
    assert western["end_trigger"] == ["any_gain", "end_phase"] and western["cattle_tokens"] == [12, 16]
    assert western["fight_deck"] == ["ordered", "pool"]
    assert option_values(get_engine("deadwood-1876"))["option_checks"] == ["strict", "lenient"]
    assert option_values(get_engine("most-wanted"))["first_player"] == ["random", "duel", "named"]


def test_an_option_named_only_when_set_is_played_too() -> None:
    """DW-SETUP-2's character_choice is left out of recorded tables at its default, yet fuzzed and covered."""
    assert option_values(get_engine("deadwood-1876"))["character_choice"] == ["dealt", "chosen"]
