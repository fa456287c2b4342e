"""The 72-card deck as data (spec section 2.1): ranks 6..A, four suits, two copies each.

A card id is "<rank>-<suit>-<copy>", e.g. "Q-2-b": unique, a JSON string, and
readable in logs. Suits only matter for Honest Labor (MW-CMP-1).
"""

from __future__ import annotations

from engines.wording import UNSEEN

RANK_LABELS = {6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
SUITS = (0, 1, 2, 3)  # MW-CMP-1 gap: suit names unknown, so S0..S3
COPIES = ("a", "b")
SIX, ACE = 6, 14
HAND_SIZE = 5  # MW-SET-3 / MW-REF-1
CHURCH_HAND = 7  # MW-CH-1

DECK: tuple[str, ...] = tuple(
    f"{label}-{suit}-{copy}" for rank, label in RANK_LABELS.items() for suit in SUITS for copy in COPIES
)
_RANK_OF_LABEL = {label: rank for rank, label in RANK_LABELS.items()}
_RANKS = {card: _RANK_OF_LABEL[card.split("-")[0]] for card in DECK}
_SUITS = {card: int(card.split("-")[1]) for card in DECK}


def is_card(card: str) -> bool:
    return card in _RANKS


def rank(card: str) -> int:
    return _RANKS[card]


def suit(card: str) -> int:
    return _SUITS[card]


def face(card: str) -> tuple[int, int]:
    """What a card looks like: the two copies of one rank and suit are interchangeable."""
    return _RANKS[card], _SUITS[card]


def label(cards: tuple[str, ...]) -> str:
    """Narrative text such as 9-9-K: ranks only, largest group first, then highest; a card nobody saw
    (`UNSEEN`, in an expanded tabletop recording) last, as "(unseen)"."""
    ranks = [rank(c) for c in cards if c != UNSEEN]
    ordered = sorted(ranks, key=lambda r: (ranks.count(r), r), reverse=True)
    return "-".join([*(RANK_LABELS[r] for r in ordered), *(UNSEEN for c in cards if c == UNSEEN)])
