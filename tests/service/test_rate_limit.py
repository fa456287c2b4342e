"""The wrong-token counter on its own, with a clock the test moves: burst, refill, backstop, addresses."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from service.core.auth import Caller
from service.core.client_address import client_address
from service.core.errors import Unauthenticated
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


def test_one_check_reads_a_token_for_every_front_end() -> None:
    """A malformed presentation counts as a guess, a waiting address is refused, a sent token must agree."""
    clock = Clock()
    failures = TokenFailures(
        Limits(burst=2, per_second=0.001, global_per_second=1e9, global_burst=10**9), clock
    )
    organiser = "o" * 40
    assert failures.caller("a", [], organiser) == Caller(token=None)
    assert failures.caller("a", [], organiser, f" {organiser} ") == Caller(organiser, is_organiser=True)
    assert failures.caller("a", [f"Bearer {organiser}"], organiser).is_organiser
    for header, sent in ((["Token x"], ""), (["Bearer x"], "y"), (["Bearer x", "Bearer x"], ""), ([], "  ")):
        with pytest.raises(Unauthenticated) as refused:
            failures.caller("b", header, organiser, sent)
        assert refused.value.reason == "BAD_AUTHORIZATION"
    with pytest.raises(TooManyFailures):  # its bucket is empty: even the organiser's token waits
        failures.caller("b", [f"Bearer {organiser}"], organiser)
    assert failures.caller("b", [], organiser) == Caller(token=None)  # no token: nothing to wait for


def test_no_front_end_reads_or_compares_a_token_itself() -> None:
    """The fronts turn a transport's token into a caller through `TokenFailures.caller` only."""
    fronts = Path(__file__).resolve().parents[2] / "service"
    for front in ("grpc_api", "wsplay", "web"):
        for path in (fronts / front).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                imported = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                assert "hmac" not in imported, f"{path}: tokens are compared in service.core.auth"
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                    assert node.func.id != "Caller", f"{path}:{node.lineno}: callers come from one check"
