"""A real Games app on a real SQLite file whose next store transaction can be held back.

Holding the transaction that runs lets a test line up the saves queued behind it, so the
batch they form is known without depending on timing: the leader waits until the test has
seen the followers queue, then stores everything for real.
"""

from __future__ import annotations

import random
import sys
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path

from eventsourcing.persistence import StoredEvent

from engines.base import Command
from engines.rng import Deal
from service.config import Settings
from service.core.auth import Caller
from service.core.commands import Accepted
from service.core.creation import create_game
from service.core.games import Games

WAIT = 30.0  # a thread that never arrives fails the test instead of hanging it


def store_env(data: Path, **extra: str) -> dict[str, str]:
    return {**Settings(data=data).store_env(), **extra}


class HeldGames(Games):
    """`hold()`: the next transaction waits, once it has started, until `release()`."""

    name = "Games"  # the library names an app's tables after its class: the same tables as Games

    def __init__(self, env: dict[str, str]) -> None:
        super().__init__(env)
        self._hold = False
        self.holding = threading.Event()  # a transaction is being held
        self._released = threading.Event()
        self._locks_taken: set[int] = set()

    def own_lock(self, game_id: str) -> bool:
        """Whether `game_id`'s lock is one no game before it took (it is taken now if so)."""
        lock = id(self.lock_for(game_id))
        if lock in self._locks_taken:
            return False
        self._locks_taken.add(lock)
        return True

    def hold(self) -> None:
        self._released.clear()
        self.holding.clear()
        self._hold = True

    def release_when_queued(
        self, count: int, followers: Sequence[threading.Thread] = (), answers: Sequence[object] = ()
    ) -> None:
        """Let the held transaction go once `count` saves queue behind it.

        `followers` are the threads meant to queue and `answers` what they returned so far
        (None while running): a batch that does not form fails naming who answered early
        and where the others are.
        """
        assert self.holding.wait(WAIT), "no transaction started"
        deadline = time.monotonic() + WAIT
        while self.committer.queued() < count:
            queued, early = self.committer.queued(), [a for a in answers if a is not None]
            assert not early, f"{queued} of {count} saves queued; answered before queueing: {early}"
            assert time.monotonic() < deadline, f"only {queued} of {count} saves queued; {stacks(followers)}"
            time.sleep(0.001)
        self._released.set()

    def record_stored(self, *stored: StoredEvent) -> None:
        if self._hold:
            self._hold = False
            self.holding.set()
            assert self._released.wait(WAIT), "the held transaction was never released"
        super().record_stored(*stored)


def stacks(threads: Sequence[threading.Thread]) -> str:
    """Where each of `threads` is now."""
    frames = sys._current_frames()
    return "".join(
        f"\n{thread.name}:\n" + "".join(traceback.format_stack(frames[thread.ident]))
        for thread in threads
        if thread.ident in frames
    )


def new_game(app: Games, index: int, game: str = "deadwood-1876", seed: bytes = b"") -> tuple[str, list[str]]:
    """A 2-seat game with a fixed deal (same seed, same deal in any app); its id and seat tokens.

    In a `HeldGames` app no two of these games share a lock: Games stripes its per-game locks
    (256 of them, by the random game id), and a command waiting for another game's lock while
    that game's save is held could never queue behind it. A game that would share one is left
    unplayed and another is dealt alike.
    """
    deal = Deal(seed or bytes([index]) * 32, f"group-commit/{index}")
    while True:
        record, grants = create_game(app, game, 2, ["a", "b"], {}, "", deal=deal)
        game_id = record.header.game_id
        if not isinstance(app, HeldGames) or app.own_lock(game_id):
            return game_id, [token for _, _, token in grants]


def next_command(
    app: Games, game_id: str, tokens: list[str], chooser: random.Random
) -> tuple[Caller, Command]:
    """A legal command for the (first) seat to act, chosen by `chooser`."""
    record = app.get(game_id)
    seat = record.engine.seats_to_act(record.state)[0]
    return Caller(tokens[seat]), chooser.choice(record.engine.legal_commands(record.state, seat))


def at_once(app: HeldGames, calls: Sequence[Callable[[], Accepted]]) -> list[Accepted | BaseException]:
    """Run `calls` in threads so the first one's transaction holds the rest queued in one batch."""
    results: list[Accepted | BaseException | None] = [None] * len(calls)

    def run(i: int) -> None:
        try:
            results[i] = calls[i]()
        except BaseException as error:  # handed back to the test
            results[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    app.hold()
    threads[0].start()
    for thread in threads[1:]:
        assert app.holding.wait(WAIT)
        thread.start()
    app.release_when_queued(len(calls) - 1, threads[1:], results)  # the held first one cannot answer yet
    for thread in threads:
        thread.join(WAIT)
        assert not thread.is_alive(), "a save never returned"
    assert all(r is not None for r in results)
    return [r for r in results if r is not None]
