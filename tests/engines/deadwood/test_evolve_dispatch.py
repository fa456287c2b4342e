"""Deadwood's dict-dispatched `evolve` folds exactly as the `match` it replaced.

The reference below is the `match`-based fold as it stood before the dispatch (commit 151d61d),
kept verbatim apart from its name: comparing every intermediate state of random bot games
against it is the plainest proof that the dispatch changed nothing, unusual rules included.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings

from engines.base import Event, changed
from engines.deadwood import ENGINE
from engines.deadwood import events as ev
from engines.deadwood.components import SAFES, safe_gold
from engines.deadwood.evolve import _FOLDS, evolve
from engines.deadwood.rules import assist_askers, send_away_destinations
from engines.deadwood.state import (
    AFTER_HEIST,
    ASSIST,
    DEFEND,
    DISCARD,
    END_TURN,
    FIGHT_READY,
    GIVE_SAFE,
    HEIST,
    MYSTERY,
    OVER,
    PASS,
    SEND_AWAY,
    SHOWDOWN,
    SHOWDOWN_NEXT,
    TURN,
    Fight,
    Helper,
    Player,
    State,
)
from engines.rng import SeededRng
from engines.simulate import Step
from tests.engines.deadwood.helpers import random_games


@settings(max_examples=30, deadline=None)
@given(random_games())
def test_the_dispatch_folds_every_event_of_a_random_game_as_the_match_did(game: list[Step]) -> None:
    new: State | None = None
    old: State | None = None
    for step in game:
        for event in step.events:
            new, old = evolve(new, event), match_evolve(old, event)
            assert new == old, f"after {event!r}"
        assert new == step.state


def test_every_event_kind_has_a_fold() -> None:
    """A kind left out of the dict would fail only once a game logs it; bot games may never do."""
    assert set(_FOLDS) == set(ENGINE.events) - {ev.GameStarted}


@pytest.mark.parametrize("event", [ev.BadgeTurnDeclined(seat=2), ev.ShowdownPassed(seat=1)])
def test_kinds_random_games_seldom_log_fold_as_before(event: Event) -> None:
    state = _started_state()
    assert evolve(state, event) == match_evolve(state, event) != state


def _started_state() -> State:
    state = None
    for event in ENGINE.setup(ENGINE.options({}), 4, SeededRng(bytes(32), "evolve", 0)):
        state = evolve(state, event)
    assert state is not None
    return state


@dataclass(frozen=True)
class _Stranger(Event):
    kind = "stranger"


@dataclass(frozen=True)
class _LateRules(ev.RulesAdded):
    pass


def test_an_unknown_event_fails_as_before() -> None:
    state = _started_state()
    # The reference lives in this test module, so pytest adds its assert explanation: match the start only.
    for fold in (evolve, match_evolve):
        with pytest.raises(AssertionError, match=r"^unknown event _Stranger\(\)$"):
            fold(state, _Stranger())
        with pytest.raises(AssertionError, match=r"^stranger before game_started"):
            fold(None, _Stranger())
        with pytest.raises(AssertionError, match=r"^rules_added before game_started"):
            fold(None, ev.RulesAdded(holsters_in_showdown=False, mystery_gold_die="white_die"))


def test_a_subclass_of_an_event_folds_as_its_base_as_before() -> None:
    state = _started_state()
    late = _LateRules(holsters_in_showdown=False, mystery_gold_die="white_die")
    assert evolve(state, late) == match_evolve(state, late)
    assert evolve(state, late).holsters_in_showdown is False


# The reference: the match-based fold before the dispatch, verbatim.


def match_evolve(state: State | None, event: Event) -> State:
    if isinstance(event, ev.GameStarted):
        return _started(event)
    assert state is not None, f"{event.kind} before game_started"
    match event:
        case ev.RulesAdded(holsters_in_showdown=holsters, mystery_gold_die=die):
            return changed(state, holsters_in_showdown=holsters, mystery_gold_die=die)
        case ev.MysteryScoringStarted(seats=seats, safes=safes):
            return changed(state, phase=MYSTERY, mystery_pending=tuple(zip(seats, safes, strict=True)))
        case ev.MysteryGunPlayed(seat=seat, gun=gun):
            state = changed(state, mystery_pending=state.mystery_pending[1:])
            return state if gun is None else _play(state, seat, gun)
        case ev.StarsPlaced(locations=locations):
            players = tuple(changed(p, location=loc) for p, loc in zip(state.players, locations, strict=True))
            return changed(state, players=players)
        case ev.DeckShuffled(cards=cards):
            return changed(state, deck=cards)
        case ev.DiscardsReshuffled(cards=cards):
            return changed(state, deck=state.deck + cards, discard=())
        case ev.CardsDrawn(seat=seat, cards=cards):
            state = changed(state, deck=state.deck[len(cards) :])
            return state.with_player(seat, hand=state.player(seat).hand + cards)
        case ev.CentreStacked(safes=safes):
            return changed(state, centre=safes)
        case ev.SafesDealt(seat=seat, safes=safes):
            return state.with_player(seat, safes=safes)
        case ev.SafesBoxed(safes=safes):
            return changed(state, boxed=state.boxed + safes)
        case ev.PassChosen(seat=seat, position=position):
            return state.with_player(seat, passing=state.player(seat).safes[position])
        case ev.SafePassed(giver=giver, receiver=receiver, safe=safe):
            state = _remove_safe(state, giver, safe).with_player(giver, passing=None)
            state = state.with_player(receiver, safes=state.player(receiver).safes + (safe,))
            return _after_give(state) if state.phase == GIVE_SAFE else state
        case ev.SafeLeftGame(seat=seat, safe=safe):
            state = changed(_remove_safe(state, seat, safe), boxed=state.boxed + (safe,))
            return _after_give(state)
        case ev.SafesShuffled(seat=seat, order=order):
            safes = state.player(seat).safes
            return state.with_player(seat, safes=tuple(safes[i] for i in order))
        case ev.DiceRolled() | ev.FirstPlayerChosen(seat=_):
            return (
                changed(state, first_player=event.seat) if isinstance(event, ev.FirstPlayerChosen) else state
            )
        case ev.TurnStarted(seat=seat, round=round_, badge=badge):
            state = changed(state, phase=TURN, active=seat, round=round_)
            if badge:
                state = state.with_player(seat, badge_turns=state.player(seat).badge_turns - 1)
            return state
        case ev.HorseRidden(seat=seat, card=card, destination=destination):
            return changed(_play(state, seat, card), phase=END_TURN).with_player(seat, location=destination)
        case ev.SafesPeeked(seat=seat, card=card) | ev.DusterPlayed(seat=seat, card=card):
            return changed(_play(state, seat, card), phase=END_TURN)
        case ev.DiscardRequired(seat=seat, count=count):
            return changed(state, phase=DISCARD, discarding=seat, to_discard=count)
        case ev.CardDiscarded(seat=seat, card=card):
            state = _play(state, seat, card)
            left = state.to_discard - 1
            if left > 0:
                return changed(state, to_discard=left)
            return changed(state, to_discard=0, discarding=-1, phase=END_TURN)
        case ev.FightStarted(fight=kind, attacker=attacker, defender=defender, position=position, gun=gun):
            state = _take_from_hand(state, attacker, gun)
            fight = Fight(kind, attacker, defender, position, gun)
            return changed(state, fight=fight, phase=DEFEND)
        case ev.DefenceChosen(seat=seat, gun=gun):
            attacked = state.fight
            assert attacked is not None
            if gun is not None:
                state = _take_from_hand(state, seat, gun)
            chosen = changed(attacked, defence_gun=gun, defended=True)
            askers = assist_askers(state, chosen)
            state = changed(state, fight=changed(chosen, askers=askers))
            return changed(state, phase=ASSIST if askers else FIGHT_READY)
        case ev.AssistOffered(seat=seat, card=card, side=side):
            current = state.fight
            assert current is not None
            state = _take_from_hand(state, seat, card)
            return _next_asker(state, changed(current, helpers=current.helpers + (Helper(seat, card, side),)))
        case ev.AssistDeclined():
            assert state.fight is not None
            return _next_asker(state, state.fight)
        case ev.FightResolved(attacker_won=won):
            return _fight_resolved(state, won)
        case ev.SafeStolen(attacker=attacker, defender=defender, safe=safe):
            state = _remove_safe(state, defender, safe)
            return state.with_player(attacker, safes=state.player(attacker).safes + (safe,))
        case ev.StarsSwapped(attacker=attacker, defender=defender):
            here, there = state.player(attacker).location, state.player(defender).location
            state = state.with_player(attacker, location=there).with_player(defender, location=here)
            return changed(state, fight=None, phase=END_TURN)
        case ev.PlayerSentAway(seat=seat, destination=destination):
            return changed(state.with_player(seat, location=destination), fight=None, phase=END_TURN)
        case ev.OverLimit(seat=seat):
            return changed(state, phase=GIVE_SAFE, overflow=seat, resume=state.phase)
        case ev.HeistStarted(round=round_):
            players = tuple(changed(p, committed=None, has_committed=False) for p in state.players)
            return changed(state, phase=HEIST, round=round_, players=players)
        case ev.HeistCommitted(seat=seat, card=card):
            if card is not None:
                state = _take_from_hand(state, seat, card)
            return state.with_player(seat, committed=card, has_committed=True)
        case ev.HeistRevealed(cards=cards):
            played = tuple(c for c in cards if c)
            players = tuple(changed(p, committed=None) for p in state.players)
            return changed(state, players=players, discard=state.discard + played)
        case ev.HeistWon(seat=seat, safe=safe):
            state = changed(state, centre=state.centre[1:], phase=AFTER_HEIST)
            return state.with_player(seat, safes=state.player(seat).safes + (safe,))
        case ev.HeistFailed(safe=safe):
            return changed(state, centre=state.centre[1:], boxed=state.boxed + (safe,), phase=AFTER_HEIST)
        case ev.BadgeRoundStarted(allowances=allowances):
            players = tuple(changed(p, badge_turns=n) for p, n in zip(state.players, allowances, strict=True))
            return changed(state, players=players, badge_round=True)
        case ev.BadgeTurnDeclined(seat=seat):
            return changed(state.with_player(seat, badge_turns=0), phase=END_TURN)
        case ev.SafesRevealed():
            gold = tuple(sum(safe_gold(s) for s in p.safes) for p in state.players)
            return changed(state, revealed=True, gold=gold)
        case ev.GoldAdjusted(seat=seat, delta=delta):
            gold = tuple(g + delta if s == seat else g for s, g in enumerate(state.gold))
            return changed(state, gold=gold)
        case ev.TeamsScored(gold=gold, finalists=finalists):
            return changed(state, team_gold=gold, finalists=finalists)
        case ev.ShowdownTurnStarted(seat=seat):
            return changed(state, phase=SHOWDOWN, showdown_turn=seat)
        case ev.ShowdownPassed(seat=seat):
            return changed(state, phase=SHOWDOWN_NEXT, showdown_turn=seat)
        case ev.PlayerEliminated(seat=seat):
            state = state.with_player(seat, alive=False)
            return changed(state, eliminated=state.eliminated + (seat,), phase=SHOWDOWN_NEXT)
        case ev.GameWon(seat=seat, reason=reason):
            return changed(state, winner=seat, win_reason=reason, phase=OVER)
    raise AssertionError(f"unknown event {event!r}")


def _started(event: ev.GameStarted) -> State:
    players = tuple(Player(seat, event.characters[seat], "") for seat in range(event.seats))
    return State(
        seats=event.seats,
        locations=event.locations,
        capacity=event.capacity,
        hand_size=event.hand_size,
        main_rounds=event.main_rounds,
        safe_limit=event.safe_limit,
        badge_turns_rule=event.badge_turns,
        assists=event.assists,
        rob_teammates=event.rob_teammates,
        hand_guns_in_showdown=event.hand_guns_in_showdown,
        duster_draw=event.duster_draw,
        stetson_peeks=event.stetson_peeks,
        players=players,
        phase=PASS,
    )


def _play(state: State, seat: int, card: str) -> State:
    """A card leaves the hand face up onto the discard pile (DW-HAND-2)."""
    state = _take_from_hand(state, seat, card)
    return changed(state, discard=state.discard + (card,))


def _take_from_hand(state: State, seat: int, card: str) -> State:
    hand = state.player(seat).hand
    if card not in hand:  # a showdown gun from a safe stays where it is (DW-SHOW-2)
        return state
    index = hand.index(card)
    return state.with_player(seat, hand=hand[:index] + hand[index + 1 :])


def _remove_safe(state: State, seat: int, safe: str) -> State:
    return state.with_player(seat, safes=tuple(s for s in state.player(seat).safes if s != safe))


def _after_give(state: State) -> State:
    return changed(state, phase=state.resume, overflow=-1)


def _next_asker(state: State, fight: Fight) -> State:
    askers = fight.askers[1:]
    return changed(state, fight=changed(fight, askers=askers), phase=ASSIST if askers else FIGHT_READY)


def _fight_resolved(state: State, won: bool) -> State:
    fight = state.fight
    assert fight is not None
    # Hand cards go face up to the discard pile; showdown-gun safes stay in their rows.
    spent = [fight.attack_gun, fight.defence_gun, *(h.card for h in fight.helpers)]
    hand_cards = tuple(c for c in spent if c is not None and not _is_safe(c))
    state = changed(state, discard=state.discard + hand_cards)
    if fight.kind == "showdown":
        return changed(state, fight=None, phase=SHOWDOWN_NEXT)
    if fight.kind == "duel" and won and send_away_destinations(state, fight):
        return changed(state, phase=SEND_AWAY)
    keep = fight if fight.kind == "duel" and won else None  # StarsSwapped follows
    return changed(state, fight=keep, phase=END_TURN)


def _is_safe(gun: str) -> bool:
    return gun in SAFES
