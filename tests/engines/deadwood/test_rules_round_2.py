"""Rules version 2 (seeds/rules/deadwood-1876.md): what changed from /1, and the options that keep /1.

Each test is named after the rule it checks and fails on the engine before the change.
"""

from __future__ import annotations

import pytest

from engines.base import OptionError, RuleViolation, options_for_log
from engines.codec import encode
from engines.deadwood import ENGINE
from engines.deadwood import commands as cmd
from engines.deadwood import events as ev
from engines.deadwood.components import CHARACTERS, CHARACTERS_V1, PLACEHOLDER_CHARACTERS
from engines.deadwood.state import State
from engines.rng import SeededRng
from tests.engines.deadwood.helpers import ScriptRng, events_of, new_game, play

from .test_heist_and_end import PEEK, score_table, table

HOLSTER = "holster-black-1"


def badge_round(**options: object) -> State:
    """Seat 1 (index 1) holds two badges, seat 2 a Deputy; seat 3 ends the last turn."""
    state = table(4, **options)
    state = state.with_player(0, safes=("gold-1a",)).with_player(3, safes=("gold-1b",))
    state = state.with_player(1, safes=("badge-1", "badge-2")).with_player(2, safes=("mystery-deputy",))
    return play(state, 3, PEEK)


def test_DW_END_2_a_badge_holder_plays_one_extra_turn_however_many_badges() -> None:
    state = badge_round()
    assert state.badge_round and state.active == 1
    state = play(state, 1, cmd.RideHorse("horse-yellow-2", "grand_central"))  # the extra turn
    assert state.active == 2
    state = play(state, 2, cmd.DeclineBadgeTurn())
    assert state.revealed, "two badges gave seat 2 one extra turn, not two"


def test_one_turn_per_badge_stays_an_option() -> None:
    state = badge_round(badge_turns="per_badge")
    state = play(state, 1, cmd.RideHorse("horse-yellow-2", "grand_central"))
    state = play(state, 2, cmd.DeclineBadgeTurn())
    assert not state.revealed and state.active == 1, "the second badge gives a second turn"


def showdown_with_holster(**options: object) -> State:
    state = score_table({0: ("gold-7",), 1: ("gold-1a", "gun-black"), 2: ("gold-1b",)}, **options)
    return state.with_player(0, hand=(HOLSTER, "horse-red-1"))


def test_DW_SHOW_1_holsters_cannot_be_fired_in_the_final_showdown() -> None:
    state = showdown_with_holster()
    assert ENGINE.legal_commands(state, 0) == [cmd.ShowdownShoot(1, "horse-red-1")]
    with pytest.raises(RuleViolation) as raised:
        ENGINE.decide(state, 0, cmd.ShowdownShoot(1, HOLSTER), SeededRng(b"h", "t", 1))
    assert raised.value.code == "HOLSTER_IN_SHOWDOWN" and raised.value.rule == "DW-SHOW-1"
    assert "Holster" in raised.value.message
    holsters_only = state.with_player(0, hand=(HOLSTER,))
    assert ENGINE.legal_commands(holsters_only, 0) == [], "a finalist holding only Holsters is unarmed"


def test_DW_SHOW_1_firing_holsters_in_the_showdown_stays_an_option() -> None:
    state = showdown_with_holster(holsters_in_showdown=True)
    assert cmd.ShowdownShoot(1, HOLSTER) in ENGINE.legal_commands(state, 0)


def mystery_scoring(rolls: tuple[int, ...] = (), **options: object) -> State:
    """Seat 1 (index 0) holds Cash, seat 2 Fool's Gold; seat 4 ends the last turn."""
    rows = {0: ("gold-2a", "mystery-cash"), 1: ("mystery-fools_gold",), 2: ("gold-1a",)}
    state = table(4, **options)
    for seat in range(4):
        state = state.with_player(seat, safes=rows.get(seat, ()))
    state = state.with_player(0, hand=("horse-white-1", "duster-black-1"))
    return play(state.with_player(1, hand=("stetson-red-1",)), 3, PEEK, ScriptRng(rolls))


def test_DW_SAFE_4_cash_and_fools_gold_score_by_a_gun_the_holder_plays() -> None:
    state = mystery_scoring()
    assert state.phase == "mystery" and ENGINE.seats_to_act(state) == (0,)
    hand = state.player(0).hand
    assert ENGINE.legal_commands(state, 0) == [cmd.PlayMysteryGun(card) for card in hand]
    assert "duster-black-1" in hand
    assert ENGINE.view(state, 2)["mystery_pending"] == [
        {"seat": 0, "safe": "mystery-cash"},
        {"seat": 1, "safe": "mystery-fools_gold"},
    ]
    with pytest.raises(RuleViolation) as raised:
        ENGINE.decide(state, 0, cmd.PlayMysteryGun("stetson-red-1"), ScriptRng([6]))
    assert raised.value.code == "CARD_NOT_HELD" and raised.value.rule == "DW-SAFE-4"
    events = events_of(state, 0, cmd.PlayMysteryGun("duster-black-1"), ScriptRng([6]))
    rolled = [e for e in events if isinstance(e, ev.DiceRolled)]
    assert [(r.seats, r.colours, r.faces) for r in rolled] == [((0,), ("black",), (6,))]
    state = play(state, 0, cmd.PlayMysteryGun("duster-black-1"), ScriptRng([6]))
    assert "duster-black-1" in state.discard and ENGINE.seats_to_act(state) == (1,)
    state = play(state, 1, cmd.PlayMysteryGun("stetson-red-1"), ScriptRng([2]))  # red face 2
    assert state.gold[:2] == (2 + 6, -2) and state.phase != "mystery" and state.finalists


def test_DW_SAFE_4_the_black_die_stays_an_option() -> None:
    state = mystery_scoring((6, 3), mystery_gold_die="black_die")
    assert state.phase != "mystery" and state.revealed and state.gold[:2] == (2 + 6, -3)


def test_DW_SETUP_2_each_player_chooses_a_character() -> None:
    chosen = ["Calamity Jane", "Seth Bullock", "Wild Bill Hickok"]
    state = new_game(4, characters=chosen)
    assert [p.character for p in state.players] == [*chosen, "Al Swearengen"]
    assert new_game(3).players[0].character == "Wild Bill Hickok", "no choice: the list in seat order"


@pytest.mark.parametrize(
    ("characters", "problem"),
    [
        (["Calamity Jane", "Calamity Jane"], "twice"),
        (["Buffalo Bill"], "not a character"),
        ("Calamity Jane", "list"),
        ([3], "list"),
    ],
)
def test_DW_SETUP_2_a_character_choice_names_distinct_known_characters(
    characters: object, problem: str
) -> None:
    with pytest.raises(OptionError, match=problem):
        ENGINE.options({"characters": characters})


def test_DW_CHAR_1_no_invented_person_is_dealt_and_unsourced_names_are_marked() -> None:
    assert "Alma Garret" not in CHARACTERS and "Doc Cochran" not in CHARACTERS
    assert CHARACTERS[:2] == ("Wild Bill Hickok", "Calamity Jane")
    assert CHARACTERS[2:] == PLACEHOLDER_CHARACTERS
    assert all("placeholder" in name for name in CHARACTERS[7:])
    assert [p.character for p in new_game(9).players] == list(CHARACTERS)


def test_a_deadwood_1876_1_log_replays_with_the_rules_it_was_recorded_under() -> None:
    legacy = options_for_log(ENGINE, {"mystery_safes": 0}, "deadwood-1876/1")
    assert legacy["badge_turns"] == "per_badge" and legacy["holsters_in_showdown"] is True
    assert legacy["mystery_gold_die"] == "black_die"
    events = ENGINE.setup(legacy, 9, SeededRng(b"v1", "t", 0))
    assert [encode(e)["kind"] for e in events[:2]] == ["game_started", "stars_placed"]
    started = events[0]
    assert isinstance(started, ev.GameStarted) and started.characters == CHARACTERS_V1
    current = ENGINE.setup(ENGINE.options({}), 9, SeededRng(b"v1", "t", 0))
    assert current[1] == ev.RulesAdded(holsters_in_showdown=False, mystery_gold_die="played_gun")
