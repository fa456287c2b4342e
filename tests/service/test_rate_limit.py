"""The wrong-token counter on its own, with a clock the test moves: burst, refill, backstop, addresses."""

from __future__ import annotations

import pytest

from service.core.client_address import client_address
from service.core.rate_limit import MAX_ADDRESSES, Limits, TokenFailures, TooManyFailures


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_an_address_gets_its_burst_then_its_rate() -> None:
    clock = Clock()
    failures = TokenFailures(
        Limits(per_second=2.0, burst=5, global_per_second=1e6, global_burst=10**6), clock
    )
    for _ in range(5):
        failures.admit("10.0.0.1")
        failures.failed("10.0.0.1")
    with pytest.raises(TooManyFailures) as waited:
        failures.admit("10.0.0.1")
    assert waited.value.reason == "TOO_MANY_FAILURES" and waited.value.metadata["retry_after_seconds"] == "1"
    failures.admit("10.0.0.2")  # another address is untouched
    clock.now += 0.5  # one failure regained
    failures.admit("10.0.0.1")
    failures.failed("10.0.0.1")
    with pytest.raises(TooManyFailures):
        failures.admit("10.0.0.1")


def test_the_backstop_stops_addresses_that_failed_lately_but_never_a_clean_one() -> None:
    clock = Clock()
    failures = TokenFailures(Limits(per_second=1.0, burst=3, global_per_second=1.0, global_burst=4), clock)
    for n in range(4):  # four addresses, one guess each: the global bucket is empty
        failures.failed(f"10.0.1.{n}")
    with pytest.raises(TooManyFailures):
        failures.admit("10.0.1.0")  # its own bucket has room, the backstop has none
    failures.admit("10.0.9.9")  # an address that never failed is always checked (the organiser's)


def test_ipv6_callers_count_by_their_64_and_ipv4_mapped_ones_as_ipv4() -> None:
    same_64 = ("ipv6:[2001:db8:1:2:aaaa::1]:443", "ipv6:[2001:db8:1:2:bbbb::9]:1")
    assert client_address(same_64[0]) == client_address(same_64[1])
    assert client_address("ipv6:[2001:db8:1:3::1]:443") != client_address("ipv6:[2001:db8:1:2::1]:443")
    assert client_address("ipv6:[::ffff:192.0.2.7]:5") == client_address("ipv4:192.0.2.7:6") == "192.0.2.7"


def test_the_addresses_remembered_are_bounded() -> None:
    clock = Clock()
    failures = TokenFailures(Limits(global_per_second=1e9, global_burst=10**9), clock)
    for n in range(MAX_ADDRESSES + 10):
        failures.failed(f"a{n}")
    assert len(failures._addresses) <= MAX_ADDRESSES
