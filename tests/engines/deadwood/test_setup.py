"""DW-SETUP-*, DW-CAP-*, DW-RND-2: the table each player count starts with."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.base import OptionError
from engines.deadwood import ENGINE
from engines.deadwood import commands as cmd
from engines.deadwood import events as ev
from engines.deadwood.components import DECK, MYSTERY_SAFES, STANDARD_SAFES, STARTING_STARS
from engines.rng import SeededRng
from tests.engines.deadwood.helpers import ScriptRng, new_game, play

PLAYER_COUNTS = range(2, 10)


@pytest.mark.parametrize("seats", PLAYER_COUNTS)
def test_DW_SETUP_1_grand_central_only_from_four_players(seats: int) -> None:
    state = new_game(seats)
    assert ("grand_central" in state.locations) == (seats >= 4)


@pytest.mark.parametrize("seats", PLAYER_COUNTS)
def test_DW_CAP_2_starting_stars_and_capacity_follow_the_table(seats: int) -> None:
    state = new_game(seats)
    counts = tuple(state.headcount(loc) for loc in state.locations)
    assert counts == STARTING_STARS[seats]
    assert state.capacity == (2 if seats <= 3 else seats // 3 + 1)
    assert all(n <= state.capacity for n in counts)


def test_DW_SETUP_3_nobody_starts_at_the_grand_central_with_four_players() -> None:
    for seed in (b"a", b"b", b"c"):
        assert new_game(4, seed).headcount("grand_central") == 0


def test_DW_SETUP_2_stars_are_drawn_at_random() -> None:
    placements = {tuple(p.location for p in new_game(6, bytes([i])).players) for i in range(12)}
    assert len(placements) > 1


@pytest.mark.parametrize("seats", PLAYER_COUNTS)
def test_DW_SETUP_4_hands_of_four_or_three_at_eight_and_nine(seats: int) -> None:
    state = new_game(seats)
    size = 3 if seats >= 8 else 4
    assert state.hand_size == size
    assert all(len(p.hand) == size for p in state.players)
    assert len(state.deck) == len(DECK) - seats * size


@pytest.mark.parametrize("seats", PLAYER_COUNTS)
def test_DW_SETUP_5_centre_stack_two_safes_each_rest_boxed(seats: int) -> None:
    state = new_game(seats)
    assert len(state.centre) == (2 if seats >= 8 else 3)
    assert all(len(p.safes) == 2 for p in state.players)
    every = state.centre + state.boxed + tuple(s for p in state.players for s in p.safes)
    assert Counter(every) == Counter(STANDARD_SAFES)  # the silver safes stay out


def test_DW_ADV_1_mystery_safes_are_shuffled_in_by_option() -> None:
    state = new_game(9, mystery_safes=5)
    every = state.centre + state.boxed + tuple(s for p in state.players for s in p.safes)
    assert Counter(every) == Counter(STANDARD_SAFES + MYSTERY_SAFES)


@pytest.mark.parametrize(("seats", "rounds"), [(2, 3), (7, 3), (8, 2), (9, 2)])
def test_DW_RND_2_one_main_round_per_centre_safe(seats: int, rounds: int) -> None:
    assert new_game(seats).main_rounds == rounds
    assert new_game(seats, main_rounds=1).main_rounds == 1
    # never more heists than centre safes: cut as versions 1-2 did (strict tables refuse: round 3 tests)
    assert new_game(seats, main_rounds=3, option_checks="lenient").main_rounds == rounds


def test_DW_SETUP_6_everyone_passes_one_safe_left_at_once() -> None:
    state = new_game(3)
    assert ENGINE.seats_to_act(state) == (0, 1, 2)
    before = {p.seat: p.safes for p in state.players}
    state = play(state, 1, cmd.PassSafe(1))
    assert ENGINE.seats_to_act(state) == (0, 2)  # seat 2's choice is in; the others still choose
    assert state.player(1).safes == before[1]  # nothing moves until everyone has chosen
    state = play(state, 0, cmd.PassSafe(0))
    state = play(state, 2, cmd.PassSafe(0), ScriptRng([6, 1, 1]))
    assert before[0][0] in state.player(1).safes
    assert before[1][1] in state.player(2).safes
    assert before[2][0] in state.player(0).safes
    assert all(len(p.safes) == 2 for p in state.players)


def test_DW_SETUP_7_highest_black_die_starts_and_ties_roll_again() -> None:
    state = new_game(3)
    for seat in (0, 1):
        state = play(state, seat, cmd.PassSafe(0))
    # black faces 2,2,3,4,5,6: seats 0 and 2 tie on 6, seat 1 rolls 2; then 0 rolls 3 and 2 rolls 5.
    events = ENGINE.decide(state, 2, cmd.PassSafe(0), ScriptRng([6, 1, 6, 3, 5]))
    rolls = [e for e in events if isinstance(e, ev.DiceRolled)]
    assert [r.seats for r in rolls] == [(0, 1, 2), (0, 2)]
    assert [e for e in events if isinstance(e, ev.FirstPlayerChosen)] == [ev.FirstPlayerChosen(2)]
    assert ENGINE.seats_to_act(play(state, 2, cmd.PassSafe(0), ScriptRng([6, 1, 6, 3, 5]))) == (2,)


def test_options_are_validated_and_filled_with_defaults() -> None:
    options = ENGINE.options({})
    assert options["badge_turns"] == "per_player" and options["mystery_safes"] == 0
    with pytest.raises(OptionError):
        ENGINE.options({"mystery_safes": 9})
    with pytest.raises(OptionError):
        ENGINE.options({"no_such_option": True})


def test_setup_is_deterministic_for_a_seed() -> None:
    first = ENGINE.setup(ENGINE.options({}), 5, SeededRng(b"x", "g", 0))
    again = ENGINE.setup(ENGINE.options({}), 5, SeededRng(b"x", "g", 0))
    other = ENGINE.setup(ENGINE.options({}), 5, SeededRng(b"y", "g", 0))
    assert first == again and first != other
