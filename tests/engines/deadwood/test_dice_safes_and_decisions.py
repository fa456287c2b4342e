"""The dice (DW-DICE-3/4), the safe mix (DW-SAFE-2/3), a gun's two uses (DW-TURN-3), the overview
rules (DW-OVR-2..6), decisions that wait on other seats, and safes a seat no longer holds."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from engines.base import SPECTATOR, Event, RuleViolation
from engines.codec import encode
from engines.deadwood import ENGINE
from engines.deadwood import commands as cmd
from engines.deadwood import events as ev
from engines.deadwood.components import (
    CARDS,
    COLOURS,
    DICE,
    GOLD_VALUES,
    MYSTERY_SAFES,
    SAFES,
    STANDARD_SAFES,
    is_badge,
    safe_gold,
    safe_gun,
)
from engines.deadwood.state import State
from engines.rng import SeededRng
from engines.simulate import playout
from tests.engines.deadwood.helpers import ScriptRng, events_of, new_game, play, started, turn_of

RED, WHITE, BLACK = "horse-red-1", "duster-white-1", "stetson-black-1"


def every_safe_in_play(state: State) -> list[str]:
    return [*state.centre, *state.boxed, *(s for p in state.players for s in p.safes)]


# DW-DICE-3 / DW-DICE-4 --------------------------------------------------------------------------


def test_DW_DICE_3_the_black_die_decides_the_first_player_and_is_also_a_gun() -> None:
    state = new_game(4)
    for seat in range(3):
        state = play(state, seat, cmd.PassSafe(0))
    # randint 6, 1, 2, 3 -> black faces 6, 2, 2, 3: seat 0 starts.
    events = events_of(state, 3, cmd.PassSafe(0), ScriptRng([6, 1, 2, 3]))
    (roll,) = [e for e in events if isinstance(e, ev.DiceRolled)]
    assert roll == ev.DiceRolled("first_player", (0, 1, 2, 3), ("black",) * 4, (6, 2, 2, 3))
    assert [e.seat for e in events if isinstance(e, ev.FirstPlayerChosen)] == [0]
    assert sum(1 for _, colour in CARDS.values() if colour == "black") == 10  # black guns are played too


def test_DW_DICE_4_each_colour_has_its_own_six_faces_weakest_to_strongest() -> None:
    assert DICE == {
        "white": (0, 1, 1, 2, 2, 3),
        "yellow": (1, 1, 2, 2, 3, 4),
        "green": (1, 2, 2, 3, 3, 4),
        "red": (1, 2, 3, 3, 4, 5),
        "black": (2, 2, 3, 4, 5, 6),
    }
    means = [Fraction(sum(DICE[c]), 6) for c in COLOURS]
    assert means == sorted(means) and len(set(means)) == 5
    assert [float(m) for m in means] == pytest.approx([1.5, 2.1667, 2.5, 3.0, 3.6667], abs=1e-3)
    # Each die shows its own colour's face: red's 4th face (3) ties white's 6th (3), so both
    # re-roll; red's 5th face (4) then beats white's 6th (3).
    state = turn_of(started(4, assists=False), 0).with_player(0, hand=(RED,)).with_player(1, hand=(WHITE,))
    state = play(state, 0, cmd.ChallengeDuel(RED, 1))
    events = events_of(state, 1, cmd.Defend(WHITE), ScriptRng([4, 6, 5, 6]))
    rolls = [e for e in events if isinstance(e, ev.DiceRolled)]
    assert [(r.colours, r.faces) for r in rolls] == [(("red", "white"), (3, 3)), (("red", "white"), (4, 3))]


# DW-SAFE-2 / DW-SAFE-3 --------------------------------------------------------------------------


def test_DW_SAFE_2_five_silver_mystery_safes_stay_out_unless_the_table_adds_them() -> None:
    assert len(MYSTERY_SAFES) == 5 and all(SAFES[s][0] == "mystery" for s in MYSTERY_SAFES)
    assert not set(MYSTERY_SAFES) & set(STANDARD_SAFES)
    for seats in (2, 9):
        plain = new_game(seats)
        assert sorted(every_safe_in_play(plain)) == sorted(STANDARD_SAFES)
        silver = new_game(seats, mystery_safes=5)
        assert sorted(every_safe_in_play(silver)) == sorted(STANDARD_SAFES + MYSTERY_SAFES)
    assert sum(1 for s in every_safe_in_play(new_game(6, mystery_safes=2)) if SAFES[s][0] == "mystery") == 2


def test_DW_SAFE_3_twelve_gold_three_badges_and_one_showdown_gun_per_colour() -> None:
    kinds = Counter(SAFES[s][0] for s in STANDARD_SAFES)
    assert kinds == {"gold": 12, "badge": 3, "gun": 5}
    assert sorted(safe_gold(s) for s in STANDARD_SAFES if SAFES[s][0] == "gold") == list(GOLD_VALUES)
    assert GOLD_VALUES == (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7)
    assert sorted(g for s in STANDARD_SAFES if (g := safe_gun(s)) is not None) == sorted(COLOURS)
    assert sum(1 for s in STANDARD_SAFES if is_badge(s)) == 3
    nine = new_game(9)  # 9 x 2 dealt + 2 centre: a nine-player game uses every standard safe
    assert nine.boxed == () and len(nine.centre) == 2 and all(len(p.safes) == 2 for p in nine.players)


# DW-TURN-3 --------------------------------------------------------------------------------------


def test_DW_TURN_3_a_gun_is_played_to_rob_a_safe_or_to_duel_and_nothing_else() -> None:
    state = turn_of(started(4, assists=False), 0).with_player(0, hand=(RED, WHITE))
    legal = ENGINE.legal_commands(state, 0)
    for card in (RED, WHITE):
        assert {c.target for c in legal if isinstance(c, cmd.ChallengeDuel) and c.card == card} == {1, 2, 3}
        robs = {(c.target, c.position) for c in legal if isinstance(c, cmd.RobSafe) and c.card == card}
        assert robs == {(t, p) for t in (1, 2, 3) for p in range(len(state.player(t).safes))}
    robbing = play(state, 0, cmd.RobSafe(RED, 2, 1))
    assert robbing.fight is not None and (robbing.fight.kind, robbing.fight.defender) == ("robbery", 2)
    assert robbing.fight.position == 1 and robbing.fight.attack_gun == RED and robbing.phase == "defend"
    duelling = play(state, 0, cmd.ChallengeDuel(WHITE, 3))
    assert duelling.fight is not None and (duelling.fight.kind, duelling.fight.defender) == ("duel", 3)
    assert RED not in robbing.player(0).hand and WHITE not in duelling.player(0).hand
    with pytest.raises(RuleViolation) as error:  # a showdown shot is not a turn's gun use
        events_of(state, 0, cmd.ShowdownShoot(1, RED))
    assert error.value.code == "WRONG_PHASE"


# DW-OVR-2..6 ------------------------------------------------------------------------------------


def test_DW_OVR_2_and_DW_OVR_3_the_players_at_one_location_are_a_team_whose_safes_score_together() -> None:
    state = replace(turn_of(started(4, assists=False), 3), round=4, first_player=0)
    rows = {0: ("gold-5a",), 1: ("gold-2a", "gun-black"), 2: ("gold-6", "gun-red"), 3: ("gold-1a",)}
    for seat, loc in enumerate(("gem_theater", "gem_theater", "bella_union", "bella_union")):
        state = state.with_player(
            seat, location=loc, safes=rows[seat], hand=(f"horse-yellow-{seat % 2 + 1}",)
        )
    state = state.with_player(3, hand=(BLACK,))
    scored = play(state, 3, cmd.PeekSafes(BLACK, (cmd.SafeRef(0, 0), cmd.SafeRef(1, 0))))
    assert scored.team_gold == (7, 7, 0)  # gold only: showdown guns add nothing
    assert scored.finalists == (0, 1, 2, 3)


def test_DW_OVR_4_and_DW_OVR_5_badge_turns_then_the_richest_location_shoots_it_out() -> None:
    for seed in range(6):
        steps = list(playout(ENGINE, 5, seed=f"ovr4-{seed}".encode(), bot_seed=seed))
        events = [e for s in steps for e in s.events]
        started_round = next(e for e in events if isinstance(e, ev.BadgeRoundStarted))
        badge_turns = Counter(e.seat for e in events if isinstance(e, ev.TurnStarted) and e.badge)
        assert all(badge_turns[s] <= started_round.allowances[s] for s in range(5))
        assert all(badge_turns[s] == 0 for s in range(5) if started_round.allowances[s] == 0)
        (won,) = [e for e in events if isinstance(e, ev.GameWon)]
        final = steps[-1].state
        assert won.seat in final.finalists and final.player(won.seat).alive
        richest = max(final.team_gold[i] for i, loc in enumerate(final.locations) if final.team(loc))
        winner_location = final.locations.index(final.player(won.seat).location)
        assert final.team_gold[winner_location] == richest  # DW-OVR-5: be rich, then survive
        assert all(not final.player(s).alive for s in final.finalists if s != won.seat)


def test_DW_OVR_6_two_players_each_form_a_one_person_team() -> None:
    state = new_game(2)
    assert state.locations == ("gem_theater", "bella_union")
    assert sorted(len(state.team(loc)) for loc in state.locations) == [1, 1]
    for game in range(4):
        *_, last = playout(ENGINE, 2, seed=f"two-{game}".encode(), bot_seed=game)
        outcome = ENGINE.outcome(last.state)
        assert outcome is not None and len(outcome.winners) == 1


# DW-DICE-2 / DW-HIDE-3 / DW-RND-3 / DW-ROB-6 ---------------------------------------------------


def test_DW_DICE_2_dice_are_virtual_so_three_of_one_colour_can_roll() -> None:
    state = turn_of(started(4, assists=True), 0).with_player(0, hand=(RED,))
    state = state.with_player(1, hand=("horse-white-1",))
    state = state.with_player(2, hand=("holster-red-1",)).with_player(3, hand=("holster-red-2",))
    state = play(state, 0, cmd.ChallengeDuel(RED, 1))
    state = play(state, 1, cmd.Defend("horse-white-1"))
    state = play(state, 2, cmd.Assist("holster-red-1", "attacker"))
    events = events_of(state, 3, cmd.Assist("holster-red-2", "attacker"), ScriptRng([6, 5, 4, 1]))
    (roll,) = [e for e in events if isinstance(e, ev.DiceRolled)]
    assert roll.seats == (0, 2, 3, 1)
    assert roll.colours == ("red", "red", "red", "white")  # a third red die, though the box has two
    assert roll.faces == (5, 4, 3, 0)
    resolved = next(e for e in events if isinstance(e, ev.FightResolved))
    assert (resolved.attack, resolved.defence) == (12, 0)


def test_DW_HIDE_3_locations_counts_played_cards_dice_and_discards_are_public() -> None:
    state = turn_of(started(4, assists=False), 0).with_player(0, hand=(RED,)).with_player(2, hand=(WHITE,))
    state = play(state, 0, cmd.ChallengeDuel(RED, 2))
    events = events_of(state, 2, cmd.Defend(WHITE), ScriptRng([1, 6]))
    after = play(state, 2, cmd.Defend(WHITE), ScriptRng([1, 6]))
    spectator = ENGINE.view(after, SPECTATOR)
    assert [p["location"] for p in spectator["players"]] == [p.location for p in after.players]
    assert [p["character"] for p in spectator["players"]] == [p.character for p in after.players]
    assert [p["hand_count"] for p in spectator["players"]] == [len(p.hand) for p in after.players]
    assert [p["safe_count"] for p in spectator["players"]] == [len(p.safes) for p in after.players]
    assert spectator["deck_size"] == len(after.deck) and spectator["discard"] == list(after.discard)
    for event in events:
        if isinstance(event, ev.DefenceChosen | ev.DiceRolled | ev.FightResolved):
            assert ENGINE.redact(event, SPECTATOR) == event  # the gun played and the dice, face up


def test_DW_RND_3_the_first_player_opens_every_round_all_game() -> None:
    for seats in (3, 7):
        events = [e for s in playout(ENGINE, seats, seed=b"rnd3", bot_seed=seats) for e in s.events]
        (first,) = [e.seat for e in events if isinstance(e, ev.FirstPlayerChosen)]
        openers: dict[int, int] = {}
        for event in events:
            if isinstance(event, ev.TurnStarted) and not event.badge:
                openers.setdefault(event.round, event.seat)
        assert set(openers.values()) == {first} and len(openers) >= 3


def test_DW_ROB_6_a_row_is_reordered_only_right_after_its_holder_gains_a_safe() -> None:
    for seats in (4, 6):
        steps = playout(ENGINE, seats, seed=b"rob6", bot_seed=seats, options={"safe_limit": 2})
        events = [e for s in steps for e in s.events]
        gained: set[int] = set()  # holders who gained a safe since their row was last shuffled
        shuffles = 0
        for event in events:
            if isinstance(event, ev.SafeStolen):
                gained.add(event.attacker)
            elif isinstance(event, ev.HeistWon):
                gained.add(event.seat)
            elif isinstance(event, ev.SafePassed):
                gained.add(event.receiver)
            elif isinstance(event, ev.SafesShuffled):
                assert event.seat in gained, f"seat {event.seat} reordered without gaining a safe"
                gained.discard(event.seat)
                shuffles += 1
        assert shuffles > seats  # the setup pass alone shuffles every row once


# Decisions that wait on seats other than the active player --------------------------------------


def test_DW_SETUP_6_the_pass_waits_on_every_seat_and_each_lists_only_its_own_choices() -> None:
    state = new_game(4)
    assert ENGINE.seats_to_act(state) == (0, 1, 2, 3)
    for seat in range(4):
        assert ENGINE.legal_commands(state, seat) == [cmd.PassSafe(0), cmd.PassSafe(1)]
    state = play(state, 2, cmd.PassSafe(1))
    assert ENGINE.seats_to_act(state) == (0, 1, 3) and ENGINE.legal_commands(state, 2) == []
    with pytest.raises(RuleViolation) as error:
        events_of(state, 2, cmd.PassSafe(0))  # a second choice once yours is in
    assert error.value.code == "NOT_YOUR_DECISION"
    assert ENGINE.view(state, 0)["players"][2]["has_passed"] is True
    assert ENGINE.view(state, 0)["players"][2]["passing"] is None  # which one stays secret


def test_DW_ROB_2_the_defenders_gun_choice_is_a_decision_of_the_defender_alone() -> None:
    state = turn_of(started(4, assists=False), 0).with_player(0, hand=(RED,))
    state = state.with_player(2, hand=(WHITE, BLACK, "holster-green-1"))
    for attack in (cmd.RobSafe(RED, 2, 0), cmd.ChallengeDuel(RED, 2)):
        waiting = play(state, 0, attack)
        assert waiting.phase == "defend" and ENGINE.seats_to_act(waiting) == (2,)
        assert ENGINE.legal_commands(waiting, 2) == [
            cmd.Defend(WHITE),
            cmd.Defend(BLACK),
            cmd.Defend("holster-green-1"),
        ]
        assert all(ENGINE.legal_commands(waiting, s) == [] for s in (0, 1, 3))
        with pytest.raises(RuleViolation) as error:
            events_of(waiting, 0, cmd.Defend(RED))
        assert error.value.code == "NOT_YOUR_DECISION"


# DW-HIDE-2: safes a seat no longer holds --------------------------------------------------------


def seen_by(state: State, events: list[Event], seat: int) -> str:
    """Everything `seat` is shown: its view now and its copy of each event, as JSON text."""
    shown = [encode(ENGINE.redact(e, seat)) for e in events]
    return json.dumps([ENGINE.view(state, seat), shown])


def test_DW_HIDE_2_a_safe_passed_away_is_never_shown_to_its_giver_again() -> None:
    state = new_game(3)
    before = {p.seat: p.safes for p in state.players}
    state = play(state, 0, cmd.PassSafe(0))
    state = play(state, 1, cmd.PassSafe(0))
    events = events_of(state, 2, cmd.PassSafe(0), SeededRng(b"p", "t", 3))
    after = play(state, 2, cmd.PassSafe(0), SeededRng(b"p", "t", 3))
    for giver in range(3):
        passed = before[giver][0]
        assert passed in after.player(after.left_of(giver)).safes
        assert f'"{passed}"' not in seen_by(after, events, giver)
        assert f'"{passed}"' in seen_by(after, events, after.left_of(giver))


def test_DW_HIDE_2_a_stolen_or_given_away_safe_is_never_shown_to_its_former_holder() -> None:
    state = turn_of(started(4, assists=False, safe_limit=2), 0)
    state = state.with_player(0, hand=(RED,), safes=("gold-1a", "gold-2a"))
    state = state.with_player(1, hand=(WHITE,), safes=("gold-7", "badge-1"))
    state = state.with_player(2, safes=("gold-3a",)).with_player(3, safes=("gold-3b", "gold-4a"))
    state = play(state, 0, cmd.RobSafe(RED, 1, 0))
    events = events_of(state, 1, cmd.Defend(WHITE), ScriptRng([6, 1]))  # red 5 beats white 0
    robbed = play(state, 1, cmd.Defend(WHITE), ScriptRng([6, 1]))
    assert "gold-7" in robbed.player(0).safes
    assert '"gold-7"' not in seen_by(robbed, events, 1)  # the victim
    assert '"gold-7"' not in seen_by(robbed, events, SPECTATOR)
    assert '"gold-7"' in seen_by(robbed, events, 0)  # the thief looks at it
    # A third safe is over this table's limit of 2: seat 0 gives one to a seat with the fewest.
    assert robbed.phase == "give_safe" and ENGINE.seats_to_act(robbed) == (0,)
    position = robbed.player(0).safes.index("gold-7")
    given_events = events_of(robbed, 0, cmd.GiveSafe(position, 2))
    given = play(robbed, 0, cmd.GiveSafe(position, 2))
    assert "gold-7" in given.player(2).safes
    assert '"gold-7"' not in seen_by(given, given_events, 0)  # the giver, who once stole it
    assert '"gold-7"' not in seen_by(given, given_events, 1)  # and the first holder
    assert '"gold-7"' in seen_by(given, given_events, 2)
