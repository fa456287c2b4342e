"""Attack: WebSocket Play buffered up to 16 MiB per connection before it knew the caller.

A connection had no deadline for its opening message, its frames could be 16 MiB, and nothing
capped the number of connections: 24 token-less connections, each part-way through a 16 MiB
frame, held 361 MiB for ~40 s. Now the opening message has a deadline, a frame before the opening
is answered is at most `opening_bytes` (refused on its header, so nothing larger is read), and
connections are capped in all and per client address (service/config.py).
"""

from __future__ import annotations

import asyncio
import os
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from service.client import Client
from service.config import SocketLimits
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from service.ws_client import PlaySocket
from tests.conftest import ORGANISER, start_server
from tests.service.helpers import Game, create, state
from tests.service.wsplay.apart import run_apart

WAIT = 15.0
LIMITS = SocketLimits(open_timeout=1.0, connections_per_address=6)


@dataclass
class Ending:
    code: str  # the last PlayUpdate's error code, "" when none came
    reason: str
    close_code: int | None
    seconds: float  # from the start of the attack to the close


@pytest.fixture
def sockets(tmp_path: Path) -> Iterator[Running]:
    running = start_server(tmp_path / "data", ws_port=0, ws_limits=LIMITS)
    yield running
    running.stop()


def url_of(running: Running) -> str:
    return f"ws://127.0.0.1:{running.ws_port}/v1/play"


def huge_frame_start(declared: int, sent: int) -> bytes:
    """A client's binary frame header declaring `declared` bytes, then `sent` bytes of its payload."""
    header = bytes([0x82, 0x80 | 127]) + struct.pack("!Q", declared) + os.urandom(4)
    return header + os.urandom(sent)


async def ending(connection: ClientConnection, started: float) -> Ending:
    """How the server ends the connection: its last update's error and its close code."""
    code = reason = ""
    try:
        while True:
            frame = await asyncio.wait_for(connection.recv(), WAIT)
            assert isinstance(frame, bytes)
            update = frontier_pb2.PlayUpdate.FromString(frame)
            code, reason = update.error.code, update.error.reason
    except ConnectionClosed as closed:
        received = closed.rcvd.code if closed.rcvd is not None else None
        return Ending(code, reason, received, asyncio.get_running_loop().time() - started)
    except TimeoutError:
        return Ending(code, reason, None, asyncio.get_running_loop().time() - started)


def test_a_connection_that_never_sends_its_opening_is_closed_at_the_deadline(sockets: Running) -> None:
    async def scenario() -> Ending:
        async with connect(url_of(sockets), compression=None) as connection:
            return await ending(connection, asyncio.get_running_loop().time())

    end = run_apart(scenario())
    assert (end.code, end.reason, end.close_code) == ("DEADLINE_EXCEEDED", "OPENING_TIMEOUT", 1008)
    assert end.seconds < WAIT


def test_token_less_connections_cannot_make_the_server_read_a_large_frame(sockets: Running) -> None:
    async def one() -> Ending:
        async with connect(url_of(sockets), compression=None) as connection:
            started = asyncio.get_running_loop().time()
            transport = connection.transport
            transport.write(huge_frame_start(16 * 1024 * 1024, 256 * 1024))
            return await ending(connection, started)

    async def scenario() -> list[Ending]:
        return list(await asyncio.gather(*(one() for _ in range(LIMITS.connections_per_address))))

    for end in run_apart(scenario()):
        # Refused on the frame's header: the server never waits for (nor keeps) its 16 MiB.
        assert (end.code, end.reason, end.close_code) == ("RESOURCE_EXHAUSTED", "MESSAGE_TOO_BIG", 1009)


def test_a_seat_may_send_larger_frames_once_its_opening_is_answered(sockets: Running) -> None:
    with Client(f"127.0.0.1:{sockets.port}") as client:
        game = create(client, "most-wanted", 3)

    async def scenario() -> frontier_pb2.PlayUpdate:
        seat = await PlaySocket.open(url_of(sockets), game.game_id, game.tokens[0])
        try:
            assert (await asyncio.wait_for(seat.receive(), WAIT)) is not None
            # Bigger than an opening may be, well under a seat's limit: answered, not refused as too big.
            await seat.send(frontier_pb2.PlayRequest(command_id="x" * (LIMITS.opening_bytes * 2)))
            while True:
                update = await asyncio.wait_for(seat.receive(), WAIT)
                assert update is not None
                if update.HasField("error"):
                    return update
        finally:
            await seat.close()

    answer = run_apart(scenario())
    assert (answer.error.code, answer.error.reason) == ("INVALID_ARGUMENT", "FIELD_TOO_LONG")


def test_one_address_cannot_hold_every_connection(sockets: Running) -> None:
    with Client(f"127.0.0.1:{sockets.port}") as client:
        game = create(client, "most-wanted", 3)

    async def scenario() -> Ending:
        url = url_of(sockets)
        held = [await connect(url, compression=None) for _ in range(LIMITS.connections_per_address)]
        try:
            async with connect(url_of(sockets), compression=None) as extra:
                return await ending(extra, asyncio.get_running_loop().time())
        finally:
            for connection in held:
                await connection.close()

    end = run_apart(scenario())
    assert (end.code, end.reason, end.close_code) == ("RESOURCE_EXHAUSTED", "TOO_MANY_CONNECTIONS", 1013)
    # Once they are gone, a seat plays.
    assert play_one_move(url_of(sockets), game) == 2
    assert state(Client(f"127.0.0.1:{sockets.port}"), game.game_id, ORGANISER).version == 2


def test_the_server_wide_cap_holds_too(tmp_path: Path) -> None:
    running = start_server(tmp_path / "data", ws_port=0, ws_limits=SocketLimits(connections=2))
    try:

        async def scenario() -> Ending:
            held = [await connect(url_of(running), compression=None) for _ in range(2)]
            try:
                async with connect(url_of(running), compression=None) as extra:
                    return await ending(extra, asyncio.get_running_loop().time())
            finally:
                for connection in held:
                    await connection.close()

        end = run_apart(scenario())
        assert (end.code, end.reason, end.close_code) == ("RESOURCE_EXHAUSTED", "TOO_MANY_CONNECTIONS", 1013)
    finally:
        running.stop()


def play_one_move(url: str, game: Game) -> int:
    """Seat 0's or the seat to act's first legal command over a WebSocket; the version it made."""

    async def scenario() -> int:
        opened = {}
        for seat, token in game.tokens.items():
            opened[seat] = await PlaySocket.open(url, game.game_id, token)
        try:
            openings = {seat: await asyncio.wait_for(s.receive(), WAIT) for seat, s in opened.items()}
            seat, opening = next((s, o) for s, o in openings.items() if o is not None and o.legal_commands)
            await opened[seat].command("move-1", opening.legal_commands[0], opening.version)
            while True:
                update = await asyncio.wait_for(opened[seat].receive(), WAIT)
                assert update is not None
                if update.command_id == "move-1":
                    assert not update.HasField("error"), update.error
                    return update.version
        finally:
            for socket in opened.values():
                await socket.close()

    return run_apart(scenario())
