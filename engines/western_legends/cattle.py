"""Cattle tokens as data (WL-SET-1, WL-LOC-CATTLE-1/2); their effects are in actions.py and fights.py.

Each ranch holds face-down tokens of its colour; the values are the spec's [gap]
default ($20, $20, $30, $30, $40, "$20 + 1 LP" per colour). A token's id names its
value, so it is a secret of its carrier until it is delivered and revealed.
"""

from __future__ import annotations

from engines.western_legends import board

# token id -> (money, lp); the first letter is the colour (G green, B blue)
VALUES: tuple[tuple[int, int], ...] = ((20, 0), (20, 0), (30, 0), (30, 0), (40, 0), (20, 1))
TOKENS: dict[str, tuple[int, int]] = {
    f"{colour[0].upper()}{i + 1}": value for colour in board.RANCHES for i, value in enumerate(VALUES)
}
COLOURS = {token: colour for colour in board.RANCHES for token in TOKENS if token[0] == colour[0].upper()}


def token_colour(token: str) -> str:
    return COLOURS[token]


def start_ranches() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """WL-SET-1: every token face down on the ranch of its colour."""
    return tuple((colour, tuple(t for t in TOKENS if COLOURS[t] == colour)) for colour in board.RANCHES)


def ranch_at(space: str) -> str:
    """The colour of the ranch on `space`, or ""."""
    return next((colour for colour, cell in board.RANCHES.items() if cell == space), "")
