"""DW-HIDE-*, DW-SAFE-5 and bad inputs: who sees what, and refusals that change nothing."""

from __future__ import annotations

import pytest

from engines.base import SPECTATOR, Command, RuleViolation
from engines.deadwood import ENGINE
from engines.deadwood import commands as cmd
from engines.deadwood import events as ev
from engines.deadwood.state import State
from engines.rng import SeededRng
from tests.engines.deadwood.helpers import ScriptRng, events_of, new_game, play, started, turn_of


def test_DW_HIDE_2_a_seat_sees_its_own_safes_and_hand_only() -> None:
    state = started(4)
    mine = ENGINE.view(state, 1)
    assert mine["players"][1]["safes"] == list(state.player(1).safes)
    assert mine["players"][1]["hand"] == list(state.player(1).hand)
    for other in (0, 2, 3):
        assert mine["players"][other]["safes"] is None and mine["players"][other]["hand"] is None
        assert mine["players"][other]["safe_count"] == 2  # DW-HIDE-3: counts and rows are public
    assert "deck" not in mine and "centre" not in mine
    spectator = ENGINE.view(state, SPECTATOR)
    assert all(p["safes"] is None and p["hand"] is None for p in spectator["players"])
    organiser = ENGINE.view(state, None)
    assert organiser["deck"] == list(state.deck) and organiser["centre"] == list(state.centre)


def test_DW_HIDE_2_a_passed_safe_is_seen_by_its_receiver_only() -> None:
    state = new_game(3)
    for seat in range(2):
        state = play(state, seat, cmd.PassSafe(0))
    events = events_of(state, 2, cmd.PassSafe(1), SeededRng(b"p", "t", 5))
    passes = [e for e in events if isinstance(e, ev.SafePassed)]
    for passed in passes:
        for viewer in range(3):
            shown = ENGINE.redact(passed, viewer)
            assert isinstance(shown, ev.SafePassed)
            assert (shown.safe == passed.safe) == (viewer == passed.receiver)  # not even the giver
    after = play(state, 2, cmd.PassSafe(1), SeededRng(b"p", "t", 5))
    assert ENGINE.view(after, 0)["players"][0]["safes"] == list(after.player(0).safes)


def test_DW_HIDE_1_setup_secrets_are_redacted_for_every_seat() -> None:
    events = ENGINE.setup(ENGINE.options({}), 3, SeededRng(b"s", "g", 0))
    for event in events:
        shown = ENGINE.redact(event, 0)
        if isinstance(event, ev.DeckShuffled | ev.CentreStacked | ev.SafesBoxed):
            assert set(getattr(shown, "cards", ()) + getattr(shown, "safes", ())) == {"?"}
        if isinstance(event, ev.CardsDrawn | ev.SafesDealt) and event.seat != 0:
            assert set(getattr(shown, "cards", ()) + getattr(shown, "safes", ())) == {"?"}
        if isinstance(event, ev.CardsDrawn | ev.SafesDealt) and event.seat == 0:
            assert shown == event


def test_DW_HIDE_1_a_stolen_safe_is_shown_to_the_thief_only() -> None:
    stolen = ev.SafeStolen(0, 1, 0, "gold-7")
    assert ENGINE.redact(stolen, 0) == stolen
    assert ENGINE.redact(stolen, 1).safe == "?"  # type: ignore[attr-defined]
    assert ENGINE.redact(stolen, SPECTATOR).safe == "?"  # type: ignore[attr-defined]


def test_DW_HIDE_1_heist_commitments_stay_secret_until_the_reveal() -> None:
    committed = ev.HeistCommitted(2, "horse-red-1")
    assert ENGINE.redact(committed, 2) == committed
    assert ENGINE.redact(committed, 0).card == "?"  # type: ignore[attr-defined]
    assert ENGINE.redact(ev.HeistCommitted(2, None), 0).card == "?"  # type: ignore[attr-defined]


def refused(state: State, seat: int, command: Command) -> RuleViolation:
    """The command is refused and the state is untouched (decide has no side effects)."""
    before = ENGINE.view(state, None)
    with pytest.raises(RuleViolation) as error:
        ENGINE.decide(state, seat, command, ScriptRng())
    assert ENGINE.view(state, None) == before
    return error.value


def bad_input_table() -> State:
    state = turn_of(started(4), 0)
    state = state.with_player(0, hand=("horse-red-1",), location="gem_theater")
    state = state.with_player(1, location="gem_theater")
    return state.with_player(2, location="bella_union").with_player(3, location="bella_union")


def test_bad_input_playing_a_card_you_do_not_hold() -> None:
    error = refused(bad_input_table(), 0, cmd.RobSafe("horse-black-1", 1, 0))
    assert (error.code, error.rule) == ("CARD_NOT_HELD", "DW-TURN-1")


def test_bad_input_robbing_your_own_safe() -> None:
    error = refused(bad_input_table(), 0, cmd.RobSafe("horse-red-1", 0, 0))
    assert (error.code, error.rule) == ("OWN_SAFE", "DW-ROB-1")


def test_bad_input_a_duel_target_that_does_not_exist() -> None:
    error = refused(bad_input_table(), 0, cmd.ChallengeDuel("horse-red-1", 4))
    assert (error.code, error.rule) == ("NO_SUCH_PLAYER", "DW-DUEL-1")


def test_bad_input_sending_a_player_to_a_full_location() -> None:
    state = play(bad_input_table(), 0, cmd.ChallengeDuel("horse-red-1", 1))
    state = play(state, 1, cmd.Defend(state.player(1).hand[0]), ScriptRng([6, 1] * 4))
    if state.phase != "send_away":  # assists were asked: decline them all
        while state.phase == "assist":
            state = play(state, ENGINE.seats_to_act(state)[0], cmd.DeclineAssist(), ScriptRng([6, 1]))
    assert state.phase == "send_away"
    error = refused(state, 0, cmd.SendAway("bella_union"))
    assert (error.code, error.rule) == ("LOCATION_FULL", "DW-DUEL-4")


def test_bad_input_answering_a_decision_that_is_not_yours() -> None:
    state = play(bad_input_table(), 0, cmd.ChallengeDuel("horse-red-1", 1))
    card = state.player(2).hand[0]
    error = refused(state, 2, cmd.Defend(card))
    assert error.code == "NOT_YOUR_DECISION"
    error = refused(bad_input_table(), 1, cmd.ChallengeDuel(state.player(1).hand[0], 2))
    assert error.code == "NOT_YOUR_TURN"
    error = refused(bad_input_table(), SPECTATOR, cmd.ChallengeDuel("horse-red-1", 2))
    assert error.code == "NOT_YOUR_TURN"


def test_bad_input_a_command_for_another_step() -> None:
    error = refused(bad_input_table(), 0, cmd.CommitToHeist(None))
    assert error.code == "WRONG_PHASE"


def test_bad_input_a_safe_position_that_does_not_exist() -> None:
    error = refused(bad_input_table(), 0, cmd.RobSafe("horse-red-1", 1, 5))
    assert error.code == "NO_SUCH_SAFE"
