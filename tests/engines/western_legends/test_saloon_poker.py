"""Saloon poker (WL-LOC-SAL-1): the Gamble action, joining, the dealer, the showdown, payouts."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engines.base import SPECTATOR
from engines.western_legends import ENGINE
from engines.western_legends import commands as cmd
from engines.western_legends import events as ev
from engines.western_legends.pokerhands import hand_key, hand_name
from engines.western_legends.state import State
from tests.engines.western_legends.helpers import of_kind, play, player, table, violation


def deck_front(state: State, *cards: str) -> State:
    """Put poker cards at the front of the pool: draws and the flop take them in this order."""
    rest = tuple(c for c in state.deck if c not in cards)
    return replace(state, deck=(*cards, *rest))


def two_in_darkrock(**fields: Any) -> State:
    state = table(["wild_bill_hickok", "doc_holliday"], ["B5", "C5"])
    state = player(state, 0, money=10, hand=["AS", "AH"], **fields)
    return player(state, 1, money=10, hand=["KS", "KH"])


# --- hand ranking ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        (["10S", "JS", "QS", "KS", "AS"], ["AS", "AC", "AH", "AD", "KS"]),  # straight flush > four
        (["2H", "3H", "4H", "5H", "AH"], ["KC", "KD", "KH", "7S", "7D"]),  # the wheel flush > full house
        (["2C", "7C", "9C", "JC", "KC"], ["5S", "6C", "7D", "8H", "9S"]),  # flush > straight
        (["AS", "2C", "3D", "4H", "5S"], ["QS", "QC", "QD", "8H", "4S"]),  # ace-low straight > three
        (["JS", "JH", "5C", "5D", "AS"], ["JS", "JH", "4C", "4D", "AS"]),  # two pair by the second pair
        (["8S", "8H", "KC", "10D", "4C"], ["8S", "8H", "KC", "10D", "3C"]),  # pair by the last kicker
        (["AS", "AH", "2C", "3D"], ["KS", "KH", "QC", "JD"]),  # 4-card hands (a 1-card player)
    ],
)
def test_WL_LOC_SAL_1_hand_ranking(better: list[str], worse: list[str]) -> None:
    assert hand_key(better) > hand_key(worse)


def test_WL_LOC_SAL_1_no_straight_or_flush_in_four_cards_and_suits_never_break_ties() -> None:
    assert hand_name(["2H", "3H", "4H", "5H"]) == "high card"
    assert hand_key(["QS", "JS", "9C", "7D", "2C"]) == hand_key(["QH", "JH", "9C", "7D", "2C"])
    assert hand_name(["KS", "AS", "2S", "3S", "4S"]) == "flush"  # no wrap-around straight


# --- the game --------------------------------------------------------------------------------


def test_WL_LOC_SAL_1_gamble_join_and_the_active_player_wins_pot_and_a_legend_point() -> None:
    state = deck_front(two_in_darkrock(), "3C", "4C", "2C", "7D", "9H")
    assert cmd.Gamble() in ENGINE.legal_commands(state, 0)
    state, events = play(state, 0, cmd.Gamble())
    assert of_kind(events, ev.GambleStarted)[0].order == (1,) and state.actions_left == 2
    assert ENGINE.seats_to_act(state) == (1,)
    assert ENGINE.legal_commands(state, 1) == [cmd.JoinPoker(join=True), cmd.JoinPoker(join=False)]
    state, events = play(state, 1, cmd.JoinPoker(join=True))
    assert of_kind(events, ev.PokerFlopRevealed)[0].cards == ("2C", "7D", "9H")
    assert state.poker is not None and state.poker.pot == 70  # two antes and the house's $50
    assert ENGINE.seats_to_act(state) == (0, 1)  # both choose at once
    state, events = play(state, 1, cmd.ChoosePokerCards(cards=("KH", "KS")))
    assert ENGINE.redact(of_kind(events, ev.PokerCardsChosen)[0], 0).cards == ()  # face down
    state, events = play(state, 0, cmd.ChoosePokerCards(cards=("AH", "AS")))
    (showdown,) = of_kind(events, ev.PokerShowdown)
    assert showdown.winners == (0,) and not showdown.dealer_won
    assert [h.hand for h in showdown.hands] == ["pair", "pair"]
    winner, loser = state.players
    assert (winner.money, winner.lp) == (70, 1)  # Wild Bill below 5 LP: no ability
    assert loser.money == 0 and len(loser.hand) == 2  # the loser draws 1
    assert state.poker is None and {"AH", "AS", "KH", "KS", "2C", "7D", "9H"} <= set(state.discard)


def test_WL_LOC_SAL_1_the_active_player_wins_ties_against_players() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["B5", "C5"])
    state = player(player(state, 0, money=10, hand=["QS", "JS"]), 1, money=10, hand=["QH", "JH"])
    state = deck_front(state, "3C", "4C", "2C", "7D", "9D")
    state, _ = play(state, 0, cmd.Gamble())
    state, _ = play(state, 1, cmd.JoinPoker(join=True))
    state, _ = play(state, 1, cmd.ChoosePokerCards(cards=("JH", "QH")))
    state, events = play(state, 0, cmd.ChoosePokerCards(cards=("JS", "QS")))
    assert of_kind(events, ev.PokerShowdown)[0].winners == (0,)


def test_WL_LOC_SAL_1_nobody_joins_so_the_player_to_the_right_deals_and_wins_ties() -> None:
    state = table(["wild_bill_hickok", "doc_holliday", "kit_carson"], ["B5", "L8", "A1"])
    state = player(player(state, 0, money=10, hand=["QS", "JS"]), 2, hand=["5S"])
    state = deck_front(state, "3C", "QH", "JH", "2D", "3D", "2C", "7D", "9D")
    state, events = play(state, 0, cmd.Gamble())
    assert of_kind(events, ev.GambleStarted)[0].order == ()  # nobody else in Darkrock
    assert of_kind(events, ev.PokerDealerSeated)[0].seat == 2  # to the right of seat 0
    assert state.players[2].hand == ("QH", "JH", "2D", "3D")
    assert "set_aside" not in ENGINE.view(state, 0)["poker"] and ENGINE.view(state, 2)["poker"][
        "set_aside"
    ] == ["5S"]
    state, _ = play(state, 2, cmd.ChoosePokerCards(cards=("JH", "QH")))
    state, events = play(state, 0, cmd.ChoosePokerCards(cards=("JS", "QS")))
    showdown = of_kind(events, ev.PokerShowdown)[0]
    assert showdown.dealer_won and showdown.winners == ()  # a tie goes to the dealer
    assert state.players[0].money == 0 and len(state.players[0].hand) == 2  # ante lost, 3C kept, 1 drawn
    assert state.players[2].hand == ("5S",)  # the dealer's own hand is back
    assert {"2D", "3D"} <= set(state.discard)  # the dealer's unplayed cards


def test_WL_LOC_SAL_1_wild_bill_and_the_ten_gallon_after_a_win() -> None:
    state = deck_front(two_in_darkrock(lp=5, items=[("ten_gallon", False)]), "3C", "4C", "2C", "7D", "9H")
    state, _ = play(state, 0, cmd.Gamble())
    state, _ = play(state, 1, cmd.JoinPoker(join=True))
    state, _ = play(state, 1, cmd.ChoosePokerCards(cards=("KH", "KS")))
    state, _ = play(state, 0, cmd.ChoosePokerCards(cards=("AH", "AS")))
    assert (state.players[0].money, state.players[0].lp) == (90, 7)  # pot 70 + $20; +1 LP, +1 LP hat


def test_WL_LOC_SAL_1_wild_bill_keeps_a_card_and_the_ten_gallon_pays_after_a_loss() -> None:
    state = table(["doc_holliday", "wild_bill_hickok"], ["B5", "C5"])
    state = player(state, 0, money=10, hand=["AS", "AH"])
    state = player(state, 1, money=10, lp=5, hand=["KS", "KH"], items=[("ten_gallon", False)])
    state = deck_front(state, "3C", "4C", "2C", "7D", "9H")
    state, _ = play(state, 0, cmd.Gamble())
    state, _ = play(state, 1, cmd.JoinPoker(join=True))
    state, _ = play(state, 1, cmd.ChoosePokerCards(cards=("KH", "KS")))
    state, events = play(state, 0, cmd.ChoosePokerCards(cards=("AH", "AS")))
    (kept,) = of_kind(events, ev.PokerCardKept)
    bill = state.players[1]
    assert kept.card in ("KH", "KS") and kept.card in bill.hand and kept.card not in state.discard
    assert bill.money == 10 and len(bill.hand) == 3  # $10 from the hat; 4C, the kept card, 1 drawn


def test_WL_LOC_SAL_1_gamble_needs_a_saloon_and_the_ante() -> None:
    state = table(["wild_bill_hickok", "doc_holliday"], ["E5", "A1"])
    assert violation(player(state, 0, money=10), 0, cmd.Gamble()).code == "CANNOT_GAMBLE"
    state = table(["wild_bill_hickok", "doc_holliday"], ["B5", "A1"])
    assert cmd.Gamble() not in ENGINE.legal_commands(state, 0)
    assert violation(state, 0, cmd.Gamble()).code == "CANNOT_GAMBLE"


def test_WL_LOC_SAL_1_bad_choices_are_refused_and_change_nothing() -> None:
    state = deck_front(two_in_darkrock(), "3C", "4C", "2C", "7D", "9H")
    state, _ = play(state, 0, cmd.Gamble())
    assert violation(state, 0, cmd.JoinPoker(join=True)).code == "NOT_YOUR_DECISION"
    broke = replace(state, players=(state.players[0], replace(state.players[1], money=0)))
    assert violation(broke, 1, cmd.JoinPoker(join=True)).code == "NOT_ENOUGH_MONEY"
    assert ENGINE.legal_commands(broke, 1) == [cmd.JoinPoker(join=False)]
    state, _ = play(state, 1, cmd.JoinPoker(join=True))
    for cards in (("AS",), ("AS", "AS"), ("AS", "KS"), ("AS", "AH", "3C")):
        assert violation(state, 0, cmd.ChoosePokerCards(cards=cards)).code == "BAD_POKER_CARDS"
    assert violation(state, 0, cmd.Move(to="B4")).code == "WRONG_POKER_STEP"


def test_WL_LOC_SAL_1_a_table_without_poker_and_version_1_views() -> None:
    state = player(table(["wild_bill_hickok", "doc_holliday"], ["B5", "A1"], saloon_poker="off"), 0, money=10)
    assert cmd.Gamble() not in ENGINE.legal_commands(state, 0)
    assert violation(state, 0, cmd.Gamble()).code == "CANNOT_GAMBLE"
    assert "poker" not in ENGINE.view(state, None)  # a version-1 game's view (and state hash) is unchanged


def test_WL_LOC_SAL_1_wild_bills_kept_card_is_public_as_the_showdown_and_the_discard_pile_show_it() -> None:
    """No source hides the kept card, and public information names it: the showdown turns his
    chosen cards face up and the rest go to the face-up discard pile (WL-SET-1), so the kept card is
    the one of his shown cards that never reaches it. Redacting `poker_card_kept` would hide
    nothing; it stays public, and the rest of his hand stays hidden."""
    state = table(["doc_holliday", "wild_bill_hickok"], ["B5", "C5"])
    state = player(state, 0, money=10, hand=["AS", "AH"])
    state = player(state, 1, money=10, lp=5, hand=["KS", "KH", "9C"])
    state = deck_front(state, "3C", "4C", "2C", "7D", "9H")
    state, _ = play(state, 0, cmd.Gamble())
    state, _ = play(state, 1, cmd.JoinPoker(join=True))
    state, _ = play(state, 1, cmd.ChoosePokerCards(cards=("KH", "KS")))
    discard_before = ENGINE.view(state, SPECTATOR)["discard"]
    state, events = play(state, 0, cmd.ChoosePokerCards(cards=("AH", "AS")))
    seen = [ENGINE.redact(event, SPECTATOR) for event in events]
    (showdown,) = of_kind(seen, ev.PokerShowdown)
    shown = next(hand.cards for hand in showdown.hands if hand.seat == 1)
    spectator = ENGINE.view(state, SPECTATOR)
    assert isinstance(discard_before, list) and isinstance(spectator["discard"], list)
    spent = spectator["discard"][len(discard_before) :]
    derived = [card for card in shown if card not in spent]
    (kept,) = of_kind(seen, ev.PokerCardKept)
    assert derived == [kept.card] and kept.card in state.players[1].hand
    bill = spectator["players"]
    assert isinstance(bill, list) and isinstance(bill[1], dict)
    assert "hand" not in bill[1] and bill[1]["hand_size"] == len(state.players[1].hand)


def test_WL_LOC_SAL_1_tied_players_split_the_pot_in_10_dollar_units_the_remainder_to_the_supply() -> None:
    """Four antes and the house's $50 make $90; two tied players take $40 each, not $45."""
    state = table(
        ["wild_bill_hickok", "doc_holliday", "bass_reeves", "mary_fields"], ["B5", "C5", "D5", "D4"]
    )
    for seat, hand in enumerate((["QS", "QH"], ["KS", "KH"], ["KC", "KD"], ["JS", "JH"])):
        state = player(state, seat, money=10, hand=hand)
    state = deck_front(state, "3C", "4C", "5S", "6S", "2C", "7D", "9H")
    state, _ = play(state, 0, cmd.Gamble())
    for seat in (1, 2, 3):
        state, _ = play(state, seat, cmd.JoinPoker(join=True))
    assert state.poker is not None and state.poker.pot == 90
    for seat, cards in ((1, ("KS", "KH")), (2, ("KC", "KD")), (3, ("JS", "JH")), (0, ("QS", "QH"))):
        state, events = play(state, seat, cmd.ChoosePokerCards(cards=cards))
    (showdown,) = of_kind(events, ev.PokerShowdown)
    assert showdown.winners == (1, 2) and not showdown.dealer_won
    assert [p.money for p in state.players] == [0, 40, 40, 0]  # $10 of the $90 goes back to the supply
    assert [p.lp for p in state.players] == [0, 0, 0, 0]  # neither winner is the active player
