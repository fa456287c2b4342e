"""Cattle tokens as data (WL-SET-1, WL-LOC-CATTLE-1/2); their effects are in actions.py and fights.py.

Each ranch holds face-down tokens of its colour; the values are the spec's [gap]
default ($20, $20, $30, $30, $40, "$20 + 1 LP" per colour, then $30 and $40 for the later
printing's extra two, also without a source). A token's id names its
value, so it is a secret of its carrier until it is delivered and revealed.
"""

from __future__ import annotations

from engines.western_legends import board

# token id -> (money, lp); the first letter is the colour (G green, B blue). The first printing's
# 6 per colour, then the 2 more per colour of the later printing's 16 (`cattle_tokens`): no source
# gives any value or the later split, so both are the statement's named defaults.
VALUES: tuple[tuple[int, int], ...] = ((20, 0), (20, 0), (30, 0), (30, 0), (40, 0), (20, 1), (30, 0), (40, 0))
TOKENS: dict[str, tuple[int, int]] = {
    f"{colour[0].upper()}{i + 1}": value for colour in board.RANCHES for i, value in enumerate(VALUES)
}
FIRST_PRINTING_CATTLE = 12  # WL-SET-1: 6 per ranch [src: scribd]; the later printing has 16 [seed]
COLOURS = {token: colour for colour in board.RANCHES for token in TOKENS if token[0] == colour[0].upper()}


def token_colour(token: str) -> str:
    return COLOURS[token]


def start_ranches(count: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """WL-SET-1: `count` tokens, half of each colour, face down on the ranch of their colour."""
    per_ranch = count // len(board.RANCHES)
    return tuple(
        (colour, tuple(t for t in TOKENS if COLOURS[t] == colour)[:per_ranch]) for colour in board.RANCHES
    )


def ranch_at(space: str) -> str:
    """The colour of the ranch on `space`, or ""."""
    return next((colour for colour, cell in board.RANCHES.items() if cell == space), "")
