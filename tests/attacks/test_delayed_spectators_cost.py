"""Attack: token-less spectators of a delayed game each re-read and re-folded the whole game every second.

A delayed game is shown to spectators at its public version; every spectator's WatchGame polled
once a second, and each poll read every stored event of the game twice (release times, entries)
and folded it from its setup. Forty spectators of a ~450-version game with a 3 s delay kept a core
busy and slowed every other caller. Delayed games now cost what live watchers cost: one shared
read and fold per game and public version (service/core/relays/public_view.py), whatever the
number of spectators.

The server runs in this process, so its CPU time is this process's; the players' moves and the
spectators' reader threads are the same in both phases measured.
"""

from __future__ import annotations

import contextlib
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import grpc

from service.client import Client, play_game
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.service.helpers import Game, legal, state, submit
from tests.service.relays.test_spectator_delay import delayed_game

DELAY = 3
VERSIONS = 450  # the game's length before the spectators come (Western Legends games run ~540)
SPECTATORS = 40
WINDOW = 4.0  # seconds measured per phase
MOVE_EVERY = 1.0  # the game goes on: with the 3 s delay a few versions are always held back


def long_delayed_game(client: Client) -> Game:
    """A delayed game at version VERSIONS, still in progress (a game that ends sooner is replaced)."""
    for seed in range(10):
        game = delayed_game(client, DELAY, "western-legends")
        with contextlib.suppress(RuntimeError):  # stopped on purpose before its end
            play_game(client, game.game_id, game.tokens, random.Random(seed), max_commands=VERSIONS - 1)
        if state(client, game.game_id, ORGANISER).status == "in_progress":
            return game
    raise AssertionError(f"no game lasted {VERSIONS} versions")


class SlowPlay(threading.Thread):
    """A move every MOVE_EVERY seconds until stopped, as a table that keeps playing."""

    def __init__(self, client: Client, game: Game) -> None:
        super().__init__(daemon=True)
        self.client, self.game = client, game
        self.chooser = random.Random(2)
        self.halt = threading.Event()
        self.moves = 0

    def run(self) -> None:
        while not self.halt.wait(MOVE_EVERY):
            current = state(self.client, self.game.game_id, ORGANISER)
            if current.status == "finished":
                return
            seat = self.chooser.choice(list(current.seats_to_act))
            commands = legal(self.client, self.game, seat).commands
            submit(self.client, self.game, seat, self.chooser.choice(list(commands)))
            self.moves += 1


@contextlib.contextmanager
def spectators(client: Client, game_id: str, count: int) -> Iterator[list[Any]]:
    """`count` token-less WatchGame streams of the game, each read to its end by a thread."""
    request = frontier_pb2.WatchGameRequest(game_id=game_id, from_version=0)
    calls = [client.stub.WatchGame(request, timeout=120) for _ in range(count)]
    received: list[Any] = []

    def read(call: Any) -> None:
        with contextlib.suppress(grpc.RpcError):
            for update in call:
                received.append(update.version)

    threads = [threading.Thread(target=read, args=(call,), daemon=True) for call in calls]
    for thread in threads:
        thread.start()
    try:
        yield received
    finally:
        for call in calls:
            call.cancel()
        for thread in threads:
            thread.join(timeout=10)


def cpu_per_second(seconds: float) -> float:
    """This process's CPU seconds per wall second over `seconds` (the server runs in it)."""
    cpu, wall = time.process_time(), time.monotonic()
    time.sleep(seconds)
    return (time.process_time() - cpu) / (time.monotonic() - wall)


def p99(latencies: list[float]) -> float:
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def get_state_latencies(client: Client, game_id: str, seconds: float) -> list[float]:
    """Another caller's GetState (the organiser's: the live game), timed, for `seconds`."""
    latencies = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.monotonic()
        state(client, game_id, ORGANISER)
        latencies.append(time.monotonic() - started)
        time.sleep(0.02)  # a steady, bounded probe: ~40 calls a second
    return latencies


def test_forty_spectators_of_a_delayed_game_cost_about_what_one_does(server: Running, client: Client) -> None:
    game = long_delayed_game(client)
    table = SlowPlay(client, game)
    table.start()
    try:
        with spectators(client, game.game_id, 1) as seen:
            time.sleep(1.5)  # its first poll reads and folds the game; measured from the second on
            one = cpu_per_second(WINDOW)
            assert seen  # the setup at least
        with spectators(client, game.game_id, SPECTATORS) as seen:
            time.sleep(1.5)
            forty = cpu_per_second(WINDOW)
            assert len(seen) >= SPECTATORS
    finally:
        table.halt.set()
        table.join(timeout=10)
    print(f"server CPU: 1 spectator {one:.3f} s/s, {SPECTATORS} spectators {forty:.3f} s/s")
    assert forty <= max(2 * one, one + 0.3), (one, forty)


def test_other_callers_are_answered_at_their_usual_latency_while_spectators_watch_a_delayed_game(
    server: Running, client: Client
) -> None:
    game = long_delayed_game(client)
    table = SlowPlay(client, game)
    table.start()
    try:
        unloaded = get_state_latencies(client, game.game_id, WINDOW)
        with spectators(client, game.game_id, SPECTATORS):
            time.sleep(1.5)
            loaded = get_state_latencies(client, game.game_id, WINDOW)
    finally:
        table.halt.set()
        table.join(timeout=10)
    before, during = p99(unloaded) * 1000, p99(loaded) * 1000
    print(f"GetState p99: unloaded {before:.1f} ms, {SPECTATORS} spectators {during:.1f} ms")
    assert p99(loaded) <= max(5 * p99(unloaded), 0.25), (p99(unloaded), p99(loaded))
