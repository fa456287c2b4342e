"""Player fights (WL §7): target, start-of-fight effects, face-down cards, reveal, reactions, rewards."""

from __future__ import annotations

from engines.western_legends import board
from engines.western_legends import events as ev
from engines.western_legends.cards import MIN_VALUE, value
from engines.western_legends.items import ITEMS
from engines.western_legends.rules import Tx, draw, gain, half, half_money, jail
from engines.western_legends.state import Fight, State


def toll_seat(state: State, attacker: int, target: int) -> int:
    """Annie Oakley's ability (at 5 LP): her opponent discards a card or takes a wound."""
    if state.ability(attacker).fight_toll:
        return target
    if state.ability(target).fight_toll:
        return attacker
    return -1


def peeks(state: State, attacker: int) -> int:
    """The Rifle (active): how many random cards of the target's hand its owner sees at the start."""
    weapon = state.players[attacker].weapon
    return ITEMS[weapon].peek if weapon else 0


def toll_before_peek(state: State, attacker: int, target: int) -> bool:
    """WL-FIGHT-4: start-of-fight effects resolve one owner at a time.

    "active_first" (default): the active player's effects, then the target's.
    "first_player_first": owners in seat order from the first player.
    Only the target's Annie toll can come before the attacker's Rifle peek.
    """
    if not state.ability(target).fight_toll:
        return False
    if state.option("start_of_fight_order") == "active_first":
        return False
    order = [(state.first_player + i) % state.seats for i in range(state.seats)]
    return order.index(target) < order.index(attacker)


def guard(state: State, seat: int) -> int:
    """How much `seat` lowers the card played against them: an upgraded weapon, an outside-town ability."""
    p = state.players[seat]
    lowered = 0
    if p.weapon:
        owned = p.owns(p.weapon)
        lowered += ITEMS[p.weapon].guard[1 if owned and owned.upgraded else 0]
    if p.space not in board.IN_TOWN:
        lowered += state.ability(seat).guard_outside_town  # Kit Carson, Jesse James
    return lowered


def final_value(state: State, card: str, against: int) -> int:
    """WL-FIGHT-8: values only go down, never below 2."""
    return max(MIN_VALUE, value(card) - guard(state, against))


def start(tx: Tx, seat: int, target: int, kind: str) -> None:
    tx.emit(ev.ActionSpent(seat=seat, action="fight"))
    toll = toll_seat(tx.state, seat, target)
    tx.emit(ev.FightStarted(attacker=seat, target=target, fight=kind, toll_seat=toll))
    if toll < 0 or not toll_before_peek(tx.state, seat, target):
        _peek(tx)
    if toll < 0:
        _attacker_ready_or_loses(tx)


def _peek(tx: Tx) -> None:
    fight = _fight(tx)
    count = peeks(tx.state, fight.attacker)
    hand = list(tx.state.players[fight.target].hand)
    if not count or not hand:
        return
    seen: list[str] = []
    for _ in range(min(count, len(hand))):
        seen.append(hand.pop(tx.rng.randint(0, len(hand) - 1)))
    tx.emit(ev.HandPeeked(seat=fight.attacker, target=fight.target, cards=tuple(seen)))


def pay_toll(tx: Tx, seat: int, card: str) -> None:
    if card:
        tx.emit(ev.CardsDiscarded(seat=seat, cards=(card,)))
    else:
        gain(tx, seat, "Annie Oakley's toll", wounds=1)
    tx.emit(ev.TollPaid(seat=seat))
    fight = _fight(tx)
    if toll_before_peek(tx.state, fight.attacker, fight.target):
        _peek(tx)
    _attacker_ready_or_loses(tx)


def _attacker_ready_or_loses(tx: Tx) -> None:
    fight = _fight(tx)
    if fight.step == "attacker_commit" and not tx.state.players[fight.attacker].hand:
        _finish(tx, winner=fight.target, loser=fight.attacker)  # no card left to commit


def commit(tx: Tx, seat: int, card: str) -> None:
    tx.emit(ev.FightCardPlaced(seat=seat, card=card))


def answer(tx: Tx, seat: int, card: str) -> None:
    fight = _fight(tx)
    if not card:
        tx.emit(ev.FightDeclined(seat=seat))  # WL-FIGHT-5: an automatic win for the active player
        _discard_committed(tx, fight)
        _finish(tx, winner=fight.attacker, loser=fight.target)
        return
    tx.emit(ev.FightCardPlaced(seat=seat, card=card))
    state = tx.state
    attacker_card = state.players[fight.attacker].committed
    tx.emit(
        ev.FightRevealed(
            attacker_card=attacker_card,
            target_card=card,
            attacker_value=final_value(state, attacker_card, fight.target),
            target_value=final_value(state, card, fight.attacker),
        )
    )


def pass_reaction(tx: Tx, seat: int) -> None:
    """WL-FIGHT-7: alternate until both pass in a row; then compare (WL-FIGHT-8)."""
    tx.emit(ev.ReactionPassed(seat=seat))
    fight = _fight(tx)
    if fight.passes < 2:
        return
    _discard_committed(tx, fight)
    if attacker_wins(tx.state, fight):
        _finish(tx, winner=fight.attacker, loser=fight.target)
    else:
        _finish(tx, winner=fight.target, loser=fight.attacker)


def attacker_wins(state: State, fight: Fight) -> bool:
    """WL-FIGHT-8: the higher value wins; a tie goes to the active player (Jesse James: to him)."""
    if fight.attacker_value != fight.target_value:
        return fight.attacker_value > fight.target_value
    return state.ability(fight.attacker).wins_player_ties or not state.ability(fight.target).wins_player_ties


def _discard_committed(tx: Tx, fight: Fight) -> None:
    """WL-FIGHT-12: every card played in the fight goes to the discard pile."""
    for seat in (fight.attacker, fight.target):
        card = tx.state.players[seat].committed
        if card:
            tx.emit(ev.CardsDiscarded(seat=seat, cards=(card,)))


def _finish(tx: Tx, winner: int, loser: int) -> None:
    fight = _fight(tx)
    target = tx.state.players[fight.target]
    robbing = fight.kind == "rob" and winner == fight.attacker
    awaiting = robbing and target.money > 0 and target.gold > 0
    tx.emit(ev.FightWon(winner=winner, loser=loser, awaiting_loot=awaiting))
    gain(tx, loser, "lost a fight", wounds=1)  # WL-FIGHT-9
    draw(tx, loser, 1)
    weapon = tx.state.players[winner].weapon
    if weapon and ITEMS[weapon].draw_on_win:
        draw(tx, winner, 1)
    if winner != fight.attacker:
        tx.emit(ev.FightEnded())  # WL-FIGHT-11: nothing else happens
        return
    if fight.kind == "arrest":
        _arrest(tx, fight.attacker, fight.target)
    elif fight.kind == "duel":
        gain(tx, fight.attacker, "won a duel", lp=2)
    elif not awaiting:
        loot(tx, "money" if target.money > 0 else "gold", announce=False)
        return
    if not awaiting:
        tx.emit(ev.FightEnded())


def _arrest(tx: Tx, attacker: int, target: int) -> None:
    """WL-FIGHT-10 Arrest: +1 MP; the target to jail, WP to 0, half money and nuggets to the supply."""
    gain(tx, attacker, "made an arrest", mp=1)
    jail(tx, target, "arrested")


def loot(tx: Tx, what: str, *, announce: bool = True) -> None:
    """WL-FIGHT-10 Rob: +1 WP and half the target's money or nuggets, caps applied to the robber."""
    fight = _fight(tx)
    if announce:
        tx.emit(ev.LootChosen(seat=fight.attacker, loot=what))
    gain(tx, fight.attacker, "won a robbery", wp=1)
    _steal_cattle(tx, fight.attacker, fight.target)
    p = tx.state.players[fight.target]
    rounding = str(tx.state.option("half_rounding"))
    if what == "money":
        taken = half_money(p.money, rounding)
        tx.emit(ev.PlayerChanged(seat=fight.target, reason="robbed", money=-taken))
        gain(tx, fight.attacker, "robbery takings", money=taken)
    else:
        taken = half(p.gold, rounding)
        tx.emit(ev.PlayerChanged(seat=fight.target, reason="robbed", gold=-taken))
        gain(tx, fight.attacker, "robbery takings", gold=taken)
    tx.emit(ev.FightEnded())


def _steal_cattle(tx: Tx, robber: int, victim: int) -> None:
    """WL-FIGHT-10 Rob: plus 1 cattle token; one the robber cannot carry goes back to its ranch."""
    token = tx.state.players[victim].cattle
    if token:
        kept = not tx.state.players[robber].cattle
        tx.emit(ev.CattleStolen(seat=robber, victim=victim, token=token, kept=kept))


def _fight(tx: Tx) -> Fight:
    assert tx.state.fight is not None
    return tx.state.fight
