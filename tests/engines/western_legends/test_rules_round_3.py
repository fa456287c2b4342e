"""Western Legends rules version 3: each test is named after the rule it checks and fails on version 2."""

from __future__ import annotations

from engines.base import options_for_log
from engines.western_legends import ENGINE
from engines.western_legends import commands as cmd
from engines.western_legends import events as ev
from tests.engines.western_legends.helpers import of_kind, play, player, table


def test_WL_END_1_the_end_is_triggered_on_the_gain_itself() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["I4", "A1"])
    state = player(state, 0, money=30, lp=14)
    state, events = play(state, 0, cmd.Revel(times=1))
    assert state.players[0].lp == 15 and [e.seat for e in of_kind(events, ev.EndTriggered)] == [0]
    state, events = play(state, 0, cmd.EndActions())
    assert not of_kind(events, ev.EndTriggered)  # triggered once


def test_WL_END_1_version_2_logs_read_with_the_end_phase_check() -> None:
    assert options_for_log(ENGINE, {}, "western-legends/2")["end_trigger"] == "end_phase"
    assert options_for_log(ENGINE, {}, "western-legends/3")["end_trigger"] == "any_gain"
