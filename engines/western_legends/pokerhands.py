"""Poker hand ranking for saloon poker (WL-LOC-SAL-1): standard ranks, aces high or low in straights.

A hand is the 3 flop cards plus exactly 2 hand cards (1 when only 1 is held: a 4-card hand,
which can make no straight or flush) [src: companion]. Core poker cards have no text, so
five of a kind (the Cheat card, Jokers) cannot occur.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engines.western_legends.cards import value

HAND_NAMES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
FULL_HAND = 5


def hand_key(cards: Sequence[str]) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break values): a higher key is a better hand; equal keys tie."""
    values = [value(c) for c in cards]
    counts = Counter(values)
    by_count = sorted(counts.items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    shape = [n for _, n in by_count]
    ranked = tuple(v for v, _ in by_count)
    flush = len(cards) == FULL_HAND and len({c[-1] for c in cards}) == 1
    high = _straight_high(values)
    if high and flush:
        return 8, (high,)
    if shape[0] == 4:
        return 7, ranked
    if shape[:2] == [3, 2]:
        return 6, ranked
    if flush:
        return 5, tuple(sorted(values, reverse=True))
    if high:
        return 4, (high,)
    if shape[0] == 3:
        return 3, ranked
    if shape[:2] == [2, 2]:
        return 2, ranked
    if shape[0] == 2:
        return 1, ranked
    return 0, tuple(sorted(values, reverse=True))


def _straight_high(values: list[int]) -> int:
    """The top card of a 5-card straight (A-2-3-4-5 counts as 5-high), else 0."""
    distinct = sorted(set(values))
    if len(values) != FULL_HAND or len(distinct) != FULL_HAND:
        return 0
    if distinct[-1] - distinct[0] == FULL_HAND - 1:
        return distinct[-1]
    if distinct == [2, 3, 4, 5, 14]:
        return 5
    return 0


def hand_name(cards: Sequence[str]) -> str:
    return HAND_NAMES[hand_key(cards)[0]]
