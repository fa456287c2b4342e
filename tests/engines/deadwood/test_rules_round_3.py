"""Deadwood 1876 rules version 3 (seeds/rules/deadwood-1876.md): options a table cannot play are refused.

Each test is named after the rule it checks and fails on the engine before the change.
"""

from __future__ import annotations

import pytest

from engines.base import OptionError, options_for_log
from engines.deadwood import ENGINE
from engines.deadwood import events as ev
from engines.deadwood.components import CHARACTERS
from engines.rng import SeededRng


def setup(options: dict[str, object], seats: int) -> list[object]:
    return list(ENGINE.setup(ENGINE.options(options), seats, SeededRng(b"round 3", "t", 0)))


@pytest.mark.parametrize("seats", [8, 9])
def test_DW_RND_2_three_main_rounds_at_8_or_9_players_is_refused_naming_the_rule(seats: int) -> None:
    with pytest.raises(OptionError, match="DW-RND-2") as refused:
        setup({"main_rounds": 3}, seats)
    assert "main_rounds=3" in str(refused.value) and "2" in str(refused.value)
    started = setup({"main_rounds": 2}, seats)[0]
    assert isinstance(started, ev.GameStarted) and started.main_rounds == 2
    started = setup({"main_rounds": 3}, 7)[0]
    assert isinstance(started, ev.GameStarted) and started.main_rounds == 3


def test_DW_SETUP_2_more_chosen_characters_than_seats_is_refused() -> None:
    with pytest.raises(OptionError, match="3 characters for 2 seats"):
        setup({"characters": list(CHARACTERS[:3])}, 2)


@pytest.mark.parametrize("name", ["Alma Garret", "Doc Cochran"])
def test_DW_CHAR_1_the_television_names_are_refused_in_a_new_table(name: str) -> None:
    with pytest.raises(OptionError, match=name):
        ENGINE.options({"characters": [name]})


def test_version_1_and_2_logs_keep_the_lenient_checks_they_were_played_under() -> None:
    for version in ("deadwood-1876/1", "deadwood-1876/2"):
        options = options_for_log(ENGINE, {"main_rounds": 3, "characters": ["Alma Garret"]}, version)
        assert options["option_checks"] == "lenient"
        started = ENGINE.setup(options, 8, SeededRng(b"old", "t", 0))[0]
        assert isinstance(started, ev.GameStarted) and started.main_rounds == 2  # as /2 played it
    assert options_for_log(ENGINE, {}, "deadwood-1876/3")["option_checks"] == "strict"
