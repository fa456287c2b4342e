"""The remaining rule ids: components (DW-DICE, DW-CARD-4, DW-SAFE-1..3, DW-CHAR), teams, hands, chance."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from engines.base import SPECTATOR
from engines.deadwood import ENGINE
from engines.deadwood import commands as cmd
from engines.deadwood import events as ev
from engines.deadwood.components import CARDS, CHARACTERS, DICE, SAFES, STANDARD_SAFES
from engines.deadwood.flow import Emitter
from engines.deadwood.rules import assist_askers
from engines.deadwood.state import Fight
from engines.rng import SeededRng
from engines.simulate import playout
from tests.engines.deadwood.helpers import ScriptRng, events_of, new_game, play, started, turn_of

RED, WHITE = "horse-red-1", "duster-white-1"


def test_DW_OVR_1_two_to_nine_players() -> None:
    assert (ENGINE.min_seats, ENGINE.max_seats) == (2, 9)
    with pytest.raises(ValueError):
        ENGINE.setup(ENGINE.options({}), 10, SeededRng(b"x", "g", 0))


def test_DW_CHAR_1_characters_are_given_in_seat_order() -> None:
    assert [p.character for p in new_game(5).players] == list(CHARACTERS[:5])


def test_DW_DICE_1_to_4_five_gun_colours_with_their_own_faces() -> None:
    assert set(DICE) == {"white", "yellow", "green", "red", "black"}  # DW-DICE-2/3: black included
    assert all(len(faces) == 6 for faces in DICE.values())
    out = Emitter(new_game(2), ScriptRng([6, 6, 6, 6, 6, 1]))
    faces = out.roll("test", [(0, c) for c in ("white", "yellow", "green", "red", "black", "black")])
    assert faces == [3, 4, 4, 5, 6, 2]  # each die shows its own colour's face for the same roll
    assert out.events[-1] == ev.DiceRolled(
        "test", (0,) * 6, ("white", "yellow", "green", "red", "black", "black"), (3, 4, 4, 5, 6, 2)
    )


def test_DW_CARD_4_fifty_cards_ten_guns_of_each_colour() -> None:
    assert len(CARDS) == 50
    assert Counter(colour for _, colour in CARDS.values()) == {c: 10 for c in DICE}
    assert Counter(item for item, _ in CARDS.values()) == {
        "duster": 12,
        "holster": 12,
        "horse": 13,
        "stetson": 13,
    }


def test_DW_SAFE_1_to_3_twenty_standard_safes_and_five_silver_ones() -> None:
    kinds = Counter(kind for kind, _ in SAFES.values())
    assert kinds == {"gold": 12, "badge": 3, "gun": 5, "mystery": 5}
    assert len(STANDARD_SAFES) == 20
    assert sum(v for s, (k, v) in SAFES.items() if k == "gold") == 43  # type: ignore[misc]


def test_DW_SAFE_5_safes_stay_face_down_until_scoring() -> None:
    state = started(3)
    assert all(ENGINE.view(state, 0)["players"][s]["safes"] is None for s in (1, 2))
    assert all(ENGINE.view(replace(state, revealed=True), 0)["players"][s]["safes"] for s in (1, 2))


def test_DW_TEAM_1_your_team_is_whoever_shares_your_location_now() -> None:
    state = turn_of(started(4), 0).with_player(0, hand=(RED,), location="gem_theater")
    state = state.with_player(1, location="gem_theater").with_player(2, location="bella_union")
    state = state.with_player(3, location="bella_union")
    assert state.team("gem_theater") == (0, 1)
    state = play(state, 0, cmd.RideHorse(RED, "grand_central"))
    teams = {loc["id"]: loc["team"] for loc in ENGINE.view(state, SPECTATOR)["locations"]}
    assert teams == {"gem_theater": [1], "bella_union": [2, 3], "grand_central": [0]}


def test_DW_CAP_1_capacity_by_player_count_or_by_option() -> None:
    assert new_game(9).capacity == 4 and new_game(6).capacity == 3
    assert new_game(6, location_capacity=5).capacity == 5
    assert new_game(9, location_capacity=1).capacity == 3  # never below the starting stars


def test_DW_TURN_2_and_3_a_turn_is_an_item_or_a_gun() -> None:
    state = turn_of(started(4), 0)
    kinds = {type(c) for c in ENGINE.legal_commands(state, 0)}
    assert kinds <= {cmd.RideHorse, cmd.PeekSafes, cmd.DrawWithDuster, cmd.RobSafe, cmd.ChallengeDuel}
    assert {cmd.RobSafe, cmd.ChallengeDuel} <= kinds


def test_DW_DUEL_2_ties_roll_again() -> None:
    state = turn_of(started(4, assists=False), 0).with_player(0, hand=(RED,)).with_player(2, hand=(WHITE,))
    state = play(state, 0, cmd.ChallengeDuel(RED, 2))
    events = events_of(state, 2, cmd.Defend(WHITE), ScriptRng([2, 4, 1, 6]))  # 2-2, then 1-3
    assert [e.faces for e in events if isinstance(e, ev.DiceRolled)] == [(2, 2), (1, 3)]


def test_DW_ROB_3_and_DW_ASSIST_1_helpers_join_before_the_dice_but_never_in_the_showdown() -> None:
    state = started(4)
    fight = Fight("robbery", 0, 1, 0, RED)
    assert assist_askers(state, fight) == (2, 3)
    assert assist_askers(state, replace(fight, kind="showdown")) == ()
    assert assist_askers(replace(state, assists=False), fight) == ()


def test_DW_HAND_1_everyone_refills_after_the_turn_and_discards_are_reshuffled() -> None:
    state = turn_of(started(4, assists=False), 0).with_player(0, hand=(RED,)).with_player(2, hand=())
    moved = state.deck
    state = replace(state, deck=(), discard=state.discard + moved)
    events = events_of(state, 0, cmd.RideHorse(RED, "grand_central"), ScriptRng())
    kinds = [e.kind for e in events]
    assert kinds.index("discards_reshuffled") < kinds.index("cards_drawn")
    drawn = [e.seat for e in events if isinstance(e, ev.CardsDrawn)]
    assert drawn[:2] == [0, 2]  # the active player first, then clockwise
    after = play(state, 0, cmd.RideHorse(RED, "grand_central"), ScriptRng())
    assert all(len(p.hand) == after.hand_size for p in after.players)


def test_DW_HAND_2_played_cards_go_face_up_to_the_discard_pile() -> None:
    state = turn_of(started(4, assists=False), 0).with_player(0, hand=(RED,)).with_player(2, hand=(WHITE,))
    state = play(state, 0, cmd.ChallengeDuel(RED, 2))
    state = play(state, 2, cmd.Defend(WHITE), ScriptRng([1, 6]))
    assert state.discard[-2:] == (RED, WHITE)
    assert ENGINE.view(state, SPECTATOR)["discard"][-2:] == [RED, WHITE]  # DW-HIDE-3


def test_DW_END_1_one_ordinary_round_follows_the_last_heist() -> None:
    state = started(2)
    state = replace(state, phase="heist", round=state.main_rounds)
    for seat in range(2):
        state = play(state, seat, cmd.CommitToHeist(None))
    assert state.phase == "turn" and state.round == state.main_rounds + 1 and not state.badge_round


def test_DW_SHOW_1_hand_guns_and_safe_guns_both_shoot_unless_the_option_says_safe_guns_only() -> None:
    state = replace(started(3), phase="showdown", finalists=(0, 1), showdown_turn=0)
    state = state.with_player(0, hand=(RED,), safes=("gun-green",))
    guns = {c.gun for c in ENGINE.legal_commands(state, 0)}  # type: ignore[attr-defined]
    assert guns == {RED, "gun-green"}
    only_safes = replace(state, hand_guns_in_showdown=False)
    assert {c.gun for c in ENGINE.legal_commands(only_safes, 0)} == {"gun-green"}  # type: ignore[attr-defined]


def test_DW_RAND_1_every_die_rolled_is_written_into_an_event() -> None:
    for step in playout(ENGINE, 6, seed=b"chance", bot_seed=4):
        if any(isinstance(e, ev.GameWon) for e in step.events):
            continue  # a random tie-break draws an index, not a die
        rolled = sum(len(e.faces) for e in step.events if isinstance(e, ev.DiceRolled))
        assert rolled == sum(1 for d in step.draws if d["op"] == "randint")
