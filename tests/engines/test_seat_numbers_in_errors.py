"""A RuleViolation that names a seat names it as people count: the API's seat plus one."""

from __future__ import annotations

import pytest

from engines.base import RuleViolation
from engines.most_wanted import ENGINE as MOST_WANTED
from engines.most_wanted.commands import ChallengeDuel, VisitChurch
from engines.rng import SeededRng
from engines.western_legends import commands as cmd
from tests.engines.most_wanted.helpers import table as most_wanted_table
from tests.engines.western_legends.helpers import player, violation
from tests.engines.western_legends.helpers import table as western_table

HANDS = {0: ["9-0-a", "9-0-b", "K-0-a"], 1: ["6-0-a", "8-1-a"], 2: ["Q-0-a", "Q-1-a"]}


def refused(state: object, seat: int, command: object) -> RuleViolation:
    with pytest.raises(RuleViolation) as raised:
        MOST_WANTED.decide(state, seat, command, SeededRng(b"x", "t", 1))  # type: ignore[arg-type]
    return raised.value


@pytest.mark.parametrize("active", [0, 1, 2])
def test_not_your_turn_names_the_active_seat_plus_one(active: int) -> None:
    state = most_wanted_table(HANDS, active=active)
    other = (active + 1) % 3
    error = refused(state, other, VisitChurch(cards=()))
    assert error.code == "NOT_YOUR_TURN"
    assert f"It is seat {active + 1}'s turn" in error.message


@pytest.mark.parametrize("target", [3, 7])
def test_a_duel_with_a_seat_that_is_not_there_names_it_for_people(target: int) -> None:
    error = refused(most_wanted_table(HANDS), 0, ChallengeDuel(target=target, size=1))
    assert error.code == "BAD_DUEL_TARGET"
    assert f"Seat {target + 1} is not another player" in error.message and "seats 1 to 3" in error.message


def test_a_western_legends_fight_elsewhere_names_the_target_plus_one() -> None:
    state = western_table(["wild_bill_hickok", "doc_holliday"], ["I4", "I3"])
    state = player(state, 0, hand=["KS"])
    error = violation(state, 0, cmd.StartFight(target=1, fight="duel"))
    assert error.code == "TARGET_ELSEWHERE"
    assert error.message.startswith("Seat 2 is not on your space")
