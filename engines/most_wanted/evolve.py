"""Folding events into state. Trusts its events: never validates, never raises."""

from __future__ import annotations

from engines.base import Event, changed
from engines.most_wanted import events as ev
from engines.most_wanted.state import GOAL, Action, Player, Settings, State


def _without(cards: tuple[str, ...], gone: tuple[str, ...]) -> tuple[str, ...]:
    removed = set(gone)
    return tuple(c for c in cards if c not in removed)


def _commit(state: State, seat: int, cards: tuple[str, ...]) -> State:
    """Face-down cards become exactly `cards`; the old ones go back to the hand (a swap)."""
    player = state.player(seat)
    pool = player.hand + player.committed
    return state.with_player(seat, hand=_without(pool, cards), committed=cards)


def _advance_window(action: Action, quiet: bool) -> Action:
    if action.closing:  # MW-ROB-8 (3a): each joined seat answers the last call once
        return changed(action, last_call=action.last_call[1:])
    pointer = action.pointer + 1
    circuits = action.circuits
    if pointer == len(action.window):
        pointer, circuits = 0, circuits + 1
    return changed(action, pointer=pointer, circuits=circuits, quiet=action.quiet + 1 if quiet else 0)


def evolve(state: State | None, event: Event) -> State:  # noqa: C901 - one case per event kind
    match event:
        case ev.GameStarted():
            settings = Settings(
                event.first_player,
                event.tie_rule,
                event.duel_reward,
                event.bail_rule,
                event.max_join_circuits,
                event.max_turns,
            )
            return State(settings=settings, players=tuple(Player() for _ in range(event.seats)))
    assert state is not None
    match event:
        case ev.DeckShuffled(order=order, reshuffle=reshuffle):
            if reshuffle:
                return changed(state, deck=order, discard=(), reshuffles=state.reshuffles + 1)
            return changed(state, deck=order)
        case ev.TileFlipped(tile=tile):
            return changed(state, flipped=(*state.flipped, tile))
        case ev.CardsDrawn(seat=seat, cards=cards):
            drawn = changed(state, deck=state.deck[len(cards) :])
            return drawn.with_player(seat, hand=state.player(seat).hand + cards)
        case ev.FirstDuelStarted(seats=seats):
            return changed(state, phase="lock", action=Action("first_duel", 1, seats))
        case ev.TurnStarted(seat=seat, turn=turn):
            return changed(state, phase="action", active=seat, turn=turn, action=None)
        case ev.RobberyDeclared(seat=seat, tile=tile, count=count, cards=cards):
            window = state.clockwise_from(seat)[1:]
            action = Action("robbery", count, (seat,), tile=tile, window=window)
            return changed(_commit(state, seat, cards), phase="join", action=action)
        case ev.RobberyJoined(seat=seat, cards=cards):
            assert state.action is not None
            action = _advance_window(state.action, quiet=False)
            action = changed(action, participants=(*action.participants, seat))
            return changed(_commit(state, seat, cards), action=action)
        case ev.RulesAdded(first_seat=first_seat, last_call=last_call, declarer_may_swap=swap):
            settings = changed(
                state.settings,
                first_seat=first_seat,
                last_call=last_call,
                declarer_may_swap=swap,
                rules_added=True,
            )
            return changed(state, settings=settings)
        case ev.LastCallStarted(seats=seats):
            assert state.action is not None
            return changed(state, action=changed(state.action, closing=True, last_call=seats))
        case ev.RobberyWithdrawn(seat=seat):
            assert state.action is not None
            action = _advance_window(state.action, quiet=False)
            action = changed(action, participants=tuple(s for s in action.participants if s != seat))
            return changed(_commit(state, seat, ()), action=action)
        case ev.StayedPut():
            assert state.action is not None
            return changed(state, action=_advance_window(state.action, quiet=True))
        case ev.JoinWindowClosed(participants=participants):
            assert state.action is not None
            return changed(state, phase="lock", action=changed(state.action, participants=participants))
        case ev.DuelChallenged(seat=seat, target=target, size=size):
            return changed(state, phase="lock", action=Action("duel", size, (seat, target)))
        case ev.CardsLocked(seat=seat, cards=cards):
            assert state.action is not None
            locked = state.action.locked if seat in state.action.locked else (*state.action.locked, seat)
            return changed(_commit(state, seat, cards), action=changed(state.action, locked=locked))
        case ev.HandsRevealed():
            return state
        case ev.BailPaid(seat=seat, amount=amount, to_seat=to_seat):
            paid = state.with_player(seat, money=state.player(seat).money - amount)
            if to_seat is None:
                return paid
            return paid.with_player(to_seat, money=paid.player(to_seat).money + amount)
        case ev.MovedBack(seat=seat, spaces=spaces):
            return state.with_player(seat, notoriety=max(0, state.player(seat).notoriety - spaces))
        case ev.Advanced(seat=seat, points=points):
            return state.with_player(seat, notoriety=min(GOAL, state.player(seat).notoriety + points))
        case ev.CardsDiscarded(seat=seat, cards=cards) | ev.ChurchVisited(seat=seat, cards=cards):
            player = state.player(seat)
            gone = state.with_player(
                seat, hand=_without(player.hand, cards), committed=_without(player.committed, cards)
            )
            return changed(gone, discard=state.discard + cards)
        case ev.LaborPaid(seat=seat, cards=cards, money=money):
            player = state.player(seat)
            paid = state.with_player(seat, hand=_without(player.hand, cards), money=player.money + money)
            return changed(paid, discard=state.discard + cards)
        case ev.FirstPlayerChosen():
            return changed(state, action=None)
        case ev.GameEnded(winners=winners, reason=reason):
            return changed(state, phase="over", winners=winners, end_reason=reason, action=None)
    return state
