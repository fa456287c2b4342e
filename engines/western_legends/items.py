"""Items as data (WL §11): price, type and the numbers their effects read.

Effects are data read by small functions elsewhere (movement, carrying, fights),
so the full ruleset can add item text without touching the turn flow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ItemKind = Literal["weapon", "mount", "misc"]


@dataclass(frozen=True)
class ItemSpec:
    name: str
    kind: ItemKind
    price: int
    move: tuple[int, int] = (0, 0)  # (basic, upgraded) movement of a mount
    extra_gold: int = 0  # WL-CMP-3: the Mule carries 2 more nuggets
    guard: tuple[int, int] = (0, 0)  # (basic, upgraded): lower the card played against you
    draw_on_win: bool = False  # the Shotgun: after you win a fight, draw 1
    wounds_on_gain: int = 0  # Whiskey: on gain lose 1 wound
    draws_on_gain: int = 0  # Provisions: on gain draw 1
    peek: int = 0  # the Rifle: at the start of a fight, look at 2 random cards in the target's hand
    prospect_rerolls: int = 0  # the Miner's Map: after you prospect, you may reroll 1 die
    after_move_wound: int = 0  # Whiskey's reaction: after your Move ends by a player, discard it to wound one
    card_action: str = ""  # WL-CARD-1: what its "Action" text does ("provisions")
    poker_win_lp: int = 0  # Ten-Gallon: "After you win a game of poker, gain 1LP."
    poker_loss_money: int = 0  # Ten-Gallon: "After you lose a game of poker, gain $10."


ITEMS: dict[str, ItemSpec] = {
    spec.name: spec
    for spec in (
        ItemSpec("revolver", "weapon", 20, guard=(0, 1)),
        ItemSpec("shotgun", "weapon", 30, guard=(0, 1), draw_on_win=True),
        ItemSpec("rifle", "weapon", 40, guard=(0, 1), peek=2),
        ItemSpec("mustang", "mount", 50, move=(4, 5)),
        ItemSpec("mule", "mount", 30, move=(3, 4), extra_gold=2),
        ItemSpec("miners_map", "misc", 10, prospect_rerolls=1),
        ItemSpec("provisions", "misc", 20, draws_on_gain=1, card_action="provisions"),
        ItemSpec("ten_gallon", "misc", 20, poker_win_lp=1, poker_loss_money=10),
        ItemSpec("whiskey", "misc", 10, wounds_on_gain=1, after_move_wound=1),
    )
}
ITEM_NAMES: tuple[str, ...] = tuple(ITEMS)
STOCK_PER_ITEM = 6  # WL-LOC-STORE-1: one stand shared by both towns
