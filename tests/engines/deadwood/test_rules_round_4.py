"""Deadwood 1876 rules version 4 (seeds/rules/deadwood-1876.md): each test is named after the rule it
checks and fails when the rule is undone."""

from __future__ import annotations

import pytest

from engines.base import OptionError, options_as_recorded, options_for_log, options_for_table
from engines.deadwood import ENGINE


@pytest.mark.parametrize(
    "raw", [{"option_checks": "lenient"}, {"option_checks": "lenient", "main_rounds": 3}]
)
def test_DW_RND_2_option_checks_lenient_is_refused_in_a_new_table_naming_the_option(
    raw: dict[str, object],
) -> None:
    with pytest.raises(OptionError, match="option_checks='lenient'") as refused:
        options_for_table(ENGINE, raw)
    assert "new table" in str(refused.value) and "deadwood-1876/3" in str(refused.value)
    assert options_for_table(ENGINE, {"option_checks": "strict"})["option_checks"] == "strict"


def test_DW_RND_2_lenient_is_read_only_from_the_logs_of_the_versions_that_played_it() -> None:
    named = {"option_checks": "lenient", "main_rounds": 3}
    for version in ("deadwood-1876/1", "deadwood-1876/2", "deadwood-1876/3"):
        assert options_for_log(ENGINE, named, version)["option_checks"] == "lenient"
    assert options_for_log(ENGINE, {}, "deadwood-1876/2")["option_checks"] == "lenient"  # by default
    with pytest.raises(OptionError, match="a log of deadwood-1876/4"):
        options_for_log(ENGINE, named, "deadwood-1876/4")


def test_DW_RND_2_a_new_table_under_an_older_version_takes_lenient_only_from_its_defaults() -> None:
    complete, stored = options_as_recorded(ENGINE, {}, "deadwood-1876/2")
    assert complete["option_checks"] == "lenient" and "option_checks" not in stored
    with pytest.raises(OptionError, match="new table"):
        options_as_recorded(ENGINE, {"option_checks": "lenient"}, "deadwood-1876/3")


def test_DW_SETUP_2_character_choice_has_a_rules_version_of_its_own() -> None:
    assert ENGINE.rules_version == "deadwood-1876/4"
    for version in ("deadwood-1876/1", "deadwood-1876/2", "deadwood-1876/3"):
        with pytest.raises(OptionError, match="character_choice came with rules version deadwood-1876/4"):
            options_as_recorded(ENGINE, {"character_choice": "chosen"}, version)
    # a /3 log the server wrote before the label: still read, as it was played
    assert (
        options_for_log(ENGINE, {"character_choice": "chosen"}, "deadwood-1876/3")["character_choice"]
        == "chosen"
    )
    assert options_for_table(ENGINE, {"character_choice": "chosen"})["character_choice"] == "chosen"
