"""Hand ranking (MW-HAND), Double Crosser, and the deck's data (MW-CMP)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.most_wanted.cards import DECK, rank, suit
from engines.most_wanted.hands import (
    DOUBLE_CROSSER,
    FOUR,
    HIGH_CARD,
    PAIR,
    THREE,
    TWO_PAIR,
    _category,
    _key_of_ranks,
    best_hands,
    double_crosser_active,
    hand_key,
)


def key(*cards: str, crossers: bool = False) -> tuple[int, ...]:
    return hand_key(cards, crossers)


def test_MW_CMP_1_deck_has_72_cards_8_of_each_rank_and_suits_do_not_change_strength() -> None:
    assert len(DECK) == 72 == len(set(DECK))
    assert set(Counter(rank(c) for c in DECK).values()) == {8}
    assert set(Counter(suit(c) for c in DECK).values()) == {18}
    assert key("9-0-a", "9-1-a") == key("9-2-b", "9-3-a")


def test_MW_HAND_1_categories_rank_high_to_low() -> None:
    assert key("9-0-a", "9-1-a", "9-2-a", "9-3-a")[0] == FOUR
    assert key("9-0-a", "9-1-a", "9-2-a", "K-3-a")[0] == THREE
    assert key("9-0-a", "9-1-a", "K-2-a", "K-3-a")[0] == TWO_PAIR
    assert key("9-0-a", "9-1-a", "Q-2-a", "K-3-a")[0] == PAIR
    assert key("8-0-a", "9-1-a", "Q-2-a", "K-3-a")[0] == HIGH_CARD
    assert key("6-0-a", "6-1-a", crossers=True)[0] == DOUBLE_CROSSER


def test_MW_HAND_2_a_pair_of_sevens_beats_ace_high() -> None:
    assert key("7-0-a", "7-1-a") > key("A-0-a", "K-1-a")


def test_MW_HAND_3_sizes_allow_only_their_categories() -> None:
    assert key("A-0-a")[0] == HIGH_CARD
    assert key("A-0-a", "A-1-a")[0] == PAIR
    assert key("A-0-a", "A-1-a", "A-2-a")[0] == THREE


def test_MW_HAND_4_all_sixes_beat_four_aces_only_when_all_aces_are_shown() -> None:
    sixes = ("6-0-a", "6-1-a", "6-2-a", "6-3-a")
    aces = ("A-0-a", "A-1-a", "A-2-a", "A-3-a")
    kings = ("K-0-a", "K-1-a", "K-2-a", "K-3-a")
    assert double_crosser_active([sixes, aces])
    assert best_hands({0: aces, 1: sixes})[0] == (1,)
    assert best_hands({0: kings, 1: sixes})[0] == (0,)  # no all-Aces hand: sixes are just low


def test_MW_HAND_4_every_card_must_match() -> None:
    assert not double_crosser_active([("6-0-a", "6-1-a", "K-0-a"), ("A-0-a", "A-1-a", "A-2-a")])
    assert not double_crosser_active([("6-0-a", "6-1-a"), ("A-0-a", "K-1-a")])


def test_MW_HAND_4_two_double_crossers_tie() -> None:
    tied, _ = best_hands({0: ("A-0-a", "A-1-a"), 1: ("6-0-a", "6-1-a"), 2: ("6-2-a", "6-3-a")})
    assert tied == (1, 2)


def test_MW_HAND_4_a_single_six_beats_a_single_ace() -> None:
    assert best_hands({0: ("A-0-a",), 1: ("6-0-a",)})[0] == (1,)


def test_MW_HAND_5_higher_group_wins_within_a_category() -> None:
    assert key("J-0-a", "J-1-a", "6-2-a") > key("10-0-a", "10-1-a", "A-2-a")


def test_MW_HAND_6_two_pair_compares_high_pair_then_low_pair() -> None:
    assert key("K-0-a", "K-1-a", "7-0-a", "7-1-a") > key("Q-0-a", "Q-1-a", "J-0-a", "J-1-a")
    assert key("K-0-a", "K-1-a", "8-0-a", "8-1-a") > key("K-2-a", "K-3-a", "7-0-a", "7-1-a")


def test_MW_HAND_7_leftover_cards_break_ties_highest_first() -> None:
    assert key("9-0-a", "9-1-a", "K-0-a") > key("9-2-a", "9-3-a", "Q-0-a")
    assert key("9-0-a", "9-1-a", "9-2-a", "8-0-a") > key("9-3-a", "9-0-b", "9-1-b", "7-0-a")


def test_MW_HAND_8_high_card_compares_down_the_line() -> None:
    assert key("A-0-a", "9-1-a", "8-2-a") > key("A-1-a", "9-2-a", "7-3-a")
    assert key("A-0-a", "9-1-a") == key("A-1-a", "9-2-a")


def test_MW_HAND_9_key_groups_by_count_then_rank() -> None:
    assert key("K-0-a", "9-0-a", "9-1-a") == (PAIR, 9, 9, 13)


# -- the cached key: the same keys as the definition, for any hand ---------------------------


def uncached_hand_key(cards: tuple[str, ...], crossers_active: bool) -> tuple[int, ...]:
    """hand_key as it stood before its cache, verbatim apart from its name."""
    ranks = [rank(c) for c in cards]
    if crossers_active and ranks and all(r == 6 for r in ranks):
        return (DOUBLE_CROSSER,)
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    counts = [count for _, count in groups]
    ordered = tuple(r for r, count in groups for _ in range(count))
    return (_category(counts), *ordered)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=7, unique=True), st.booleans())
def test_the_cached_hand_key_is_the_uncached_one(cards: list[str], crossers: bool) -> None:
    hand = tuple(cards)
    expected = uncached_hand_key(hand, crossers)
    assert hand_key(hand, crossers) == expected
    assert hand_key(tuple(reversed(hand)), crossers) == expected  # the ranks are sorted for the cache
    assert hand_key(hand, crossers) == expected  # asked again: from the cache
    ranks = tuple(sorted(rank(c) for c in hand))
    assert _key_of_ranks.__wrapped__(ranks, crossers) == expected


def test_an_empty_hand_has_no_key_cached_or_not() -> None:
    for crossers in (False, True):
        with pytest.raises(IndexError):
            uncached_hand_key((), crossers)
        with pytest.raises(IndexError):
            hand_key((), crossers)


def test_the_hand_key_cache_is_bounded() -> None:
    assert _key_of_ranks.cache_info().maxsize == 4096
