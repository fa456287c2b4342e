"""Load: seats play over WebSocket at their usual latency while token-less connections flood the socket.

24 attackers loop for the whole run: 20 open a connection and start a 16 MiB frame (refused on its
header), 4 open one and never send their opening (closed at the deadline). Meanwhile a seat opens
its Play socket and plays one move, again and again; its latency under the flood stays within a
generous multiple of the unloaded one measured first.
"""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from service.client import Client
from service.config import SocketLimits
from service.server import Running
from service.ws_client import PlaySocket
from tests.attacks.test_socket_before_auth import huge_frame_start
from tests.conftest import ORGANISER, start_server
from tests.service.helpers import create, state
from tests.service.wsplay.apart import run_apart

SAMPLES = 30
WAIT = 20.0
BIG_FRAMES, IDLE = 20, 4


def p99(latencies: list[float]) -> float:
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


class Flood(threading.Thread):
    """The attackers, on an event loop of their own, until stopped."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.halt = threading.Event()
        self.closed = 0  # connections the server ended

    def run(self) -> None:
        asyncio.run(self._attack())

    async def _attack(self) -> None:
        await asyncio.gather(*(self._one(big=i < BIG_FRAMES) for i in range(BIG_FRAMES + IDLE)))

    async def _one(self, *, big: bool) -> None:
        while not self.halt.is_set():
            try:
                async with connect(self.url, compression=None, open_timeout=WAIT) as connection:
                    if big:
                        connection.transport.write(huge_frame_start(16 * 1024 * 1024, 64 * 1024))
                    while True:
                        await asyncio.wait_for(connection.recv(), WAIT)
            except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
                self.closed += 1


def one_move(client: Client, url: str, game_id: str, tokens: dict[int, str]) -> float:
    """Open the seat to act's socket and play its first legal command: the seconds it took."""
    seat = state(client, game_id, ORGANISER).seats_to_act[0]

    async def scenario() -> float:
        started = time.monotonic()
        socket = await PlaySocket.open(url, game_id, tokens[seat])
        try:
            opening = await asyncio.wait_for(socket.receive(), WAIT)
            assert opening is not None and opening.legal_commands
            command_id = uuid.uuid4().hex
            await socket.command(command_id, opening.legal_commands[0], opening.version)
            while True:
                update = await asyncio.wait_for(socket.receive(), WAIT)
                assert update is not None
                if update.command_id == command_id:
                    assert not update.HasField("error"), update.error
                    return time.monotonic() - started
        finally:
            await socket.close()

    return run_apart(scenario())


@pytest.fixture
def sockets(tmp_path: Path) -> Iterator[Running]:
    running = start_server(tmp_path / "data", ws_port=0, ws_limits=SocketLimits(open_timeout=1.0))
    yield running
    running.stop()


def test_seats_play_over_websocket_at_their_usual_latency_while_token_less_connections_flood_it(
    sockets: Running,
) -> None:
    url = f"ws://127.0.0.1:{sockets.ws_port}/v1/play"
    with Client(f"127.0.0.1:{sockets.port}") as client:

        def moves(count: int) -> list[float]:
            timed = []
            game = create(client, "most-wanted", 3)
            while len(timed) < count:
                if state(client, game.game_id, ORGANISER).status == "finished":
                    game = create(client, "most-wanted", 3)
                timed.append(one_move(client, url, game.game_id, game.tokens))
            return timed

        moves(5)  # warm up
        unloaded = moves(SAMPLES)
        flood = Flood(url)
        flood.start()
        try:
            time.sleep(1.5)  # every attacker connected, the idle ones closed once already
            loaded = moves(SAMPLES)
            ended = flood.closed
        finally:
            flood.halt.set()
            flood.join(timeout=WAIT + 5)
    assert ended >= BIG_FRAMES  # the server ended the attackers' connections through the run
    print(f"WebSocket move p99: unloaded {p99(unloaded) * 1000:.1f} ms, flooded {p99(loaded) * 1000:.1f} ms;")
    print(f"attacker connections ended by the server during the run: {ended}")
    assert p99(loaded) <= max(5 * p99(unloaded), 0.25), (p99(unloaded), p99(loaded))
