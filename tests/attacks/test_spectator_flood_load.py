"""Load: seats keep playing at their usual latency while one client floods the spectators' pool.

The attacker fills every spectator slot of the server from one address and keeps asking for more
(each refused RESOURCE_EXHAUSTED) for the whole run; meanwhile a seat opens a Play stream and
plays one move, again and again. Seats' streams are not in the spectators' pool, so every move is
answered, and its latency stays within a generous multiple of the unloaded one measured first.
"""

from __future__ import annotations

import queue
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from service.client import Client, SeatStream
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER, start_server
from tests.service.helpers import Game, create, state

POOL = 200  # spectators' slots: one address may hold them all (its own cap is 256)
SAMPLES = 40
WAIT = 20.0


def p99(latencies: list[float]) -> float:
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


class Flood:
    """One client holding every spectator slot and asking for more until stopped (one thread: bounded)."""

    def __init__(self, address: str, game_id: str) -> None:
        self.client = Client(address)
        self.request = frontier_pb2.WatchGameRequest(game_id=game_id)
        self.held: list[Any] = []
        self.refused = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stop.is_set():
            stream = self.client.stub.WatchGame(self.request, timeout=120)
            try:
                next(stream)
                self.held.append(stream)
            except grpc.RpcError as error:
                assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
                self.refused += 1

    def __enter__(self) -> Flood:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=30)
        for stream in self.held:
            stream.cancel()
        self.client.close()


class Moves:
    """A seat's Play stream opened and one move played on it, timed; a new game when one ends."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.game = create(client, "most-wanted", 3)

    def one(self) -> float:
        current = state(self.client, self.game.game_id, ORGANISER)
        if current.status == "finished":
            self.game = create(self.client, "most-wanted", 3)
            current = state(self.client, self.game.game_id, ORGANISER)
        seat = current.seats_to_act[0]
        inbox: queue.Queue[tuple[int, Any]] = queue.Queue()
        started = time.monotonic()
        stream = SeatStream(self.client, self.game.game_id, seat, self.game.tokens[seat], inbox)
        try:
            opening = _next(inbox)
            command_id = uuid.uuid4().hex
            stream.send(command_id, opening.legal_commands[0], opening.version)
            while (answer := _next(inbox)).command_id != command_id:
                pass
            assert not answer.HasField("error"), answer.error
            return time.monotonic() - started
        finally:
            stream.close()


def _next(inbox: queue.Queue[tuple[int, Any]]) -> Any:
    _, update = inbox.get(timeout=WAIT)
    if isinstance(update, BaseException):
        raise update
    assert update is not None
    return update


@pytest.fixture
def capped(tmp_path: Path) -> Iterator[Running]:
    running = start_server(tmp_path / "data", max_watchers=POOL)
    yield running
    running.stop()


def test_seats_play_at_their_usual_latency_while_one_client_floods_the_spectator_pool(
    capped: Running,
) -> None:
    address = f"127.0.0.1:{capped.port}"
    with Client(address) as players:
        moves = Moves(players)
        for _ in range(5):  # warm up: first games, first streams
            moves.one()
        unloaded = [moves.one() for _ in range(SAMPLES)]
        watched: Game = create(players, "most-wanted", 3)
        with Flood(address, watched.game_id) as flood:
            deadline = time.monotonic() + WAIT
            while capped.servicer.watching.active < POOL and time.monotonic() < deadline:
                time.sleep(0.05)
            assert capped.servicer.watching.active >= POOL
            loaded = [moves.one() for _ in range(SAMPLES)]
            refused = flood.refused
        assert refused > 0  # the attack went on through the measurement
        bound = max(5 * p99(unloaded), 0.25)
        print(f"move p99 unloaded {p99(unloaded) * 1000:.1f} ms, under the flood {p99(loaded) * 1000:.1f} ms")
        print(f"spectator streams held {POOL}, refused during the run {refused}")
        assert p99(loaded) <= bound, (p99(unloaded), p99(loaded))
