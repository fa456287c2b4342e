"""Location and card actions (WL §6.2, §6.3): movement, prospecting, bank, store, doctor, cabaret."""

from __future__ import annotations

from engines.western_legends import events as ev
from engines.western_legends.items import ITEMS
from engines.western_legends.rules import Tx, draw, gain
from engines.western_legends.state import Player, State
from engines.western_legends.turn import gain_item

FOOT_MOVE = 2  # WL-MOVE-2
NUGGET, CASH, CASH_REROLL = (1, 2, 3), 4, 5  # WL-CMP-4: die faces; 6 is blank
MAX_REROLLS = 12  # a chain of rerolls this long has odds below 1 in 2 billion; it just stops


def movement(state: State, seat: int) -> int:
    """WL-MOVE-2: 2 on foot, else the active mount's value; Kit Carson may go 1 further."""
    p = state.players[seat]
    steps = FOOT_MOVE
    if p.mount:
        owned = p.owns(p.mount)
        steps = ITEMS[p.mount].move[1 if owned and owned.upgraded else 0]
    return steps + (1 if state.ability_on(seat, "kit_carson") else 0)


def stops(state: State, seat: int) -> frozenset[str]:
    """WL-MOVE-4 / WL-SHF-3: spaces that end a move: bandits, and the Sheriff for a Wanted player."""
    sheriff = (state.sheriff,) if state.players[seat].wp > 0 else ()
    return frozenset((*state.bandits, *sheriff))


def move(tx: Tx, seat: int, to: str) -> None:
    tx.emit(ev.ActionSpent(seat=seat, action="move"))
    tx.emit(ev.Moved(seat=seat, to=to, reason="move"))


def prospect(tx: Tx, seat: int) -> None:
    """WL-LOC-MINE-1: roll both dice; a $10 + reroll face pays and rolls that die again."""
    tx.emit(ev.ActionSpent(seat=seat, action="prospect"))
    faces: list[int] = []
    for _ in range(2):
        face = tx.rng.randint(1, 6)
        faces.append(face)
        rerolls = 0
        while face == CASH_REROLL and rerolls < MAX_REROLLS:
            face = tx.rng.randint(1, 6)
            faces.append(face)
            rerolls += 1
    tx.emit(ev.DiceRolled(seat=seat, faces=tuple(faces)))
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
