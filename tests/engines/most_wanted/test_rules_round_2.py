"""Rules version 2 (seeds/rules/most-wanted.md): what changed from /1, and the options that keep /1.

Each test is named after the rule it checks and fails on the engine before the change.
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.base import OptionError, RuleViolation, options_for_log
from engines.codec import encode
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
from engines.rng import SeededRng

from .helpers import new_game, of, play, table

HANDS = {
    0: ["9-0-a", "9-1-a", "K-2-a", "7-0-a", "8-1-a"],
    1: ["6-0-a", "6-1-a", "6-2-a", "J-0-a", "10-1-a"],
    2: ["Q-0-a", "Q-1-a", "Q-2-a", "A-0-a", "8-2-a"],
}


def capped_after_a_late_join(**options: Any) -> State:
    """Cap 1: seat 2 (index 1) joins, then seat 3 joins as the last move of the only circuit."""
    state = table(HANDS, max_join_circuits=1, **options)
    state, _ = play(state, 0, DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-1-a")))
    state, _ = play(state, 1, JoinRobbery(cards=("6-0-a", "6-1-a")))
    state, _ = play(state, 2, JoinRobbery(cards=("Q-0-a", "Q-1-a")))
    return state


def test_MW_ROB_2_a_join_at_the_circuit_cap_leaves_every_joined_seat_a_last_call() -> None:
    state = capped_after_a_late_join(rejoin_call=False)  # version 3 then calls seat 2 back (round 3 tests)
    assert state.phase == "join", "the window may not close on a join nobody could answer"
    assert ENGINE.seats_to_act(state) == (1,)
    assert ENGINE.legal_commands(state, 1) == [WithdrawFromRobbery(), StayPut()]
    assert ENGINE.view(state, None)["action"]["last_call"] == [1, 2]
    # Seat 2 sees seat 3's queens joined and backs out: the seed's "change their minds".
    state, events = play(state, 1, WithdrawFromRobbery())
    assert of(events, ev.RobberyWithdrawn) == [ev.RobberyWithdrawn(seat=1)]
    assert state.player(1).committed == () and len(state.player(1).hand) == 5
    assert ENGINE.seats_to_act(state) == (2,)
    state, events = play(state, 2, StayPut())
    assert of(events, ev.JoinWindowClosed) == [ev.JoinWindowClosed(participants=(0, 2))]
    assert state.phase == "lock" and ENGINE.seats_to_act(state) == (0, 2)


def test_MW_ROB_2_the_last_call_allows_no_new_join_and_no_seat_out_of_order() -> None:
    state = capped_after_a_late_join()
    with pytest.raises(RuleViolation) as raised:
        play(state, 2, StayPut())
    assert raised.value.code == "NOT_YOUR_TURN_TO_JOIN"
    after, _ = play(state, 1, WithdrawFromRobbery())
    with pytest.raises(RuleViolation) as raised:
        play(after, 2, JoinRobbery(cards=("A-0-a", "8-2-a")))
    assert raised.value.code == "LAST_CALL"
    withdrawn = table(HANDS, max_join_circuits=1)
    withdrawn, _ = play(withdrawn, 0, DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-1-a")))
    withdrawn, _ = play(withdrawn, 1, StayPut())
    withdrawn, _ = play(withdrawn, 2, JoinRobbery(cards=("Q-0-a", "Q-1-a")))
    assert ENGINE.seats_to_act(withdrawn) == (2,), "only joined seats answer the last call"
    assert ENGINE.legal_commands(withdrawn, 1) == []


def test_MW_ROB_2_everyone_withdrawing_at_the_last_call_leaves_the_declarer_unopposed() -> None:
    state = capped_after_a_late_join(rejoin_call=False)  # version 3 then calls the seats back
    state, _ = play(state, 1, WithdrawFromRobbery())
    state, events = play(state, 2, WithdrawFromRobbery())
    assert of(events, ev.JoinWindowClosed) == [ev.JoinWindowClosed(participants=(0,))]
    assert ENGINE.seats_to_act(state) == (0,)


def test_MW_ROB_2_a_quiet_circuit_closes_the_window_without_a_last_call() -> None:
    state = table(HANDS)
    state, _ = play(state, 0, DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-1-a")))
    state, _ = play(state, 1, JoinRobbery(cards=("6-0-a", "6-1-a")))
    state, _ = play(state, 2, StayPut())
    state, events = play(state, 1, StayPut())
    assert not of(events, ev.LastCallStarted) and state.phase == "lock"


def test_MW_ROB_2_legacy_rules_close_the_window_at_the_cap() -> None:
    state = capped_after_a_late_join(last_call=False)
    assert state.phase == "lock"
    with pytest.raises(RuleViolation) as raised:
        play(state, 1, WithdrawFromRobbery())
    assert raised.value.code == "WRONG_PHASE"


def test_MW_ROB_1_an_unopposed_declarer_may_change_the_cards_it_played() -> None:
    state, _ = play(table(HANDS), 0, DeclareRobbery(tile="stagecoach", cards=("9-0-a", "9-1-a", "7-0-a")))
    state, _ = play(state, 1, StayPut())
    state, events = play(state, 2, StayPut())
    assert not of(events, ev.HandsRevealed), "nothing is revealed before the declarer locks"
    assert state.phase == "lock" and ENGINE.seats_to_act(state) == (0,)
    assert LockCards(cards=("8-1-a", "9-0-a", "9-1-a")) in ENGINE.legal_commands(state, 0)
    state, events = play(state, 0, LockCards(cards=("9-0-a", "9-1-a", "8-1-a")))
    (reveal,) = of(events, ev.HandsRevealed)
    assert reveal.winner == 0 and reveal.hands[0].cards == ("9-0-a", "9-1-a", "8-1-a")
    assert state.player(0).notoriety == 3
    assert "7-0-a" not in state.discard and {"9-0-a", "9-1-a", "8-1-a"} <= set(state.discard)


def test_MW_ROB_1_legacy_rules_reveal_an_unopposed_robbery_at_once() -> None:
    state, _ = play(
        table(HANDS, declarer_may_swap=False),
        0,
        DeclareRobbery(tile="pony_express", cards=("9-0-a", "9-1-a")),
    )
    state, _ = play(state, 1, StayPut())
    state, events = play(state, 2, StayPut())
    assert of(events, ev.HandsRevealed)[0].winner == 0 and state.phase == "action"


def test_MW_SET_4_the_first_player_is_the_seat_named_at_creation() -> None:
    for seat in range(4):
        state = new_game(4, seed=bytes([seat]), first_player="named", first_seat=seat)
        assert state.phase == "action" and state.active == seat and state.turn == 1
    rng = SeededRng(b"named", "t", 0)
    ENGINE.setup(ENGINE.options({"first_player": "named", "first_seat": 2}), 3, rng)
    assert len(rng.draws) == 1, "naming the first player draws nothing but the deck"


def test_MW_SET_4_a_named_seat_must_be_at_the_table() -> None:
    named = ENGINE.options({"first_player": "named", "first_seat": 3})
    with pytest.raises(OptionError, match="first_seat must name one of the seats 0 to 2, not 3"):
        ENGINE.setup(named, 3, SeededRng(b"x", "t", 0))
    with pytest.raises(OptionError, match="first_seat must be an integer from 0 to 7, not 8"):
        ENGINE.options({"first_seat": 8})
    with pytest.raises(OptionError, match="last_call must be true or false, not 1"):
        ENGINE.options({"last_call": 1})


def test_a_most_wanted_1_log_replays_with_the_rules_it_was_recorded_under() -> None:
    legacy = options_for_log(ENGINE, {"max_turns": 50}, "most-wanted/1")
    assert legacy["first_player"] == "random" and legacy["last_call"] is False
    assert legacy["declarer_may_swap"] is False
    events = ENGINE.setup(legacy, 3, SeededRng(b"v1", "t", 0))
    assert not of(events, ev.RulesAdded), "a /1 setup is event for event what /1 recorded"
    assert [encode(e)["kind"] for e in events[:2]] == ["game_started", "deck_shuffled"]
    current = ENGINE.setup(ENGINE.options({}), 3, SeededRng(b"v1", "t", 0))
    assert of(current, ev.RulesAdded) == [ev.RulesAdded(first_seat=0, last_call=True, declarer_may_swap=True)]
