"""Most Wanted rules version 3: each test is named after the rule it checks and fails on version 2."""

from __future__ import annotations

from typing import Any

import pytest

from engines.base import RuleViolation, options_for_log
from engines.most_wanted import ENGINE
from engines.most_wanted import events as ev
from engines.most_wanted.commands import DeclareRobbery, JoinRobbery, StayPut, WithdrawFromRobbery
from engines.most_wanted.state import State

from .helpers import of, play, table
from .test_rules_round_2 import HANDS


def emptied_by_the_last_call(**options: Any) -> State:
    """3 seats, cap 2: seat 2 joins, stays, withdraws; seat 3 joins as the cap's last move, then
    withdraws at the last call, which empties the robbery."""
    state = table(HANDS, max_join_circuits=2, **options)
    state, _ = play(state, 0, DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-1-a")))
    state, _ = play(state, 1, JoinRobbery(cards=("6-0-a", "6-1-a")))
    state, _ = play(state, 2, StayPut())
    state, _ = play(state, 1, WithdrawFromRobbery())
    state, events = play(state, 2, JoinRobbery(cards=("Q-0-a", "Q-1-a")))
    assert of(events, ev.LastCallStarted) == [ev.LastCallStarted(seats=(2,))]
    state, _ = play(state, 2, WithdrawFromRobbery())
    return state


def test_MW_ROB_8_a_seat_out_may_rejoin_when_the_last_call_empties_the_robbery() -> None:
    state = emptied_by_the_last_call()
    assert state.phase == "join" and ENGINE.seats_to_act(state) == (1,)
    assert JoinRobbery(cards=("6-0-a", "6-1-a")) in ENGINE.legal_commands(state, 1)
    state, events = play(state, 1, JoinRobbery(cards=("6-0-a", "6-1-a")))
    assert of(events, ev.RobberyJoined) and ENGINE.seats_to_act(state) == (2,)  # seat 3 may come back too
    state, events = play(state, 2, StayPut())
    assert of(events, ev.JoinWindowClosed) == [ev.JoinWindowClosed(participants=(0, 1))]
    with pytest.raises(RuleViolation) as raised:
        play(state, 2, JoinRobbery(cards=("Q-0-a", "Q-1-a")))  # one re-join call, then the window is shut
    assert raised.value.code == "WRONG_PHASE"


def test_MW_ROB_8_a_last_call_that_changes_nobody_gives_no_rejoin_call() -> None:
    state = table(HANDS, max_join_circuits=1)
    state, _ = play(state, 0, DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-1-a")))
    state, _ = play(state, 1, StayPut())
    state, _ = play(state, 2, JoinRobbery(cards=("Q-0-a", "Q-1-a")))
    state, events = play(state, 2, StayPut())
    assert not of(events, ev.RejoinCallStarted) and state.phase == "lock"


def test_MW_ROB_8_version_2_rules_give_no_rejoin_after_the_last_call() -> None:
    state = emptied_by_the_last_call(rejoin_call=False)
    assert ENGINE.seats_to_act(state) == (0,)  # the declarer is unopposed
    with pytest.raises(RuleViolation) as raised:
        play(state, 1, JoinRobbery(cards=("6-0-a", "6-1-a")))
    assert raised.value.code == "WRONG_PHASE"
    for version in ("most-wanted/1", "most-wanted/2"):
        assert options_for_log(ENGINE, {}, version)["rejoin_call"] is False
    assert options_for_log(ENGINE, {}, "most-wanted/3")["rejoin_call"] is True
