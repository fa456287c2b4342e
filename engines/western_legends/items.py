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


ITEMS: dict[str, ItemSpec] = {
    spec.name: spec
    for spec in (
        ItemSpec("revolver", "weapon", 20, guard=(0, 1)),
        ItemSpec("shotgun", "weapon", 30, guard=(0, 1), draw_on_win=True),
        ItemSpec("rifle", "weapon", 40, guard=(0, 1)),
        ItemSpec("mustang", "mount", 50, move=(4, 5)),
        ItemSpec("mule", "mount", 30, move=(3, 4), extra_gold=2),
        ItemSpec("miners_map", "misc", 10),
        ItemSpec("provisions", "misc", 20, draws_on_gain=1),
        ItemSpec("ten_gallon", "misc", 20),
        ItemSpec("whiskey", "misc", 10, wounds_on_gain=1),
    )
}
ITEM_NAMES: tuple[str, ...] = tuple(ITEMS)
STOCK_PER_ITEM = 6  # WL-LOC-STORE-1: one stand shared by both towns
