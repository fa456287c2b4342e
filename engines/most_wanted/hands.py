"""Hand evaluation (spec section 7): categories, Double Crosser and in-hand tie-breaks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from engines.most_wanted.cards import ACE, SIX, rank

HIGH_CARD, PAIR, TWO_PAIR, THREE, FOUR, DOUBLE_CROSSER = 1, 2, 3, 4, 5, 6
CATEGORY_NAMES = {
    HIGH_CARD: "high card",
    PAIR: "pair",
    TWO_PAIR: "two pair",
    THREE: "three of a kind",
    FOUR: "four of a kind",
    DOUBLE_CROSSER: "Double Crosser",
}

HandKey = tuple[int, ...]


def double_crosser_active(hands: Sequence[Sequence[str]]) -> bool:
    """MW-HAND-4: all-6s hands become Double Crossers only when an all-Aces hand is shown."""
    ranks = [{rank(c) for c in hand} for hand in hands if hand]
    return {ACE} in ranks and {SIX} in ranks


def hand_key(cards: Sequence[str], crossers_active: bool) -> HandKey:
    """MW-HAND-9: (category, ranks grouped by count then rank, both descending)."""
    return _key_of_ranks(tuple(sorted([rank(c) for c in cards])), crossers_active)


@lru_cache(maxsize=4096)
def _key_of_ranks(ranks: tuple[int, ...], crossers_active: bool) -> HandKey:
    """The key of a hand of these ranks (sorted): a key depends on the ranks alone, and
    the same ranks recur in other hands and games, so each is worked out once (a hand of
    up to 7 of the 9 ranks has ~11,000 rank multisets; 4096 of them are kept)."""
    if crossers_active and ranks and all(r == SIX for r in ranks):
        return (DOUBLE_CROSSER,)  # MW-HAND-4: every Double Crosser ties with every other
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    counts = [count for _, count in groups]
    ordered = tuple(r for r, count in groups for _ in range(count))
    return (_category(counts), *ordered)


def _category(counts: list[int]) -> int:
    if counts[0] == 4:
        return FOUR
    if counts[0] == 3:
        return THREE
    if counts[0] == 2:
        return TWO_PAIR if len(counts) > 1 and counts[1] == 2 else PAIR
    return HIGH_CARD


def best_hands(hands: dict[int, tuple[str, ...]]) -> tuple[tuple[int, ...], dict[int, HandKey]]:
    """The seats holding the best hand in one showdown (several when tied), and every key."""
    active = double_crosser_active(list(hands.values()))
    keys = {seat: hand_key(cards, active) for seat, cards in hands.items()}
    top = max(keys.values())
    return tuple(seat for seat, key in keys.items() if key == top), keys
