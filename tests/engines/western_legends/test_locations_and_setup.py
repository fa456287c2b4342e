"""Location actions (WL §6.3), setup (WL §4), abilities (WL §12) and scoring (WL §15)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.western_legends import ENGINE
from engines.western_legends import commands as cmd
from engines.western_legends import events as ev
from engines.western_legends.rules import Tx
from engines.western_legends.state import State
from engines.western_legends.turn import begin_turn, final_scores
from tests.engines.western_legends.helpers import ScriptedRng, of_kind, play, player, table, violation


def at(space: str, **fields: Any) -> State:
    return player(table(["wild_bill_hickok", "doc_holliday"], [space, "A1"]), 0, **fields)


def test_WL_LOC_MINE_1_prospect_applies_faces_and_chains_rerolls() -> None:
    # die 1: $10 + reroll (5), then a nugget (2); die 2: $10 (4)
    state, events = play(at("F2"), 0, cmd.Prospect(), ScriptedRng(5, 2, 4))
    assert of_kind(events, ev.DiceRolled)[0].faces == (5, 2, 4)
    assert (state.players[0].money, state.players[0].gold) == (20, 1)
    assert violation(at("E5"), 0, cmd.Prospect()).code == "NOT_AT_LOCATION"


def test_WL_LOC_BANK_1_deposit_pays_twenty_and_one_lp_per_nugget() -> None:
    state, _ = play(at("E5", gold=3), 0, cmd.Deposit(nuggets=2))
    assert (state.players[0].gold, state.players[0].money, state.players[0].lp) == (1, 40, 2)


def test_WL_LOC_STORE_1_purchase_activate_and_upgrade() -> None:
    state, _ = play(at("D4", money=100), 0, cmd.Purchase(item="mustang", activate=True))
    assert state.players[0].mount == "mustang" and state.players[0].money == 50
    assert state.stock_of("mustang") == 5
    state, _ = play(state, 0, cmd.Upgrade(item="mustang"))
    assert state.players[0].owns("mustang") == replace(state.players[0].items[0], upgraded=True)
    assert violation(state, 0, cmd.Purchase(item="mustang", activate=False)).code == "CANNOT_BUY"


def test_WL_LOC_DOC_1_heal_removes_wounds_and_draws_per_wound() -> None:
    state, _ = play(at("I3", money=20, wounds=2), 0, cmd.Heal())
    assert (state.players[0].wounds, state.players[0].money, len(state.players[0].hand)) == (0, 10, 2)


def test_WL_LOC_CAB_1_revel_buys_lp_at_thirty_dollars() -> None:
    state, _ = play(at("I4", money=70), 0, cmd.Revel(times=2))
    assert (state.players[0].money, state.players[0].lp) == (10, 2)
    assert violation(state, 0, cmd.Revel(times=1)).code == "NOT_ENOUGH_MONEY"


RANDOM_DEAL = {"character_deal": "random", "start_space": "first_listed"}


def test_WL_SET_3_and_WL_SET_5_start_bonuses_and_locations() -> None:
    state = None
    for event in ENGINE.setup(ENGINE.options(RANDOM_DEAL), 3, ScriptedRng()):
        state = ENGINE.evolve(state, event)
    assert state is not None
    annie, bass, billy = state.players  # the scripted shuffle keeps the data order
    assert (annie.space, len(annie.hand), annie.items[0].item) == ("D3", 1, "rifle")
    assert (bass.space, bass.money, bass.mp, bass.items[0].upgraded) == ("C4", 10, 1, True)
    assert (billy.space, billy.wp, len(billy.hand)) == ("A2", 2, 2)


def test_WL_SET_4_first_player_has_the_highest_wanted() -> None:
    events = ENGINE.setup(ENGINE.options(RANDOM_DEAL), 3, ScriptedRng())
    assert of_kind(events, ev.FirstPlayerChosen)[0].seat == 2  # Billy the Kid, 2 WP


def test_bass_reeves_and_mary_fields_start_of_turn_abilities_need_five_lp() -> None:
    state = table(["bass_reeves", "mary_fields"], ["C4", "B5"])
    tx = Tx(player(player(state, 0, lp=5), 1, lp=4), ScriptedRng())
    begin_turn(tx, 0, 1)
    begin_turn(tx, 1, 1)
    assert len(tx.state.players[0].hand) == 1 and tx.state.players[1].money == 0


def test_kit_carson_lowers_the_card_against_him_outside_town() -> None:
    from engines.western_legends.fights import guard

    state = table(["kit_carson", "doc_holliday"], ["F2", "E5"])
    assert guard(player(state, 0, lp=5), 0) == 1 and guard(state, 0) == 0


def test_WL_END_1_trigger_then_one_more_round_with_equal_turns() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["I4", "A1"])
    state = player(state, 1, money=120)
    state = player(state, 0, money=120, lp=12)
    state = replace(state, players=tuple(replace(p, space="I4") for p in state.players))
    state, events = play(state, 0, cmd.Revel(times=3))
    assert of_kind(events, ev.EndTriggered)[0].round == 1  # WL-END-1: on the gain itself
    state, events = play(state, 0, cmd.EndActions())
    assert not of_kind(events, ev.EndTriggered)
    rounds_played = 0
    while state.phase != "over":
        seat = ENGINE.seats_to_act(state)[0]
        command = cmd.EndActions() if state.phase == "actions" else ENGINE.legal_commands(state, seat)[0]
        state, events = play(state, seat, command)
        rounds_played += len(of_kind(events, ev.TurnEnded))
    assert state.turns_taken == (2, 2) and state.round == 2


def test_WL_END_2_final_scoring() -> None:
    state = table(["wild_bill_hickok", "doc_holliday", "kit_carson"], ["I4", "A1", "F2"])
    state = player(state, 0, lp=10, money=130, wounds=1, wp=5, items=[("revolver", True)])
    state = player(state, 1, lp=10, wp=5)
    state = player(state, 2, lp=10, mp=4)
    # seat 0: 10 +1 item +2 money -1 wound +1 (tied Most Wanted); seat 1: 10 +1; seat 2: 10 + 2 (MP row 2)
    assert final_scores(state) == (13, 11, 12)


def test_WL_END_3_ties_break_on_points_then_gold_then_wounds() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["I4", "A1"])
    state = player(player(state, 0, gold=1), 1, gold=2)
    state = replace(state, phase="over", final_lp=(5, 5))
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.ranking == ((1,), (0,))


def test_WL_ITEM_1_weapon_text_works_only_while_active() -> None:
    from engines.western_legends.fights import guard

    state = player(at("E5"), 0, items=[("revolver", True)])
    assert guard(state, 0) == 0
    assert guard(player(state, 0, weapon="revolver"), 0) == 1


def test_WL_WND_2_hand_limit_is_five_minus_wounds() -> None:
    from engines.western_legends.rules import hand_limit

    state = player(at("E5"), 0, wounds=2)
    assert hand_limit(state, 0) == 3


def test_WL_TRK_6_legendary_abilities_work_from_five_lp() -> None:
    state = table(["kit_carson", "doc_holliday"], ["F2", "A8"])
    assert state.ability(0).extra_move == 0
    assert player(state, 0, lp=5).ability(0).extra_move == 1
    assert player(state, 0, lp=6, wounds=0).ability(0).guard_outside_town == 1
