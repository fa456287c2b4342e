"""Folding events into state. Trusts its events: never validates, never raises.

One small function per event kind, found through a dict keyed by the event's class: a rebuild folds
every event of a log, and one dict look-up is cheaper than trying a long `match` case by case.
Each fold returns only the state's fields it changes (a seat's changes are made on the players
tuple, `players_with`), so a new state costs one copy per event (`evolve`), or one per run of events
(`evolve_all`, which folds a log line's events, or a stored run's, into a private working copy).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engines.base import Changes, Event, changed, copied, fold_run, players_with
from engines.most_wanted import events as ev
from engines.most_wanted.state import GOAL, Action, Player, Settings, State

Fold = Callable[[State, Any], Changes]


def evolve(state: State | None, event: Event) -> State:
    if isinstance(event, ev.GameStarted):
        return _started(event)
    assert state is not None
    fold = _FOLDS.get(type(event)) or _inherited_fold(type(event))
    changes = fold(state, event)
    return copied(state, changes) if changes else state


def evolve_all(state: State | None, events: Iterable[Event]) -> State | None:
    """`evolve` of each event in turn, with one copy of the state for them all instead of one each."""
    result: State | None = fold_run(state, events, _FOLDS, _inherited_fold, ev.GameStarted, _started)
    return result


def _inherited_fold(kind: type) -> Fold:
    """A subclass of an event class folds as its base, as the old `match` did; any other
    event changes nothing."""
    return next((_FOLDS[base] for base in kind.__mro__ if base in _FOLDS), _unchanged)


def _unchanged(state: State, event: Event) -> Changes:
    return {}


def _started(event: ev.GameStarted) -> State:
    settings = Settings(
        event.first_player,
        event.tie_rule,
        event.duel_reward,
        event.bail_rule,
        event.max_join_circuits,
        event.max_turns,
    )
    return State(settings=settings, players=tuple(Player() for _ in range(event.seats)))


def _deck_shuffled(state: State, e: ev.DeckShuffled) -> Changes:
    if e.reshuffle:
        return {"deck": e.order, "discard": (), "reshuffles": state.reshuffles + 1}
    return {"deck": e.order}


def _tile_flipped(state: State, e: ev.TileFlipped) -> Changes:
    return {"flipped": (*state.flipped, e.tile)}


def _cards_drawn(state: State, e: ev.CardsDrawn) -> Changes:
    hand = state.players[e.seat].hand + e.cards
    return {"deck": state.deck[len(e.cards) :], "players": players_with(state.players, e.seat, hand=hand)}


def _first_duel_started(state: State, e: ev.FirstDuelStarted) -> Changes:
    return {"phase": "lock", "action": Action("first_duel", 1, e.seats)}


def _turn_started(state: State, e: ev.TurnStarted) -> Changes:
    return {"phase": "action", "active": e.seat, "turn": e.turn, "action": None}


def _robbery_declared(state: State, e: ev.RobberyDeclared) -> Changes:
    window = state.clockwise_from(e.seat)[1:]
    action = Action("robbery", e.count, (e.seat,), tile=e.tile, window=window)
    return {"phase": "join", "action": action, "players": _commit(state, e.seat, e.cards)}


def _robbery_joined(state: State, e: ev.RobberyJoined) -> Changes:
    assert state.action is not None
    action = _advance_window(state.action, quiet=False, participants=(*state.action.participants, e.seat))
    return {"action": action, "players": _commit(state, e.seat, e.cards)}


def _rules_added(state: State, e: ev.RulesAdded) -> Changes:
    settings = changed(
        state.settings,
        first_seat=e.first_seat,
        last_call=e.last_call,
        declarer_may_swap=e.declarer_may_swap,
        rules_added=True,
    )
    return {"settings": settings}


def _last_call_started(state: State, e: ev.LastCallStarted) -> Changes:
    assert state.action is not None
    return {"action": changed(state.action, closing=True, last_call=e.seats, called=e.seats)}


def _rejoin_call_added(state: State, e: ev.RejoinCallAdded) -> Changes:
    return {"settings": changed(state.settings, rejoin_call=True)}


def _rejoin_call_started(state: State, e: ev.RejoinCallStarted) -> Changes:
    assert state.action is not None
    return {"action": changed(state.action, last_call=e.seats, rejoining=True)}


def _robbery_withdrawn(state: State, e: ev.RobberyWithdrawn) -> Changes:
    assert state.action is not None
    staying = tuple(s for s in state.action.participants if s != e.seat)
    action = _advance_window(state.action, quiet=False, participants=staying)
    return {"action": action, "players": _commit(state, e.seat, ())}


def _stayed_put(state: State, e: ev.StayedPut) -> Changes:
    assert state.action is not None
    return {"action": _advance_window(state.action, quiet=True)}


def _join_window_closed(state: State, e: ev.JoinWindowClosed) -> Changes:
    assert state.action is not None
    return {"phase": "lock", "action": changed(state.action, participants=e.participants)}


def _duel_challenged(state: State, e: ev.DuelChallenged) -> Changes:
    return {"phase": "lock", "action": Action("duel", e.size, (e.seat, e.target))}


def _cards_locked(state: State, e: ev.CardsLocked) -> Changes:
    action = state.action
    assert action is not None
    locked = action.locked if e.seat in action.locked else (*action.locked, e.seat)
    return {"action": changed(action, locked=locked), "players": _commit(state, e.seat, e.cards)}


def _bail_paid(state: State, e: ev.BailPaid) -> Changes:
    players = players_with(state.players, e.seat, money=state.players[e.seat].money - e.amount)
    if e.to_seat is not None:
        players = players_with(players, e.to_seat, money=players[e.to_seat].money + e.amount)
    return {"players": players}


def _moved_back(state: State, e: ev.MovedBack) -> Changes:
    notoriety = max(0, state.players[e.seat].notoriety - e.spaces)
    return {"players": players_with(state.players, e.seat, notoriety=notoriety)}


def _advanced(state: State, e: ev.Advanced) -> Changes:
    notoriety = min(GOAL, state.players[e.seat].notoriety + e.points)
    return {"players": players_with(state.players, e.seat, notoriety=notoriety)}


def _cards_discarded(state: State, e: ev.CardsDiscarded | ev.ChurchVisited) -> Changes:
    player = state.players[e.seat]
    hand, committed = _without(player.hand, e.cards), _without(player.committed, e.cards)
    players = players_with(state.players, e.seat, hand=hand, committed=committed)
    return {"players": players, "discard": state.discard + e.cards}


def _labor_paid(state: State, e: ev.LaborPaid) -> Changes:
    player = state.players[e.seat]
    players = players_with(
        state.players, e.seat, hand=_without(player.hand, e.cards), money=player.money + e.money
    )
    return {"players": players, "discard": state.discard + e.cards}


def _first_player_chosen(state: State, e: ev.FirstPlayerChosen) -> Changes:
    return {"action": None}


def _game_ended(state: State, e: ev.GameEnded) -> Changes:
    return {"phase": "over", "winners": e.winners, "end_reason": e.reason, "action": None}


_FOLDS: dict[type, Fold] = {
    ev.DeckShuffled: _deck_shuffled,
    ev.TileFlipped: _tile_flipped,
    ev.CardsDrawn: _cards_drawn,
    ev.FirstDuelStarted: _first_duel_started,
    ev.TurnStarted: _turn_started,
    ev.RobberyDeclared: _robbery_declared,
    ev.RobberyJoined: _robbery_joined,
    ev.RulesAdded: _rules_added,
    ev.LastCallStarted: _last_call_started,
    ev.RejoinCallAdded: _rejoin_call_added,
    ev.RejoinCallStarted: _rejoin_call_started,
    ev.RobberyWithdrawn: _robbery_withdrawn,
    ev.StayedPut: _stayed_put,
    ev.JoinWindowClosed: _join_window_closed,
    ev.DuelChallenged: _duel_challenged,
    ev.CardsLocked: _cards_locked,
    ev.HandsRevealed: _unchanged,
    ev.BailPaid: _bail_paid,
    ev.MovedBack: _moved_back,
    ev.Advanced: _advanced,
    ev.CardsDiscarded: _cards_discarded,
    ev.ChurchVisited: _cards_discarded,
    ev.LaborPaid: _labor_paid,
    ev.FirstPlayerChosen: _first_player_chosen,
    ev.GameEnded: _game_ended,
}


# Helpers: each returns a new players tuple or record, never a new state.


def _without(cards: tuple[str, ...], gone: tuple[str, ...]) -> tuple[str, ...]:
    removed = set(gone)
    return tuple([c for c in cards if c not in removed])


def _commit(state: State, seat: int, cards: tuple[str, ...]) -> tuple[Player, ...]:
    """Face-down cards become exactly `cards`; the old ones go back to the hand (a swap)."""
    player = state.players[seat]
    pool = player.hand + player.committed
    return players_with(state.players, seat, hand=_without(pool, cards), committed=cards)


def _advance_window(action: Action, quiet: bool, **changes: object) -> Action:
    """The join window moved on by one answer (and `changes`), in one copy of the action."""
    if action.closing:  # MW-ROB-8 (3a): each joined seat answers the last call once
        return changed(action, last_call=action.last_call[1:], **changes)
    pointer = action.pointer + 1
    circuits = action.circuits
    if pointer == len(action.window):
        pointer, circuits = 0, circuits + 1
    quiet_count = action.quiet + 1 if quiet else 0
    return changed(action, pointer=pointer, circuits=circuits, quiet=quiet_count, **changes)
