"""Honest Labor, Church and duels (spec section 6), with the turn flow around them."""

from __future__ import annotations

import pytest

from engines.base import Event, RuleViolation
from engines.most_wanted import ENGINE
from engines.most_wanted import events as ev
from engines.most_wanted.commands import ChallengeDuel, DoHonestLabor, LockCards, VisitChurch
from engines.most_wanted.state import State

from .helpers import of, play, table

HANDS = {
    0: ["9-0-a", "9-0-b", "K-0-a", "7-1-a", "A-2-a"],
    1: ["6-0-a", "8-1-a", "Q-2-a", "J-0-b", "10-1-a"],
    2: ["Q-0-a", "Q-1-a", "Q-3-a", "A-0-a", "8-2-a"],
}


def test_MW_HL_1_honest_labor_pays_two_per_card_of_one_suit_and_refills() -> None:
    state, events = play(table(HANDS), 0, DoHonestLabor(cards=("9-0-a", "9-0-b", "K-0-a")))
    assert state.player(0).money == 6
    assert len(state.player(0).hand) == 5 and len(of(events, ev.CardsDrawn)) == 1
    assert {"9-0-a", "9-0-b", "K-0-a"} <= set(state.discard)
    assert state.active == 1


def test_MW_HL_1_mixed_suits_and_no_cards_are_refused() -> None:
    with pytest.raises(RuleViolation) as raised:
        play(table(HANDS), 0, DoHonestLabor(cards=("9-0-a", "7-1-a")))
    assert raised.value.code == "MIXED_SUITS" and raised.value.rule == "MW-HL-1"
    with pytest.raises(RuleViolation) as raised:
        play(table(HANDS), 0, DoHonestLabor(cards=()))
    assert raised.value.code == "NO_CARDS"


def test_MW_CH_1_church_discards_then_draws_up_to_seven() -> None:
    state, events = play(table(HANDS), 0, VisitChurch(cards=("7-1-a", "A-2-a")))
    assert len(state.player(0).hand) == 7
    assert sum(e.count for e in of(events, ev.CardsDrawn)) == 4
    assert state.discard[-2:] == ("7-1-a", "A-2-a")
    state, _ = play(table(HANDS), 0, VisitChurch(cards=()))
    assert len(state.player(0).hand) == 7


def test_MW_CH_1_a_seven_card_hand_draws_nothing_on_refill() -> None:
    hands = dict(HANDS)
    hands[0] = [*HANDS[0], "8-3-a", "10-3-a"]
    state, _ = play(table(hands), 0, DoHonestLabor(cards=("A-2-a",)))
    assert len(state.player(0).hand) == 6


def duel(
    state: State, size: int, mine: tuple[str, ...], theirs: tuple[str, ...]
) -> tuple[State, list[Event]]:
    state, _ = play(state, 0, ChallengeDuel(target=2, size=size))
    state, _ = play(state, 2, LockCards(cards=theirs))
    return play(state, 0, LockCards(cards=mine))


def test_MW_DUEL_1_target_must_take_part_and_only_those_two_play() -> None:
    state, _ = play(table(HANDS), 0, ChallengeDuel(target=2, size=2))
    assert ENGINE.seats_to_act(state) == (0, 2)
    assert ENGINE.legal_commands(state, 1) == []
    with pytest.raises(RuleViolation) as raised:
        play(state, 1, LockCards(cards=("6-0-a", "8-1-a")))
    assert raised.value.code == "NOT_A_PARTICIPANT"


def test_MW_DUEL_1_you_cannot_challenge_yourself() -> None:
    with pytest.raises(RuleViolation) as raised:
        play(table(HANDS), 0, ChallengeDuel(target=0, size=1))
    assert raised.value.code == "BAD_DUEL_TARGET" and raised.value.rule == "MW-DUEL-1"


def test_MW_DUEL_2_the_challenger_picks_one_or_two_cards() -> None:
    with pytest.raises(RuleViolation) as raised:
        play(table(HANDS), 0, ChallengeDuel(target=1, size=3))
    assert raised.value.code == "BAD_DUEL_SIZE"
    state, _ = play(table(HANDS), 0, ChallengeDuel(target=1, size=2))
    with pytest.raises(RuleViolation) as raised:
        play(state, 1, LockCards(cards=("6-0-a",)))
    assert raised.value.code == "WRONG_CARD_COUNT"


def test_MW_DUEL_3_better_hand_wins_and_the_loser_pays_bail() -> None:
    start = table(HANDS).with_player(2, notoriety=6, money=4)
    state, events = duel(start, 2, ("9-0-a", "9-0-b"), ("Q-0-a", "A-0-a"))
    assert of(events, ev.HandsRevealed)[0].winner == 0
    assert state.player(2).money == 2


def test_MW_DUEL_3_a_single_six_beats_a_single_ace() -> None:
    hands = dict(HANDS)
    hands[2] = ["6-1-a", *HANDS[2][1:]]
    _, events = duel(table(hands), 1, ("A-2-a",), ("6-1-a",))
    assert of(events, ev.HandsRevealed)[0].winner == 2


def test_MW_DUEL_4_winner_gains_the_losers_bail_value_in_notoriety() -> None:
    start = table(HANDS).with_player(2, notoriety=9, money=0)
    state, events = duel(start, 2, ("9-0-a", "9-0-b"), ("Q-0-a", "A-0-a"))
    assert of(events, ev.Advanced) == [ev.Advanced(seat=0, points=3)]
    assert state.player(2).notoriety == 6  # could not pay, so moved back 3


def test_MW_DUEL_4_option_bail_money_goes_to_the_winner_and_no_points() -> None:
    start = table(HANDS, duel_reward="bail_money_to_winner").with_player(2, notoriety=5, money=3)
    state, events = duel(start, 2, ("9-0-a", "9-0-b"), ("Q-0-a", "A-0-a"))
    assert not of(events, ev.Advanced)
    assert state.player(0).money == 2 and state.player(2).money == 1


def test_MW_DUEL_4_beating_a_player_at_start_earns_nothing() -> None:
    state, events = duel(table(HANDS), 2, ("9-0-a", "9-0-b"), ("Q-0-a", "A-0-a"))
    assert not of(events, ev.Advanced) and state.player(0).notoriety == 0


def test_MW_TURN_1_the_same_action_may_be_chosen_on_consecutive_turns() -> None:
    state, _ = play(table(HANDS), 0, VisitChurch(cards=()))
    state, _ = play(state, 1, VisitChurch(cards=()))
    assert state.active == 2 and state.turn == 3


def test_MW_TURN_2_bail_then_advance_then_discard_then_refill() -> None:
    start = table(HANDS).with_player(2, notoriety=6, money=4)
    _, events = duel(start, 2, ("9-0-a", "9-0-b"), ("Q-0-a", "A-0-a"))
    kinds = [e.kind for e in events if e.kind in ("bail_paid", "advanced", "cards_discarded", "cards_drawn")]
    assert kinds == [
        "bail_paid",
        "advanced",
        "cards_discarded",
        "cards_discarded",
        "cards_drawn",
        "cards_drawn",
    ]


def test_MW_TURN_3_play_passes_clockwise() -> None:
    state, _ = play(table(HANDS, active=2), 2, VisitChurch(cards=()))
    assert state.active == 0


def test_MW_REF_1_only_participants_draw_clockwise_from_the_active_player() -> None:
    state, events = duel(table(HANDS, active=0), 1, ("A-2-a",), ("A-0-a",))
    assert [e.seat for e in of(events, ev.CardsDrawn)] == [0, 2]
    assert len(state.player(1).hand) == 5
