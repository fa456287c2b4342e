"""decide: check a command against the rules and return the events it causes."""

from __future__ import annotations

from engines.base import Command, Event, Rng, RuleViolation
from engines.most_wanted import commands as cmd
from engines.most_wanted import events as ev
from engines.most_wanted.cards import CHURCH_HAND, HAND_SIZE
from engines.most_wanted.flow import Emitter, draw_up_to, next_turn, settle, showdown
from engines.most_wanted.hands import CATEGORY_NAMES, hand_key
from engines.most_wanted.rules import (
    require_active,
    require_count,
    require_held,
    require_one_suit,
    require_phase,
    require_playing,
    require_seat,
)
from engines.most_wanted.state import TILE_CARDS, Action, State

LABOR_PAY = 2  # MW-HL-1: money per card


def decide(state: State, seat: int, command: Command, rng: Rng) -> list[Event]:
    return decide_folded(state, seat, command, rng)[0]


def decide_folded(state: State, seat: int, command: Command, rng: Rng) -> tuple[list[Event], State]:
    """decide's events, and the state they fold into (the Emitter folded each as it was made)."""
    require_playing(state)
    require_seat(state, seat)
    em = Emitter(state)
    match command:
        case cmd.DeclareRobbery() | cmd.DoHonestLabor() | cmd.VisitChurch() | cmd.ChallengeDuel():
            require_phase(state, "action", rule="MW-TURN-1")
            require_active(state, seat)
            _turn_action(em, seat, command, rng)
        case cmd.JoinRobbery() | cmd.WithdrawFromRobbery() | cmd.StayPut():
            require_phase(state, "join", rule="MW-ROB-8")
            _join_window(em, seat, command, rng)
        case cmd.LockCards(cards=cards):
            require_phase(state, "lock", rule="MW-ROB-8")
            _lock(em, seat, cards, rng)
        case _:
            raise RuleViolation("UNKNOWN_COMMAND", "Most Wanted has no such command.", rule="MW-TURN-1")
    return em.events, em.state


def _turn_action(em: Emitter, seat: int, command: Command, rng: Rng) -> None:
    state = em.state
    hand = state.player(seat).hand
    match command:
        case cmd.DeclareRobbery(tile=tile, cards=cards):
            if tile not in TILE_CARDS:
                raise RuleViolation("UNKNOWN_TILE", f"There is no robbery called {tile!r}.", rule="MW-ROB-1")
            require_held(cards, hand, "MW-ROB-1")
            require_count(cards, TILE_CARDS[tile], "MW-ROB-1")
            em.emit(ev.RobberyDeclared(seat=seat, tile=tile, count=len(cards), cards=cards))
        case cmd.DoHonestLabor(cards=cards):
            require_held(cards, hand, "MW-HL-1")
            require_one_suit(cards)
            em.emit(ev.LaborPaid(seat=seat, cards=cards, money=LABOR_PAY * len(cards)))
            draw_up_to(em, seat, HAND_SIZE, rng)
            next_turn(em, rng)
        case cmd.VisitChurch(cards=cards):
            require_held(cards, hand, "MW-CH-1")
            em.emit(ev.ChurchVisited(seat=seat, cards=cards))
            draw_up_to(em, seat, CHURCH_HAND, rng)
            next_turn(em, rng)
        case cmd.ChallengeDuel(target=target, size=size):
            _require_duel(state, seat, target, size)
            em.emit(ev.DuelChallenged(seat=seat, target=target, size=size))


def _require_duel(state: State, seat: int, target: int, size: int) -> None:
    if size not in (1, 2):
        raise RuleViolation("BAD_DUEL_SIZE", "A duel is played with 1 or 2 cards.", rule="MW-DUEL-2")
    if target == seat or not 0 <= target < state.seats:
        raise RuleViolation(
            "BAD_DUEL_TARGET",
            f"Seat {target + 1} is not another player at this table (seats 1 to {state.seats}).",
            rule="MW-DUEL-1",
        )
    if len(state.player(target).hand) < size or len(state.player(seat).hand) < size:
        raise RuleViolation(
            "TOO_FEW_CARDS", f"Both duellists need at least {size} cards in hand.", rule="MW-DUEL-2"
        )


def _join_window(em: Emitter, seat: int, command: Command, rng: Rng) -> None:
    state = em.state
    action = state.action
    assert action is not None
    if seat == state.active and isinstance(command, cmd.WithdrawFromRobbery):
        raise RuleViolation(
            "ACTIVE_CANNOT_WITHDRAW", "You declared this robbery: your cards stay committed.", rule="MW-ROB-1"
        )
    if seat != action.window_seat:
        raise RuleViolation(
            "NOT_YOUR_TURN_TO_JOIN",
            f"Seat {action.window_seat + 1} is deciding whether to join; wait for your chance.",
            rule="MW-ROB-8",
        )
    joined = seat in action.participants
    match command:
        case cmd.JoinRobbery() if action.closing and not action.rejoining:
            raise RuleViolation(
                "LAST_CALL",
                "The join window has closed: you may only withdraw from the robbery or stand.",
                rule="MW-ROB-8",
            )
        case cmd.JoinRobbery(cards=cards):
            if joined:
                raise RuleViolation("ALREADY_JOINED", "You are already in this robbery.", rule="MW-ROB-2")
            require_held(cards, state.player(seat).hand, "MW-ROB-2")
            require_count(cards, action.size, "MW-ROB-2")
            em.emit(ev.RobberyJoined(seat=seat, count=len(cards), cards=cards))
        case cmd.WithdrawFromRobbery():
            if not joined:
                raise RuleViolation("NOT_JOINED", "You are not in this robbery.", rule="MW-ROB-2")
            em.emit(ev.RobberyWithdrawn(seat=seat))
        case _:
            em.emit(ev.StayedPut(seat=seat))
    _maybe_close_window(em, rng)


def _maybe_close_window(em: Emitter, rng: Rng) -> None:
    """MW-ROB-8 (3): the window closes after a quiet circuit, or at the circuit cap.

    (3a) At the cap, a circuit that was not quiet may have ended with a join nobody could answer:
    every joined seat first gets a last chance to withdraw or stand.
    """
    action = em.state.action
    assert action is not None
    if action.closing:
        if action.last_call:
            return
        if _rejoin_call(em, action):
            return
    else:
        quiet = action.quiet >= len(action.window)
        capped = action.pointer == 0 and action.circuits >= em.state.settings.max_join_circuits
        if not quiet and not capped:
            return
        joined = tuple(s for s in action.window if s in action.participants)
        if not quiet and joined and em.state.settings.last_call:
            em.emit(ev.LastCallStarted(seats=joined))
            return
    if action.participants == (em.state.active,):
        _unopposed(em, rng)
        return
    em.emit(ev.JoinWindowClosed(participants=action.participants))


def _rejoin_call(em: Emitter, action: Action) -> bool:
    """MW-ROB-8 (3b): a last call in which someone withdrew changed who is in; the seats then out
    get one call to join (once: a re-join call is not answered by another)."""
    if action.rejoining or not em.state.settings.rejoin_call:
        return False
    if all(seat in action.participants for seat in action.called):
        return False
    out = tuple(s for s in action.window if s not in action.participants)
    if out:
        em.emit(ev.RejoinCallStarted(seats=out))
    return bool(out)


def _unopposed(em: Emitter, rng: Rng) -> None:
    """MW-ROB-4: nobody joined, so the active player wins; the cards are still shown and discarded.

    (b) With `declarer_may_swap` the declarer first locks its cards like any participant, so it
    may still change the cards it played before they are shown.
    """
    seat = em.state.active
    if em.state.settings.declarer_may_swap:
        em.emit(ev.JoinWindowClosed(participants=(seat,)))
        return
    cards = em.state.player(seat).committed
    category = CATEGORY_NAMES[hand_key(cards, False)[0]]
    em.emit(
        ev.HandsRevealed(
            hands=(ev.ShownHand(seat=seat, cards=cards, category=category),), winner=seat, tied=()
        )
    )
    settle(em, seat, (seat,), rng)


def _lock(em: Emitter, seat: int, cards: tuple[str, ...], rng: Rng) -> None:
    action = em.state.action
    assert action is not None
    if seat not in action.participants:
        raise RuleViolation(
            "NOT_A_PARTICIPANT", "Only players taking part in this showdown lock cards.", rule="MW-ROB-8"
        )
    if seat in action.locked:  # MW-ROB-8 (4): one lock each; a second would change a fixed hand
        raise RuleViolation(
            "ALREADY_LOCKED", "You have already locked your cards for this showdown.", rule="MW-ROB-8"
        )
    player = em.state.player(seat)
    require_held(cards, player.hand + player.committed, "MW-ROB-1")
    require_count(cards, action.size, "MW-ROB-1")
    em.emit(ev.CardsLocked(seat=seat, count=len(cards), cards=cards))
    if set(em.state.action.locked if em.state.action else ()) >= set(action.participants):
        showdown(em, rng)
