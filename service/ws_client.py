"""A small client for Play over WebSocket: async (`PlaySocket`), and a threaded seat for the bots.

`SeatSocket` has the shape of `service.client.SeatStream`, so `service.client.play_game`
drives seats over WebSocket with the same decision logic as over gRPC.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosedOK
from websockets.frames import CloseCode

from service.client import play_command, play_opening
from service.generated.frontier.v1 import frontier_pb2
from service.ops.tls import ClientTls

MAX_FRAME_BYTES = 64 * 1024 * 1024  # a finished game's last step can be large; as service.client


class PlaySocket:
    """One seat's Play connection: PlayRequests out, PlayUpdates in, one binary frame each."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection

    @classmethod
    async def open(
        cls,
        url: str,
        game_id: str,
        token: str | None,
        *,
        from_version: int | None = None,
        token_in_message: bool = False,
    ) -> PlaySocket:
        """Connect and send the opening message; the token goes in a header, or in that message."""
        headers = {"Authorization": f"Bearer {token}"} if token and not token_in_message else None
        # wss:// trusts FRONTIER_TLS_CA when set, else the system's store.
        tls = ClientTls.from_env().ssl_context() if url.startswith("wss://") else None
        connection = await connect(
            url, additional_headers=headers, compression=None, max_size=MAX_FRAME_BYTES, ssl=tls
        )
        opening = play_opening(game_id, from_version)
        if token and token_in_message:
            opening.token = token
        socket = cls(connection)
        await socket.send(opening)
        return socket

    async def send(self, request: frontier_pb2.PlayRequest) -> None:
        await self.connection.send(request.SerializeToString())

    async def command(self, command_id: str, command: Any, expected_version: int | None = None) -> None:
        await self.send(play_command(command_id, command, expected_version))

    async def receive(self) -> frontier_pb2.PlayUpdate | None:
        """The next message; None once the server closed normally (1000: the game is over).

        A refused opening arrives as a message with `error`, and the next receive raises
        `ConnectionClosedError` with the close code (`close_code`).
        """
        try:
            frame = await self.connection.recv()
        except ConnectionClosedOK as closed:
            if closed.rcvd is not None and closed.rcvd.code == CloseCode.NORMAL_CLOSURE:
                return None
            raise  # 1001: the server is going away, the game is not over
        if isinstance(frame, str):
            raise ValueError("the server sent a text frame")
        return frontier_pb2.PlayUpdate.FromString(frame)

    @property
    def close_code(self) -> int | None:
        return self.connection.close_code

    @property
    def close_reason(self) -> str | None:
        return self.connection.close_reason

    async def close(self) -> None:
        await self.connection.close()


class SeatSocket:
    """One seat's Play over WebSocket on a thread of its own, as `service.client.SeatStream` is
    over gRPC: commands go out as they are sent; messages arrive in `inbox` as (seat, message),
    then (seat, None) when the server ends the game, or (seat, exception) when it fails."""

    def __init__(
        self,
        url: str,
        game_id: str,
        seat: int,
        token: str | None,
        inbox: queue.Queue[tuple[int, Any]],
        *,
        from_version: int | None = None,
    ) -> None:
        self.seat = seat
        self._inbox = inbox
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._socket: PlaySocket | None = None
        self._task: asyncio.Task[Any] | None = None
        self._thread = threading.Thread(
            target=asyncio.run, args=(self._run(url, game_id, token, from_version),), daemon=True
        )
        self._thread.start()
        self._ready.wait()

    async def _run(self, url: str, game_id: str, token: str | None, from_version: int | None) -> None:
        self._loop = asyncio.get_running_loop()
        self._task = asyncio.current_task()
        try:
            self._socket = await PlaySocket.open(url, game_id, token, from_version=from_version)
        except Exception as error:
            self._inbox.put((self.seat, error))
            return
        finally:
            self._ready.set()
        try:
            while (update := await self._socket.receive()) is not None:
                self._inbox.put((self.seat, update))
            self._inbox.put((self.seat, None))
        except asyncio.CancelledError:
            pass  # closed by its owner
        except Exception as error:
            self._inbox.put((self.seat, error))
        finally:
            await self._socket.close()  # the TCP connection too, before this thread's loop ends

    def send(self, command_id: str, command: Any, expected_version: int | None = None) -> None:
        self.send_raw(play_command(command_id, command, expected_version))

    def send_raw(self, request: frontier_pb2.PlayRequest) -> None:
        if self._loop is not None and self._socket is not None:
            asyncio.run_coroutine_threadsafe(self._socket.send(request), self._loop).result(timeout=30)

    def close(self) -> None:
        if self._loop is not None and self._task is not None:
            with contextlib.suppress(RuntimeError):  # its loop has ended: the server closed first
                self._loop.call_soon_threadsafe(self._task.cancel)
        self._thread.join(timeout=10)


def seat_sockets(url: str) -> Callable[[str, int, str, queue.Queue[tuple[int, Any]]], SeatSocket]:
    """`open_stream` for `service.client.play_game`: every seat on a WebSocket of its own at `url`."""

    def open_stream(game_id: str, seat: int, token: str, inbox: queue.Queue[tuple[int, Any]]) -> SeatSocket:
        return SeatSocket(url, game_id, seat, token, inbox)

    return open_stream
