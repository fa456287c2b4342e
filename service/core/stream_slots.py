"""Who may hold a watch or Play stream open: seats in a pool of their own, spectators in a capped one.

WatchGame needs no token, so spectators are anyone: they share one pool (`--max-watchers`)
that is also capped per client address and per game, so that one client cannot take the
pool and the spectators of one game cannot take every other game's. A seat's streams (Play,
or WatchGame with a seat token of that game) and the organiser's are never counted in that
pool, so no number of spectators refuses a seat; they are capped per token and game instead,
so that a token is not an unbounded way in either.

A client is its address (`service.core.client_address`). Clients behind one proxy or NAT share an
address: raise `--max-spectators-per-address` for a server behind a proxy.

The counters live on the server's event loop (every stream runs there): no lock.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from replay.reasons import Reason
from service.core.auth import Caller, token_hash
from service.core.client_address import client_address
from service.core.errors import ResourceExhausted

DEFAULT_SPECTATORS = 20_000
DEFAULT_SPECTATORS_PER_ADDRESS = 256
DEFAULT_SPECTATORS_PER_GAME = 10_000
DEFAULT_STREAMS_PER_SEAT = 16

K = TypeVar("K", bound=Hashable)
SPECTATORS, SEATS = "spectators", "seats"  # the two pools


@dataclass(frozen=True)
class StreamLimits:
    spectators: int = DEFAULT_SPECTATORS  # spectators' streams on this server (--max-watchers)
    spectators_per_address: int = DEFAULT_SPECTATORS_PER_ADDRESS
    spectators_per_game: int = DEFAULT_SPECTATORS_PER_GAME
    streams_per_seat: int = DEFAULT_STREAMS_PER_SEAT  # per seat token (and the organiser's, per game)


class StreamSlots:
    """The streams open on one server, by pool; `hold` takes a place or refuses with RESOURCE_EXHAUSTED."""

    def __init__(self, limits: StreamLimits) -> None:
        self.limits = limits
        self._open: Counter[str] = Counter()  # streams open by pool, SPECTATORS and SEATS
        self._by_address: Counter[str] = Counter()
        self._by_game: Counter[str] = Counter()
        self._by_token: Counter[tuple[str, str]] = Counter()

    @property
    def active(self) -> int:
        """Every stream open, seats' and spectators'."""
        return self.spectators + self.seat_streams

    @property
    def spectators(self) -> int:
        return self._open[SPECTATORS]

    @property
    def seat_streams(self) -> int:
        return self._open[SEATS]

    @contextmanager
    def hold(self, game_id: str, caller: Caller, peer: str) -> Iterator[None]:
        """A place for one stream of `caller` (already checked against the game) while it is open."""
        places: tuple[tuple[Counter[Any], Hashable], ...]
        if caller.token is None:
            address = client_address(peer)
            self._admit_spectator(game_id, address)
            places = ((self._open, SPECTATORS), (self._by_address, address), (self._by_game, game_id))
        else:
            key = (game_id, "organiser" if caller.is_organiser else token_hash(caller.token))
            if self._by_token[key] >= self.limits.streams_per_seat:
                raise ResourceExhausted(
                    Reason.TOO_MANY_SEAT_STREAMS,
                    f"this token already holds {self.limits.streams_per_seat} streams of this game (the"
                    " server's --max-streams-per-seat); close one first",
                )
            places = ((self._open, SEATS), (self._by_token, key))
        with held(*places):
            yield

    def _admit_spectator(self, game_id: str, address: str) -> None:
        limits = self.limits
        if self._by_address[address] >= limits.spectators_per_address:
            raise ResourceExhausted(
                Reason.TOO_MANY_SPECTATORS_FROM_ADDRESS,
                f"your address already holds {limits.spectators_per_address} watch streams without a"
                " seat token (the server's --max-spectators-per-address); close one first",
            )
        if self._by_game[game_id] >= limits.spectators_per_game:
            raise ResourceExhausted(
                Reason.TOO_MANY_SPECTATORS_OF_GAME,
                f"this game already has {limits.spectators_per_game} spectators' watch streams (the"
                " server's --max-spectators-per-game); try again later",
            )
        if self.spectators >= limits.spectators:
            raise ResourceExhausted(
                Reason.TOO_MANY_WATCHERS,
                f"this server already serves {limits.spectators} watch streams of spectators (its"
                " --max-watchers); try again later or watch through another server. Seats are never"
                " refused for spectators: watch with your seat token",
            )


@contextmanager
def held(*places: tuple[Counter[Any], Hashable]) -> Iterator[None]:
    """One place taken in each (counter, key) of `places` while the block runs, then given back."""
    for counter, key in places:
        counter[key] += 1
    try:
        yield
    finally:
        for counter, key in places:
            release(counter, key)


def release(counter: Counter[K], key: K) -> None:
    """Give back one of `key`'s places in `counter`."""
    counter[key] -= 1
    if counter[key] <= 0:  # an empty entry kept would grow the counter by every address ever seen
        del counter[key]
