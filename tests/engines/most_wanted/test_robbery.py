"""Robberies: declaring, the MW-ROB-8 join window, locking, reveal, winning and losing."""

from __future__ import annotations

import pytest

from engines.base import Event, RuleViolation
from engines.most_wanted import ENGINE
from engines.most_wanted import events as ev
from engines.most_wanted.commands import (
    DeclareRobbery,
    JoinRobbery,
    LockCards,
    StayPut,
    WithdrawFromRobbery,
)
from engines.most_wanted.state import State

from .helpers import of, play, table

HANDS = {
    0: ["9-0-a", "9-1-a", "K-2-a", "7-0-a", "8-1-a"],
    1: ["6-0-a", "6-1-a", "6-2-a", "J-0-a", "10-1-a"],
    2: ["Q-0-a", "Q-1-a", "Q-2-a", "A-0-a", "8-2-a"],
}


def declared(tile: str = "stagecoach", cards: tuple[str, ...] = ("9-0-a", "9-1-a", "K-2-a")) -> State:
    state, _ = play(table(HANDS), 0, DeclareRobbery(tile=tile, cards=cards))  # type: ignore[arg-type]
    return state


def test_MW_ROB_1_declaring_commits_the_tiles_number_of_cards_face_down() -> None:
    state = declared()
    assert state.player(0).committed == ("9-0-a", "9-1-a", "K-2-a")
    assert len(state.player(0).hand) == 2
    assert state.phase == "join" and state.action is not None and state.action.size == 3


def test_MW_ROB_1_wrong_number_of_cards_is_refused() -> None:
    with pytest.raises(RuleViolation) as raised:
        play(table(HANDS), 0, DeclareRobbery(tile="train", cards=("9-0-a", "9-1-a", "K-2-a")))
    assert raised.value.code == "WRONG_CARD_COUNT" and raised.value.rule == "MW-ROB-1"


def test_MW_ROB_1_the_active_player_cannot_back_out() -> None:
    with pytest.raises(RuleViolation) as raised:
        play(declared(), 0, WithdrawFromRobbery())
    assert raised.value.code == "ACTIVE_CANNOT_WITHDRAW"


def test_MW_ROB_1_the_active_player_may_swap_cards_when_locking() -> None:
    state, _ = play(declared(), 1, JoinRobbery(cards=("6-0-a", "6-1-a", "6-2-a")))
    state, _ = play(state, 2, StayPut())
    state, _ = play(state, 1, StayPut())
    assert state.phase == "lock"
    state, _ = play(state, 0, LockCards(cards=("9-0-a", "9-1-a", "7-0-a")))
    assert set(state.player(0).hand) == {"K-2-a", "8-1-a"}
    assert state.player(0).committed == ("9-0-a", "9-1-a", "7-0-a")


def test_MW_ROB_2_joiner_may_withdraw_and_rejoin_before_reveal() -> None:
    state, _ = play(declared(), 1, JoinRobbery(cards=("6-0-a", "6-1-a", "J-0-a")))
    assert state.action is not None and state.action.participants == (0, 1)
    state, _ = play(state, 2, StayPut())
    state, _ = play(state, 1, WithdrawFromRobbery())
    assert state.action is not None and state.action.participants == (0,)
    assert len(state.player(1).hand) == 5 and state.player(1).committed == ()
    state, _ = play(state, 2, StayPut())
    state, _ = play(state, 1, JoinRobbery(cards=("6-0-a", "6-1-a", "6-2-a")))
    assert state.action is not None and state.action.participants == (0, 1)


def test_MW_ROB_2_joiner_must_commit_exactly_n_cards_from_hand() -> None:
    with pytest.raises(RuleViolation) as raised:
        play(declared(), 1, JoinRobbery(cards=("6-0-a", "6-1-a")))
    assert raised.value.code == "WRONG_CARD_COUNT"
    with pytest.raises(RuleViolation) as raised:
        play(declared(), 1, JoinRobbery(cards=("6-0-a", "6-1-a", "Q-0-a")))
    assert raised.value.code == "CARD_NOT_HELD"


def test_MW_ROB_3_cards_are_revealed_only_once_every_participant_locked() -> None:
    state, _ = play(declared(), 1, JoinRobbery(cards=("6-0-a", "6-1-a", "6-2-a")))
    state, _ = play(state, 2, JoinRobbery(cards=("Q-0-a", "Q-1-a", "Q-2-a")))
    state, _ = play(state, 1, StayPut())
    state, _ = play(state, 2, StayPut())
    assert ENGINE.seats_to_act(state) == (0, 1, 2)
    state, events = play(state, 1, LockCards(cards=("6-0-a", "6-1-a", "6-2-a")))
    assert not of(events, ev.HandsRevealed) and ENGINE.seats_to_act(state) == (0, 2)
    state, events = play(state, 0, LockCards(cards=("9-0-a", "9-1-a", "K-2-a")))
    assert not of(events, ev.HandsRevealed)
    state, events = play(state, 2, LockCards(cards=("Q-0-a", "Q-1-a", "Q-2-a")))
    (reveal,) = of(events, ev.HandsRevealed)
    assert [h.seat for h in reveal.hands] == [0, 1, 2] and reveal.winner == 2


def test_MW_ROB_4_nobody_joins_so_the_active_player_wins_and_discards() -> None:
    state = declared()
    state, _ = play(state, 1, StayPut())
    state, _ = play(state, 2, StayPut())
    state, events = play(state, 0, LockCards(cards=("9-0-a", "9-1-a", "K-2-a")))
    assert of(events, ev.HandsRevealed)[0].winner == 0
    assert state.player(0).notoriety == 3
    assert {"9-0-a", "9-1-a", "K-2-a"} <= set(state.discard)
    assert state.active == 1 and state.phase == "action"


def three_way_showdown() -> tuple[State, list[Event]]:
    state, _ = play(table(HANDS), 0, DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-1-a")))
    state, _ = play(state, 1, JoinRobbery(cards=("J-0-a", "10-1-a")))
    state, _ = play(state, 2, JoinRobbery(cards=("Q-0-a", "Q-1-a")))
    state, _ = play(state, 1, StayPut())
    state, _ = play(state, 2, StayPut())
    state, _ = play(state, 0, LockCards(cards=("9-0-a", "9-1-a")))
    state, _ = play(state, 1, LockCards(cards=("J-0-a", "10-1-a")))
    return play(state, 2, LockCards(cards=("Q-0-a", "Q-1-a")))


def test_MW_ROB_5_best_hand_wins_the_tiles_points() -> None:
    state, events = three_way_showdown()
    assert of(events, ev.Advanced) == [ev.Advanced(seat=2, points=2)]
    assert state.player(2).notoriety == 2


def test_MW_ROB_6_every_other_participant_loses_the_active_player_included() -> None:
    start = table(HANDS)
    start = start.with_player(0, notoriety=5, money=5).with_player(1, notoriety=2, money=0)
    state, _ = play(start, 0, DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-1-a")))
    state, _ = play(state, 1, JoinRobbery(cards=("J-0-a", "10-1-a")))
    state, _ = play(state, 2, JoinRobbery(cards=("Q-0-a", "Q-1-a")))
    state, _ = play(state, 1, StayPut())
    state, _ = play(state, 2, StayPut())
    state, _ = play(state, 0, LockCards(cards=("9-0-a", "9-1-a")))
    state, _ = play(state, 1, LockCards(cards=("J-0-a", "10-1-a")))
    state, events = play(state, 2, LockCards(cards=("Q-0-a", "Q-1-a")))
    assert of(events, ev.BailPaid) == [ev.BailPaid(seat=0, amount=2, to_seat=None)]
    assert of(events, ev.MovedBack) == [ev.MovedBack(seat=1, spaces=1)]
    assert state.player(0).money == 3 and state.player(1).notoriety == 1


def test_MW_ROB_8_window_goes_clockwise_and_closes_after_a_quiet_circuit() -> None:
    state = declared()
    assert ENGINE.seats_to_act(state) == (1,)
    with pytest.raises(RuleViolation) as raised:
        play(state, 2, StayPut())
    assert raised.value.code == "NOT_YOUR_TURN_TO_JOIN"
    state, _ = play(state, 1, JoinRobbery(cards=("6-0-a", "6-1-a", "6-2-a")))
    assert ENGINE.seats_to_act(state) == (2,)
    state, _ = play(state, 2, StayPut())
    assert state.phase == "join"  # seat 2 alone was quiet; seat 1 must pass once more
    state, events = play(state, 1, StayPut())
    assert state.phase == "lock" and of(events, ev.JoinWindowClosed)


def test_MW_ROB_8_join_window_closes_at_the_circuit_cap() -> None:
    state = table(HANDS, max_join_circuits=1, last_call=False)
    state, _ = play(state, 0, DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-1-a")))
    state, _ = play(state, 1, JoinRobbery(cards=("6-0-a", "6-1-a")))
    state, _ = play(state, 2, JoinRobbery(cards=("Q-0-a", "Q-1-a")))
    assert state.phase == "lock"


def test_MW_ROB_8_committed_cards_are_hidden_but_joining_is_public() -> None:
    state = declared()
    state, events = play(state, 1, JoinRobbery(cards=("6-0-a", "6-1-a", "6-2-a")))
    (joined,) = of(events, ev.RobberyJoined)
    assert ENGINE.redact(joined, 2) == ev.RobberyJoined(seat=1, count=3, cards=())
    assert ENGINE.redact(joined, 1) == joined
    seen = ENGINE.view(state, 2)
    assert seen["action"]["participants"] == [0, 1]
    assert "committed" not in seen["players"][1] and seen["players"][1]["committed_count"] == 3


def test_MW_TIE_2_active_player_wins_a_tie() -> None:
    hands = {0: ["9-0-a", "9-1-a", "7-0-a"], 1: ["9-2-a", "9-3-a", "7-1-a"], 2: ["8-0-a", "8-1-a"]}
    state, _ = play(table(hands), 0, DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-1-a")))
    state, _ = play(state, 1, JoinRobbery(cards=("9-2-a", "9-3-a")))
    state, _ = play(state, 2, StayPut())
    state, _ = play(state, 1, StayPut())
    state, _ = play(state, 0, LockCards(cards=("9-0-a", "9-1-a")))
    state, events = play(state, 1, LockCards(cards=("9-2-a", "9-3-a")))
    (reveal,) = of(events, ev.HandsRevealed)
    assert reveal.winner == 0 and reveal.tied == (0, 1)


def test_MW_TIE_2_nearest_clockwise_wins_when_active_is_not_tied() -> None:
    hands = {0: ["7-0-a", "8-1-a"], 1: ["9-2-a", "9-3-a"], 2: ["9-0-a", "9-1-a"]}
    state, _ = play(table(hands, active=0), 0, DeclareRobbery(tile="pony_express", cards=("7-0-a", "8-1-a")))
    state, _ = play(state, 1, JoinRobbery(cards=("9-2-a", "9-3-a")))
    state, _ = play(state, 2, JoinRobbery(cards=("9-0-a", "9-1-a")))
    state, _ = play(state, 1, StayPut())
    state, _ = play(state, 2, StayPut())
    for seat, cards in ((0, ("7-0-a", "8-1-a")), (2, ("9-0-a", "9-1-a"))):
        state, _ = play(state, seat, LockCards(cards=cards))
    state, events = play(state, 1, LockCards(cards=("9-2-a", "9-3-a")))
    assert of(events, ev.HandsRevealed)[0].winner == 1


def test_MW_TIE_2_option_nobody_wins_makes_every_participant_pay() -> None:
    hands = {0: ["9-0-a", "9-1-a"], 1: ["9-2-a", "9-3-a"]}
    start = table(hands, seats=2, tie_rule="nobody_wins").with_player(0, notoriety=1, money=1)
    state, _ = play(start, 0, DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-1-a")))
    state, _ = play(state, 1, JoinRobbery(cards=("9-2-a", "9-3-a")))
    state, _ = play(state, 1, StayPut())
    state, _ = play(state, 0, LockCards(cards=("9-0-a", "9-1-a")))
    state, events = play(state, 1, LockCards(cards=("9-2-a", "9-3-a")))
    assert of(events, ev.HandsRevealed)[0].winner is None
    assert not of(events, ev.Advanced) and state.player(0).money == 0


def test_MW_2P_2_in_a_two_player_game_only_the_opponent_can_join() -> None:
    hands = {0: ["9-0-a", "9-1-a", "7-0-a"], 1: ["8-2-a", "8-3-a", "7-1-a"]}
    state, _ = play(table(hands, seats=2), 0, DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-1-a")))
    assert ENGINE.seats_to_act(state) == (1,)
    assert state.action is not None and state.action.window == (1,)


def test_MW_ROB_8_a_seat_that_locked_cannot_lock_again() -> None:
    """A second lock once was accepted, and the stored game then failed its own audit."""
    state, _ = play(table(HANDS), 0, DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-1-a")))
    state, _ = play(state, 1, JoinRobbery(cards=("6-0-a", "6-1-a")))
    state, _ = play(state, 2, StayPut())
    state, _ = play(state, 1, StayPut())
    state, _ = play(state, 1, LockCards(cards=("6-0-a", "6-1-a")))
    assert ENGINE.seats_to_act(state) == (0,) and ENGINE.legal_commands(state, 1) == []
    for cards in [("6-0-a", "6-1-a"), ("J-0-a", "10-1-a")]:
        with pytest.raises(RuleViolation) as refused:
            play(state, 1, LockCards(cards=cards))
        assert refused.value.code == "ALREADY_LOCKED" and refused.value.rule == "MW-ROB-8"
    state, events = play(state, 0, LockCards(cards=("9-0-a", "9-1-a")))
    (reveal,) = of(events, ev.HandsRevealed)
    assert reveal.hands[1].cards == ("6-0-a", "6-1-a")
