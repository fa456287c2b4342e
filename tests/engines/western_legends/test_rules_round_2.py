"""Rules version 2 (seeds/rules/western-legends.md): each change from version 1, named after its rule.

Each test fails on rules version 1; where version 1's behaviour stays as a named option, a second
test pins that the option still plays it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.base import options_for_log
from engines.western_legends import ENGINE, board
from engines.western_legends import commands as cmd
from engines.western_legends import events as ev
from engines.western_legends.fightcards import FIGHT_DECK
from engines.western_legends.options import LEGACY_V1
from engines.western_legends.rules import Tx
from engines.western_legends.state import State
from engines.western_legends.turn import begin_turn
from tests.engines.western_legends.helpers import ScriptedRng, of_kind, play, player, table, violation


def on_top(state: State, *cards: str) -> State:
    """Put `cards` first in the fight deck, so both deck modes offer them (the pool draws index 0)."""
    rest = tuple(c for c in state.fight_deck if c not in cards)
    return replace(state, fight_deck=(*cards, *rest))


def bandit_fight(characters: list[str], fight_card: str, poker_card: str, **fields: Any) -> tuple[State, Any]:
    """Seat 0 walks F1 -> G1 into a bandit; seat 1 picks `fight_card`; seat 0 plays `poker_card`."""
    options = fields.pop("options", {})
    state = replace(table(characters, ["F1", "I4"], **options), bandits=("G1",))
    state = on_top(player(state, 0, hand=[poker_card, "2C"], **fields), fight_card)
    state, _ = play(state, 0, cmd.Move(to="G1"))
    state, _ = play(state, 1, cmd.ChooseFightCard(card=fight_card))
    state, events = play(state, 0, cmd.CommitFightCard(card=poker_card))
    return state, of_kind(events, ev.NpcRevealed)[0]


# WL-LOC-BANK-2: the bank once per turn ------------------------------------------------------------


def robbed_once(**options: Any) -> State:
    state = table(["wild_bill_hickok", "doc_holliday"], ["E5", "A1"], **options)
    state = on_top(player(state, 0, hand=["AS", "AH"]), "2", "3", "4")
    state, _ = play(state, 0, cmd.RobBank())
    state, _ = play(state, 1, cmd.ChooseFightCard(card="2"))
    state, _ = play(state, 0, cmd.CommitFightCard(card="AS"))
    assert state.npc is None and state.players[0].money == 80 and state.actions_left == 2
    return state


def test_WL_LOC_BANK_2_rob_the_bank_once_per_turn() -> None:
    state = robbed_once()
    assert cmd.RobBank() not in ENGINE.legal_commands(state, 0)
    error = violation(state, 0, cmd.RobBank())
    assert (error.code, error.rule) == ("ALREADY_ROBBED", "WL-LOC-BANK-2")
    # the next turn of the same player may rob again
    tx = Tx(state, ScriptedRng())
    begin_turn(tx, 0, 2)
    assert "robbed" not in tx.state.turn_flags


def test_WL_LOC_BANK_2_legacy_option_robs_repeatedly() -> None:
    state = robbed_once(bank_robbery="unlimited")
    assert cmd.RobBank() in ENGINE.legal_commands(state, 0)
    state, events = play(state, 0, cmd.RobBank())
    assert of_kind(events, ev.NpcFightStarted)[0].npc == "guard"


# WL-NPC-1: modifiers count against NPCs too -------------------------------------------------------


def test_WL_NPC_1_jesse_james_lowers_the_bandits_card_outside_town() -> None:
    _, revealed = bandit_fight(
        ["jesse_james", "wild_bill_hickok"],
        "Q",
        "QS",
        lp=5,
        items=[("revolver", True)],
        weapon="revolver",
    )
    # Q against Q: the upgraded Revolver and Jesse's ability each lower the bandit's card by 1
    assert (revealed.player_value, revealed.npc_value, revealed.won) == (12, 10, True)


def test_WL_NPC_1_kit_carson_wins_nine_against_nine_outside_town() -> None:
    _, revealed = bandit_fight(["kit_carson", "wild_bill_hickok"], "9", "9S", lp=5)
    assert (revealed.npc_value, revealed.won) == (8, True)


def test_WL_NPC_1_no_modifier_means_the_tie_goes_to_the_bandit() -> None:
    _, revealed = bandit_fight(["kit_carson", "wild_bill_hickok"], "9", "9S", lp=4)  # ability off below 5 LP
    assert (revealed.npc_value, revealed.won) == (9, False)


def test_WL_NPC_1_legacy_option_ignores_modifiers_against_npcs() -> None:
    _, revealed = bandit_fight(
        ["kit_carson", "wild_bill_hickok"], "9", "9S", lp=5, options={"npc_fight_modifiers": "players_only"}
    )
    assert (revealed.npc_value, revealed.won) == (9, False)


def test_WL_NPC_1_the_bank_guard_card_is_lowered_by_an_upgraded_weapon() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["E5", "A1"])
    state = player(state, 0, hand=["KS"], items=[("rifle", True)], weapon="rifle")
    state = on_top(state, "K", "2", "3")
    state, _ = play(state, 0, cmd.RobBank())
    state, _ = play(state, 1, cmd.ChooseFightCard(card="K"))
    state, events = play(state, 0, cmd.CommitFightCard(card="KS"))
    revealed = of_kind(events, ev.NpcRevealed)[0]
    assert (revealed.npc_value, revealed.won) == (12, True)
    assert state.players[0].wp == 3 and state.players[0].money == 80


def test_WL_NPC_1_shotgun_draws_after_beating_a_bandit() -> None:
    state, revealed = bandit_fight(
        ["mary_fields", "wild_bill_hickok"], "J", "KS", items=[("shotgun", False)], weapon="shotgun"
    )
    assert revealed.won
    assert len(state.players[0].hand) == 2  # "2C" kept, KS played, 1 drawn by the Shotgun


def test_WL_NPC_1_legacy_option_shotgun_draws_only_in_player_fights() -> None:
    state, revealed = bandit_fight(
        ["mary_fields", "wild_bill_hickok"],
        "J",
        "KS",
        items=[("shotgun", False)],
        weapon="shotgun",
        options={"npc_fight_modifiers": "players_only"},
    )
    assert revealed.won and state.players[0].hand == ("2C",)


def test_WL_NPC_1_no_shotgun_draw_after_losing_to_a_bandit() -> None:
    state, revealed = bandit_fight(
        ["mary_fields", "wild_bill_hickok"], "8", "5S", items=[("shotgun", False)], weapon="shotgun"
    )
    assert not revealed.won
    assert len(state.players[0].hand) == 2  # "2C" kept and only the loser's draw


# WL-TURN-5, WL-SHF-2, WL-NPC-3: the end phase, the sheriff, the bandits ---------------------------


def test_WL_TURN_5_discard_to_the_hand_limit_before_wanted_lp() -> None:
    cards = ["2S", "3S", "4S", "5S", "6S", "7S"]
    state = table(["calamity_jane", "doc_holliday"], ["L8", "A1"])
    state = player(state, 0, lp=4, wp=1, hand=cards)
    state, _ = play(state, 0, cmd.EndActions())
    # at 4 LP her +1 hand limit is off: she discards to 5 before the Wanted LP lifts her to 5 LP
    assert state.phase == "end_discard" and state.players[0].lp == 4
    state, events = play(state, 0, cmd.DiscardCard(card="2S"))
    assert state.players[0].lp == 5 and len(state.players[0].hand) == 5
    assert of_kind(events, ev.TurnStarted)[0].seat == 1


def test_WL_TURN_5_legacy_order_gives_wanted_lp_first() -> None:
    cards = ["2S", "3S", "4S", "5S", "6S", "7S"]
    state = table(["calamity_jane", "doc_holliday"], ["L8", "A1"], end_phase_order="sheriff_lp_discard")
    state = player(state, 0, lp=4, wp=1, hand=cards)
    state, events = play(state, 0, cmd.EndActions())
    assert state.players[0].lp == 5 and len(state.players[0].hand) == 6 and state.active == 1


def test_WL_TURN_5_the_end_is_triggered_in_the_end_phase_not_on_the_gain() -> None:
    # version 2's check (rules version 3 checks on every gain: test_rules_round_3.py)
    state = table(["wild_bill_hickok", "doc_holliday"], ["I4", "A1"], end_trigger="end_phase")
    state = player(state, 0, money=30, lp=14)
    state, events = play(state, 0, cmd.Revel(times=1))
    assert state.players[0].lp == 15 and not of_kind(events, ev.EndTriggered)
    state, events = play(state, 0, cmd.EndActions())
    assert [e.seat for e in of_kind(events, ev.EndTriggered)] == [0]


def test_WL_SHF_2_no_automatic_sheriff_walk_by_default() -> None:
    state = table(["billy_the_kid", "doc_holliday"], ["E3", "L8"])
    state = player(state, 0, wp=2, hand=["2S"])
    state, events = play(state, 0, cmd.EndActions())
    assert not of_kind(events, ev.SheriffMoved) and state.sheriff == board.SHERIFF_OFFICE
    assert state.npc is None and state.active == 1


def test_WL_SHF_2_legacy_option_walks_the_sheriff() -> None:
    state = table(["billy_the_kid", "doc_holliday"], ["E3", "L8"], sheriff_walk="end_phase")
    state = player(state, 0, wp=2, hand=["2S"])
    state, events = play(state, 0, cmd.EndActions())
    assert of_kind(events, ev.SheriffMoved) and state.npc is not None and state.npc.kind == "sheriff"


def test_WL_NPC_3_no_bandit_respawn_by_default() -> None:
    state = table(["billy_the_kid", "doc_holliday"], ["A2", "I3"])
    tx = Tx(state, ScriptedRng())
    begin_turn(tx, 0, 2)
    assert tx.state.bandits == () and not of_kind(tx.events, ev.BanditsPlaced)


def test_WL_NPC_3_bandits_are_placed_at_the_first_round() -> None:
    state = table(["billy_the_kid", "doc_holliday"], ["A2", "I3"])
    tx = Tx(state, ScriptedRng())
    begin_turn(tx, 0, 1)
    assert set(tx.state.bandits) == {s for pair in board.HIDEOUTS.values() for s in pair} - {"A2"}


# version 1 logs -----------------------------------------------------------------------------------


def test_version_1_logs_read_with_the_version_1_rules() -> None:
    assert ENGINE.rules_version == "western-legends/4"
    read = options_for_log(ENGINE, {"target_lp": 20}, "western-legends/1")
    assert {name: read[name] for name in LEGACY_V1} == LEGACY_V1 and read["target_lp"] == 20
    fresh = options_for_log(ENGINE, {}, "western-legends/3")
    assert all(fresh[name] != old for name, old in LEGACY_V1.items())


def test_version_1_setup_events_without_the_new_options_play_version_1() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["E5", "A1"])
    old = tuple((k, v) for k, v in state.options if k not in LEGACY_V1)
    state = replace(state, options=old)
    assert all(state.option(name) == value for name, value in LEGACY_V1.items())
    assert len(FIGHT_DECK) == 13


# WL-SET-5: Wyatt Earp's start ---------------------------------------------------------------------


def wyatt_to_place(**options: Any) -> State:
    state = table(["billy_the_kid", "wyatt_earp"], ["A2", ""], **options)
    return replace(state, phase="place", active=1)


def test_WL_SET_5_wyatt_earp_starts_only_on_a_free_hideout() -> None:
    state = wyatt_to_place()
    offered = [c.space for c in ENGINE.legal_commands(state, 1) if isinstance(c, cmd.ChooseStart)]
    assert offered == ["L2", "G1", "G5", "B7", "K7"]
    error = violation(state, 1, cmd.ChooseStart(space="A2"))
    assert (error.code, error.rule) == ("NOT_A_START_SPACE", "WL-SET-5")


def test_WL_SET_5_legacy_option_lets_wyatt_share_a_hideout() -> None:
    state = wyatt_to_place(wyatt_start="any_hideout")
    state, _ = play(state, 1, cmd.ChooseStart(space="A2"))
    assert state.players[1].space == "A2"


# WL-NPC-2, WL-CMP-5: fight card 10 and the fight deck ---------------------------------------------


class ReversingRng(ScriptedRng):
    """A shuffle that reverses, so a test can tell the rng's order from the input order."""

    def shuffle(self, items: Any) -> Any:
        return tuple(reversed(tuple(items)))


def ten_revealed(**options: Any) -> State:
    state = replace(table(["wild_bill_hickok", "doc_holliday"], ["F1", "A8"], **options), bandits=("G1",))
    state = on_top(player(state, 0, hand=["AS"]), "10", "2")
    state, _ = play(state, 0, cmd.Move(to="G1"))
    state, _ = play(state, 1, cmd.ChooseFightCard(card="10"))
    state, events = play(state, 0, cmd.CommitFightCard(card="AS"))
    assert of_kind(events, ev.NpcRevealed)[0].fight_card == "10"
    return state


def test_WL_NPC_2_fight_card_10_may_be_kept_as_a_plain_ten() -> None:
    state = ten_revealed()
    # the card's "you" is the seat that plays it (every fight card calls the fighter "the other player")
    assert ENGINE.seats_to_act(state) == (1,) and ENGINE.legal_commands(state, 0) == []
    assert ENGINE.legal_commands(state, 1) == [cmd.NpcChoice(choice="keep"), cmd.NpcChoice(choice="restart")]
    state, events = play(state, 1, cmd.NpcChoice(choice="keep"))
    assert not of_kind(events, ev.NpcFightRestarted)
    assert of_kind(events, ev.CardsDiscarded)[0].cards == ("AS",)  # the ace beat the 10 and is spent
    assert state.npc is not None and state.npc.step == "reward" and state.npc.won


def test_WL_NPC_2_cancelling_on_card_10_gives_the_fighter_a_card_and_new_fight_cards() -> None:
    state = ten_revealed()
    chooser_hand = state.players[1].hand
    state, events = play(state, 1, cmd.NpcChoice(choice="restart"))
    assert of_kind(events, ev.NpcFightRestarted) and state.players[1].hand == chooser_hand
    assert "AS" in state.players[0].hand and len(state.players[0].hand) == 2  # back, plus 1 drawn
    (returned,) = of_kind(events, ev.FightCardsReturned)
    assert sorted(returned.cards) == ["10", "2"] and state.fight_deck[-2:] == returned.cards
    (offered,) = of_kind(events, ev.FightCardsOffered)
    assert offered.cards == ("3", "4")  # the next two from the top, never the cards just used
    assert ENGINE.seats_to_act(state) == (1,) and state.npc is not None and state.npc.step == "choose"


def test_WL_NPC_2_only_the_chooser_decides_and_only_keep_or_restart() -> None:
    state = ten_revealed()
    error = violation(state, 1, cmd.NpcChoice(choice="lp"))
    assert (error.code, error.rule) == ("BAD_CHOICE", "WL-NPC-2")
    assert violation(state, 0, cmd.NpcChoice(choice="restart")).code == "NOT_YOUR_DECISION"


def test_WL_CMP_5_the_fight_deck_is_shuffled_at_setup_and_its_order_is_secret() -> None:
    events = ENGINE.setup(ENGINE.options({}), 2, ReversingRng())
    (shuffled,) = of_kind(events, ev.FightDeckShuffled)
    assert shuffled.order == tuple(reversed(FIGHT_DECK)) and shuffled.count == 13
    assert ENGINE.redact(shuffled, 0).order == () and ENGINE.redact(shuffled, 1).order == ()
    assert ENGINE.redact(shuffled, None) == shuffled  # the organiser's log keeps it for the audit
    state = None
    for event in events:
        state = ENGINE.evolve(state, event)
    assert state is not None and state.fight_deck == shuffled.order


def test_WL_CMP_5_drawn_fight_cards_go_beneath_the_deck_in_random_order() -> None:
    state = replace(table(["wild_bill_hickok", "doc_holliday"], ["E5", "A8"]))
    state = on_top(player(state, 0, hand=["AS"]), "J", "Q", "K")
    state, events = play(state, 0, cmd.RobBank())
    assert of_kind(events, ev.FightCardsOffered)[0].cards == ("J", "Q", "K")  # the top three
    state, _ = play(state, 1, cmd.ChooseFightCard(card="Q"))
    state, events = play(state, 0, cmd.CommitFightCard(card="AS"), ReversingRng())
    (returned,) = of_kind(events, ev.FightCardsReturned)
    assert returned.cards == tuple(reversed(("J", "K", "Q")))  # the rng's order, not the drawn order
    assert state.fight_deck[-3:] == returned.cards and state.fight_drawn == ()
    assert sorted(state.fight_deck) == sorted(FIGHT_DECK)
    assert ENGINE.redact(returned, 1).cards == ()


def test_WL_CMP_5_legacy_pool_draws_at_random_and_returns_at_once() -> None:
    state = replace(table(["wild_bill_hickok", "doc_holliday"], ["E5", "A8"], fight_deck="pool"))
    state = player(state, 0, hand=["AS"])
    state, events = play(state, 0, cmd.RobBank(), ScriptedRng(9, 9, 9))
    assert of_kind(events, ev.FightCardsOffered)[0].cards == ("J", "Q", "K")
    state, _ = play(state, 1, cmd.ChooseFightCard(card="Q"))
    state, events = play(state, 0, cmd.CommitFightCard(card="AS"))
    assert not of_kind(events, ev.FightCardsReturned) and sorted(state.fight_deck) == sorted(FIGHT_DECK)
    assert not of_kind(
        ENGINE.setup(ENGINE.options({"fight_deck": "pool"}), 2, ScriptedRng()), ev.FightDeckShuffled
    )


# WL-LOC-WORK-1: work ------------------------------------------------------------------------------


def test_WL_LOC_WORK_1_work_gives_ten_dollars_for_an_action_anywhere() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["A8", "A1"])  # open country: no location
    assert cmd.Work() in ENGINE.legal_commands(state, 0)
    state, events = play(state, 0, cmd.Work())
    assert of_kind(events, ev.ActionSpent)[0].action == "work"
    assert state.players[0].money == 10 and state.actions_left == 2


def test_WL_LOC_WORK_1_work_respects_the_money_cap() -> None:
    state = player(table(["wild_bill_hickok", "doc_holliday"], ["A8", "A1"]), 0, money=120)
    state, _ = play(state, 0, cmd.Work())
    assert state.players[0].money == 120 and state.actions_left == 2


def test_WL_LOC_WORK_1_a_table_without_work_refuses_it() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["A8", "A1"], work_action="off")
    assert cmd.Work() not in ENGINE.legal_commands(state, 0)
    error = violation(state, 0, cmd.Work())
    assert (error.code, error.rule) == ("NO_WORK", "WL-LOC-WORK-1")


# Kit Carson's extra step --------------------------------------------------------------------------


def kit(lp: int = 5, **options: Any) -> State:
    return player(table(["kit_carson", "doc_holliday"], ["A8", "L1"], **options), 0, lp=lp)


def test_kit_carson_moves_on_foot_like_anyone_then_may_step_one_more() -> None:
    state = kit()
    reach = board.reachable_stopping_at("A8", 3, frozenset())
    three_away = next(s for s, d in reach.items() if d == 3)
    assert cmd.Move(to=three_away) not in ENGINE.legal_commands(state, 0)  # no +1 movement
    two_away = next(s for s, d in reach.items() if d == 2 and three_away in board.neighbours(s))
    state, events = play(state, 0, cmd.Move(to=two_away))
    assert cmd.ExtraStep(to=three_away) in ENGINE.legal_commands(state, 0)
    state, events = play(state, 0, cmd.ExtraStep(to=three_away))
    assert state.players[0].space == three_away and state.actions_left == 2  # the step costs nothing
    assert not [c for c in ENGINE.legal_commands(state, 0) if isinstance(c, cmd.ExtraStep)]  # once


def test_kit_carsons_extra_step_is_only_right_after_a_move_and_only_one_space() -> None:
    state = kit()
    error = violation(state, 0, cmd.ExtraStep(to="A7"))
    assert (error.code, error.rule) == ("NO_EXTRA_STEP", "WL-MOVE-1")
    state, _ = play(state, 0, cmd.Move(to="A7"))
    far = next(s for s, d in board.reachable_stopping_at("A7", 2, frozenset()).items() if d == 2)
    assert violation(state, 0, cmd.ExtraStep(to=far)).code == "NO_EXTRA_STEP"
    state, _ = play(state, 0, cmd.Work())  # another action closes the window
    assert violation(state, 0, cmd.ExtraStep(to="A8")).code == "NO_EXTRA_STEP"


def test_kit_carson_takes_no_extra_step_below_five_lp() -> None:
    state, _ = play(kit(lp=4), 0, cmd.Move(to="A7"))
    assert not [c for c in ENGINE.legal_commands(state, 0) if isinstance(c, cmd.ExtraStep)]


def test_kit_carson_legacy_option_is_plus_one_movement() -> None:
    state = kit(kit_carson_step="plus_one_movement")
    reach = board.reachable_stopping_at("A8", 3, frozenset())
    three_away = next(s for s, d in reach.items() if d == 3)
    state, _ = play(state, 0, cmd.Move(to=three_away))
    assert state.players[0].space == three_away
    assert not [c for c in ENGINE.legal_commands(state, 0) if isinstance(c, cmd.ExtraStep)]


# Bloody Knife's mesa route ------------------------------------------------------------------------


def knife(lp: int = 5, **options: Any) -> State:
    state = table(["bloody_knife", "doc_holliday"], ["E5", "A1"], **options)
    return player(state, 0, lp=lp, wounds=1, items=[("mustang", False)], mount="mustang")


def test_bloody_knife_chooses_the_mesa_route_and_heals() -> None:
    state = knife()
    assert cmd.Move(to="I5") in ENGINE.legal_commands(state, 0)  # reachable around the mesas too
    assert cmd.CrossMesa(to="I5") in ENGINE.legal_commands(state, 0)
    around, _ = play(state, 0, cmd.Move(to="I5"))
    assert around.players[0].wounds == 1  # the route around: no crossing, no heal
    through, events = play(state, 0, cmd.CrossMesa(to="I5"))
    assert (through.players[0].space, through.players[0].wounds, through.actions_left) == ("I5", 0, 2)
    assert of_kind(events, ev.ActionSpent)[0].action == "move"


def test_the_mesa_route_must_fit_the_movement_and_needs_bloody_knife() -> None:
    state = knife()
    assert violation(state, 0, cmd.CrossMesa(to="A1")).code == "NO_MESA_ROUTE"  # no mesa on the way
    assert violation(state, 0, cmd.CrossMesa(to="G4")).code == "NO_MESA_ROUTE"  # never ends in a mesa
    weak = knife(lp=4)
    assert not [c for c in ENGINE.legal_commands(weak, 0) if isinstance(c, cmd.CrossMesa)]
    assert violation(weak, 0, cmd.CrossMesa(to="I5")).code == "NO_MESA_ROUTE"


def test_bloody_knife_legacy_option_has_no_route_choice() -> None:
    state = knife(bloody_knife_route="only_when_needed")
    assert not [c for c in ENGINE.legal_commands(state, 0) if isinstance(c, cmd.CrossMesa)]
    assert violation(state, 0, cmd.CrossMesa(to="I5")).code == "NO_MESA_ROUTE"
