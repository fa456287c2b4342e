"""Player fights, WL §7: the four steps, rewards, and every bad input a seat can send."""

from __future__ import annotations

from dataclasses import replace

from engines.base import Event
from engines.western_legends import commands as cmd
from engines.western_legends import events as ev
from engines.western_legends.state import FightKind, State
from tests.engines.western_legends.helpers import of_kind, play, player, table, violation


def duel_table(attacker_card: str = "KS", target_card: str = "QH") -> State:
    state = table(["wild_bill_hickok", "doc_holliday"], ["I4", "I4"])
    state = player(state, 0, hand=[attacker_card, "2C"])
    return player(state, 1, hand=[target_card, "3C"])


def fight_to_reactions(state: State, kind: FightKind, a_card: str, t_card: str) -> State:
    state, _ = play(state, 0, cmd.StartFight(target=1, fight=kind))
    state, _ = play(state, 0, cmd.CommitFightCard(card=a_card))
    state, _ = play(state, 1, cmd.AnswerFight(card=t_card))
    return state


def finish(state: State) -> tuple[State, list[Event]]:
    state, first = play(state, 0, cmd.PassReaction())
    state, second = play(state, 1, cmd.PassReaction())
    return state, first + second


def test_WL_7_1_worked_duel_annie_vs_bass_reeves_step_by_step() -> None:
    state = table(["annie_oakley", "bass_reeves"], ["D4", "D4"])
    state = player(state, 0, lp=5, hand=["KS", "5D"])
    state = player(state, 1, hand=["QH", "4C", "9D"], items=[("shotgun", True)], weapon="shotgun")
    # 1. Target: Annie's ability makes Bass pay first
    state, _ = play(state, 0, cmd.StartFight(target=1, fight="duel"))
    assert state.fight is not None and state.fight.step == "annie_tax"
    state, events = play(state, 1, cmd.PayAnnieToll(card="4C"))
    assert of_kind(events, ev.CardsDiscarded)[0].cards == ("4C",)
    state, _ = play(state, 0, cmd.CommitFightCard(card="KS"))
    state, events = play(state, 1, cmd.AnswerFight(card="QH"))
    # 2. Reveal: the upgraded Shotgun lowers Annie's K to Q
    (reveal,) = of_kind(events, ev.FightRevealed)
    assert (reveal.attacker_value, reveal.target_value) == (12, 12)
    # 3./4. Compare: the tie goes to Annie; rewards
    state, events = finish(state)
    assert of_kind(events, ev.FightWon)[0].winner == 0
    annie, bass = state.players
    assert annie.lp == 7 and annie.hand == ("5D",)
    assert bass.wounds == 1 and len(bass.hand) == 3 - 1 - 1 + 1
    assert set(state.discard) >= {"KS", "QH", "4C"}
    assert violation(state, 0, cmd.StartFight(target=1, fight="duel")).code == "ALREADY_FOUGHT"


def test_WL_FIGHT_1_target_elsewhere_is_refused() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["I4", "I3"])
    state = player(state, 0, hand=["KS"])
    error = violation(state, 0, cmd.StartFight(target=1, fight="duel"))
    assert (error.code, error.rule) == ("TARGET_ELSEWHERE", "WL-FIGHT-1")


def test_WL_FIGHT_1_a_fight_costs_one_action() -> None:
    state, _ = play(duel_table(), 0, cmd.StartFight(target=1, fight="duel"))
    assert state.actions_left == 2


def test_WL_FIGHT_2_arrest_needs_marshal_points_and_a_wanted_target() -> None:
    state = duel_table()
    assert violation(state, 0, cmd.StartFight(target=1, fight="arrest")).code == "NOT_A_MARSHAL"
    state = player(state, 0, mp=1)
    error = violation(state, 0, cmd.StartFight(target=1, fight="arrest"))
    assert (error.code, error.rule) == ("TARGET_NOT_WANTED", "WL-FIGHT-2")


def test_WL_FIGHT_3_second_fight_with_the_same_player_is_refused() -> None:
    state = fight_to_reactions(duel_table(), "duel", "KS", "QH")
    state, _ = finish(state)
    error = violation(state, 0, cmd.StartFight(target=1, fight="rob"))
    assert (error.code, error.rule) == ("ALREADY_FOUGHT", "WL-FIGHT-3")


def test_WL_FIGHT_5_decline_is_a_win_and_the_attacker_still_discards() -> None:
    state, _ = play(duel_table(), 0, cmd.StartFight(target=1, fight="duel"))
    state, _ = play(state, 0, cmd.CommitFightCard(card="KS"))
    state, events = play(state, 1, cmd.AnswerFight(card=""))
    assert of_kind(events, ev.FightWon)[0].winner == 0
    assert "KS" in state.discard and state.players[0].lp == 2
    assert state.players[1].wounds == 1 and state.fight is None


def test_WL_FIGHT_5_no_fight_with_an_empty_hand() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["I4", "I4"])
    assert violation(state, 0, cmd.StartFight(target=1, fight="duel")).code == "EMPTY_HAND"


def test_WL_FIGHT_6_face_down_cards_are_hidden_until_the_reveal() -> None:
    from engines.western_legends import ENGINE

    state, _ = play(duel_table(), 0, cmd.StartFight(target=1, fight="duel"))
    state, events = play(state, 0, cmd.CommitFightCard(card="KS"))
    (placed,) = of_kind(events, ev.FightCardPlaced)
    assert ENGINE.redact(placed, 1) == replace(placed, card="") and ENGINE.redact(placed, 0) == placed
    players = ENGINE.view(state, 1)["players"]
    assert "committed" not in players[0] and "committed" in ENGINE.view(state, 0)["players"][0]


def test_WL_FIGHT_7_answering_a_reaction_that_is_not_yours_is_refused() -> None:
    state = fight_to_reactions(duel_table(), "duel", "KS", "QH")
    error = violation(state, 1, cmd.PassReaction())
    assert (error.code, error.rule) == ("NOT_YOUR_DECISION", "WL-FIGHT-7")
    state, _ = play(state, 0, cmd.PassReaction())
    assert violation(state, 0, cmd.PassReaction()).code == "NOT_YOUR_DECISION"


def test_WL_FIGHT_8_values_never_drop_below_two_and_ties_go_to_the_active_player() -> None:
    state = duel_table("2S", "2H")
    state = player(state, 1, items=[("revolver", True)], weapon="revolver")
    state = fight_to_reactions(state, "duel", "2S", "2H")
    assert state.fight is not None and state.fight.attacker_value == 2
    state, events = finish(state)
    assert of_kind(events, ev.FightWon)[0].winner == 0


def test_WL_FIGHT_9_loser_takes_a_wound_and_draws_a_card() -> None:
    state = fight_to_reactions(duel_table("3S", "KH"), "duel", "3S", "KH")
    state, events = finish(state)
    assert of_kind(events, ev.FightWon)[0].winner == 1
    assert state.players[0].wounds == 1 and len(state.players[0].hand) == 2
    assert state.players[1].lp == 0  # WL-FIGHT-11: the target gains nothing else


def test_WL_FIGHT_10_arrest_rewards_and_jail() -> None:
    state = player(duel_table(), 0, mp=1)
    state = player(state, 1, wp=3, money=50, gold=3)
    state = fight_to_reactions(state, "arrest", "KS", "QH")
    state, _ = finish(state)
    marshal, outlaw = state.players
    assert marshal.mp == 2 and marshal.money == 20  # Marshal space 2 pays $20
    assert (outlaw.space, outlaw.wp, outlaw.money, outlaw.gold) == ("C4", 0, 20, 1)


def test_WL_FIGHT_10_rob_takes_half_money_rounded_up_and_gives_wanted() -> None:
    state = player(duel_table(), 1, money=50, gold=2)
    state = fight_to_reactions(state, "rob", "KS", "QH")
    state, _ = finish(state)
    assert state.fight is not None and state.fight.step == "loot"
    state, _ = play(state, 0, cmd.ChooseLoot(loot="money"))
    assert state.players[0].money == 30 and state.players[0].wp == 1
    assert state.players[1].money == 20 and state.fight is None


def test_WL_FIGHT_10_rob_loot_respects_the_robbers_caps() -> None:
    state = player(duel_table(), 0, money=110)
    state = player(state, 1, money=40)
    state = fight_to_reactions(state, "rob", "KS", "QH")
    state, _ = finish(state)
    assert state.players[0].money == 120 and state.players[1].money == 20


def test_WL_FIGHT_10_duel_rewards_two_lp() -> None:
    state = fight_to_reactions(duel_table(), "duel", "KS", "QH")
    state, _ = finish(state)
    assert state.players[0].lp == 2


def test_WL_FIGHT_12_every_fight_card_is_discarded() -> None:
    state = fight_to_reactions(duel_table(), "duel", "KS", "QH")
    state, _ = finish(state)
    assert {"KS", "QH"} <= set(state.discard)
    assert all(p.committed == "" for p in state.players)


def test_annie_toll_can_be_paid_with_a_wound() -> None:
    state = table(["annie_oakley", "bass_reeves"], ["D4", "D4"])
    state = player(replace(state), 0, lp=5, hand=["KS"])
    state = player(state, 1, hand=["QH"])
    state, _ = play(state, 0, cmd.StartFight(target=1, fight="duel"))
    assert violation(state, 0, cmd.PayAnnieToll(card="")).code == "NOT_YOUR_DECISION"
    state, _ = play(state, 1, cmd.PayAnnieToll(card=""))
    assert state.players[1].wounds == 1 and state.fight is not None
    assert state.fight.step == "attacker_commit"
