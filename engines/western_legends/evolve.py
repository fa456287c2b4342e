"""Fold one event into the state. Trusts its events: decide already checked them."""

from __future__ import annotations

from dataclasses import replace
from functools import singledispatch

from engines.base import Event
from engines.western_legends import events as ev
from engines.western_legends.cards import DECK
from engines.western_legends.fightcards import FIGHT_DECK
from engines.western_legends.items import ITEM_NAMES, STOCK_PER_ITEM
from engines.western_legends.state import Fight, NpcFight, Owned, Player, State


def evolve(state: State | None, event: Event) -> State:
    if state is None:
        assert isinstance(event, ev.GameStarted)
        return _start(event)
    return _apply(event, state)


def _start(event: ev.GameStarted) -> State:
    players = tuple(Player(character=s.character, space=s.space) for s in event.seats)
    return State(
        options=(*event.int_options, *event.text_options),
        players=players,
        deck=DECK,
        discard=(),
        stock=tuple((item, STOCK_PER_ITEM) for item in ITEM_NAMES),
        first_player=event.first_player,
        active=event.first_player,
        round=0,
        turns_taken=tuple(0 for _ in players),
        fight_deck=FIGHT_DECK,
    )


def _player(state: State, seat: int, **changes: object) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)  # type: ignore[arg-type]
    return replace(state, players=tuple(players))


def _fight(state: State, **changes: object) -> State:
    assert state.fight is not None
    return replace(state, fight=replace(state.fight, **changes))  # type: ignore[arg-type]


@singledispatch
def _apply(event: Event, state: State) -> State:
    raise TypeError(f"western-legends cannot fold {event!r}")


@_apply.register
def _(event: ev.PlayerChanged, state: State) -> State:
    p = state.players[event.seat]
    return _player(
        state,
        event.seat,
        money=p.money + event.money,
        gold=p.gold + event.gold,
        lp=p.lp + event.lp,
        mp=p.mp + event.mp,
        wp=p.wp + event.wp,
        wounds=p.wounds + event.wounds,
    )


@_apply.register
def _(event: ev.CardsDrawn, state: State) -> State:
    deck = list(state.deck)
    for card in event.cards:
        deck.remove(card)
    state = replace(state, deck=tuple(deck))
    return _player(state, event.seat, hand=state.players[event.seat].hand + event.cards)


@_apply.register
def _(event: ev.CardsDiscarded, state: State) -> State:
    p = state.players[event.seat]
    hand = list(p.hand)
    committed = p.committed
    for card in event.cards:
        if card == committed:
            committed = ""
        else:
            hand.remove(card)
    state = replace(state, discard=state.discard + event.cards)
    return _player(state, event.seat, hand=tuple(hand), committed=committed)


@_apply.register
def _(event: ev.DeckRefilled, state: State) -> State:
    return replace(state, deck=tuple(sorted(state.deck + state.discard, key=DECK.index)), discard=())


@_apply.register
def _(event: ev.ItemGained, state: State) -> State:
    p = state.players[event.seat]
    if event.from_stand:
        state = replace(state, stock=tuple((i, n - (i == event.item)) for i, n in state.stock))
    return _player(state, event.seat, items=p.items + (Owned(event.item, event.upgraded),))


@_apply.register
def _(event: ev.ItemUpgraded, state: State) -> State:
    p = state.players[event.seat]
    items = tuple(Owned(o.item, True) if o.item == event.item else o for o in p.items)
    return _player(state, event.seat, items=items)


@_apply.register
def _(event: ev.ItemDiscarded, state: State) -> State:
    p = state.players[event.seat]
    state = replace(state, stock=tuple((i, n + (i == event.item)) for i, n in state.stock))
    return _player(state, event.seat, items=tuple(o for o in p.items if o.item != event.item))


@_apply.register
def _(event: ev.TurnStarted, state: State) -> State:
    return replace(state, active=event.seat, round=event.round, phase="income", fought=(), actions_left=0)


@_apply.register
def _(event: ev.IncomeTaken, state: State) -> State:
    return replace(state, phase="gear")


@_apply.register
def _(event: ev.GearChosen, state: State) -> State:
    state = _player(state, event.seat, weapon=event.weapon, mount=event.mount)
    return replace(state, phase="actions", actions_left=3) if state.phase == "gear" else state


@_apply.register
def _(event: ev.ActionSpent, state: State) -> State:
    return replace(state, actions_left=state.actions_left - 1)


@_apply.register
def _(event: ev.Moved, state: State) -> State:
    return _player(state, event.seat, space=event.to)


@_apply.register
def _(event: ev.DiceRolled, state: State) -> State:
    return state


@_apply.register
def _(event: ev.FightStarted, state: State) -> State:
    step = "annie_tax" if event.toll_seat >= 0 else "attacker_commit"
    fight = Fight(event.attacker, event.target, event.fight, step, reactor=event.toll_seat)  # type: ignore[arg-type]
    return replace(state, fight=fight, fought=state.fought + (event.target,))


@_apply.register
def _(event: ev.FightCardPlaced, state: State) -> State:
    p = state.players[event.seat]
    hand = list(p.hand)
    hand.remove(event.card)
    state = _player(state, event.seat, hand=tuple(hand), committed=event.card)
    if state.fight is None:
        return state  # an NPC fight: the reveal follows at once
    step = "target_answer" if event.seat == state.fight.attacker else "react"
    return _fight(state, step=step, reactor=state.fight.attacker, passes=0)


@_apply.register
def _(event: ev.FightDeclined, state: State) -> State:
    return state


@_apply.register
def _(event: ev.FightRevealed, state: State) -> State:
    return _fight(state, attacker_value=event.attacker_value, target_value=event.target_value)


@_apply.register
def _(event: ev.ReactionPassed, state: State) -> State:
    assert state.fight is not None
    f = state.fight
    other = f.target if event.seat == f.attacker else f.attacker
    return _fight(state, reactor=other, passes=f.passes + 1)


@_apply.register
def _(event: ev.FightWon, state: State) -> State:
    assert state.fight is not None
    return _fight(state, step="loot") if event.awaiting_loot else state


@_apply.register
def _(event: ev.TollPaid, state: State) -> State:
    return _fight(state, step="attacker_commit", reactor=-1)


@_apply.register
def _(event: ev.LootChosen, state: State) -> State:
    return state


@_apply.register
def _(event: ev.FightEnded, state: State) -> State:
    return replace(state, fight=None)


@_apply.register
def _(event: ev.EndTriggered, state: State) -> State:
    return replace(state, end_round=event.round)


@_apply.register
def _(event: ev.ActionsEnded, state: State) -> State:
    return replace(state, phase="end_sheriff", actions_left=0)


@_apply.register
def _(event: ev.SheriffMoved, state: State) -> State:
    return replace(state, sheriff=event.path[-1]) if event.path else state


@_apply.register
def _(event: ev.EndPhaseResumed, state: State) -> State:
    return replace(state, phase="end_discard")


@_apply.register
def _(event: ev.TurnEnded, state: State) -> State:
    taken = list(state.turns_taken)
    taken[event.seat] += 1
    return replace(state, turns_taken=tuple(taken))


@_apply.register
def _(event: ev.GameEnded, state: State) -> State:
    return replace(state, phase="over", final_lp=event.final_lp, end_reason=event.reason)


def _npc(state: State, **changes: object) -> State:
    assert state.npc is not None
    return replace(state, npc=replace(state.npc, **changes))  # type: ignore[arg-type]


@_apply.register
def _(event: ev.BanditsPlaced, state: State) -> State:
    return replace(state, bandits=state.bandits + event.spaces)


@_apply.register
def _(event: ev.NpcFightStarted, state: State) -> State:
    npc = NpcFight(event.npc, event.fighter, event.chooser, "choose")  # type: ignore[arg-type]
    return replace(state, npc=npc)


@_apply.register
def _(event: ev.FightCardsOffered, state: State) -> State:
    deck = tuple(c for c in state.fight_deck if c not in event.cards)
    return _player(replace(state, fight_deck=deck), event.seat, offer=event.cards)


@_apply.register
def _(event: ev.FightCardChosen, state: State) -> State:
    offer = state.players[event.seat].offer
    back = tuple(c for c in offer if c != event.card)
    state = _player(replace(state, fight_deck=state.fight_deck + back), event.seat, offer=(event.card,))
    return _npc(state, step="commit")


@_apply.register
def _(event: ev.NpcRevealed, state: State) -> State:
    assert state.npc is not None
    chooser = state.npc.chooser
    state = _player(replace(state, fight_deck=state.fight_deck + (event.fight_card,)), chooser, offer=())
    return _npc(state, card=event.fight_card, won=event.won)


@_apply.register
def _(event: ev.NpcFightRestarted, state: State) -> State:
    p = state.players[event.seat]
    hand = p.hand + ((p.committed,) if p.committed else ())
    return _npc(_player(state, event.seat, hand=hand, committed=""), step="choose", card="")


@_apply.register
def _(event: ev.NpcAwaiting, state: State) -> State:
    return _npc(state, step=event.step)


@_apply.register
def _(event: ev.NpcChoiceMade, state: State) -> State:
    return state


@_apply.register
def _(event: ev.NpcFightEnded, state: State) -> State:
    bandits = list(state.bandits)
    if event.bandit_space in bandits:
        bandits.remove(event.bandit_space)
    return replace(state, npc=None, bandits=tuple(bandits))
