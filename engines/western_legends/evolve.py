"""Fold one event into the state. Trusts its events: decide already checked them."""

from __future__ import annotations

from collections.abc import Callable
from functools import singledispatch
from typing import Any

from engines.base import Event
from engines.western_legends import events as ev
from engines.western_legends.cards import DECK
from engines.western_legends.cattle import FIRST_PRINTING_CATTLE, start_ranches, token_colour
from engines.western_legends.fightcards import FIGHT_DECK
from engines.western_legends.items import ITEM_NAMES, STOCK_PER_ITEM
from engines.western_legends.options import CHOICES
from engines.western_legends.state import Fight, NpcFight, Owned, Player, Poker, State, replace


def evolve(state: State | None, event: Event) -> State:
    if state is None:
        assert isinstance(event, ev.GameStarted)
        return _start(event)
    # singledispatch looks each call up through a weak-key dict in Python; event classes
    # never change, so their handlers are kept in a plain dict (the fold's hot path).
    handler = _handlers.get(type(event))
    if handler is None:
        handler = _handlers[type(event)] = _apply.dispatch(type(event))
    return handler(event, state)


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
        ranches=start_ranches(_cattle_tokens(event)),
    )


def _cattle_tokens(event: ev.GameStarted) -> int:
    """WL-SET-1: a setup event without `cattle_tokens` (versions 1 and 2, or 12 chosen) has 12."""
    return dict(event.int_options).get("cattle_tokens", FIRST_PRINTING_CATTLE)


def _player(state: State, seat: int, **changes: object) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def _fight(state: State, **changes: object) -> State:
    assert state.fight is not None
    return replace(state, fight=replace(state.fight, **changes))


@singledispatch
def _apply(event: Event, state: State) -> State:
    raise TypeError(f"western-legends cannot fold {event!r}")


_handlers: dict[type, Callable[[Any, State], State]] = {}


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
    return replace(
        state,
        active=event.seat,
        round=event.round,
        phase="income",
        fought=(),
        actions_left=0,
        after_move=(),
        free_move=0,
        turn_flags=(),
    )


@_apply.register
def _(event: ev.IncomeTaken, state: State) -> State:
    return replace(state, phase="gear", free_move=0, after_move=())


@_apply.register
def _(event: ev.GearChosen, state: State) -> State:
    state = _player(state, event.seat, weapon=event.weapon, mount=event.mount)
    return replace(state, phase="actions", actions_left=3) if state.phase == "gear" else state


@_apply.register
def _(event: ev.ActionSpent, state: State) -> State:
    flags = state.turn_flags + ("robbed",) if event.action == "rob_bank" else state.turn_flags
    return replace(state, actions_left=state.actions_left - 1, after_move=(), turn_flags=flags)


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
def _(event: ev.RulesMigrated, state: State) -> State:
    # In the order `game_started` writes them (whole numbers, then texts, each as CHOICES lists
    # them), so a migrated game is the very state the newer setup makes.
    merged = {**dict(state.options), **dict(event.text_options)}
    position = {name: n for n, name in enumerate(CHOICES)}
    ordered = sorted(merged.items(), key=lambda pair: (isinstance(pair[1], str), position.get(pair[0], -1)))
    return replace(state, options=tuple(ordered))


@_apply.register
def _(event: ev.ActionsEnded, state: State) -> State:
    return replace(state, phase="end_sheriff", actions_left=0, after_move=())


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
    return replace(state, npc=replace(state.npc, **changes))


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


def _set_aside(state: State, cards: tuple[str, ...]) -> State:
    """Fight cards done with: back into the pool (version 1), or held until they go beneath."""
    if state.option("fight_deck") == "ordered":
        return replace(state, fight_drawn=state.fight_drawn + cards)
    return replace(state, fight_deck=state.fight_deck + cards)


@_apply.register
def _(event: ev.FightCardChosen, state: State) -> State:
    offer = state.players[event.seat].offer
    back = tuple(c for c in offer if c != event.card)
    state = _player(_set_aside(state, back), event.seat, offer=(event.card,))
    return _npc(state, step="commit")


@_apply.register
def _(event: ev.NpcRevealed, state: State) -> State:
    assert state.npc is not None
    chooser = state.npc.chooser
    state = _player(_set_aside(state, (event.fight_card,)), chooser, offer=())
    return _npc(state, card=event.fight_card, won=event.won)


@_apply.register
def _(event: ev.FightDeckShuffled, state: State) -> State:
    return replace(state, fight_deck=event.order)


@_apply.register
def _(event: ev.FightCardsReturned, state: State) -> State:
    return replace(state, fight_deck=state.fight_deck + event.cards, fight_drawn=())


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


def _ranch_add(state: State, token: str) -> State:
    colour = token_colour(token)
    return replace(
        state, ranches=tuple((c, pool + (token,) if c == colour else pool) for c, pool in state.ranches)
    )


@_apply.register
def _(event: ev.CharactersOffered, state: State) -> State:
    return replace(_player(state, event.seat, characters_offered=event.characters), phase="choose_character")


@_apply.register
def _(event: ev.CharacterChosen, state: State) -> State:
    return _player(state, event.seat, character=event.character, characters_offered=())


@_apply.register
def _(event: ev.FirstPlayerChosen, state: State) -> State:
    return replace(state, first_player=event.seat, active=event.seat)


@_apply.register
def _(event: ev.PlacementAwaited, state: State) -> State:
    return replace(state, phase="place", active=event.seat)


@_apply.register
def _(event: ev.CattleTaken, state: State) -> State:
    ranches = tuple((c, tuple(t for t in pool if t != event.token)) for c, pool in state.ranches)
    return _player(replace(state, ranches=ranches), event.seat, cattle=event.token)


@_apply.register
def _(event: ev.CattleDelivered, state: State) -> State:
    return _player(_ranch_add(state, event.token), event.seat, cattle="")


@_apply.register
def _(event: ev.CattleReturned, state: State) -> State:
    return _player(_ranch_add(state, event.token), event.seat, cattle="")


@_apply.register
def _(event: ev.CattleStolen, state: State) -> State:
    state = _player(state, event.victim, cattle="")
    return _player(state, event.seat, cattle=event.token) if event.kept else _ranch_add(state, event.token)


@_apply.register
def _(event: ev.HandPeeked, state: State) -> State:
    return state


@_apply.register
def _(event: ev.RerollAwaited, state: State) -> State:
    return replace(state, dice=(event.first, event.second))


@_apply.register
def _(event: ev.DieRerolled, state: State) -> State:
    dice = list(state.dice)
    dice[event.die] = dice[event.die][:-1] + event.faces
    return replace(state, dice=tuple(dice))


@_apply.register
def _(event: ev.DiceSettled, state: State) -> State:
    return replace(state, dice=())


@_apply.register
def _(event: ev.AfterMoveOpened, state: State) -> State:
    return replace(state, after_move=event.effects)


@_apply.register
def _(event: ev.WhiskeyThrown, state: State) -> State:
    return replace(state, after_move=tuple(e for e in state.after_move if e != "whiskey"))


@_apply.register
def _(event: ev.ShakenDown, state: State) -> State:
    return replace(state, after_move=tuple(e for e in state.after_move if e != "billy"))


@_apply.register
def _(event: ev.RideStarted, state: State) -> State:
    return replace(state, free_move=event.steps, turn_flags=state.turn_flags + ("ride",))


@_apply.register
def _(event: ev.RideEnded, state: State) -> State:
    return replace(state, free_move=0)


@_apply.register
def _(event: ev.ActionGranted, state: State) -> State:
    return replace(state, actions_left=state.actions_left + 1, turn_flags=state.turn_flags + ("bandit_win",))


@_apply.register
def _(event: ev.CardStolen, state: State) -> State:
    hand = list(state.players[event.victim].hand)
    hand.remove(event.card)
    state = _player(state, event.victim, hand=tuple(hand))
    return _player(state, event.seat, hand=state.players[event.seat].hand + (event.card,))


def _poker(state: State, **changes: object) -> State:
    assert state.poker is not None
    return replace(state, poker=replace(state.poker, **changes))


@_apply.register
def _(event: ev.GambleStarted, state: State) -> State:
    poker = Poker(active=event.seat, step="join", waiting=event.order, players=(event.seat,), pot=10)
    return replace(state, poker=poker)


@_apply.register
def _(event: ev.PokerJoined, state: State) -> State:
    assert state.poker is not None
    poker = state.poker
    waiting = tuple(s for s in poker.waiting if s != event.seat)
    if not event.joined:
        return _poker(state, waiting=waiting)
    return _poker(state, waiting=waiting, players=poker.players + (event.seat,), pot=poker.pot + 10)


@_apply.register
def _(event: ev.PokerDealerSeated, state: State) -> State:
    hand = state.players[event.seat].hand
    return _poker(_player(state, event.seat, hand=()), dealer=event.seat, set_aside=hand)


@_apply.register
def _(event: ev.PokerFlopRevealed, state: State) -> State:
    assert state.poker is not None
    deck = tuple(c for c in state.deck if c not in event.cards)
    return _poker(
        replace(state, deck=deck), step="choose", flop=event.cards, pot=state.poker.pot + event.house
    )


@_apply.register
def _(event: ev.PokerCardsChosen, state: State) -> State:
    assert state.poker is not None
    chosen = state.poker.chosen + ((event.seat, event.cards),)
    hand = tuple(c for c in state.players[event.seat].hand if c not in event.cards)
    return _poker(_player(state, event.seat, hand=hand), chosen=chosen)


@_apply.register
def _(event: ev.PokerShowdown, state: State) -> State:
    return state


@_apply.register
def _(event: ev.PokerCardKept, state: State) -> State:
    assert state.poker is not None
    chosen = tuple(
        (s, tuple(c for c in cards if c != event.card) if s == event.seat else cards)
        for s, cards in state.poker.chosen
    )
    state = _player(state, event.seat, hand=state.players[event.seat].hand + (event.card,))
    return _poker(state, chosen=chosen)


@_apply.register
def _(event: ev.PokerEnded, state: State) -> State:
    poker = state.poker
    assert poker is not None
    spent = poker.flop + tuple(c for _, cards in poker.chosen for c in cards)
    if poker.dealer >= 0:  # the dealer's unplayed cards are discarded and their own hand returns
        spent += state.players[poker.dealer].hand
        state = _player(state, poker.dealer, hand=poker.set_aside)
    return replace(state, poker=None, discard=state.discard + spent)
