"""A seat and its token as `frontier` prints them for people: seats counted from 1."""

from __future__ import annotations


def seat_token_line(seat: int, player: str, token: str) -> str:
    """'seat 2 (Ann): token T' for the API's 0-based `seat`."""
    return f"seat {seat + 1}" + (f" ({player})" if player else "") + f": token {token}"
