"""Attack: escaping the count of wrong tokens by seeming to be many callers, at the web sign-in.

With uvicorn's proxy headers on, any loopback client named itself a new address per request in
`X-Forwarded-For`: 1,500 guesses with random headers were all checked, no 429. And guesses paced
to each address's own refill rate never met the global backstop: 80 loopback addresses at one
guess per 0.55 s each got 3,637 checks in 25 s against the documented ~700 (200 at once, then 20 a
second). Now the header is believed only from a proxy named by `--trusted-proxy`, and an address
that failed lately waits for the global backstop however slowly it guesses.
"""

from __future__ import annotations

import http.client
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.core.rate_limit import Limits
from service.web.server import RunningHttp, start_http
from tests.conftest import ORGANISER, start_server

PER_ADDRESS = Limits(per_second=5.0, burst=10, global_per_second=10_000.0, global_burst=10_000)


def sign_in(port: int, token: str, source: str = "127.0.0.1", forwarded_for: str | None = None) -> int:
    """POST /login with `token` from the loopback address `source`: the HTTP status."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if forwarded_for is not None:
        headers["X-Forwarded-For"] = forwarded_for
    try:
        connection.request("POST", "/login", f"token={token}", headers)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def random_address() -> str:
    return ".".join(str(b) for b in os.urandom(4))


def guess() -> str:
    return os.urandom(24).hex()


@pytest.fixture
def web(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[RunningHttp]:
    """The web viewer of a real server; parametrised with (limits, trusted proxy)."""
    limits, trusted_proxy = getattr(request, "param", (PER_ADDRESS, None))
    running = start_server(tmp_path / "data", token_failures=limits)
    http_server = start_http(
        running.ledger,
        ORGANISER,
        "127.0.0.1",
        0,
        failures=running.servicer.failures,
        trusted_proxy=trusted_proxy,
    )
    yield http_server
    http_server.stop()
    running.stop()


def test_a_random_x_forwarded_for_per_guess_still_meets_the_per_address_limit(web: RunningHttp) -> None:
    checked = refused = 0
    started = time.monotonic()
    for _ in range(60):
        status = sign_in(web.port, guess(), forwarded_for=random_address())
        assert status in (403, 429), status
        checked += status == 403
        refused += status == 429
    elapsed = time.monotonic() - started
    assert checked <= PER_ADDRESS.burst + PER_ADDRESS.per_second * elapsed + 1, (checked, elapsed)
    assert refused > checked, (checked, refused)


SLOW = Limits(per_second=0.01, burst=3, global_per_second=10_000.0, global_burst=10_000)


@pytest.mark.parametrize("web", [(SLOW, "127.0.0.1")], indirect=True)
def test_with_the_proxy_named_its_x_forwarded_for_is_honoured_and_no_one_elses(web: RunningHttp) -> None:
    for _ in range(SLOW.burst):
        assert sign_in(web.port, guess(), forwarded_for="203.0.113.7") == 403
    # The proxy's client 203.0.113.7 waits; another client behind the same proxy is checked.
    assert sign_in(web.port, guess(), forwarded_for="203.0.113.7") == 429
    assert sign_in(web.port, guess(), forwarded_for="203.0.113.8") == 403
    # From an address that is not the proxy the header is not believed: 127.0.0.2 is counted itself.
    for _ in range(SLOW.burst):
        assert sign_in(web.port, guess(), source="127.0.0.2", forwarded_for=random_address()) == 403
    assert sign_in(web.port, guess(), source="127.0.0.2", forwarded_for=random_address()) == 429
    assert sign_in(web.port, ORGANISER, forwarded_for="198.51.100.1") == 303  # the organiser elsewhere


# Small numbers for a short test, in the documented proportions: each address's own bucket never
# empties at its pace, so only the global backstop can hold the guessing back.
BACKSTOP = Limits(per_second=2.0, burst=20, global_per_second=5.0, global_burst=20)
ADDRESSES = [f"127.0.1.{n}" for n in range(1, 41)]
PACE = 0.6  # seconds between one address's guesses: under its refill of per_second
SECONDS = 4.0


@pytest.mark.parametrize("web", [(BACKSTOP, None)], indirect=True)
def test_guesses_paced_over_many_addresses_are_held_to_the_global_backstop(web: RunningHttp) -> None:
    counts = {403: 0, 429: 0}
    lock = threading.Lock()
    started = time.monotonic()

    def guesser(source: str) -> None:
        while time.monotonic() - started < SECONDS:
            status = sign_in(web.port, guess(), source=source)
            with lock:
                counts[status] = counts.get(status, 0) + 1
            time.sleep(PACE)

    threads = [threading.Thread(target=guesser, args=(a,)) for a in ADDRESSES]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    checked, refused = counts[403], counts[429]
    assert set(counts) == {403, 429}, counts
    # The backstop's burst and refill, and at most one check for each address new to the count.
    ceiling = BACKSTOP.global_burst + BACKSTOP.global_per_second * elapsed + len(ADDRESSES)
    assert checked <= ceiling, (checked, refused, elapsed, ceiling)
    assert refused > 0, (checked, refused)
