"""Location and card actions (WL §6.2, §6.3): movement, prospecting, bank, store, doctor, cabaret, cattle.

Also the free effects that hang off a Move: cattle delivery (WL-MOVE-5), Bloody
Knife's mesa crossing, Whiskey's reaction, Billy the Kid's shakedown and Y. B.
Rowdy's ride. Each reads item or ability data, never a character's name.
"""

from __future__ import annotations

from engines.western_legends import board, npc
from engines.western_legends import events as ev
from engines.western_legends.cattle import COLOURS, TOKENS, ranch_at
from engines.western_legends.characters import CHARACTERS
from engines.western_legends.items import ITEMS
from engines.western_legends.rules import Tx, draw, gain
from engines.western_legends.state import Player, State
from engines.western_legends.turn import gain_item

FOOT_MOVE = 2  # WL-MOVE-2
NUGGET, CASH, CASH_REROLL = (1, 2, 3), 4, 5  # WL-CMP-4: die faces; 6 is blank
MAX_REROLLS = 12  # a chain of rerolls this long has odds below 1 in 2 billion; it just stops


def movement(state: State, seat: int) -> int:
    """WL-MOVE-2: 2 on foot, else the active mount's value; Kit Carson may go 1 further."""
    if state.free_move:
        return state.free_move  # Y. B. Rowdy's ride
    p = state.players[seat]
    steps = FOOT_MOVE
    if p.mount:
        owned = p.owns(p.mount)
        steps = ITEMS[p.mount].move[1 if owned and owned.upgraded else 0]
    if state.option("kit_carson_step") == "plus_one_movement":  # version 1
        steps += state.ability(seat).extra_move
    return steps


def kit_steps(state: State, seat: int) -> list[str]:
    """Where Kit Carson's extra step may go now: 1 space, never into a mesa."""
    if "kit" not in state.after_move or state.npc is not None or state.fight is not None:
        return []
    here = state.players[seat].space
    reach = board.reachable_stopping_at(here, state.ability(seat).extra_move, stops(state, seat))
    return sorted((s for s in reach if s != here), key=board.SPACE_INDEX.__getitem__)


def stops(state: State, seat: int) -> frozenset[str]:
    """WL-MOVE-4 / WL-SHF-3: spaces that end a move: bandits, and the Sheriff for a Wanted player."""
    sheriff = (state.sheriff,) if state.players[seat].wp > 0 else ()
    return frozenset((*state.bandits, *sheriff))


def destinations(state: State, seat: int) -> dict[str, int]:
    """Every space a Move may end on now, with its step count (mesas only for Bloody Knife)."""
    p = state.players[seat]
    knife = state.ability(seat).crosses_mesas
    return board.reachable_stopping_at(p.space, movement(state, seat), stops(state, seat), knife)


def mesa_destinations(state: State, seat: int) -> frozenset[str]:
    """Where Bloody Knife may Move along a route he chooses through a mesa."""
    if not state.ability(seat).crosses_mesas or state.option("bloody_knife_route") != "chosen":
        return frozenset()
    return board.mesa_routes(state.players[seat].space, movement(state, seat), stops(state, seat))


def move(tx: Tx, seat: int, to: str, *, via_mesa: bool = False) -> None:
    """WL-MOVE-1: one action (none for Rowdy's ride), then the effects of ending a Move on `to`.

    Bloody Knife crosses a mesa when he chooses to (`via_mesa`) or when no route around fits.
    """
    state = tx.state
    start, riding = state.players[seat].space, bool(state.free_move)
    crossed = state.ability(seat).crosses_mesas and (
        via_mesa or to not in board.reachable_stopping_at(start, movement(state, seat), stops(state, seat))
    )
    if riding:
        tx.emit(ev.Moved(seat=seat, to=to, reason="Y. B. Rowdy's ride"))
        tx.emit(ev.RideEnded(seat=seat))
    else:
        tx.emit(ev.ActionSpent(seat=seat, action="move"))
        tx.emit(ev.Moved(seat=seat, to=to, reason="move"))
    if crossed:  # Bloody Knife: crossing a mesa heals 1 wound
        gain(tx, seat, "crossed a mesa", wounds=-1)
    _arrive(tx, seat, to, kit=not riding)


def extra_step(tx: Tx, seat: int, to: str) -> None:
    """Kit Carson: the extra space ends a movement of its own (deliveries, fights, reactions)."""
    tx.emit(ev.AfterMoveOpened(seat=seat, effects=()))  # the step is taken: nothing stays open
    tx.emit(ev.Moved(seat=seat, to=to, reason="Kit Carson's extra step"))
    _arrive(tx, seat, to, kit=False)


def _arrive(tx: Tx, seat: int, to: str, *, kit: bool) -> None:
    """The effects of ending a movement on `to`."""
    deliver_cattle(tx, seat)
    if to in tx.state.bandits:  # WL-MOVE-4: a bandit stops the move and fights
        _open_after_move(tx, seat, kit=kit, fight=True)
        npc.start(tx, "bandit", seat)
    elif to == tx.state.sheriff and tx.state.players[seat].wp > 0:  # WL-SHF-3: so does the Sheriff
        _open_after_move(tx, seat, kit=kit, fight=True)
        npc.start(tx, "sheriff", seat)
    else:
        _open_after_move(tx, seat, kit=kit, fight=False)


def _open_after_move(tx: Tx, seat: int, *, kit: bool, fight: bool) -> None:
    """Whiskey's reaction and Billy the Kid's shakedown wait for a Move that ends by other players;
    Kit Carson's extra step waits after any Move action. A Move that meets a fight ends when the
    fight does (WL-TURN-4): under `kit_carson_step="end_of_move"` Kit's step is then decided
    (`npc.KIT_PENDING`), by his LP at that end."""
    p = tx.state.players[seat]
    effects = []
    if others_here(tx.state, seat):
        if any(ITEMS[o.item].after_move_wound for o in p.items):
            effects.append("whiskey")
        if tx.state.ability(seat).shakedown:
            effects.append("billy")
    rule = tx.state.option("kit_carson_step")
    if kit and rule == "end_of_move" and fight and p.character and CHARACTERS[p.character].ability.extra_move:
        effects.append(npc.KIT_PENDING)
    elif kit and tx.state.ability(seat).extra_move and rule in ("after_move", "end_of_move"):
        effects.append("kit")
    if effects:
        tx.emit(ev.AfterMoveOpened(seat=seat, effects=tuple(effects)))


def work(tx: Tx, seat: int) -> None:
    """WL-LOC-WORK-1: "Work — Gain $10 at any location" (companion app; Chinese quick reference)."""
    tx.emit(ev.ActionSpent(seat=seat, action="work"))
    gain(tx, seat, "work", money=10)


def may_rob_bank(state: State) -> bool:
    """WL-LOC-BANK-2: "Heist — once per turn" unless the table plays `bank_robbery="unlimited"`."""
    return state.option("bank_robbery") == "unlimited" or "robbed" not in state.turn_flags


def others_here(state: State, seat: int) -> tuple[int, ...]:
    space = state.players[seat].space
    return tuple(s for s, p in enumerate(state.players) if s != seat and p.space == space)


def throw_whiskey(tx: Tx, seat: int, target: int) -> None:
    tx.emit(ev.WhiskeyThrown(seat=seat, target=target))
    tx.emit(ev.ItemDiscarded(seat=seat, item="whiskey"))
    gain(tx, target, "hit by a whiskey bottle", wounds=1)


def shake_down(tx: Tx, seat: int, target: int, take: str) -> None:
    """Billy the Kid: $10, or a random card from the target's hand."""
    tx.emit(ev.ShakenDown(seat=seat, target=target, take=take))
    if take == "money":
        tx.emit(ev.PlayerChanged(seat=target, reason="shaken down", money=-10))
        gain(tx, seat, "shakedown", money=10)
        return
    hand = tx.state.players[target].hand
    tx.emit(ev.CardStolen(seat=seat, victim=target, card=hand[tx.rng.randint(0, len(hand) - 1)]))


def ride_out(tx: Tx, seat: int, card: str) -> None:
    """Y. B. Rowdy: discard a card at the start of his turn to move up to 3, costing no action."""
    tx.emit(ev.CardsDiscarded(seat=seat, cards=(card,)))
    tx.emit(ev.RideStarted(seat=seat, steps=tx.state.ability(seat).ride_out))


def can_ride(state: State, seat: int) -> bool:
    p = state.players[seat]
    return (
        state.phase == "income"
        and bool(state.ability(seat).ride_out)
        and "ride" not in state.turn_flags
        and p.space not in board.IN_TOWN
        and bool(p.hand)
    )


def prospect(tx: Tx, seat: int) -> None:
    """WL-LOC-MINE-1: roll both dice; a $10 + reroll face pays and rolls that die again."""
    tx.emit(ev.ActionSpent(seat=seat, action="prospect"))
    chains = (_roll_chain(tx), _roll_chain(tx))
    tx.emit(ev.DiceRolled(seat=seat, faces=chains[0] + chains[1]))
    p = tx.state.players[seat]
    if any(ITEMS[o.item].prospect_rerolls for o in p.items):  # the Miner's Map
        tx.emit(ev.RerollAwaited(seat=seat, first=chains[0], second=chains[1]))
        return
    _pay_dice(tx, seat, chains[0] + chains[1])


def reroll(tx: Tx, seat: int, die: int) -> None:
    """The Miner's Map: `die` loses its last face and rolls again; -1 keeps the roll. Then pay out."""
    if die >= 0:
        tx.emit(ev.DieRerolled(seat=seat, die=die, faces=_roll_chain(tx)))
    faces = tx.state.dice[0] + tx.state.dice[1]
    tx.emit(ev.DiceSettled(seat=seat))
    _pay_dice(tx, seat, faces)


def _roll_chain(tx: Tx) -> tuple[int, ...]:
    faces = [tx.rng.randint(1, 6)]
    while faces[-1] == CASH_REROLL and len(faces) <= MAX_REROLLS:
        faces.append(tx.rng.randint(1, 6))
    return tuple(faces)


def _pay_dice(tx: Tx, seat: int, faces: tuple[int, ...]) -> None:
    nuggets = sum(1 for f in faces if f in NUGGET)
    cash = 10 * sum(1 for f in faces if f in (CASH, CASH_REROLL))
    gain(tx, seat, "prospecting", money=cash, gold=nuggets)


def deposit(tx: Tx, seat: int, nuggets: int) -> None:
    """WL-LOC-BANK-1: each nugget sells for $20 and 1 LP."""
    tx.emit(ev.ActionSpent(seat=seat, action="deposit"))
    gain(tx, seat, "sold nuggets", gold=-nuggets, money=20 * nuggets, lp=nuggets)


def can_buy(player: Player, item: str) -> bool:
    spec = ITEMS[item]
    fits = spec.kind != "misc" or player.misc_count() < 3  # WL-CMP-3: 3 misc items
    return player.owns(item) is None and player.money >= spec.price and fits


def purchase(tx: Tx, seat: int, item: str, activate: bool) -> None:
    tx.emit(ev.ActionSpent(seat=seat, action="purchase"))
    gain(tx, seat, f"bought {item}", money=-ITEMS[item].price)
    gain_item(tx, seat, item, upgraded=False)
    if activate:  # WL-TURN-2: a new weapon or mount may be made active at once
        _activate(tx, seat, item)


def _activate(tx: Tx, seat: int, item: str) -> None:
    p = tx.state.players[seat]
    kind = ITEMS[item].kind
    tx.emit(
        ev.GearChosen(
            seat=seat,
            weapon=item if kind == "weapon" else p.weapon,
            mount=item if kind == "mount" else p.mount,
        )
    )


def upgrade(tx: Tx, seat: int, item: str) -> None:
    tx.emit(ev.ActionSpent(seat=seat, action="upgrade"))
    gain(tx, seat, f"upgraded {item}", money=-ITEMS[item].price)
    tx.emit(ev.ItemUpgraded(seat=seat, item=item))


def heal(tx: Tx, seat: int) -> None:
    """WL-LOC-DOC-1: $10, every wound off, a card for each wound removed."""
    tx.emit(ev.ActionSpent(seat=seat, action="heal"))
    wounds = tx.state.players[seat].wounds
    gain(tx, seat, "the doctor", money=-10, wounds=-wounds)
    draw(tx, seat, wounds)


def revel(tx: Tx, seat: int, times: int) -> None:
    """WL-LOC-CAB-1: $30 per LP."""
    tx.emit(ev.ActionSpent(seat=seat, action="revel"))
    gain(tx, seat, "the cabaret", money=-30 * times, lp=times)


def use_provisions(tx: Tx, seat: int) -> None:
    """WL-CARD-1 with Provisions: discard it (back to the stand), draw 1 and lose 1 wound."""
    tx.emit(ev.ActionSpent(seat=seat, action="provisions"))
    tx.emit(ev.ItemDiscarded(seat=seat, item="provisions"))
    draw(tx, seat, 1)
    gain(tx, seat, "provisions", wounds=-1)


def can_take_cattle(state: State, seat: int) -> bool:
    """WL-LOC-CATTLE-1: on a ranch with tokens left, carrying none (WL-CMP-3: 1 token)."""
    p = state.players[seat]
    colour = ranch_at(p.space)
    return bool(colour) and not p.cattle and bool(state.ranch(colour))


def take_cattle(tx: Tx, seat: int) -> None:
    """A random face-down token; only the taker sees its value ([gap] default)."""
    colour = ranch_at(tx.state.players[seat].space)
    pool = tx.state.ranch(colour)
    tx.emit(ev.ActionSpent(seat=seat, action="take_cattle"))
    tx.emit(ev.CattleTaken(seat=seat, ranch=colour, token=pool[tx.rng.randint(0, len(pool) - 1)]))


def delivery(state: State, seat: int) -> str:
    """WL-LOC-CATTLE-2: "wrangle" at the Rail Station, "rustle" at the other colour's ranch, else ""."""
    p = state.players[seat]
    if not p.cattle:
        return ""
    if p.space == board.RAIL_STATION:
        return "wrangle"
    colour = ranch_at(p.space)
    return "rustle" if colour and colour != COLOURS[p.cattle] else ""


def deliver_cattle(tx: Tx, seat: int) -> None:
    """WL-MOVE-5: a Move ending on a delivery space delivers for free: reward + 1 MP (wrangle) or 1 WP."""
    how = delivery(tx.state, seat)
    if not how:
        return
    token = tx.state.players[seat].cattle
    money, lp = TOKENS[token]
    tx.emit(ev.CattleDelivered(seat=seat, token=token, delivery=how))
    wrangled = how == "wrangle"
    gain(tx, seat, f"{how}d cattle", money=money, lp=lp, mp=int(wrangled), wp=int(not wrangled))
