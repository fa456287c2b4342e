"""Setup and the first player (MW-SET, MW-DUEL-5), hidden information (MW-HID), bad input."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.base import SPECTATOR, Event, OptionError, RuleViolation
from engines.most_wanted import ENGINE
from engines.most_wanted import events as ev
from engines.most_wanted.cards import DECK
from engines.most_wanted.commands import (
    ChallengeDuel,
    DeclareRobbery,
    DoHonestLabor,
    LockCards,
    StayPut,
    VisitChurch,
)
from engines.rng import SeededRng

from .helpers import new_game, of, play, table

HANDS = {
    0: ["9-0-a", "9-0-b", "K-0-a", "7-1-a", "A-2-a"],
    1: ["6-0-a", "8-1-a", "Q-2-a", "J-0-b", "10-1-a"],
    2: ["Q-0-a", "Q-1-a", "Q-3-a", "A-0-a", "8-2-a"],
}


def test_MW_SET_3_each_player_is_dealt_five_from_a_shuffled_72_card_deck() -> None:
    state = new_game(4)
    assert [len(p.hand) for p in state.players] == [5, 5, 5, 5]
    assert len(state.deck) == 72 - 20
    every = [c for p in state.players for c in p.hand] + list(state.deck)
    assert sorted(every) == sorted(DECK)


def test_MW_SET_4_the_default_first_player_is_a_random_seat() -> None:
    firsts = {new_game(5, seed=bytes([n]), first_player="random").active for n in range(30)}
    assert len(firsts) > 1
    assert new_game(5, first_player="random").phase == "action"


def test_MW_RNG_1_every_shuffle_and_the_first_seat_are_recorded_in_events() -> None:
    rng = SeededRng(b"rng", "t", 0)
    events = ENGINE.setup(ENGINE.options({"first_player": "random"}), 3, rng)
    (shuffled,) = of(events, ev.DeckShuffled)
    assert list(shuffled.order) == rng.draws[0]["value"]
    assert of(events, ev.FirstPlayerChosen)[0].seat == rng.draws[1]["value"]


def test_MW_DUEL_5_first_player_duel_best_card_goes_first_without_bail_or_points() -> None:
    state = new_game(3, first_player="duel")
    assert state.phase == "lock" and ENGINE.seats_to_act(state) == (0, 1, 2)
    hands = {0: ("A-0-a", "6-1-a"), 1: ("K-0-a", "7-1-a"), 2: ("9-0-a", "8-1-a")}
    for seat, hand in hands.items():
        state = state.with_player(seat, hand=hand)
    events: list[Event] = []
    for seat in (1, 2, 0):
        state, events = play(state, seat, LockCards(cards=(hands[seat][0],)))
    assert of(events, ev.FirstPlayerChosen) == [ev.FirstPlayerChosen(seat=0)]
    assert not of(events, ev.BailPaid) and not of(events, ev.Advanced)
    assert state.active == 0 and state.turn == 1 and state.phase == "action"
    assert [len(p.hand) for p in state.players] == [5, 5, 5]
    assert {"A-0-a", "K-0-a", "9-0-a"} <= set(state.discard)


def test_MW_DUEL_5_tied_players_repeat_with_another_card() -> None:
    state = new_game(3, first_player="duel")
    hands = {0: ("A-0-a", "6-1-a"), 1: ("A-1-a", "7-1-a"), 2: ("9-0-a", "8-1-a")}
    for seat, hand in hands.items():
        state = state.with_player(seat, hand=hand)
    for seat in (0, 1, 2):
        state, events = play(state, seat, LockCards(cards=(hands[seat][0],)))
    assert of(events, ev.FirstDuelStarted) == [ev.FirstDuelStarted(seats=(0, 1))]
    assert ENGINE.seats_to_act(state) == (0, 1)
    state, _ = play(state, 0, LockCards(cards=("6-1-a",)))
    state, events = play(state, 1, LockCards(cards=("7-1-a",)))
    assert of(events, ev.FirstPlayerChosen) == [ev.FirstPlayerChosen(seat=1)]


def test_MW_HID_1_a_seat_sees_its_own_hand_and_never_another() -> None:
    state = table(HANDS)
    mine = ENGINE.view(state, 1)
    assert mine["players"][1]["hand"] == HANDS[1]
    assert "hand" not in mine["players"][0] and "hand" not in mine["players"][2]
    assert "deck" not in mine and "deck" in ENGINE.view(state, None)
    spectator = ENGINE.view(state, SPECTATOR)
    assert all("hand" not in p for p in spectator["players"])


def test_MW_HID_1_draws_and_shuffles_are_redacted() -> None:
    events = ENGINE.setup(ENGINE.options({}), 3, SeededRng(b"x", "t", 0))
    drawn = of(events, ev.CardsDrawn)[0]
    assert ENGINE.redact(drawn, drawn.seat) == drawn
    assert ENGINE.redact(drawn, SPECTATOR) == ev.CardsDrawn(seat=drawn.seat, count=5, cards=())
    shuffled = of(events, ev.DeckShuffled)[0]
    assert ENGINE.redact(shuffled, 0) == ev.DeckShuffled(order=(), reshuffle=False)
    assert ENGINE.redact(shuffled, None) == shuffled


def test_MW_HID_2_money_hand_sizes_and_scores_are_public() -> None:
    state = table(HANDS).with_player(1, money=4, notoriety=3)
    seen = ENGINE.view(state, SPECTATOR)["players"][1]
    assert (seen["money"], seen["notoriety"], seen["hand_size"]) == (4, 3, 5)


def test_MW_ROB_3_reveal_event_is_public_to_everyone() -> None:
    state, _ = play(table(HANDS), 0, DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-0-b")))
    state, _ = play(state, 1, StayPut())
    state, _ = play(state, 2, StayPut())
    _, events = play(state, 0, LockCards(cards=("9-0-a", "9-0-b")))
    (reveal,) = of(events, ev.HandsRevealed)
    assert ENGINE.redact(reveal, SPECTATOR) == reveal


def test_MW_TURN_1_only_the_active_player_takes_an_action() -> None:
    with pytest.raises(RuleViolation) as raised:
        play(table(HANDS), 1, VisitChurch(cards=()))
    assert raised.value.code == "NOT_YOUR_TURN" and raised.value.rule == "MW-TURN-1"


@pytest.mark.parametrize(
    ("command", "code"),
    [
        (VisitChurch(cards=("6-0-a",)), "CARD_NOT_HELD"),
        (VisitChurch(cards=("9-0-a", "9-0-a")), "DUPLICATE_CARD"),
        (VisitChurch(cards=("Z-9-q",)), "UNKNOWN_CARD"),
        (DeclareRobbery(tile="bank", cards=("9-0-a", "9-0-b")), "UNKNOWN_TILE"),  # type: ignore[arg-type]
        (ChallengeDuel(target=7, size=1), "BAD_DUEL_TARGET"),
        (LockCards(cards=("9-0-a",)), "WRONG_PHASE"),
        (StayPut(), "WRONG_PHASE"),
    ],
)
def test_bad_input_is_refused_with_a_rule_code(command: object, code: str) -> None:
    state = table(HANDS)
    with pytest.raises(RuleViolation) as raised:
        ENGINE.decide(state, 0, command, SeededRng(b"x", "t", 1))  # type: ignore[arg-type]
    assert raised.value.code == code and raised.value.rule.startswith("MW-")
    assert raised.value.message


def test_bad_input_unknown_seat_and_finished_game() -> None:
    with pytest.raises(RuleViolation) as raised:
        play(table(HANDS), 5, VisitChurch(cards=()))
    assert raised.value.code == "UNKNOWN_SEAT"
    over = replace(table(HANDS), phase="over")
    with pytest.raises(RuleViolation) as raised:
        play(over, 0, DoHonestLabor(cards=("9-0-a",)))
    assert raised.value.code == "GAME_OVER"
    assert ENGINE.legal_commands(over, 0) == [] and ENGINE.seats_to_act(over) == ()


def test_options_fill_defaults_and_reject_unknown_or_bad_values() -> None:
    assert ENGINE.options({})["tie_rule"] == "active_then_clockwise"
    with pytest.raises(OptionError):
        ENGINE.options({"tie_rule": "coin_flip"})
    with pytest.raises(OptionError):
        ENGINE.options({"max_turns": 0})
    with pytest.raises(OptionError):
        ENGINE.options({"night_sides": True})


def test_describe_tells_the_story() -> None:
    names = ["seat 1", "seat 2", "seat 3"]
    declared = ev.RobberyDeclared(seat=1, tile="stagecoach", count=3, cards=())
    assert ENGINE.describe(declared, names) == "seat 2 declares a Stagecoach robbery with 3 cards"
    reveal = ev.HandsRevealed(
        hands=(
            ev.ShownHand(seat=1, cards=("9-0-a", "9-1-a", "K-0-a"), category="pair"),
            ev.ShownHand(seat=2, cards=("6-0-a", "6-1-a", "6-2-a"), category="three of a kind"),
        ),
        winner=2,
        tied=(),
    )
    text = ENGINE.describe(reveal, names)
    assert "seat 2 shows 9-9-K (pair)" in text and text.endswith("seat 3 wins")
