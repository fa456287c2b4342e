"""Saloon poker (WL-LOC-SAL-1), the Gamble action, as the companion app describes the base game.

Ante $10 and draw 1; each other player in the same town may join the same way; the house adds
$50; if nobody joined, the player to the right deals against you with 4 fresh cards; 3 flop
cards; every player shows the best hand of the flop and exactly 2 hand cards (1 if only 1 is
held); a dealer wins ties, then the active player, else tied players split the pot. A winning
active player gains 1 LP; the dealer's win returns the pot to the supply; losers draw 1.
"""

from __future__ import annotations

from engines.western_legends import board
from engines.western_legends import events as ev
from engines.western_legends.items import ITEMS
from engines.western_legends.pokerhands import hand_key, hand_name
from engines.western_legends.rules import Tx, draw, gain
from engines.western_legends.state import Poker, State

ANTE = 10
HOUSE = 50
FLOP = 3
DEALER_CARDS = 4
SHOWN = 2  # hand cards combined with the flop


def same_town(state: State, seat: int) -> frozenset[str]:
    space = state.players[seat].space
    return next((town for town in (board.DARKROCK, board.RED_FALLS) if space in town), frozenset())


def can_gamble(state: State, seat: int) -> bool:
    p = state.players[seat]
    return state.option("saloon_poker") == "on" and p.space in board.SALOONS and p.money >= ANTE


def gamble(tx: Tx, seat: int) -> None:
    tx.emit(ev.ActionSpent(seat=seat, action="gamble"))
    _ante(tx, seat)
    state = tx.state
    town = same_town(state, seat)
    order = tuple(
        s for s in ((seat + i) % state.seats for i in range(1, state.seats)) if state.players[s].space in town
    )
    tx.emit(ev.GambleStarted(seat=seat, order=order))
    _deal_if_ready(tx)


def _ante(tx: Tx, seat: int) -> None:
    tx.emit(ev.PlayerChanged(seat=seat, reason="poker ante", money=-ANTE))
    draw(tx, seat, 1)


def join(tx: Tx, seat: int, joined: bool) -> None:
    if joined:
        _ante(tx, seat)
    tx.emit(ev.PokerJoined(seat=seat, joined=joined))
    _deal_if_ready(tx)


def _deal_if_ready(tx: Tx) -> None:
    """After everyone has joined or passed: a dealer if nobody joined, the house's $50, the flop."""
    poker = _poker(tx.state)
    if poker.waiting:
        return
    if len(poker.players) == 1:
        dealer = (poker.active - 1) % tx.state.seats
        tx.emit(ev.PokerDealerSeated(seat=dealer))
        draw(tx, dealer, DEALER_CARDS)
    if len(tx.state.deck) < FLOP and tx.state.discard:
        tx.emit(ev.DeckRefilled(count=len(tx.state.discard)))
    pool = list(tx.state.deck)
    flop = [pool.pop(tx.rng.randint(0, len(pool) - 1)) for _ in range(min(FLOP, len(pool)))]
    tx.emit(ev.PokerFlopRevealed(cards=tuple(flop), house=HOUSE))


def shown_count(state: State, seat: int) -> int:
    return min(SHOWN, len(state.players[seat].hand))


def choose(tx: Tx, seat: int, cards: tuple[str, ...]) -> None:
    tx.emit(ev.PokerCardsChosen(seat=seat, cards=cards, count=len(cards)))
    poker = _poker(tx.state)
    if len(poker.chosen) == len(poker.seated()):
        _showdown(tx)


def _showdown(tx: Tx) -> None:
    poker = _poker(tx.state)
    chosen = dict(poker.chosen)
    keys = {seat: hand_key(poker.flop + chosen[seat]) for seat in poker.seated()}
    best = max(keys.values())
    top = [seat for seat in poker.seated() if keys[seat] == best]
    dealer_won = poker.dealer in top
    winners = () if dealer_won else (poker.active,) if poker.active in top else tuple(top)
    hands = tuple(
        ev.PokerHand(seat=s, cards=chosen[s], hand=hand_name(poker.flop + chosen[s])) for s in poker.seated()
    )
    tx.emit(ev.PokerShowdown(hands=hands, winners=winners, dealer_won=dealer_won, pot=poker.pot))
    share = (poker.pot // 10 // len(winners)) * 10 if winners else 0  # the remainder goes to the supply
    for seat in winners:
        gain(tx, seat, "won at poker", money=share, lp=int(seat == poker.active))
        _after_poker(tx, seat, won=True)
    for seat in poker.players:
        if seat not in winners:
            draw(tx, seat, 1)
            _after_poker(tx, seat, won=False)
    tx.emit(ev.PokerEnded())


def _after_poker(tx: Tx, seat: int, *, won: bool) -> None:
    """Wild Bill Hickok's ability and the Ten-Gallon hat."""
    ability = tx.state.ability(seat)
    hat = sum(
        ITEMS[o.item].poker_win_lp if won else ITEMS[o.item].poker_loss_money
        for o in tx.state.players[seat].items
    )
    if won:
        gain(tx, seat, "Wild Bill Hickok's poker win", money=ability.poker_win_money)
        gain(tx, seat, "Ten-Gallon hat", lp=hat)
        return
    gain(tx, seat, "Ten-Gallon hat", money=hat)
    played = dict(_poker(tx.state).chosen)[seat]
    if ability.poker_loss_keeps and played:
        tx.emit(ev.PokerCardKept(seat=seat, card=played[tx.rng.randint(0, len(played) - 1)]))


def _poker(state: State) -> Poker:
    assert state.poker is not None
    return state.poker
