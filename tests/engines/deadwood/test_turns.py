"""DW-TURN-*, DW-CARD-*, DW-ROB-*, DW-DUEL-*, DW-ASSIST-*, DW-HAND-*: a turn and its fights."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.base import Event, RuleViolation
from engines.deadwood import ENGINE
from engines.deadwood import commands as cmd
from engines.deadwood import events as ev
from engines.deadwood.state import State
from tests.engines.deadwood.helpers import ScriptRng, events_of, play, started, turn_of

# randint index -> face: red (1,2,3,3,4,5), white (0,1,1,2,2,3), black (2,2,3,4,5,6).
RED, WHITE, BLACK = "horse-red-1", "duster-white-1", "stetson-black-1"


def fight_table(assists: bool = False) -> State:
    """Four players, seat 0 to play holding a red gun; seat 1 holds a white gun."""
    state = turn_of(started(4, assists=assists), 0)
    state = state.with_player(0, hand=(RED, "holster-green-1"), location="gem_theater")
    state = state.with_player(1, hand=(WHITE,), location="gem_theater")
    state = state.with_player(2, hand=("holster-black-1",), location="bella_union")
    return state.with_player(3, hand=(), location="bella_union")


def test_DW_TURN_1_a_card_you_do_not_hold_is_refused() -> None:
    state = fight_table()
    with pytest.raises(RuleViolation) as error:
        events_of(state, 0, cmd.ChallengeDuel("horse-black-3", 1))
    assert error.value.code == "CARD_NOT_HELD" and error.value.rule == "DW-TURN-1"


def test_DW_TURN_1_no_passing_outside_the_badge_round() -> None:
    state = fight_table()
    assert cmd.DeclineBadgeTurn() not in ENGINE.legal_commands(state, 0)
    with pytest.raises(RuleViolation) as error:
        events_of(state, 0, cmd.DeclineBadgeTurn())
    assert error.value.code == "MUST_PLAY"


def test_DW_CARD_1_every_card_can_be_played_as_a_gun() -> None:
    legal = ENGINE.legal_commands(fight_table(), 0)
    assert cmd.ChallengeDuel(RED, 1) in legal and cmd.ChallengeDuel("holster-green-1", 1) in legal
    assert cmd.RobSafe(RED, 1, 0) in legal


def test_DW_CARD_3_a_holster_is_only_a_gun_on_its_owners_turn() -> None:
    legal = ENGINE.legal_commands(fight_table(), 0)
    holster_uses = [c for c in legal if getattr(c, "card", None) == "holster-green-1"]
    assert holster_uses and all(isinstance(c, cmd.RobSafe | cmd.ChallengeDuel) for c in holster_uses)


def test_DW_CARD_2_horse_moves_the_star_and_the_turn_passes() -> None:
    state = play(fight_table(), 0, cmd.RideHorse(RED, "grand_central"))
    assert state.player(0).location == "grand_central"
    assert RED in state.discard and state.active == 1


def test_DW_CAP_2_a_horse_cannot_enter_a_full_location() -> None:
    state = fight_table()  # capacity 2 at four players; Bella Union holds seats 2 and 3
    assert cmd.RideHorse(RED, "bella_union") not in ENGINE.legal_commands(state, 0)
    with pytest.raises(RuleViolation) as error:
        events_of(state, 0, cmd.RideHorse(RED, "bella_union"))
    assert error.value.code == "LOCATION_FULL"


def test_DW_CARD_2_stetson_shows_two_safes_to_the_peeker_only() -> None:
    state = fight_table().with_player(0, hand=(BLACK,))
    refs = (cmd.SafeRef(1, 0), cmd.SafeRef(2, 1))
    events = events_of(state, 0, cmd.PeekSafes(BLACK, refs))
    peek = next(e for e in events if isinstance(e, ev.SafesPeeked))
    assert peek.safes == (state.player(1).safes[0], state.player(2).safes[1])
    shown = ENGINE.redact(peek, 1)
    assert isinstance(shown, ev.SafesPeeked) and shown.targets == refs and set(shown.safes) == {"?"}
    after = play(state, 0, cmd.PeekSafes(BLACK, refs))
    assert after.player(1).safes == state.player(1).safes  # DW-ROB-6: a peek re-orders nothing


def test_DW_CARD_2_duster_draws_four_then_discards_down_to_hand_size() -> None:
    state = fight_table().with_player(0, hand=("duster-black-1", RED, WHITE, BLACK))
    state = play(state, 0, cmd.DrawWithDuster("duster-black-1"))
    assert state.phase == "discard" and len(state.player(0).hand) == 7
    assert ENGINE.seats_to_act(state) == (0,)
    for _ in range(3):
        state = play(state, 0, ENGINE.legal_commands(state, 0)[0])
    assert len(state.player(0).hand) == 4 and state.active == 1


def rob(state: State, rolls: list[int]) -> tuple[State, list[Event]]:
    state = play(state, 0, cmd.RobSafe(RED, 1, 0))
    assert ENGINE.seats_to_act(state) == (1,)  # DW-ROB-2: the defender chooses the gun
    events = events_of(state, 1, cmd.Defend(WHITE), ScriptRng(rolls))
    return play(state, 1, cmd.Defend(WHITE), ScriptRng(rolls)), events


def test_DW_ROB_5_a_higher_attacker_takes_the_safe() -> None:
    state = fight_table()
    target = state.player(1).safes[0]
    after, events = rob(state, [6, 1])  # red 5 against white 0
    assert target in after.player(0).safes and target not in after.player(1).safes
    assert any(isinstance(e, ev.SafesShuffled) and e.seat == 0 for e in events)  # DW-ROB-6


def test_DW_ROB_5_a_higher_defender_keeps_the_safe() -> None:
    state = fight_table()
    after, events = rob(state, [1, 6])  # red 1 against white 3
    assert after.player(1).safes == state.player(1).safes
    assert not any(isinstance(e, ev.SafesShuffled) for e in events)


def test_DW_ROB_4_ties_roll_again_and_every_roll_is_recorded() -> None:
    after, events = rob(fight_table(), [1, 2, 6, 1])  # 1 = 1, then 5 beats 0
    rolls = [e for e in events if isinstance(e, ev.DiceRolled)]
    assert [r.faces for r in rolls] == [(1, 1), (5, 0)]
    assert next(e for e in events if isinstance(e, ev.FightResolved)).attacker_won


def test_DW_ROB_1_your_own_safe_cannot_be_robbed() -> None:
    with pytest.raises(RuleViolation) as error:
        events_of(fight_table(), 0, cmd.RobSafe(RED, 0, 0))
    assert error.value.code == "OWN_SAFE" and error.value.rule == "DW-ROB-1"


def test_DW_ROB_1_teammates_may_be_robbed_unless_the_option_forbids_it() -> None:
    assert cmd.RobSafe(RED, 1, 0) in ENGINE.legal_commands(fight_table(), 0)
    state = replace(fight_table(), rob_teammates=False)
    with pytest.raises(RuleViolation) as error:
        events_of(state, 0, cmd.RobSafe(RED, 1, 0))
    assert error.value.code == "TEAMMATE"


def test_DW_ROB_2_an_unarmed_defender_loses_without_a_roll() -> None:
    state = fight_table()
    target = state.player(3).safes[1]
    after = play(state, 0, cmd.RobSafe(RED, 3, 1))
    assert target in after.player(0).safes


def test_DW_ROB_7_a_fourth_safe_goes_to_the_player_with_fewest() -> None:
    state = fight_table()
    state = state.with_player(0, safes=("gold-1a", "gold-2a", "gold-3a"))
    state = state.with_player(2, safes=())  # seat 1 keeps one safe after the robbery; seat 2 has none
    after, _ = rob(state, [6, 1])
    assert after.phase == "give_safe" and ENGINE.seats_to_act(after) == (0,)
    assert {c.to for c in ENGINE.legal_commands(after, 0)} == {2}  # type: ignore[attr-defined]
    with pytest.raises(RuleViolation) as error:
        events_of(after, 0, cmd.GiveSafe(0, 1))
    assert error.value.code == "NOT_FEWEST_SAFES"
    given = after.player(0).safes[0]
    events = events_of(after, 0, cmd.GiveSafe(0, 2))
    assert ev.SafesShuffled(2, (0,)) in events  # the receiver shuffles it in
    assert ENGINE.redact(next(e for e in events if isinstance(e, ev.SafePassed)), 0).safe == "?"  # type: ignore[attr-defined]
    done = play(after, 0, cmd.GiveSafe(0, 2))
    assert given in done.player(2).safes and len(done.player(0).safes) == 3 and done.active == 1


def test_DW_ROB_7_with_nobody_below_the_limit_the_safe_leaves_the_game() -> None:
    state = fight_table()  # as after a heist won with a fourth safe while everyone holds three
    rows = [
        ("gold-1a", "gold-2a", "gold-3a", "gold-4a"),
        ("gold-5a", "gold-6", "gold-7"),
        ("gold-1b", "gold-2b", "gold-3b"),
        ("gold-4b", "gold-5b", "gold-6"),
    ]
    for seat, row in enumerate(rows):
        state = state.with_player(seat, safes=row)
    after = replace(state, phase="give_safe", overflow=0, resume="end_turn")
    assert ENGINE.legal_commands(after, 0)[0] == cmd.GiveSafe(0, None)
    done = play(after, 0, cmd.GiveSafe(0, None))
    assert after.player(0).safes[0] in done.boxed


def test_DW_DUEL_3_a_winner_at_another_location_swaps_stars() -> None:
    state = fight_table().with_player(2, hand=(WHITE,))
    state = play(state, 0, cmd.ChallengeDuel(RED, 2))
    state = play(state, 2, cmd.Defend(WHITE), ScriptRng([6, 1]))
    assert state.player(0).location == "bella_union" and state.player(2).location == "gem_theater"


def test_DW_DUEL_5_a_higher_defender_changes_nothing() -> None:
    state = fight_table().with_player(2, hand=(WHITE,))
    state = play(state, 0, cmd.ChallengeDuel(RED, 2))
    state = play(state, 2, cmd.Defend(WHITE), ScriptRng([1, 6]))
    assert state.player(0).location == "gem_theater" and state.player(2).location == "bella_union"


def test_DW_DUEL_4_a_winner_at_home_may_send_the_defender_away() -> None:
    state = play(fight_table(), 0, cmd.ChallengeDuel(RED, 1))
    state = play(state, 1, cmd.Defend(WHITE), ScriptRng([6, 1]))
    assert state.phase == "send_away" and ENGINE.seats_to_act(state) == (0,)
    legal = ENGINE.legal_commands(state, 0)
    assert set(legal) == {cmd.SendAway(None), cmd.SendAway("grand_central")}  # Bella Union is full
    with pytest.raises(RuleViolation) as error:
        events_of(state, 0, cmd.SendAway("bella_union"))
    assert error.value.code == "LOCATION_FULL" and error.value.rule == "DW-DUEL-4"
    state = play(state, 0, cmd.SendAway("grand_central"))
    assert state.player(1).location == "grand_central" and state.player(0).location == "gem_theater"


def test_DW_DUEL_1_a_target_that_does_not_exist_is_refused() -> None:
    with pytest.raises(RuleViolation) as error:
        events_of(fight_table(), 0, cmd.ChallengeDuel(RED, 7))
    assert error.value.code == "NO_SUCH_PLAYER"


def test_DW_ASSIST_2_uninvolved_players_are_asked_in_turn_and_add_dice() -> None:
    state = fight_table(assists=True).with_player(3, hand=("horse-green-2",))
    state = play(state, 0, cmd.ChallengeDuel(RED, 2))
    state = play(state, 2, cmd.Defend("holster-black-1"))
    assert ENGINE.seats_to_act(state) == (1,)  # clockwise from the attacker; everyone with cards
    assert ENGINE.legal_commands(state, 1) == [cmd.DeclineAssist()]  # no Holster: decline only
    state = play(state, 1, cmd.DeclineAssist())
    assert ENGINE.seats_to_act(state) == (3,)
    with pytest.raises(RuleViolation) as error:
        events_of(state, 3, cmd.Assist("horse-green-2", "defender"))
    assert error.value.code == "NOT_A_HOLSTER"
    state = state.with_player(3, hand=("holster-green-2",))
    events = events_of(state, 3, cmd.Assist("holster-green-2", "defender"), ScriptRng([6, 1, 1]))
    roll = next(e for e in events if isinstance(e, ev.DiceRolled))
    assert roll.seats == (0, 2, 3) and roll.colours == ("red", "black", "green")
    # red 5 against black 2 + green 1: the attacker still wins, 5 to 3, on summed dice.
    resolved = next(e for e in events if isinstance(e, ev.FightResolved))
    assert (resolved.attacker_won, resolved.attack, resolved.defence) == (True, 5, 3)
