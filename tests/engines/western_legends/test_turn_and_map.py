"""The turn (WL §5), movement on the map (WL §3, §6.1), tracks (WL §9) and wounds (WL §10)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.western_legends import board
from engines.western_legends import commands as cmd
from engines.western_legends import events as ev
from engines.western_legends.legal import legal_commands
from engines.western_legends.state import State
from tests.engines.western_legends.helpers import ScriptedRng, of_kind, play, player, table, violation


def solo(space: str = "E5", **fields: Any) -> State:
    state = table(["wild_bill_hickok", "doc_holliday"], [space, "A1"])
    return player(state, 0, **fields)


def test_WL_MAP_1_diagonal_steps_are_adjacent() -> None:
    assert "D4" in board.neighbours("E5") and "F6" not in board.neighbours("E5")
    state, _ = play(solo("E5"), 0, cmd.Move(to="C3"))  # two diagonal steps
    assert state.players[0].space == "C3"


def test_WL_MAP_2_and_WL_MOVE_3_moving_into_a_mesa_is_refused() -> None:
    error = violation(solo("E5"), 0, cmd.Move(to="F4"))
    assert (error.code, error.rule) == ("MESA", "WL-MOVE-3")


def test_WL_MOVE_3_moving_across_a_mesa_is_out_of_range() -> None:
    # I4 is 4 squares east of E4 and the straight line crosses the northern mesa
    state = player(solo("E4"), 0, items=[("mustang", False)], mount="mustang")
    assert board.DISTANCE["E4"]["I4"] == 4
    assert violation(solo("E4"), 0, cmd.Move(to="H5")).code == "OUT_OF_RANGE"
    state, _ = play(state, 0, cmd.Move(to="I4"))
    assert state.players[0].space == "I4"


def test_WL_MAP_3_towns_follow_the_map_data() -> None:
    assert "E5" in board.IN_TOWN and "F5" not in board.IN_TOWN and "K4" in board.IN_TOWN


def test_WL_MOVE_1_beyond_range_is_refused() -> None:
    error = violation(solo("E5"), 0, cmd.Move(to="B8"))
    assert (error.code, error.rule) == ("OUT_OF_RANGE", "WL-MOVE-1")


def test_WL_MOVE_2_a_mount_sets_the_range() -> None:
    foot = {c.to for c in legal_commands(solo("E5"), 0) if isinstance(c, cmd.Move)}
    mule = player(solo("E5"), 0, items=[("mule", False)], mount="mule")
    riding = {c.to for c in legal_commands(mule, 0) if isinstance(c, cmd.Move)}
    assert foot < riding and all(board.DISTANCE["E5"][s] <= 3 for s in riding)
    assert any(board.DISTANCE["E5"][s] == 3 for s in riding)


def test_WL_TURN_1_income_then_gear_then_three_actions() -> None:
    state = replace(player(solo(), 0, items=[("revolver", False), ("mule", False)]), phase="income")
    assert violation(state, 0, cmd.Move(to="E4")).code == "WRONG_PHASE"
    state, events = play(state, 0, cmd.TakeIncome(income="mixed"), ScriptedRng(0))
    assert state.players[0].money == 10 and len(state.players[0].hand) == 1
    assert len(legal_commands(state, 0)) == 2  # revolver with or without the mule
    state, _ = play(state, 0, cmd.ChooseGear(weapon="revolver", mount="mule"))
    assert (state.phase, state.actions_left, state.players[0].mount) == ("actions", 3, "mule")


def test_WL_TURN_3_same_action_repeats_and_a_fourth_is_refused() -> None:
    state = solo("E5")
    for to in ("E4", "E5", "E4"):
        state, _ = play(state, 0, cmd.Move(to=to))
    error = violation(state, 0, cmd.Move(to="E5"))
    assert (error.code, error.rule) == ("NO_ACTIONS_LEFT", "WL-TURN-3")
    assert legal_commands(state, 0) == [cmd.EndActions()]


def test_WL_TURN_5_wanted_lp_then_hand_limit_then_next_turn() -> None:
    """Version 1's order, kept as `end_phase_order="sheriff_lp_discard"` (rules version 2 is the default)."""
    cards = ["2S", "3S", "4S", "5S", "6S"]
    state = table(["wild_bill_hickok", "doc_holliday"], ["L8", "A1"], end_phase_order="sheriff_lp_discard")
    state = player(state, 0, wp=4, wounds=1, hand=cards)
    state, events = play(state, 0, cmd.EndActions())
    assert state.players[0].lp == 2 and state.phase == "end_discard"  # WP 4-6 row gives 2 LP
    assert violation(state, 0, cmd.DiscardCard(card="KS")).code == "CARD_NOT_HELD"
    state, events = play(state, 0, cmd.DiscardCard(card="2S"))
    assert of_kind(events, ev.TurnStarted)[0].seat == 1 and state.active == 1


def test_WL_TRK_1_marshal_track_rewards_and_row_scoring() -> None:
    from engines.western_legends.rules import Tx, gain, row_value

    tx = Tx(solo(), ScriptedRng())
    gain(tx, 0, "test", mp=3)
    assert (tx.state.players[0].mp, tx.state.players[0].money, tx.state.players[0].lp) == (3, 40, 2)
    assert [row_value(n) for n in (0, 1, 3, 4, 7, 9)] == [0, 1, 1, 2, 3, 3]


def test_WL_TRK_2_wanted_spaces_two_four_six_eight_draw_a_card() -> None:
    from engines.western_legends.rules import Tx, gain

    tx = Tx(solo(), ScriptedRng())
    gain(tx, 0, "test", wp=4)
    assert len(tx.state.players[0].hand) == 2


def test_WL_TRK_4_wanted_drops_marshal_points_and_blocks_new_ones() -> None:
    from engines.western_legends.rules import Tx, gain

    tx = Tx(solo(mp=2), ScriptedRng())
    gain(tx, 0, "test", wp=1)
    assert (tx.state.players[0].mp, tx.state.players[0].wp) == (0, 1)
    gain(tx, 0, "test", mp=1)
    assert tx.state.players[0].mp == 0


def test_WL_WND_1_wounds_stop_at_three() -> None:
    from engines.western_legends.rules import Tx, gain

    tx = Tx(solo(wounds=3), ScriptedRng())
    gain(tx, 0, "test", wounds=1)
    assert tx.state.players[0].wounds == 3


def test_WL_CMP_2_half_money_rounds_up_in_ten_dollar_steps() -> None:
    from engines.western_legends.rules import half, half_money

    assert half_money(50, "up") == 30 and half_money(50, "down") == 20 and half(3, "up") == 2


def test_WL_CMP_3_money_and_gold_caps() -> None:
    from engines.western_legends.rules import Tx, gain

    tx = Tx(solo(money=110, gold=3), ScriptedRng())
    gain(tx, 0, "test", money=30, gold=3)
    assert (tx.state.players[0].money, tx.state.players[0].gold) == (120, 4)


def test_WL_JAIL_1_arrested_player_moves_to_the_sheriffs_office() -> None:
    assert board.SHERIFF_OFFICE == "C4" and "C4" in board.DARKROCK


def test_WL_TURN_1_an_income_or_fight_not_in_the_rules_is_a_rule_violation() -> None:
    """The legal/accepted oracle found `take_income` with an unknown word raising KeyError."""
    income = replace(solo(), phase="income")
    refused = violation(income, 0, cmd.TakeIncome(income="gold"))  # type: ignore[arg-type]
    assert (refused.code, refused.details["field"]) == ("BAD_CHOICE", "income")
    fight = player(table(["wild_bill_hickok", "doc_holliday"], ["I4", "I4"]), 0, hand=["KS"])
    refused = violation(fight, 0, cmd.StartFight(target=1, fight="brawl"))  # type: ignore[arg-type]
    assert (refused.code, refused.details["field"]) == ("BAD_CHOICE", "fight")
