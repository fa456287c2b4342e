"""Western Legends rules version 4: each test is named after the rule it checks and fails on version 3."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.base import options_for_log
from engines.western_legends import ENGINE
from engines.western_legends import commands as cmd
from engines.western_legends import events as ev
from engines.western_legends.state import State
from tests.engines.western_legends.helpers import of_kind, play, player, table
from tests.engines.western_legends.test_rules_round_2 import on_top


def kit_meets_a_bandit(lp: int, fight_card: str, poker_card: str, **options: str) -> State:
    """Kit Carson (seat 0) at `lp` LP moves F1 -> G1 into a bandit, and the fight is played out."""
    state = replace(table(["kit_carson", "doc_holliday"], ["F1", "I4"], **options), bandits=("G1",))
    state = on_top(player(state, 0, lp=lp, hand=[poker_card, "2C"]), fight_card)
    state, _ = play(state, 0, cmd.Move(to="G1"))
    assert not [c for c in ENGINE.legal_commands(state, 0) if isinstance(c, cmd.ExtraStep)]  # mid-fight
    state, _ = play(state, 1, cmd.ChooseFightCard(card=fight_card))
    state, events = play(state, 0, cmd.CommitFightCard(card=poker_card))
    if of_kind(events, ev.NpcAwaiting):
        state, _ = play(state, 0, cmd.NpcChoice(choice="mp"))
    assert state.npc is None
    return state


def steps(state: State) -> list[str]:
    return [c.to for c in ENGINE.legal_commands(state, 0) if isinstance(c, cmd.ExtraStep)]


def test_WL_CHAR_KIT_1_kit_at_4_lp_who_gains_his_5th_in_the_fight_steps_at_the_end_of_the_move() -> None:
    state = kit_meets_a_bandit(4, "K", "3S")  # lost, but fight card K gives him +1 LP
    assert state.players[0].lp == 5
    assert "H1" in steps(state)
    state, _ = play(state, 0, cmd.ExtraStep(to="H1"))
    assert state.players[0].space == "H1" and state.actions_left == 2


def test_WL_CHAR_KIT_1_kit_who_drops_below_5_lp_in_the_fight_takes_no_step() -> None:
    state = kit_meets_a_bandit(5, "2", "3S")  # fight card 2: a wound and -1 LP
    assert state.players[0].lp == 4
    assert steps(state) == []


@pytest.mark.parametrize("version", ["western-legends/2", "western-legends/3"])
def test_WL_CHAR_KIT_1_older_logs_decide_the_step_when_the_move_reached_its_space(version: str) -> None:
    options = options_for_log(ENGINE, {}, version)
    assert options["kit_carson_step"] == "after_move"
    assert ENGINE.options({})["kit_carson_step"] == "end_of_move"
    state = kit_meets_a_bandit(4, "K", "3S", kit_carson_step="after_move")
    assert state.players[0].lp == 5 and steps(state) == []  # as versions 2 and 3 played it
