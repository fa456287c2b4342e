"""The 12 base characters as data (WL §12): start spaces, start bonuses and ability ids.

Only the abilities the core set names (Annie Oakley, Bass Reeves, Mary Fields,
Kit Carson) have effect functions; the others carry an id for the full ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.western_legends import board


@dataclass(frozen=True)
class CharacterSpec:
    name: str
    starts: tuple[str, ...]  # WL-SET-5: any of these cells
    money: int = 0
    cards: int = 0
    items: tuple[tuple[str, bool], ...] = ()  # (item, upgraded)
    mp: int = 0
    wp: int = 0
    wounds: int = 0


_HIDEOUTS = tuple(c for pair in board.HIDEOUTS.values() for c in pair)

CHARACTERS: dict[str, CharacterSpec] = {
    spec.name: spec
    for spec in (
        CharacterSpec("annie_oakley", ("D3", "D4", "E4"), cards=1, items=(("rifle", False),)),
        CharacterSpec("bass_reeves", ("C4",), money=10, cards=1, items=(("revolver", True),), mp=1),
        CharacterSpec("billy_the_kid", board.HIDEOUTS["A"], cards=2, items=(("revolver", False),), wp=2),
        CharacterSpec("bloody_knife", ("B8",), money=20, cards=2, items=(("revolver", False),)),
        CharacterSpec(
            "calamity_jane", ("K4", "J5", "K5"), money=20, items=(("revolver", False), ("provisions", False))
        ),
        CharacterSpec("doc_holliday", ("I3",), money=40, cards=2, items=(("revolver", False),), wounds=1),
        CharacterSpec(
            "jesse_james", board.HIDEOUTS["B"], money=10, cards=1, items=(("revolver", True),), wp=1
        ),
        CharacterSpec("kit_carson", ("F2",), cards=2, items=(("miners_map", False), ("revolver", True))),
        CharacterSpec("mary_fields", ("B5", "C5", "D5"), money=10, cards=1, items=(("shotgun", False),)),
        CharacterSpec("wild_bill_hickok", ("I4",), money=10, cards=3, items=(("revolver", False),)),
        CharacterSpec("wyatt_earp", _HIDEOUTS, money=10, cards=2, items=(("revolver", False),), mp=1),
        CharacterSpec("yb_rowdy", ("H7",), cards=3, items=(("revolver", True),)),
    )
}
CHARACTER_NAMES: tuple[str, ...] = tuple(CHARACTERS)
