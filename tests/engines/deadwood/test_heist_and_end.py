"""DW-HEIST-*, DW-RND-*, DW-END-*, DW-SHOW-*, DW-SAFE-4: heists, the badge round, scoring, showdown."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.base import RuleViolation
from engines.deadwood import ENGINE
from engines.deadwood import commands as cmd
from engines.deadwood import events as ev
from engines.deadwood.state import State
from engines.simulate import playout
from tests.engines.deadwood.helpers import ScriptRng, events_of, play, started

RED, WHITE, STETSON = "horse-red-1", "duster-white-1", "stetson-black-1"
PEEK = cmd.PeekSafes(STETSON, (cmd.SafeRef(0, 0), cmd.SafeRef(1, 0)))


def table(round_: int, **options: object) -> State:
    """Four players, seat 0 first; seat 3 is about to take the last turn of `round_`.

    The Gem Theater holds seats 0 and 1, the Bella Union seats 2 and 3.
    """
    state = started(4, b"test", assists=False, **options)
    for seat, loc in enumerate(("gem_theater", "gem_theater", "bella_union", "bella_union")):
        state = state.with_player(seat, location=loc, hand=(f"horse-yellow-{seat % 2 + 1}",))
    state = state.with_player(3, hand=(STETSON,))
    return replace(state, phase="turn", first_player=0, active=3, round=round_)


def at_heist() -> State:
    state = play(table(1), 3, PEEK)
    assert state.phase == "heist"
    return state.with_player(0, hand=(RED,)).with_player(2, hand=(WHITE,))


def test_DW_HEIST_1_a_heist_follows_each_main_round_and_commitments_are_simultaneous() -> None:
    state = at_heist()
    assert ENGINE.seats_to_act(state) == (0, 1, 2, 3)
    state = play(state, 2, cmd.CommitToHeist(WHITE))
    assert ENGINE.seats_to_act(state) == (0, 1, 3)


def test_DW_HEIST_2_the_best_gang_wins_and_its_best_die_takes_the_safe() -> None:
    state = at_heist()
    top = state.centre[0]
    for seat, card in ((0, RED), (1, None), (2, WHITE)):
        state = play(state, seat, cmd.CommitToHeist(card))
    events = events_of(state, 3, cmd.CommitToHeist(None), ScriptRng([6, 1]))  # red 5, white 0
    assert ev.HeistRevealed((RED, "", WHITE, "")) in events
    after = play(state, 3, cmd.CommitToHeist(None), ScriptRng([6, 1]))
    assert top in after.player(0).safes and after.centre == state.centre[1:]
    assert {RED, WHITE} <= set(after.discard)
    assert after.active == 0 and after.round == 2  # DW-RND-3: the first player opens the next round


def test_DW_HEIST_2_nobody_committing_sends_the_safe_out_unseen() -> None:
    state = at_heist()
    top = state.centre[0]
    for seat in range(4):
        state = play(state, seat, cmd.CommitToHeist(None))
    assert top in state.boxed and all(top not in p.safes for p in state.players)


def test_DW_RND_1_rounds_then_heists_then_one_more_round_then_badges() -> None:
    for seats in (2, 5, 9):
        steps = list(playout(ENGINE, seats, seed=b"rounds", bot_seed=seats))
        events = [e for s in steps for e in s.events]
        first = next(e.seat for e in events if isinstance(e, ev.FirstPlayerChosen))
        mains = steps[-1].state.main_rounds
        ordinary = [(e.round, e.seat) for e in events if isinstance(e, ev.TurnStarted) and not e.badge]
        expected = [(r, (first + i) % seats) for r in range(1, mains + 2) for i in range(seats)]
        assert ordinary == expected
        assert [e.round for e in events if isinstance(e, ev.HeistStarted)] == list(range(1, mains + 1))
        kinds = [e.kind for e in events]
        assert kinds.index("badge_round_started") > max(
            i for i, k in enumerate(kinds) if k == "heist_revealed"
        )


def badge_table(**options: object) -> State:
    state = table(4, **options)
    state = state.with_player(0, safes=("gold-1a",)).with_player(3, safes=("gold-1b",))
    state = state.with_player(1, safes=("badge-1", "badge-2")).with_player(2, safes=("mystery-deputy",))
    return play(state, 3, PEEK)


def test_DW_END_2_badge_holders_take_one_turn_per_badge_clockwise() -> None:
    state = badge_table(badge_turns="per_badge")
    assert state.badge_round and [p.badge_turns for p in state.players] == [0, 1, 1, 0]
    assert state.active == 1  # first badge turn: clockwise from the first player; one is used now
    assert cmd.DeclineBadgeTurn() in ENGINE.legal_commands(state, 1)
    state = play(state, 1, cmd.RideHorse("horse-yellow-2", "grand_central"))  # plays a card
    assert state.active == 2
    state = play(state, 2, cmd.DeclineBadgeTurn())
    assert state.active == 1 and state.player(2).badge_turns == 0
    state = play(state, 1, cmd.DeclineBadgeTurn())
    assert state.revealed  # no allowance left: scoring


def test_DW_END_2_per_player_option_gives_each_holder_one_turn() -> None:
    state = badge_table(badge_turns="per_player")
    assert [p.badge_turns for p in state.players] == [0, 0, 1, 0]


def score_table(rows: dict[int, tuple[str, ...]], **options: object) -> State:
    state = table(4, **options)
    for seat in range(4):
        state = state.with_player(seat, safes=rows.get(seat, ()))
    return play(state, 3, PEEK)


def test_DW_END_3_and_4_the_richest_location_goes_to_the_showdown() -> None:
    state = score_table({0: ("gold-7", "gun-red"), 1: ("gold-1a",), 2: ("gold-6",), 3: ("gold-1b",)})
    assert state.team_gold == (8, 7, 0) and state.finalists == (0, 1)
    assert state.phase == "showdown" and ENGINE.seats_to_act(state) == (0,)  # DW-SHOW-3: first player
    assert all(ENGINE.view(state, 2)["players"][s]["safes"] is not None for s in range(4))  # DW-SAFE-5


def test_DW_END_4_tied_locations_all_advance() -> None:
    state = score_table({0: ("gold-7", "gun-red"), 1: ("gold-1a",), 2: ("gold-6",), 3: ("gold-2a",)})
    assert state.finalists == (0, 1, 2, 3)


def test_DW_END_5_a_lone_finalist_wins_at_once() -> None:
    state = table(4).with_player(2, location="grand_central")
    for seat, row in enumerate([("gold-1a",), ("gold-1b",), ("gold-7",), ()]):
        state = state.with_player(seat, safes=row)
    state = play(state, 3, cmd.PeekSafes(STETSON, (cmd.SafeRef(0, 0), cmd.SafeRef(1, 0))))
    assert state.finalists == (2,) and ENGINE.outcome(state).winners == (2,)  # type: ignore[union-attr]


def showdown() -> State:
    state = score_table({0: ("gold-7",), 1: ("gold-1a", "gun-black"), 2: ("gold-1b",)})
    return state.with_player(0, hand=(RED,)).with_player(1, hand=())


def test_DW_SHOW_2_a_safe_gun_is_kept_and_a_hand_gun_is_spent() -> None:
    state = play(showdown(), 0, cmd.ShowdownShoot(1, RED))
    assert ENGINE.legal_commands(state, 1) == [cmd.Defend("gun-black")]
    state = play(state, 1, cmd.Defend("gun-black"), ScriptRng([1, 6]))  # red 1 against black 6
    assert "gun-black" in state.player(1).safes and RED in state.discard
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == (1,) and outcome.ranking[1] == (0,)


def test_DW_SHOW_3_only_living_finalists_can_be_shot() -> None:
    with pytest.raises(RuleViolation) as error:
        events_of(showdown(), 0, cmd.ShowdownShoot(2, RED))
    assert error.value.code == "NOT_IN_SHOWDOWN"


def test_DW_SHOW_4_an_unarmed_defender_is_eliminated() -> None:
    state = showdown().with_player(1, safes=("gold-1a",))
    state = play(state, 0, cmd.ShowdownShoot(1, RED))
    assert ENGINE.outcome(state).winners == (0,)  # type: ignore[union-attr]


def test_DW_SHOW_4_with_no_guns_left_the_richest_finalist_wins() -> None:
    state = score_table({0: ("gold-7",), 1: ("gold-1a",), 2: ("gold-1b",)}, hand_guns_in_showdown=False)
    assert ENGINE.outcome(state).winners == (0,)  # type: ignore[union-attr]


def test_DW_SAFE_4_cash_adds_and_fools_gold_subtracts_a_black_roll() -> None:
    rows = {0: ("gold-2a", "mystery-cash"), 1: ("mystery-fools_gold",), 2: ("gold-1a",)}
    state = table(4, mystery_gold_die="black_die")
    for seat in range(4):
        state = state.with_player(seat, safes=rows.get(seat, ()))
    events = events_of(state, 3, PEEK, ScriptRng([6, 3]))  # black 6 for Cash, 3 for Fool's Gold
    adjustments = [(e.seat, e.delta) for e in events if isinstance(e, ev.GoldAdjusted)]
    assert adjustments == [(0, 6), (1, -3)]


def test_DW_SAFE_4_jammed_cannot_use_own_safe_guns() -> None:
    state = showdown().with_player(1, safes=("gun-black", "mystery-jammed"))
    state = play(state, 0, cmd.ShowdownShoot(1, RED))
    assert ENGINE.outcome(state).winners == (0,)  # type: ignore[union-attr]


def test_DW_SAFE_4_sharpshooter_rolls_the_black_die() -> None:
    state = showdown().with_player(0, safes=("gold-7", "mystery-sharpshooter"))
    state = play(state, 0, cmd.ShowdownShoot(1, RED))
    events = events_of(state, 1, cmd.Defend("gun-black"), ScriptRng([6, 1]))
    roll = next(e for e in events if isinstance(e, ev.DiceRolled))
    assert roll.colours == ("black", "black")
