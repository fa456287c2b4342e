"""The rest of the core ruleset: components, setup choices, cattle, items, the eight other abilities,
start-of-fight order, scoring details and the full-ruleset options that are off by default."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engines.base import SPECTATOR, OptionError
from engines.western_legends import ENGINE, board
from engines.western_legends import commands as cmd
from engines.western_legends import events as ev
from engines.western_legends.cards import DECK, value
from engines.western_legends.fightcards import FIGHT_DECK
from engines.western_legends.rules import GOLD_SUPPLY, Tx, draw, gain, hand_limit, jail
from engines.western_legends.state import State
from engines.western_legends.turn import final_scores
from tests.engines.western_legends.helpers import ScriptedRng, of_kind, play, player, stack, table, violation

PAIR = ["wild_bill_hickok", "doc_holliday"]


def two(spaces: tuple[str, str] = ("I4", "I4"), chars: list[str] | None = None, **options: Any) -> State:
    return table(chars or PAIR, list(spaces), **options)


def new_game(seats: int, **options: Any) -> State:
    state: Any = None
    for event in ENGINE.setup(ENGINE.options(options), seats, ScriptedRng()):
        state = ENGINE.evolve(state, event)
    assert isinstance(state, State)
    return state


# --- components (WL §2) -------------------------------------------------------------------------


def test_WL_CMP_1_card_values_two_to_ace_fourteen() -> None:
    assert [value(c) for c in ("2S", "10H", "JD", "QC", "KS", "AH")] == [2, 10, 11, 12, 13, 14]
    assert sorted({value(c) for c in DECK}) == list(range(2, 15)) and len(DECK) == 52


def test_WL_CARD_2_core_poker_cards_are_plain_ranks_without_text() -> None:
    state = player(two(), 0, hand=["JS"])
    state = player(state, 1, hand=["10H"])
    state, _ = play(state, 0, cmd.StartFight(target=1, fight="duel"))
    state, _ = play(state, 0, cmd.CommitFightCard(card="JS"))
    state, events = play(state, 1, cmd.AnswerFight(card="10H"))
    (reveal,) = of_kind(events, ev.FightRevealed)
    assert (reveal.attacker_value, reveal.target_value) == (11, 10)  # rank only, no bonus text
    assert ENGINE.legal_commands(state, 0) == [cmd.PassReaction()]  # and no reaction text


def test_WL_CMP_4_die_faces_nugget_three_cash_one_cash_reroll_one_blank() -> None:
    state = player(two(("F2", "A1")), 0)
    faces = {1: (0, 1), 2: (0, 1), 3: (0, 1), 4: (10, 0), 6: (0, 0)}  # face -> (money, gold)
    for face, (money, gold) in faces.items():
        after, _ = play(state, 0, cmd.Prospect(), ScriptedRng(face, 6))
        assert (after.players[0].money, after.players[0].gold) == (money, gold), face
    after, events = play(state, 0, cmd.Prospect(), ScriptedRng(5, 5, 6, 6))  # $+reroll chains
    assert of_kind(events, ev.DiceRolled)[0].faces == (5, 5, 6, 6) and after.players[0].money == 20


def test_WL_CMP_5_gold_supply_of_36_and_deck_refills_from_discards() -> None:
    state = player(two(("F2", "A1")), 1, gold=GOLD_SUPPLY - 1)
    state, _ = play(state, 0, cmd.Prospect(), ScriptedRng(1, 1))  # two nuggets rolled
    assert state.players[0].gold == 1  # only one was left in the supply
    state = replace(two(), deck=(), discard=("2S", "3S"))
    tx = Tx(state, ScriptedRng())
    draw(tx, 0, 1)
    assert [type(e) for e in tx.events] == [ev.DeckRefilled, ev.CardsDrawn] and len(tx.state.deck) == 1


# --- setup (WL §4) ------------------------------------------------------------------------------


def test_WL_SET_1_supplies_laid_out() -> None:
    state = new_game(2, character_deal="random", start_space="first_listed")
    in_hands = sum(len(p.hand) for p in state.players)
    assert len(state.deck) + len(state.discard) + in_hands == 52
    assert sorted(state.fight_deck) == sorted(FIGHT_DECK)
    assert {c: len(pool) for c, pool in state.ranches} == {"green": 6, "blue": 6}  # face down at home
    assert all(token.startswith(colour[0].upper()) for colour, pool in state.ranches for token in pool)
    owned = sum(len(p.items) for p in state.players)
    assert sum(n for _, n in state.stock) == 9 * 6 - owned  # 6 of each item, less the start items


def test_WL_SET_3_draw_two_characters_keep_one_secretly_dealt() -> None:
    state = new_game(2)  # the scripted shuffle keeps the data order
    assert state.phase == "choose_character" and ENGINE.seats_to_act(state) == (0, 1)
    assert state.players[0].characters_offered == ("annie_oakley", "bass_reeves")
    assert "characters_offered" not in ENGINE.view(state, 1)["players"][0]
    error = violation(state, 0, cmd.ChooseCharacter(character="billy_the_kid"))
    assert (error.code, error.rule) == ("CHARACTER_NOT_DEALT", "WL-SET-3")
    state, _ = play(state, 0, cmd.ChooseCharacter(character="bass_reeves"))
    assert state.players[0].mp == 1 and state.players[0].money == 10  # the start bonus at once
    assert ENGINE.seats_to_act(state) == (1,)


def test_WL_SET_5_start_location_is_chosen_in_turn_order() -> None:
    state = new_game(2)
    state, _ = play(state, 0, cmd.ChooseCharacter(character="bass_reeves"))
    state, events = play(state, 1, cmd.ChooseCharacter(character="billy_the_kid"))
    assert of_kind(events, ev.FirstPlayerChosen)[0].seat == 1  # WL-SET-4: Billy has 2 WP
    assert state.phase == "place" and ENGINE.seats_to_act(state) == (1,)
    assert ENGINE.legal_commands(state, 1) == [cmd.ChooseStart(space="A2"), cmd.ChooseStart(space="L2")]
    assert violation(state, 1, cmd.ChooseStart(space="C4")).code == "NOT_A_START_SPACE"
    state, _ = play(state, 1, cmd.ChooseStart(space="L2"))
    assert [p.space for p in state.players] == ["C4", "L2"]  # Bass has one space: placed for him
    assert state.phase == "income" and state.active == 1
    assert "A2" in state.bandits and "L2" not in state.bandits


def test_WL_SET_2_WL_STORY_1_story_cards_are_off_in_the_core_set() -> None:
    assert ENGINE.options({})["stories"] == "off"
    with pytest.raises(OptionError):
        ENGINE.options({"stories": "on"})


def test_WL_SET_6_WL_GOAL_1_goals_and_legend_tokens_are_off_in_the_core_set() -> None:
    assert ENGINE.options({})["goals"] == "off"
    with pytest.raises(OptionError):
        ENGINE.options({"goals": "on"})


def test_WL_MIB_1_man_in_black_is_off_in_the_core_set() -> None:
    assert ENGINE.options({})["man_in_black"] == "off"
    with pytest.raises(OptionError):
        ENGINE.options({"man_in_black": "on"})


# --- turn, map, move ----------------------------------------------------------------------------


def test_WL_TURN_2_gear_switches_only_in_the_start_phase_and_is_never_lost() -> None:
    state = player(two(), 0, items=[("revolver", False), ("mule", False)], weapon="revolver", wp=1)
    error = violation(state, 0, cmd.ChooseGear(weapon="revolver", mount="mule"))
    assert (error.code, error.rule) == ("WRONG_PHASE", "WL-TURN-2")
    tx = Tx(state, ScriptedRng())
    jail(tx, 0, "arrested")
    assert [o.item for o in tx.state.players[0].items] == ["revolver", "mule"]


def test_WL_MAP_4_figures_share_a_space() -> None:
    state = two(("I4", "I3"))
    state, _ = play(state, 0, cmd.Move(to="I3"))
    assert state.players[0].space == state.players[1].space == "I3"


def test_WL_MOVE_5_ending_a_move_at_the_rail_station_wrangles_for_free() -> None:
    state = player(two(("F8", "A1")), 0, cattle="G6")  # $20 + 1 LP
    state, events = play(state, 0, cmd.Move(to="G8"))
    assert of_kind(events, ev.CattleDelivered)[0].delivery == "wrangle"
    p = state.players[0]
    assert (p.lp, p.mp, p.money, p.cattle) == (1, 1, 40, "")  # $20 token + $20 Marshal space 1
    assert "G6" in state.ranch("green") and state.actions_left == 2  # only the Move's action


def test_WL_MOVE_5_passing_the_station_delivers_nothing() -> None:
    state = player(two(("F8", "A1")), 0, cattle="G1")
    state, events = play(state, 0, cmd.Move(to="H8"))
    assert not of_kind(events, ev.CattleDelivered) and state.players[0].cattle == "G1"


# --- cattle (WL-LOC-CATTLE) ---------------------------------------------------------------------


def test_WL_LOC_CATTLE_1_take_a_face_down_token_only_you_see() -> None:
    state, events = play(two(("C2", "A1")), 0, cmd.TakeCattle(), ScriptedRng(5))
    (taken,) = of_kind(events, ev.CattleTaken)
    assert taken.token == "G6" and state.players[0].cattle == "G6" and len(state.ranch("green")) == 5
    assert ENGINE.redact(taken, 1).token == "" and ENGINE.redact(taken, 0) == taken
    shown = ENGINE.view(state, 1)["players"][0]
    assert shown["cattle_colour"] == "green" and "cattle" not in shown
    assert violation(state, 0, cmd.TakeCattle()).code == "CANNOT_TAKE_CATTLE"  # one token at most


def test_WL_LOC_CATTLE_2_rustling_at_the_other_ranch_pays_and_makes_you_wanted() -> None:
    state = player(two(("J2", "A1")), 0, cattle="G5", mp=2)  # $40
    state, events = play(state, 0, cmd.Move(to="K2"))
    assert of_kind(events, ev.CattleDelivered)[0].delivery == "rustle"
    p = state.players[0]
    assert (p.money, p.wp, p.mp) == (40, 1, 0) and "G5" in state.ranch("green")


def test_WL_FIGHT_10_rob_takes_cattle_and_arrest_sends_it_home() -> None:
    state = player(two(), 0, hand=["AS"], cattle="B1")
    state = player(state, 1, hand=["2S"], cattle="G2", money=20)
    state, _ = play(state, 0, cmd.StartFight(target=1, fight="rob"))
    state, _ = play(state, 0, cmd.CommitFightCard(card="AS"))
    state, _ = play(state, 1, cmd.AnswerFight(card=""))
    assert state.players[1].cattle == "" and state.players[0].cattle == "B1"
    assert "G2" in state.ranch("green")  # the robber already had one: back to its ranch
    tx = Tx(state, ScriptedRng())
    jail(tx, 0, "arrested")
    assert tx.state.players[0].cattle == "" and "B1" in tx.state.ranch("blue")


# --- items (WL §11) -----------------------------------------------------------------------------


def test_WL_CARD_1_provisions_card_action_draws_heals_and_goes_back() -> None:
    state = player(two(), 0, items=[("provisions", False)], wounds=2)
    stand = state.stock_of("provisions")
    state, _ = play(state, 0, cmd.UseProvisions())
    p = state.players[0]
    assert (p.wounds, len(p.hand), p.items, state.actions_left) == (1, 1, (), 2)
    assert state.stock_of("provisions") == stand + 1
    assert violation(state, 0, cmd.UseProvisions()).code == "ITEM_NOT_OWNED"


def test_WL_WND_3_healing_by_doctor_whiskey_and_provisions() -> None:
    state = player(two(("I3", "A1")), 0, wounds=3, money=10)
    state, _ = play(state, 0, cmd.Heal())
    assert state.players[0].wounds == 0
    state = player(two(("D3", "A1")), 0, wounds=2, money=10)
    state, _ = play(state, 0, cmd.Purchase(item="whiskey", activate=False))
    assert state.players[0].wounds == 1  # Whiskey: on gain, lose 1 wound
    state = player(state, 0, items=[("provisions", False)])
    state, _ = play(state, 0, cmd.UseProvisions())
    assert state.players[0].wounds == 0


def test_rifle_peeks_at_two_target_cards_seen_only_by_the_two_players() -> None:
    state = player(two(), 0, hand=["AS"], items=[("rifle", False)], weapon="rifle")
    state = player(state, 1, hand=["2H", "3H", "4H"])
    state, events = play(state, 0, cmd.StartFight(target=1, fight="duel"), ScriptedRng(0, 0))
    (peek,) = of_kind(events, ev.HandPeeked)
    assert peek.cards == ("2H", "3H") and ENGINE.redact(peek, SPECTATOR).cards == ()
    assert ENGINE.redact(peek, 1) == peek


def test_miners_map_rerolls_one_die_before_the_payout() -> None:
    state = player(two(("F2", "A1")), 0, items=[("miners_map", False)])
    state, events = play(state, 0, cmd.Prospect(), ScriptedRng(6, 1))  # blank, nugget
    assert state.dice == ((6,), (1,)) and state.players[0].gold == 0
    assert ENGINE.legal_commands(state, 0)[0] == cmd.RerollDie(die=-1)
    assert violation(state, 0, cmd.Move(to="F1")).code == "WRONG_PHASE"
    state, _ = play(state, 0, cmd.RerollDie(die=0), ScriptedRng(2))  # the blank becomes a nugget
    assert state.dice == () and state.players[0].gold == 2


def test_whiskey_reaction_after_a_move_wounds_a_player_there() -> None:
    state = player(two(("I4", "I3")), 0, items=[("whiskey", False)])
    state, _ = play(state, 0, cmd.Move(to="I3"))
    assert cmd.ThrowWhiskey(target=1) in ENGINE.legal_commands(state, 0)
    state, _ = play(state, 0, cmd.ThrowWhiskey(target=1))
    assert state.players[1].wounds == 1 and state.players[0].items == () and state.actions_left == 2


def test_WL_ITEM_2_upgraded_weapons_and_mounts_score_at_the_end() -> None:
    state = player(two(), 0, items=[("revolver", True), ("mule", True), ("shotgun", False)])
    assert final_scores(state)[0] == 2
    assert final_scores(replace(state, options=(*state.options, ("upgraded_item_lp", 2))))[0] == 4


def test_WL_WND_4_each_wound_costs_a_legend_point_at_the_end() -> None:
    state = player(two(), 0, lp=6, wounds=2)
    assert final_scores(state)[0] == 4


# --- tracks (WL §9) -----------------------------------------------------------------------------


def test_WL_TRK_3_status_marshal_wanted_neutral_and_most_wanted() -> None:
    state = player(player(two(), 0, mp=1), 1, wp=2)
    shown = ENGINE.view(state, SPECTATOR)
    assert [p["status"] for p in shown["players"]] == ["marshal", "wanted"]
    assert shown["most_wanted"] == [1]
    assert ENGINE.view(two(), SPECTATOR)["players"][0]["status"] == "neutral"


def test_WL_TRK_5_a_space_pays_again_after_a_reset() -> None:
    tx = Tx(two(), ScriptedRng())
    gain(tx, 0, "test", mp=1)
    assert tx.state.players[0].money == 20
    gain(tx, 0, "test", wp=1)  # MP drops to 0 (WL-TRK-4)
    jail(tx, 0, "arrested")  # WP back to 0
    gain(tx, 0, "test", mp=1)
    assert tx.state.players[0].money == 10 + 20  # half of $20 kept, then space 1 paid again


# --- fights -------------------------------------------------------------------------------------


def test_WL_FIGHT_4_start_of_fight_effects_order_is_an_option() -> None:
    def start(order: str) -> tuple[list[ev.Event], State]:
        state = two(chars=["wild_bill_hickok", "annie_oakley"], start_of_fight_order=order)
        state = replace(state, first_player=1)  # Annie's seat comes first from the first player
        state = player(state, 0, hand=["AS", "KS"], items=[("rifle", False)], weapon="rifle")
        state = player(state, 1, hand=["2H", "3H"], lp=5)
        state, events = play(state, 0, cmd.StartFight(target=1, fight="duel"))
        return list(events), state

    events, state = start("active_first")  # the attacker's Rifle, then Annie's toll
    assert of_kind(events, ev.HandPeeked) and state.fight is not None and state.fight.step == "annie_tax"
    events, state = start("first_player_first")  # Annie's toll first, the peek after it
    assert not of_kind(events, ev.HandPeeked)
    state, events = play(state, 0, cmd.PayAnnieToll(card="KS"))
    assert of_kind(events, ev.HandPeeked) and state.fight is not None


def test_WL_NPC_4_the_bank_guard_draws_three_fight_cards() -> None:
    state = player(two(("E5", "A1")), 0, hand=["AS"])
    state, events = play(state, 0, cmd.RobBank())
    (offered,) = of_kind(events, ev.FightCardsOffered)
    assert offered.count == 3 and state.npc is not None and state.npc.kind == "guard"


def test_WL_SHF_4_after_his_arrest_sheriff_and_prisoner_are_on_his_office() -> None:
    state = replace(two(("E4", "L8")), sheriff="E3")
    state = player(state, 0, wp=1, hand=["2S"])
    state, _ = play(stack(state, "K", "2", "3", "4"), 0, cmd.Move(to="E3"))
    state, _ = play(state, 1, cmd.ChooseFightCard(card="K"))
    state, _ = play(state, 0, cmd.CommitFightCard(card="2S"))
    assert state.players[0].space == state.sheriff == board.SHERIFF_OFFICE


def test_WL_SHF_4_a_players_arrest_leaves_the_sheriff_where_he_is() -> None:
    state = replace(two(), sheriff="E3")
    state = player(player(state, 0, mp=1, hand=["AS"]), 1, wp=1, hand=["2S"])
    state, _ = play(state, 0, cmd.StartFight(target=1, fight="arrest"))
    state, _ = play(state, 0, cmd.CommitFightCard(card="AS"))
    state, _ = play(state, 1, cmd.AnswerFight(card=""))
    assert state.players[1].space == board.SHERIFF_OFFICE and state.sheriff == "E3"


# --- the other eight legendary abilities (WL §12, at 5 LP) ---------------------------------------


def test_billy_the_kid_shakes_down_a_player_after_his_move() -> None:
    state = player(two(("I4", "I3"), chars=["billy_the_kid", "doc_holliday"]), 0, lp=5)
    state = player(state, 1, money=30)
    state, events = play(state, 0, cmd.Move(to="I3"))
    assert of_kind(events, ev.AfterMoveOpened)[0].effects == ("billy",)
    state, _ = play(state, 0, cmd.ShakeDown(target=1, take="money"))
    assert (state.players[0].money, state.players[1].money) == (10, 20)
    assert violation(state, 0, cmd.ShakeDown(target=1, take="money")).code == "NO_REACTION"  # once
    below = player(two(("I4", "I3"), chars=["billy_the_kid", "doc_holliday"]), 0, lp=4)
    below, events = play(below, 0, cmd.Move(to="I3"))
    assert not of_kind(events, ev.AfterMoveOpened)


def test_bloody_knife_crosses_a_mesa_as_one_space_and_heals() -> None:
    state = two(("E4", "A1"), chars=["bloody_knife", "doc_holliday"])
    assert violation(player(state, 0, lp=4), 0, cmd.Move(to="I4")).code == "OUT_OF_RANGE"
    state, _ = play(player(state, 0, lp=5, wounds=1), 0, cmd.Move(to="I4"))  # E4, mesa, I4
    assert state.players[0].space == "I4" and state.players[0].wounds == 0
    assert violation(state, 0, cmd.Move(to="G4")).code == "MESA"  # never ends on one


def test_calamity_jane_and_doc_holliday_hand_limits() -> None:
    state = two(chars=["calamity_jane", "doc_holliday"])
    state = player(player(state, 0, lp=5, wounds=1), 1, lp=5, wounds=2)
    assert (hand_limit(state, 0), hand_limit(state, 1)) == (5, 5)
    assert hand_limit(player(state, 1, lp=4), 1) == 3


def test_doc_holliday_draws_after_gaining_wounds() -> None:
    tx = Tx(player(two(), 1, lp=5), ScriptedRng())
    gain(tx, 1, "test", wounds=2)
    assert len(tx.state.players[1].hand) == 1


def test_jesse_james_wins_ties_against_players_and_guards_outside_town() -> None:
    state = two(("F5", "F5"), chars=["wild_bill_hickok", "jesse_james"])
    state = player(player(state, 0, hand=["KS"]), 1, hand=["QH"], lp=5)
    state, _ = play(state, 0, cmd.StartFight(target=1, fight="duel"))
    state, _ = play(state, 0, cmd.CommitFightCard(card="KS"))
    state, events = play(state, 1, cmd.AnswerFight(card="QH"))
    assert of_kind(events, ev.FightRevealed)[0].attacker_value == 12  # K -1 outside town
    state, _ = play(state, 0, cmd.PassReaction())
    state, events = play(state, 1, cmd.PassReaction())
    assert of_kind(events, ev.FightWon)[0].winner == 1  # the tie goes to Jesse, not the active player


def test_wyatt_earp_gains_an_action_for_his_first_bandit_win_each_turn() -> None:
    state = replace(two(("F1", "A8"), chars=["wyatt_earp", "doc_holliday"]), bandits=("G1", "H1"))
    state = player(state, 0, lp=5, hand=["AS", "AH"])
    state, _ = play(stack(state, "J", "Q"), 0, cmd.Move(to="G1"))
    state, _ = play(state, 1, cmd.ChooseFightCard(card="J"))
    state, events = play(state, 0, cmd.CommitFightCard(card="AS"))
    assert of_kind(events, ev.ActionGranted) and state.actions_left == 3
    state, _ = play(state, 0, cmd.NpcChoice(choice="lp"))
    state, _ = play(state, 0, cmd.Move(to="H1"))
    state, _ = play(state, 1, cmd.ChooseFightCard(card=state.players[1].offer[0]))
    state, events = play(state, 0, cmd.CommitFightCard(card="AH"))
    assert not of_kind(events, ev.ActionGranted) and state.actions_left == 2


def test_yb_rowdy_rides_up_to_three_at_the_start_of_his_turn() -> None:
    state = two(("H7", "A1"), chars=["yb_rowdy", "doc_holliday"])
    state = player(replace(state, phase="income", actions_left=0), 0, lp=5, hand=["2S"])
    assert cmd.RideOut(card="2S") in ENGINE.legal_commands(state, 0)
    state, _ = play(state, 0, cmd.RideOut(card="2S"))
    assert violation(state, 0, cmd.Move(to="H4")).code == "MESA"
    state, _ = play(state, 0, cmd.Move(to="K7"))  # 3 steps, no action spent
    assert state.players[0].space == "K7" and state.free_move == 0 and state.phase == "income"
    assert cmd.RideOut(card="2S") not in ENGINE.legal_commands(state, 0)
    state, _ = play(state, 0, cmd.TakeIncome(income="money"))
    assert state.phase == "gear"
