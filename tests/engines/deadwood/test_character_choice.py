"""DW-SETUP-2 with `character_choice="chosen"`: each seat, in seat order, chooses its character by a
command at setup (seeds/rules/deadwood-1876.md). Every test fails without the option."""

from __future__ import annotations

import json

import pytest

from engines.base import OptionError, RuleViolation
from engines.codec import encode
from engines.deadwood import ENGINE
from engines.deadwood import commands as cmd
from engines.deadwood import events as ev
from engines.deadwood import state as st
from engines.deadwood.components import CHARACTERS
from engines.rng import SeededRng
from engines.simulate import playout
from tests.engines.deadwood.helpers import ScriptRng, new_game, play
from tests.engines.deadwood.test_simulation import COMMANDS, EVENTS, Invariants

CHOSEN = {"character_choice": "chosen"}

PICKS = ("Seth Bullock", "Calamity Jane", "Character 9 (placeholder)")


def test_DW_SETUP_2_chosen_opens_with_the_first_seat_choosing_from_all_nine() -> None:
    state = new_game(3, character_choice="chosen")
    assert state.phase == st.CHOOSE
    assert ENGINE.seats_to_act(state) == (0,)
    assert ENGINE.legal_commands(state, 0) == [cmd.ChooseCharacter(c) for c in CHARACTERS]
    assert ENGINE.legal_commands(state, 1) == []


def test_DW_SETUP_2_legal_choices_are_exactly_the_accepted_ones() -> None:
    state = new_game(4, character_choice="chosen")
    for seat, pick in enumerate(PICKS):
        legal = ENGINE.legal_commands(state, seat)
        for name in CHARACTERS:
            try:
                ENGINE.decide(state, seat, cmd.ChooseCharacter(name), ScriptRng())
                accepted = True
            except RuleViolation:
                accepted = False
            assert accepted == (cmd.ChooseCharacter(name) in legal), name
        state = play(state, seat, cmd.ChooseCharacter(pick))
    assert [c.character for c in ENGINE.legal_commands(state, 3)] == [c for c in CHARACTERS if c not in PICKS]


def test_DW_SETUP_2_a_taken_character_is_refused_naming_the_free_ones() -> None:
    state = play(new_game(3, character_choice="chosen"), 0, cmd.ChooseCharacter("Seth Bullock"))
    with pytest.raises(RuleViolation) as refused:
        ENGINE.decide(state, 1, cmd.ChooseCharacter("Seth Bullock"), ScriptRng())
    assert (refused.value.code, refused.value.rule) == ("CHARACTER_TAKEN", "DW-SETUP-2")
    assert "Calamity Jane" in refused.value.message
    with pytest.raises(RuleViolation) as unknown:
        ENGINE.decide(state, 1, cmd.ChooseCharacter("Alma Garret"), ScriptRng())
    assert unknown.value.code == "NO_SUCH_CHARACTER"


def test_DW_SETUP_2_seats_choose_in_seat_order() -> None:
    state = new_game(3, character_choice="chosen")
    with pytest.raises(RuleViolation) as early:
        ENGINE.decide(state, 1, cmd.ChooseCharacter("Sol Star"), ScriptRng())
    assert early.value.code == "NOT_YOUR_DECISION"
    with pytest.raises(RuleViolation) as passing:
        ENGINE.decide(state, 0, cmd.PassSafe(0), ScriptRng())
    assert passing.value.code == "WRONG_PHASE"


def test_DW_SETUP_2_the_game_after_the_choice_plays_as_with_the_option() -> None:
    chose = new_game(3, b"same", character_choice="chosen")
    for seat, pick in enumerate(PICKS):
        chose = play(chose, seat, cmd.ChooseCharacter(pick))
    named = new_game(3, b"same", characters=list(PICKS))
    assert chose.phase == st.PASS
    assert chose == named
    for seat in range(3):
        rng = SeededRng(b"same", "t", seat + 1)
        chose = play(chose, seat, cmd.PassSafe(0), rng)
        named = play(named, seat, cmd.PassSafe(0), SeededRng(b"same", "t", seat + 1))
    assert chose == named and chose.phase == st.TURN


def test_DW_SETUP_2_chosen_with_named_characters_is_refused_naming_the_rule() -> None:
    with pytest.raises(OptionError, match="DW-SETUP-2"):
        ENGINE.options({"character_choice": "chosen", "characters": ["Sol Star"]})
    with pytest.raises(OptionError):
        ENGINE.options({"character_choice": "picked"})


def test_DW_SETUP_2_dealt_is_the_default_and_is_not_written_into_older_tables() -> None:
    assert "character_choice" not in ENGINE.options({})
    started = ENGINE.setup(ENGINE.options({}), 2, SeededRng(b"x", "t", 0))[0]
    assert isinstance(started, ev.GameStarted) and started.characters == CHARACTERS[:2]


@pytest.mark.parametrize("seats", range(2, 10))
def test_DW_SETUP_2_bot_games_with_chosen_characters_keep_every_invariant(seats: int) -> None:
    for game in range(3):
        check = Invariants()
        steps = list(
            playout(
                ENGINE, seats, seed=f"chosen{game}".encode(), bot_seed=game, on_event=check, options=CHOSEN
            )
        )
        state = steps[-1].state
        assert state.phase == st.OVER and ENGINE.outcome(state) is not None
        characters = [p.character for p in state.players]
        assert len(set(characters)) == seats and set(characters) <= set(CHARACTERS)
        for step in steps:
            for event in step.events:
                assert EVENTS.decode(json.loads(json.dumps(encode(event)))) == event
            if step.command is not None:
                assert COMMANDS.decode(json.loads(json.dumps(encode(step.command)))) == step.command
