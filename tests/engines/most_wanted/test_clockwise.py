"""The clockwise seat order (MW-TURN-3) is cached per table size and seat (a hot path): the
cached orders are the ones the definition gives, for any table and any seat."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.most_wanted.state import Player, Settings, State, clockwise


def uncached_clockwise(seats: int, seat: int) -> tuple[int, ...]:
    """State.clockwise_from as it stood before its cache."""
    return tuple((seat + i) % seats for i in range(seats))


def table(seats: int) -> State:
    settings = Settings("random", "split", "money", "standard", 3, 40)
    return State(settings=settings, players=tuple(Player() for _ in range(seats)))


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 12), st.integers(-30, 30))
def test_the_cached_order_is_the_uncached_one(seats: int, seat: int) -> None:
    expected = uncached_clockwise(seats, seat)
    assert clockwise(seats, seat) == expected
    assert clockwise(seats, seat) == expected  # asked again: from the cache
    assert clockwise.__wrapped__(seats, seat) == expected
    assert table(seats).clockwise_from(seat) == expected


def test_the_order_starts_at_the_seat_and_visits_every_seat_once() -> None:
    assert clockwise(4, 2) == (2, 3, 0, 1)
    assert clockwise(5, 0) == (0, 1, 2, 3, 4)


def test_the_cache_is_bounded() -> None:
    assert clockwise.cache_info().maxsize == 256
