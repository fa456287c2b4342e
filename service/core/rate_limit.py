"""Failed token presentations, counted per caller address, so a token cannot be guessed at speed.

Every address has a bucket of `burst` failures that refills at `per_second`; an address whose
bucket is empty has its tokens refused unchecked (UNAUTHENTICATED `TOO_MANY_FAILURES`, with
`retry_after_seconds`) until a failure has refilled. A global bucket (`global_burst`,
`global_per_second`) is the backstop against guesses spread over many addresses: once it is empty,
every address that has failed in the last `LATELY` seconds waits too, however slowly it guesses
(an address pacing its guesses to its own refill rate keeps a full bucket, and must not slip past
the backstop for it). An address that has not failed lately is always checked, so the organiser is
never locked out by others' guessing; while the backstop is empty, a new address thus costs an
attacker one check, not a stream of them. A caller is its address (`service.core.client_address`).

Behind a reverse proxy every caller has the proxy's address: the limit is then the proxy's, which
still bounds the rate of guesses through it.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from replay.reasons import Reason
from service.core.auth import Caller, caller_from_credentials, token_hash
from service.core.client_address import client_address
from service.core.errors import ServiceError, Unauthenticated

# Refusals that answer a presented token: a guess that failed. An organiser's NOT_A_SEAT is no guess.
REFUSED_TOKEN = frozenset(
    {Reason.UNKNOWN_TOKEN, Reason.NOT_A_SEAT, Reason.ORGANISER_REQUIRED, Reason.ORGANISER_ONLY}
)
MAX_ADDRESSES = 65_536  # addresses remembered at once; those that failed longest ago are forgotten first
LATELY = 600.0  # seconds an address's last failure keeps it under the global backstop


@dataclass(frozen=True)
class Limits:
    per_second: float = 2.0  # failures an address regains per second: its sustained guessing rate
    burst: int = 20  # failures an address may make at once (typos, a matrix of test calls)
    global_per_second: float = 20.0
    global_burst: int = 200


class TooManyFailures(Unauthenticated):
    def __init__(self, wait: float) -> None:
        seconds = max(1, math.ceil(wait))
        super().__init__(
            Reason.TOO_MANY_FAILURES,
            f"too many wrong tokens from this address: try again in {seconds} s",
            retry_after_seconds=str(seconds),
        )
        self.retry_after = seconds


class _Bucket:
    def __init__(self, capacity: float, rate: float, now: float) -> None:
        self.capacity, self.rate, self.level, self.at = capacity, rate, capacity, now
        self.failed_at = now  # the address's last failure

    def refill(self, now: float) -> float:
        self.level = min(self.capacity, self.level + (now - self.at) * self.rate)
        self.at = now
        return self.level

    def wait(self) -> float:
        return (1 - self.level) / self.rate if self.level < 1 else 0.0


class TokenFailures:
    """Thread-safe: gRPC's sync handlers and the web viewer's thread pool call it at once."""

    def __init__(
        self,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.monotonic,
        seat_token: Callable[[str], bool] = lambda _digest: False,
    ) -> None:
        self.limits = limits or Limits()
        self.seat_token = seat_token  # whether a token hash is some game's seat token
        self._clock = clock
        self._lock = threading.Lock()
        self._addresses: dict[str, _Bucket] = {}
        self._global = _Bucket(self.limits.global_burst, self.limits.global_per_second, clock())

    def admit(self, address: str) -> None:
        """Raise TooManyFailures if tokens from `address` must not be checked now."""
        with self._lock:
            now = self._clock()
            bucket = self._addresses.get(address)
            if bucket is None or now - bucket.failed_at >= LATELY:
                return  # no failure lately: always checked
            bucket.refill(now)
            self._global.refill(now)
            wait = max(bucket.wait(), self._global.wait())
        if wait > 0:
            raise TooManyFailures(wait)

    def failed(self, address: str) -> None:
        with self._lock:
            now = self._clock()
            bucket = self._addresses.get(address)
            if bucket is None:
                if len(self._addresses) >= MAX_ADDRESSES:
                    self._forget(now)
                limits = self.limits
                bucket = self._addresses[address] = _Bucket(limits.burst, limits.per_second, now)
            bucket.refill(now)
            bucket.level -= 1
            bucket.failed_at = now
            self._global.refill(now)
            self._global.level = max(self._global.level - 1, -self._global.capacity)

    def note(self, address: str, caller: Caller | None, error: ServiceError) -> None:
        """Count `error` as a failed guess if it refused a token the caller presented."""
        if isinstance(error, TooManyFailures):
            return
        if error.reason == Reason.BAD_AUTHORIZATION or (
            error.reason in REFUSED_TOKEN and caller is not None and caller.token and not caller.is_organiser
        ):
            self.failed(address)

    def caller(
        self,
        address: str,
        authorization: Sequence[str | bytes],
        organiser_token: str | None,
        sent_token: str = "",
    ) -> Caller:
        """Who calls (`caller_from_credentials`), checked alike on every front end.

        A malformed presentation is counted as a failed guess; a token from an address that
        waits is refused before anything is done with it.
        """
        try:
            caller = caller_from_credentials(authorization, organiser_token, sent_token)
        except ServiceError as error:
            self.note(address, None, error)
            raise
        if caller.token is not None:
            self.admit(address)
        return caller

    # -- after a gRPC call (service.grpc_api.servicer.handles_errors) ---------------------------------------

    def after_call(self, peer: str, caller: Caller, request: object) -> None:
        """A token on a call about no game that is neither the organiser's nor any seat's: a guess.

        Such calls (ListGames, the tournaments' reads) answer the organiser differently from
        everyone else, so an unlimited one would be an oracle for the organiser's token.
        """
        if caller.token is None or caller.is_organiser or not hasattr(request, "DESCRIPTOR"):
            return  # a stream of requests (Play) checks its token against its game
        if not getattr(request, "game_id", ""):
            self.gameless(client_address(peer), caller)

    def gameless(self, address: str, caller: Caller) -> None:
        """Count `caller`'s token as a failure unless it is the organiser's or a seat's."""
        if (
            caller.token is not None
            and not caller.is_organiser
            and not self.seat_token(token_hash(caller.token))
        ):
            self.failed(address)

    def refused(self, peer: str, caller: Caller | None, error: ServiceError) -> None:
        self.note(client_address(peer), caller, error)

    def _forget(self, now: float) -> None:
        quiet = [a for a, b in self._addresses.items() if now - b.failed_at >= LATELY]
        if not quiet:  # the half that failed longest ago
            by_age = sorted(self._addresses, key=lambda a: self._addresses[a].failed_at)
            quiet = by_age[: MAX_ADDRESSES // 2]
        for address in quiet:
            del self._addresses[address]
