"""Automatic steps that follow a command: draws and reshuffles, showdowns, bail, the next turn.

An Emitter folds each event as it is produced, so every later step reads the
state as it really is at that moment (bail before anyone moves, MW-TURN-4).
"""

from __future__ import annotations

from engines.base import Event, Rng
from engines.most_wanted import events as ev
from engines.most_wanted.cards import HAND_SIZE
from engines.most_wanted.evolve import evolve
from engines.most_wanted.hands import CATEGORY_NAMES, best_hands
from engines.most_wanted.state import FLIPS, GOAL, TILES, State, bail_value


class Emitter:
    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        for event in events:
            self.events.append(event)
            self.state = evolve(self.state, event)


def draw_up_to(em: Emitter, seat: int, size: int, rng: Rng) -> None:
    """MW-REF-1/2: draw until holding `size`, reshuffling the discards (and flipping a tile) if needed."""
    while (need := size - len(em.state.player(seat).hand)) > 0:
        if not em.state.deck:
            if not em.state.discard:
                return  # every card is in a hand: the player simply holds fewer
            reshuffle(em, rng)
        cards = em.state.deck[:need]
        em.emit(ev.CardsDrawn(seat=seat, count=len(cards), cards=cards))


def reshuffle(em: Emitter, rng: Rng) -> None:
    """MW-REF-2 / MW-TILE-2: the discard pile becomes the deck; the lowest unflipped robbery flips."""
    em.emit(ev.DeckShuffled(order=rng.shuffle(em.state.discard), reshuffle=True))
    if em.state.reshuffles <= FLIPS:
        tile = next(t for t in TILES if t not in em.state.flipped)
        em.emit(ev.TileFlipped(tile=tile))


def refill(em: Emitter, seats: tuple[int, ...], rng: Rng) -> None:
    """MW-REF-1: participants draw up to 5, clockwise from the active player."""
    for seat in em.state.clockwise_from(em.state.active):
        if seat in seats:
            draw_up_to(em, seat, HAND_SIZE, rng)


def next_turn(em: Emitter, rng: Rng) -> None:
    """MW-END-1 after the action finished, else MW-TURN-3 (with the MW-END-2 turn cap)."""
    state = em.state
    leaders = [s for s in range(state.seats) if state.player(s).notoriety >= GOAL]
    if leaders:
        em.emit(ev.GameEnded(winners=(leaders[0],), reason="most_wanted"))
        return
    if state.turn >= state.settings.max_turns:
        top = max(p.notoriety for p in state.players)
        best = tuple(s for s in range(state.seats) if state.player(s).notoriety == top)
        em.emit(ev.GameEnded(winners=best, reason="turn_limit"))
        return
    em.emit(ev.TurnStarted(seat=(state.active + 1) % state.seats, turn=state.turn + 1))


def _shown(
    em: Emitter, seats: tuple[int, ...]
) -> tuple[dict[int, tuple[str, ...]], tuple[int, ...], dict[int, str]]:
    hands = {seat: em.state.player(seat).committed for seat in seats}
    tied, keys = best_hands(hands)
    names = {seat: CATEGORY_NAMES[key[0]] for seat, key in keys.items()}
    return hands, tied, names


def pick_winner(state: State, tied: tuple[int, ...]) -> int | None:
    """MW-TIE-2: one best hand wins; ties go to the active player, then nearest clockwise."""
    if len(tied) == 1:
        return tied[0]
    if state.settings.tie_rule == "nobody_wins":
        return None
    return next(seat for seat in state.clockwise_from(state.active) if seat in tied)


def showdown(em: Emitter, rng: Rng) -> None:
    """Reveal the locked hands (MW-ROB-3) and settle the action."""
    action = em.state.action
    assert action is not None
    seats = action.participants
    hands, tied, names = _shown(em, seats)
    if action.kind == "first_duel":
        _first_duel(em, hands, tied, names, rng)
        return
    winner = pick_winner(em.state, tied)
    shown = tuple(ev.ShownHand(seat=s, cards=hands[s], category=names[s]) for s in seats)
    em.emit(ev.HandsRevealed(hands=shown, winner=winner, tied=tied if len(tied) > 1 else ()))
    settle(em, winner, seats, rng)


def settle(em: Emitter, winner: int | None, seats: tuple[int, ...], rng: Rng) -> None:
    """MW-TURN-2/4: bail from each loser, the winner advances, discard, refill, next turn."""
    state = em.state
    action = state.action
    assert action is not None
    duel_money = action.kind == "duel" and state.settings.duel_reward == "bail_money_to_winner"
    points = state.tile_points(action.tile) if action.tile is not None else 0
    for seat in state.clockwise_from(state.active):
        if seat in seats and seat != winner:
            bail = bail_value(state.player(seat).notoriety)  # positions before anyone moves
            if action.kind == "duel" and not duel_money:
                points += bail  # MW-DUEL-4: the winner gains the loser's bail value
            pay_bail(em, seat, bail, winner if duel_money else None)
    if winner is not None and points > 0:
        em.emit(ev.Advanced(seat=winner, points=points))
    for seat in state.clockwise_from(state.active):
        if seat in seats:
            em.emit(ev.CardsDiscarded(seat=seat, cards=em.state.player(seat).committed))
    refill(em, seats, rng)
    next_turn(em, rng)


def pay_bail(em: Emitter, seat: int, bail: int, to_seat: int | None) -> None:
    """MW-BAIL-3: pay in full if you can; otherwise move back (or pay part, by option)."""
    if bail <= 0:
        return
    money = em.state.player(seat).money
    if money >= bail:
        em.emit(ev.BailPaid(seat=seat, amount=bail, to_seat=to_seat))
        return
    if em.state.settings.bail_rule == "partial_then_move_back" and money > 0:
        em.emit(ev.BailPaid(seat=seat, amount=money, to_seat=to_seat))
        bail -= money
    em.emit(ev.MovedBack(seat=seat, spaces=bail))


def _first_duel(
    em: Emitter, hands: dict[int, tuple[str, ...]], tied: tuple[int, ...], names: dict[int, str], rng: Rng
) -> None:
    """MW-DUEL-5: best single card goes first; tied seats play again; no bail, no points."""
    seats = tuple(hands)
    shown = tuple(ev.ShownHand(seat=s, cards=hands[s], category=names[s]) for s in seats)
    winner = tied[0] if len(tied) == 1 else None
    em.emit(ev.HandsRevealed(hands=shown, winner=winner, tied=tied if winner is None else ()))
    for seat in seats:
        em.emit(ev.CardsDiscarded(seat=seat, cards=hands[seat]))
    if winner is None:
        for seat in tied:  # keep a card to play: refill only a seat that ran out
            if not em.state.player(seat).hand:
                draw_up_to(em, seat, HAND_SIZE, rng)
        em.emit(ev.FirstDuelStarted(seats=tied))
        return
    em.emit(ev.FirstPlayerChosen(seat=winner))
    for seat in em.state.clockwise_from(winner):
        draw_up_to(em, seat, HAND_SIZE, rng)
    em.emit(ev.TurnStarted(seat=winner, turn=1))
