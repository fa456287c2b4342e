"""Folding events into the state. Trusts its events: decide() has checked them.

One small function per event kind, found through a dict keyed by the event's class: a rebuild folds
every event of a log, and one dict look-up is cheaper than trying a long `match` case by case.
Each fold returns only the state's fields it changes (seat changes are made on the players tuple,
`players_with`), so a new state costs one copy of its 38 fields per event (`evolve`), or one per run of
events (`evolve_all`, which folds a log line's events into a private working copy).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engines.base import Changes, Event, changed, copied, fold_run, players_with
from engines.deadwood import events as ev
from engines.deadwood.components import SAFES, safe_gold
from engines.deadwood.rules import assist_askers, send_away_destinations
from engines.deadwood.state import (
    AFTER_HEIST,
    ASSIST,
    CHOOSE,
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

Fold = Callable[[State, Any], Changes]


def evolve(state: State | None, event: Event) -> State:
    if isinstance(event, ev.GameStarted):
        return _started(event)
    assert state is not None, f"{event.kind} before game_started"
    fold = _FOLDS.get(type(event)) or _inherited_fold(type(event))
    changes = fold(state, event)
    return copied(state, changes) if changes else state


def evolve_all(state: State | None, events: Iterable[Event]) -> State | None:
    """`evolve` of each event in turn, with one copy of the state for them all instead of one each."""
    result: State | None = fold_run(state, events, _FOLDS, _inherited_fold, ev.GameStarted, _started)
    return result


def _inherited_fold(kind: type) -> Fold:
    """A subclass of an event class folds as its base, as the old `match` did."""
    return next((_FOLDS[base] for base in kind.__mro__ if base in _FOLDS), _unknown)


def _unknown(state: State, event: Event) -> Changes:
    raise AssertionError(f"unknown event {event!r}")


def _started(event: ev.GameStarted) -> State:
    chosen = event.characters or ("",) * event.seats  # none named: the seats choose (DW-SETUP-2)
    players = tuple(Player(seat, chosen[seat], "") for seat in range(event.seats))
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
        phase=PASS if event.characters else CHOOSE,
    )


# Setup: rules, stars, cards and safes.


def _rules_added(state: State, e: ev.RulesAdded) -> Changes:
    return {"holsters_in_showdown": e.holsters_in_showdown, "mystery_gold_die": e.mystery_gold_die}


def _character_chosen(state: State, e: ev.CharacterChosen) -> Changes:
    players = players_with(state.players, e.seat, character=e.character)
    everyone = all(p.character for p in players)
    return {"players": players, "phase": PASS if everyone else CHOOSE}


def _stars_placed(state: State, e: ev.StarsPlaced) -> Changes:
    players = tuple(changed(p, location=loc) for p, loc in zip(state.players, e.locations, strict=True))
    return {"players": players}


def _deck_shuffled(state: State, e: ev.DeckShuffled) -> Changes:
    return {"deck": e.cards}


def _discards_reshuffled(state: State, e: ev.DiscardsReshuffled) -> Changes:
    return {"deck": state.deck + e.cards, "discard": ()}


def _cards_drawn(state: State, e: ev.CardsDrawn) -> Changes:
    players = players_with(state.players, e.seat, hand=state.players[e.seat].hand + e.cards)
    return {"deck": state.deck[len(e.cards) :], "players": players}


def _centre_stacked(state: State, e: ev.CentreStacked) -> Changes:
    return {"centre": e.safes}


def _safes_dealt(state: State, e: ev.SafesDealt) -> Changes:
    return {"players": players_with(state.players, e.seat, safes=e.safes)}


def _safes_boxed(state: State, e: ev.SafesBoxed) -> Changes:
    return {"boxed": state.boxed + e.safes}


def _pass_chosen(state: State, e: ev.PassChosen) -> Changes:
    return {"players": players_with(state.players, e.seat, passing=state.players[e.seat].safes[e.position])}


def _safe_passed(state: State, e: ev.SafePassed) -> Changes:
    giver = _without_safe(state.players[e.giver].safes, e.safe)
    players = players_with(state.players, e.giver, safes=giver, passing=None)
    players = players_with(players, e.receiver, safes=players[e.receiver].safes + (e.safe,))
    if state.phase == GIVE_SAFE:
        return {"players": players, **_after_give(state)}
    return {"players": players}


def _safe_left_game(state: State, e: ev.SafeLeftGame) -> Changes:
    players = players_with(state.players, e.seat, safes=_without_safe(state.players[e.seat].safes, e.safe))
    return {"players": players, "boxed": state.boxed + (e.safe,), **_after_give(state)}


def _safes_shuffled(state: State, e: ev.SafesShuffled) -> Changes:
    safes = state.players[e.seat].safes
    return {"players": players_with(state.players, e.seat, safes=tuple(safes[i] for i in e.order))}


def _dice_rolled(state: State, e: ev.DiceRolled) -> Changes:
    return {}


def _first_player_chosen(state: State, e: ev.FirstPlayerChosen) -> Changes:
    return {"first_player": e.seat}


# Turns: moving, peeking, discarding.


def _turn_started(state: State, e: ev.TurnStarted) -> Changes:
    changes: Changes = {"phase": TURN, "active": e.seat, "round": e.round}
    if e.badge:
        badge_turns = state.players[e.seat].badge_turns - 1
        changes["players"] = players_with(state.players, e.seat, badge_turns=badge_turns)
    return changes


def _horse_ridden(state: State, e: ev.HorseRidden) -> Changes:
    hand = _without_card(state.players[e.seat].hand, e.card)
    players = players_with(state.players, e.seat, hand=hand, location=e.destination)
    return {"players": players, "discard": state.discard + (e.card,), "phase": END_TURN}


def _card_played_to_end_turn(state: State, e: ev.SafesPeeked | ev.DusterPlayed) -> Changes:
    return _play(state, e.seat, e.card, phase=END_TURN)


def _discard_required(state: State, e: ev.DiscardRequired) -> Changes:
    return {"phase": DISCARD, "discarding": e.seat, "to_discard": e.count}


def _card_discarded(state: State, e: ev.CardDiscarded) -> Changes:
    left = state.to_discard - 1
    if left > 0:
        return _play(state, e.seat, e.card, to_discard=left)
    return _play(state, e.seat, e.card, to_discard=0, discarding=-1, phase=END_TURN)


# Fights.


def _fight_started(state: State, e: ev.FightStarted) -> Changes:
    fight = Fight(e.fight, e.attacker, e.defender, e.position, e.gun)
    return {"players": _taken(state, e.attacker, e.gun), "fight": fight, "phase": DEFEND}


def _defence_chosen(state: State, e: ev.DefenceChosen) -> Changes:
    attacked = state.fight
    assert attacked is not None
    chosen = changed(attacked, defence_gun=e.gun, defended=True)
    # assist_askers reads only the hands of seats outside the fight, and only the defender
    # defends (legal.seats_to_act): the askers are the same before the gun leaves that hand.
    askers = assist_askers(state, chosen)
    changes: Changes = {"fight": changed(chosen, askers=askers), "phase": ASSIST if askers else FIGHT_READY}
    if e.gun is not None:
        changes["players"] = _taken(state, e.seat, e.gun)
    return changes


def _assist_offered(state: State, e: ev.AssistOffered) -> Changes:
    current = state.fight
    assert current is not None
    helped = changed(current, helpers=current.helpers + (Helper(e.seat, e.card, e.side),))
    return _next_asker(helped, players=_taken(state, e.seat, e.card))


def _assist_declined(state: State, e: ev.AssistDeclined) -> Changes:
    assert state.fight is not None
    return _next_asker(state.fight)


def _fight_resolved(state: State, e: ev.FightResolved) -> Changes:
    fight = state.fight
    assert fight is not None
    # Hand cards go face up to the discard pile; showdown-gun safes stay in their rows.
    spent = [fight.attack_gun, fight.defence_gun, *(h.card for h in fight.helpers)]
    hand_cards = tuple(c for c in spent if c is not None and not _is_safe(c))
    discard = state.discard + hand_cards
    if fight.kind == "showdown":
        return {"discard": discard, "fight": None, "phase": SHOWDOWN_NEXT}
    # send_away_destinations reads locations only, so the discard need not be folded in first.
    if fight.kind == "duel" and e.attacker_won and send_away_destinations(state, fight):
        return {"discard": discard, "phase": SEND_AWAY}
    keep = fight if fight.kind == "duel" and e.attacker_won else None  # StarsSwapped follows
    return {"discard": discard, "fight": keep, "phase": END_TURN}


def _safe_stolen(state: State, e: ev.SafeStolen) -> Changes:
    players = players_with(
        state.players, e.defender, safes=_without_safe(state.players[e.defender].safes, e.safe)
    )
    players = players_with(players, e.attacker, safes=players[e.attacker].safes + (e.safe,))
    return {"players": players}


def _stars_swapped(state: State, e: ev.StarsSwapped) -> Changes:
    here, there = state.players[e.attacker].location, state.players[e.defender].location
    players = players_with(players_with(state.players, e.attacker, location=there), e.defender, location=here)
    return {"players": players, "fight": None, "phase": END_TURN}


def _player_sent_away(state: State, e: ev.PlayerSentAway) -> Changes:
    players = players_with(state.players, e.seat, location=e.destination)
    return {"players": players, "fight": None, "phase": END_TURN}


def _over_limit(state: State, e: ev.OverLimit) -> Changes:
    return {"phase": GIVE_SAFE, "overflow": e.seat, "resume": state.phase}


# Heists and badge rounds.


def _heist_started(state: State, e: ev.HeistStarted) -> Changes:
    players = tuple(changed(p, committed=None, has_committed=False) for p in state.players)
    return {"phase": HEIST, "round": e.round, "players": players}


def _heist_committed(state: State, e: ev.HeistCommitted) -> Changes:
    hand = state.players[e.seat].hand
    if e.card is not None:
        hand = _without_card(hand, e.card)
    return {"players": players_with(state.players, e.seat, hand=hand, committed=e.card, has_committed=True)}


def _heist_revealed(state: State, e: ev.HeistRevealed) -> Changes:
    played = tuple(c for c in e.cards if c)
    players = tuple(changed(p, committed=None) for p in state.players)
    return {"players": players, "discard": state.discard + played}


def _heist_won(state: State, e: ev.HeistWon) -> Changes:
    players = players_with(state.players, e.seat, safes=state.players[e.seat].safes + (e.safe,))
    return {"centre": state.centre[1:], "phase": AFTER_HEIST, "players": players}


def _heist_failed(state: State, e: ev.HeistFailed) -> Changes:
    return {"centre": state.centre[1:], "boxed": state.boxed + (e.safe,), "phase": AFTER_HEIST}


def _badge_round_started(state: State, e: ev.BadgeRoundStarted) -> Changes:
    players = tuple(changed(p, badge_turns=n) for p, n in zip(state.players, e.allowances, strict=True))
    return {"players": players, "badge_round": True}


def _badge_turn_declined(state: State, e: ev.BadgeTurnDeclined) -> Changes:
    return {"players": players_with(state.players, e.seat, badge_turns=0), "phase": END_TURN}


# Scoring and the showdown.


def _safes_revealed(state: State, e: ev.SafesRevealed) -> Changes:
    gold = tuple(sum(safe_gold(s) for s in p.safes) for p in state.players)
    return {"revealed": True, "gold": gold}


def _gold_adjusted(state: State, e: ev.GoldAdjusted) -> Changes:
    return {"gold": tuple(g + e.delta if s == e.seat else g for s, g in enumerate(state.gold))}


def _mystery_scoring_started(state: State, e: ev.MysteryScoringStarted) -> Changes:
    return {"phase": MYSTERY, "mystery_pending": tuple(zip(e.seats, e.safes, strict=True))}


def _mystery_gun_played(state: State, e: ev.MysteryGunPlayed) -> Changes:
    pending = state.mystery_pending[1:]
    if e.gun is None:
        return {"mystery_pending": pending}
    return _play(state, e.seat, e.gun, mystery_pending=pending)


def _teams_scored(state: State, e: ev.TeamsScored) -> Changes:
    return {"team_gold": e.gold, "finalists": e.finalists}


def _showdown_turn_started(state: State, e: ev.ShowdownTurnStarted) -> Changes:
    return {"phase": SHOWDOWN, "showdown_turn": e.seat}


def _showdown_passed(state: State, e: ev.ShowdownPassed) -> Changes:
    return {"phase": SHOWDOWN_NEXT, "showdown_turn": e.seat}


def _player_eliminated(state: State, e: ev.PlayerEliminated) -> Changes:
    players = players_with(state.players, e.seat, alive=False)
    return {"players": players, "eliminated": state.eliminated + (e.seat,), "phase": SHOWDOWN_NEXT}


def _game_won(state: State, e: ev.GameWon) -> Changes:
    return {"winner": e.seat, "win_reason": e.reason, "phase": OVER}


_FOLDS: dict[type, Fold] = {
    ev.RulesAdded: _rules_added,
    ev.CharacterChosen: _character_chosen,
    ev.StarsPlaced: _stars_placed,
    ev.DeckShuffled: _deck_shuffled,
    ev.DiscardsReshuffled: _discards_reshuffled,
    ev.CardsDrawn: _cards_drawn,
    ev.CentreStacked: _centre_stacked,
    ev.SafesDealt: _safes_dealt,
    ev.SafesBoxed: _safes_boxed,
    ev.PassChosen: _pass_chosen,
    ev.SafePassed: _safe_passed,
    ev.SafeLeftGame: _safe_left_game,
    ev.SafesShuffled: _safes_shuffled,
    ev.DiceRolled: _dice_rolled,
    ev.FirstPlayerChosen: _first_player_chosen,
    ev.TurnStarted: _turn_started,
    ev.HorseRidden: _horse_ridden,
    ev.SafesPeeked: _card_played_to_end_turn,
    ev.DusterPlayed: _card_played_to_end_turn,
    ev.DiscardRequired: _discard_required,
    ev.CardDiscarded: _card_discarded,
    ev.FightStarted: _fight_started,
    ev.DefenceChosen: _defence_chosen,
    ev.AssistOffered: _assist_offered,
    ev.AssistDeclined: _assist_declined,
    ev.FightResolved: _fight_resolved,
    ev.SafeStolen: _safe_stolen,
    ev.StarsSwapped: _stars_swapped,
    ev.PlayerSentAway: _player_sent_away,
    ev.OverLimit: _over_limit,
    ev.HeistStarted: _heist_started,
    ev.HeistCommitted: _heist_committed,
    ev.HeistRevealed: _heist_revealed,
    ev.HeistWon: _heist_won,
    ev.HeistFailed: _heist_failed,
    ev.BadgeRoundStarted: _badge_round_started,
    ev.BadgeTurnDeclined: _badge_turn_declined,
    ev.SafesRevealed: _safes_revealed,
    ev.GoldAdjusted: _gold_adjusted,
    ev.MysteryScoringStarted: _mystery_scoring_started,
    ev.MysteryGunPlayed: _mystery_gun_played,
    ev.TeamsScored: _teams_scored,
    ev.ShowdownTurnStarted: _showdown_turn_started,
    ev.ShowdownPassed: _showdown_passed,
    ev.PlayerEliminated: _player_eliminated,
    ev.GameWon: _game_won,
}


# Shared steps.


def _play(state: State, seat: int, card: str, **changes: object) -> Changes:
    """A card leaves the hand face up onto the discard pile (DW-HAND-2); `changes` ride along."""
    return {"players": _taken(state, seat, card), "discard": state.discard + (card,), **changes}


def _taken(state: State, seat: int, card: str) -> tuple[Player, ...]:
    """The players with `card` gone from `seat`'s hand."""
    hand = state.players[seat].hand
    if card not in hand:  # a showdown gun from a safe stays where it is (DW-SHOW-2)
        return state.players
    return players_with(state.players, seat, hand=_without_card(hand, card))


def _without_card(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    """`hand` less one copy of `card`, if it holds one."""
    if card not in hand:
        return hand
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def _without_safe(safes: tuple[str, ...], safe: str) -> tuple[str, ...]:
    return tuple(s for s in safes if s != safe)


def _after_give(state: State) -> Changes:
    return {"phase": state.resume, "overflow": -1}


def _next_asker(fight: Fight, **changes: object) -> Changes:
    askers = fight.askers[1:]
    return {"fight": changed(fight, askers=askers), "phase": ASSIST if askers else FIGHT_READY, **changes}


def _is_safe(gun: str) -> bool:
    return gun in SAFES
