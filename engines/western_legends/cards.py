"""Poker cards as data (WL-CMP-1): 52 ids like "KS" or "10H"; in the core ruleset they are plain ranks."""

from __future__ import annotations

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
MIN_VALUE = 2  # WL-FIGHT-8: a card is never lowered below 2


def value(card: str) -> int:
    """2..10, J=11, Q=12, K=13, A=14."""
    return RANKS.index(card[:-1]) + 2
