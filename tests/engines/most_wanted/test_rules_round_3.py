"""Most Wanted round 3: the limit of the join window the statement states (MW-ROB-8 (3a)).

A seat that is out when the last call starts gets no re-join, even when the last call changes
who is in: the window closed at its cap, which keeps every game finite; no source says more.
"""

from __future__ import annotations

import pytest

from engines.base import RuleViolation
from engines.most_wanted import ENGINE
from engines.most_wanted import events as ev
from engines.most_wanted.commands import DeclareRobbery, JoinRobbery, StayPut, WithdrawFromRobbery

from .helpers import of, play, table
from .test_rules_round_2 import HANDS


def test_MW_ROB_8_a_seat_out_at_the_last_call_cannot_rejoin_when_the_last_call_empties_the_robbery() -> None:
    state = table(HANDS, max_join_circuits=2)
    state, _ = play(state, 0, DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-1-a")))
    state, _ = play(state, 1, JoinRobbery(cards=("6-0-a", "6-1-a")))
    state, _ = play(state, 2, StayPut())
    state, _ = play(state, 1, WithdrawFromRobbery())
    state, events = play(state, 2, JoinRobbery(cards=("Q-0-a", "Q-1-a")))
    assert of(events, ev.LastCallStarted) == [ev.LastCallStarted(seats=(2,))]  # seat 2 (index 1) is out
    assert ENGINE.seats_to_act(state) == (2,) and ENGINE.legal_commands(state, 1) == []
    state, events = play(state, 2, WithdrawFromRobbery())
    assert of(events, ev.JoinWindowClosed) == [ev.JoinWindowClosed(participants=(0,))]  # unopposed
    with pytest.raises(RuleViolation) as raised:
        play(state, 1, JoinRobbery(cards=("6-0-a", "6-1-a")))
    assert raised.value.code == "WRONG_PHASE"
