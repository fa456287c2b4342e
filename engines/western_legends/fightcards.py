"""The 13 NPC fight cards as data (WL-NPC-2): what each does to the player, and which choices it offers."""

from __future__ import annotations

from dataclasses import dataclass

from engines.western_legends.cards import RANKS

FIGHT_DECK: tuple[str, ...] = RANKS  # one card of each rank, ids "2".."A"


@dataclass(frozen=True)
class FightCardEffect:
    wounds: int = 0
    lp: int = 0
    money: int = 0
    draws: int = 0
    mp_ban: bool = False  # 5 and 9: no MP for beating a bandit in this fight
    choice: str = ""  # "discard" (4), "wound_or_random" (7), "discard_or_money" (9), "point" (A),
    # "keep_or_restart" (10, optional unless `fight_card_10="always_restart"`)
    restart: bool = False  # 10: "you may immediately cancel this fight and initiate another fight"


EFFECTS: dict[str, FightCardEffect] = {
    "2": FightCardEffect(wounds=1, lp=-1),
    "3": FightCardEffect(wounds=2),
    "4": FightCardEffect(wounds=1, choice="discard"),
    "5": FightCardEffect(wounds=1, mp_ban=True),
    "6": FightCardEffect(wounds=1),
    "7": FightCardEffect(choice="wound_or_random"),
    "8": FightCardEffect(wounds=1),
    "9": FightCardEffect(choice="discard_or_money", mp_ban=True),
    "10": FightCardEffect(restart=True, choice="keep_or_restart"),
    "J": FightCardEffect(money=10),
    "Q": FightCardEffect(draws=1),
    "K": FightCardEffect(lp=1),
    "A": FightCardEffect(choice="point"),
}
DRAWN = {"bandit": 2, "guard": 3, "sheriff": 4}  # WL-NPC-3/4/5: fight cards the chooser draws


def fight_value(card: str) -> int:
    return RANKS.index(card) + 2
