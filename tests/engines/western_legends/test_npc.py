"""NPC fights (WL §8): bandits stop a Move, the Bank Guard, the fight cards, respawn."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.western_legends import ENGINE, board
from engines.western_legends import commands as cmd
from engines.western_legends import events as ev
from engines.western_legends.fightcards import FIGHT_DECK
from engines.western_legends.rules import Tx
from engines.western_legends.state import State
from engines.western_legends.turn import begin_turn
from tests.engines.western_legends.helpers import (
    ScriptedRng,
    of_kind,
    play,
    player,
    stack,
    table,
    violation,
)


def bandit_table(**fields: Any) -> State:
    state = table(["wild_bill_hickok", "doc_holliday"], ["F1", "A8"])
    state = replace(state, bandits=("G1",))
    return player(state, 0, **fields)


def offer(state: State, *picks: int) -> ScriptedRng:
    """A ScriptedRng that makes the chooser draw the given pool indexes."""
    return ScriptedRng(*picks)


def test_WL_MOVE_4_a_bandit_ends_the_move_and_starts_a_fight() -> None:
    state = bandit_table(hand=["AS"])
    state, events = play(state, 0, cmd.Move(to="G1"), ScriptedRng(0, 0))
    (started,) = of_kind(events, ev.NpcFightStarted)
    assert (started.npc, started.fighter, started.chooser) == ("bandit", 0, 1)
    assert state.actions_left == 2  # the fight costs no action (WL-TURN-4)
    assert ENGINE.seats_to_act(state) == (1,)


def test_WL_MOVE_4_a_bandit_blocks_the_way_through() -> None:
    state = replace(bandit_table(), bandits=("G1", "G2"))
    error = violation(state, 0, cmd.Move(to="H1"))
    assert (error.code, error.rule) == ("OUT_OF_RANGE", "WL-MOVE-1")


def test_WL_NPC_1_chooser_sees_the_drawn_cards_and_nobody_else() -> None:
    state, events = play(bandit_table(hand=["AS"]), 0, cmd.Move(to="G1"), ScriptedRng(0, 0))
    (offered,) = of_kind(events, ev.FightCardsOffered)
    assert offered.cards == ("2", "3")
    assert ENGINE.redact(offered, 0) == replace(offered, cards=())
    assert ENGINE.redact(offered, 1) == offered
    assert "fight_cards_offered" not in ENGINE.view(state, 0)["players"][1]


def test_WL_NPC_3_beating_a_bandit_offers_lp_or_mp_and_removes_it() -> None:
    state, _ = play(stack(bandit_table(hand=["AS"]), "8", "9"), 0, cmd.Move(to="G1"))
    state, _ = play(state, 1, cmd.ChooseFightCard(card="8"))
    state, events = play(state, 0, cmd.CommitFightCard(card="AS"))
    assert of_kind(events, ev.NpcRevealed)[0].won and state.players[0].wounds == 1  # card 8: +1 wound
    assert ENGINE.legal_commands(state, 0) == [cmd.NpcChoice(choice="lp"), cmd.NpcChoice(choice="mp")]
    state, _ = play(state, 0, cmd.NpcChoice(choice="mp"))
    assert state.players[0].mp == 1 and state.bandits == () and state.npc is None
    assert sorted(state.fight_deck) == sorted(FIGHT_DECK)


def test_WL_NPC_1_ties_go_to_the_npc_and_the_loser_is_wounded() -> None:
    state, _ = play(stack(bandit_table(hand=["KS"]), "K", "2"), 0, cmd.Move(to="G1"))
    state, _ = play(state, 1, cmd.ChooseFightCard(card="K"))
    state, events = play(state, 0, cmd.CommitFightCard(card="KS"))
    assert not of_kind(events, ev.NpcRevealed)[0].won
    p = state.players[0]
    assert (p.lp, p.wounds, len(p.hand)) == (1, 1, 1)  # card K: +1 LP; loss: wound and draw
    assert state.bandits == ()


def test_WL_NPC_2_card_two_wounds_and_costs_a_legend_point() -> None:
    state, _ = play(bandit_table(hand=["AS"], lp=3, wp=1), 0, cmd.Move(to="G1"), ScriptedRng(0, 0))
    state, _ = play(state, 1, cmd.ChooseFightCard(card="2"))
    state, _ = play(state, 0, cmd.CommitFightCard(card="AS"))
    p = state.players[0]
    assert (p.lp, p.wounds, p.mp) == (3, 1, 0)  # -1 LP, then +1 LP only: a Wanted player takes no MP


def test_WL_NPC_2_card_ten_restarts_the_fight() -> None:
    """Version 1's card 10, kept as `fight_card_10="always_restart"` (rules version 2 is the default)."""
    state = table(["wild_bill_hickok", "doc_holliday"], ["F1", "A8"], fight_card_10="always_restart")
    state = stack(player(replace(state, bandits=("G1",)), 0, hand=["AS"]), "10", "2")
    state, _ = play(state, 0, cmd.Move(to="G1"))
    state, _ = play(state, 1, cmd.ChooseFightCard(card="10"))
    state, events = play(state, 0, cmd.CommitFightCard(card="AS"), ScriptedRng(0, 0, 0))
    assert of_kind(events, ev.NpcFightRestarted)
    assert state.npc is not None and state.npc.step == "choose"
    assert "AS" in state.players[0].hand and len(state.players[0].hand) == 2


def test_WL_LOC_BANK_2_robbing_the_bank_wins_wanted_and_money() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["E5", "A8"])
    state = player(state, 0, hand=["AS"], mp=2)
    state, _ = play(state, 0, cmd.RobBank(), ScriptedRng(0, 0, 0))  # 2, 3, 4
    state, _ = play(state, 1, cmd.ChooseFightCard(card="3"))
    state, _ = play(state, 0, cmd.CommitFightCard(card="AS"))
    p = state.players[0]
    assert (p.wp, p.mp, p.money, p.wounds) == (3, 0, 80, 2)  # card 3: 2 wounds; a Marshal turns Wanted


def test_WL_LOC_BANK_2_losing_to_the_guard_still_gives_wanted() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["E5", "A8"])
    state = player(state, 0, hand=["2S"])
    state, _ = play(stack(state, "J", "Q", "K"), 0, cmd.RobBank())
    state, _ = play(state, 1, cmd.ChooseFightCard(card="J"))
    state, _ = play(state, 0, cmd.CommitFightCard(card="2S"))
    p = state.players[0]
    assert (p.wp, p.money, p.wounds, len(p.hand)) == (1, 10, 1, 1)


def test_WL_NPC_3_bandits_respawn_on_empty_hideouts_at_round_start() -> None:
    state = table(["billy_the_kid", "doc_holliday"], ["A2", "I3"], bandit_respawn="every_round")
    tx = Tx(state, ScriptedRng())
    begin_turn(tx, 0, 2)
    assert set(tx.state.bandits) == {s for pair in board.HIDEOUTS.values() for s in pair} - {"A2"}


def test_WL_SHF_2_sheriff_walks_toward_the_most_wanted_and_fights() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["E4", "L8"], sheriff_walk="end_phase")
    state = player(player(state, 0, wp=2, hand=["2S"]), 1, wp=1)
    state, events = play(stack(state, "A", "K", "Q", "J"), 0, cmd.EndActions())
    assert of_kind(events, ev.SheriffMoved)[0].path == ("D3", "E4")  # ties: board order
    assert state.npc is not None and state.npc.kind == "sheriff" and state.phase == "end_sheriff"
    state, _ = play(state, 1, cmd.ChooseFightCard(card="K"))
    state, events = play(state, 0, cmd.CommitFightCard(card="2S"))
    p = state.players[0]
    assert (p.space, p.wp, p.wounds) == ("C4", 0, 1)  # WL-NPC-5: arrested, wounded
    assert state.sheriff == "C4" and of_kind(events, ev.TurnStarted)[0].seat == 1  # the end phase went on


def test_WL_SHF_1_sheriff_stays_home_when_nobody_is_wanted() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["E4", "L8"])
    state, events = play(state, 0, cmd.EndActions())
    assert not of_kind(events, ev.SheriffMoved) and state.sheriff == "C4"


def test_WL_SHF_3_a_wanted_player_entering_his_space_stops_and_fights() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["E4", "L8"])
    state = player(state, 0, wp=1, hand=["AS"])
    state, events = play(state, 0, cmd.Move(to="C4"), ScriptedRng(0, 0, 0, 0))
    assert of_kind(events, ev.NpcFightStarted)[0].npc == "sheriff"
    state, _ = play(state, 1, cmd.ChooseFightCard(card="5"))
    state, _ = play(state, 0, cmd.CommitFightCard(card="AS"))
    assert state.npc is None and state.players[0].wp == 1 and state.phase == "actions"
