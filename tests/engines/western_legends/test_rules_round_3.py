"""Western Legends rules version 3: each test is named after the rule it checks and fails on version 2."""

from __future__ import annotations

from dataclasses import replace

from engines.base import options_for_log
from engines.western_legends import ENGINE
from engines.western_legends import commands as cmd
from engines.western_legends import events as ev
from engines.western_legends.rules import Tx, gain
from tests.engines.western_legends.helpers import ScriptedRng, of_kind, play, player, table
from tests.engines.western_legends.test_rules_round_2 import on_top


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


def test_WL_END_1_a_seat_that_reaches_the_target_then_drops_below_has_still_triggered_the_end() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["I4", "A1"])
    state = player(state, 0, money=30, lp=14)
    state, events = play(state, 0, cmd.Revel(times=1))
    tx = Tx(state, ScriptedRng())
    gain(tx, 0, "fight card 2", lp=-1)  # the only LP loss: a fight card's effect
    state = tx.state
    assert state.players[0].lp == 14 and state.end_round == 1
    state, events = play(state, 0, cmd.EndActions())
    assert not of_kind(events, ev.EndTriggered) and state.end_round == 1


def test_WL_SET_1_the_later_printing_has_16_cattle_tokens() -> None:
    later = table(["wild_bill_hickok", "doc_holliday"], ["I4", "A1"], cattle_tokens=16)
    assert [len(tokens) for _, tokens in later.ranches] == [8, 8]
    first = table(["wild_bill_hickok", "doc_holliday"], ["I4", "A1"])
    assert [len(tokens) for _, tokens in first.ranches] == [6, 6]
    assert "cattle_tokens" not in dict(ENGINE.setup(ENGINE.options({}), 2, ScriptedRng())[0].int_options)


def test_kit_carson_may_step_after_a_move_that_ended_in_a_bandit_fight_won_or_lost() -> None:
    """The card says "at the end of a Move action"; a bandit fight is inside the Move: the step follows it."""
    for poker_card, fight_card, won in (("KS", "3", True), ("3S", "K", False)):
        state = replace(table(["kit_carson", "doc_holliday"], ["F1", "I4"]), bandits=("G1",))
        state = on_top(player(state, 0, lp=5, hand=[poker_card, "2C"]), fight_card)
        state, _ = play(state, 0, cmd.Move(to="G1"))
        assert not [c for c in ENGINE.legal_commands(state, 0) if isinstance(c, cmd.ExtraStep)]  # mid-fight
        state, _ = play(state, 1, cmd.ChooseFightCard(card=fight_card))
        state, events = play(state, 0, cmd.CommitFightCard(card=poker_card))
        assert of_kind(events, ev.NpcRevealed)[0].won is won
        if won:
            state, _ = play(state, 0, cmd.NpcChoice(choice="mp"))
        assert state.npc is None
        state, _ = play(state, 0, cmd.ExtraStep(to="H1"))
        assert state.players[0].space == "H1" and state.actions_left == 2
