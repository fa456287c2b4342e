"""The Play protocol over a WebSocket: one connection per seat at `/v1/play`.

Each binary client frame is one serialized `frontier.v1.PlayRequest`, each server frame one
`frontier.v1.PlayUpdate`: the gRPC Play contract, carried by `service.play.session.Plays` unchanged.
The server runs on the gRPC server's own event loop, so both transports share one `Plays`,
one `Watching` and one broker.

A refusal that ends the connection (a bad token, an unknown game, a malformed frame ...) is a
last PlayUpdate whose `error` holds the gRPC status and reason, then a close frame.

Until the opening message is answered the caller is unknown: it has `SocketLimits.open_timeout`
to send it and frames of `opening_bytes` at most; connections are capped in all and per client
address (service/config.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections import Counter
from collections.abc import AsyncIterator
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode
from websockets.http11 import Request, Response
from websockets.protocol import State

from replay.reasons import Reason
from service.config import SocketLimits
from service.core.auth import Caller
from service.core.client_address import client_address
from service.core.errors import (
    DeadlineExceeded,
    InvalidArgument,
    ResourceExhausted,
    ServiceError,
)
from service.core.fields import require_id
from service.core.rate_limit import TokenFailures
from service.core.stream_slots import held
from service.generated.frontier.v1 import frontier_pb2
from service.play.session import Plays, play_error

PATH = "/v1/play"
# A frame the library refuses as too big never reaches us: it is answered with this update
# before the library's own close frame (1009), so the client learns the status as on gRPC.
TOO_BIG = frontier_pb2.PlayUpdate(
    error=frontier_pb2.PlayError(
        code="RESOURCE_EXHAUSTED",
        reason=Reason.MESSAGE_TOO_BIG,
        message="the frame is over the server's limit",
    )
).SerializeToString()


class Refused(Exception):
    """End the connection: a last PlayUpdate with `error`, then a close frame with `code`."""

    def __init__(self, error: ServiceError, code: int = CloseCode.POLICY_VIOLATION) -> None:
        super().__init__(error.message)
        self.error = error
        self.code = code


def malformed(message: str) -> Refused:
    # The reason gRPC's own guard gives a body that is not a PlayRequest (service/grpc_api/request_guard.py).
    return Refused(InvalidArgument(Reason.MALFORMED_REQUEST, message), CloseCode.UNSUPPORTED_DATA)


def parse(frame: str | bytes) -> frontier_pb2.PlayRequest:
    if isinstance(frame, str):
        raise malformed("frames must be binary: one serialized frontier.v1.PlayRequest each")
    request = frontier_pb2.PlayRequest()
    try:
        request.ParseFromString(frame)
    except Exception:  # protobuf raises DecodeError, or other errors on odd wire types
        raise malformed("the frame is not a serialized frontier.v1.PlayRequest") from None
    return request


def game_id_of(opening: frontier_pb2.PlayRequest) -> str:
    return require_id(opening.game_id, "game_id")


async def later_requests(connection: ServerConnection) -> AsyncIterator[frontier_pb2.PlayRequest]:
    """The frames after the opening one; the iteration ends when the client closes."""
    async for frame in connection:
        request = parse(frame)
        if request.token:  # the seat is fixed when the stream opens
            message = "a token goes in the opening message only"
            raise Refused(InvalidArgument(Reason.TOKEN_NOT_ALLOWED, message, field="token"))
        yield request


class PlaySockets:
    """The WebSocket front of one server's `Plays`."""

    def __init__(
        self,
        plays: Plays,
        organiser_token: str | None,
        limits: SocketLimits | None = None,
        failures: TokenFailures | None = None,
    ) -> None:
        self.plays = plays
        self.organiser_token = organiser_token
        self.limits = limits or SocketLimits()
        # Wrong tokens count against the caller's address as on gRPC and the web sign-in: an
        # opening answers a wrong token otherwise than the organiser's, so it is a guess too.
        self.failures = failures or TokenFailures()
        # Connections past their handshake, in all (under "") and by address; on the loop only.
        self._open: Counter[str] = Counter()
        self._by_address: Counter[str] = Counter()

    @property
    def open(self) -> int:
        return self._open[""]

    async def serve(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> Server:
        return await serve(
            self.handle,
            host,
            port,
            ssl=tls,  # wss:// only, when the server has a certificate
            process_request=_only_play_path,
            max_size=self.limits.opening_bytes,  # raised to frame_bytes once the opening is answered
            max_queue=4,  # frames read ahead of the handler: a seat sends one command at a time
            compression=None,  # deflate cost more CPU per move than the bytes it saved on loopback
            create_connection=_Connection,
        )

    async def handle(self, connection: ServerConnection) -> None:
        address = client_address(str(connection.remote_address[0]))
        try:
            self._admit(address)
        except ResourceExhausted as error:
            await _refuse(connection, Refused(error, CloseCode.TRY_AGAIN_LATER))
            return
        with held((self._open, ""), (self._by_address, address)):
            await self._handle(connection, address)

    def _admit(self, address: str) -> None:
        limits = self.limits
        if self._by_address[address] >= limits.connections_per_address:
            raise ResourceExhausted(
                Reason.TOO_MANY_CONNECTIONS,
                f"your address already holds {limits.connections_per_address} Play connections"
                " (FRONTIER_WS_MAX_CONNECTIONS_PER_ADDRESS); close one first",
            )
        if self.open >= limits.connections:
            raise ResourceExhausted(
                Reason.TOO_MANY_CONNECTIONS,
                f"this server already holds {limits.connections} Play connections"
                " (FRONTIER_WS_MAX_CONNECTIONS); try again later",
            )

    async def _handle(self, connection: ServerConnection, address: str) -> None:
        try:
            await self._play(connection, address)
        except Refused as refused:
            await _refuse(connection, refused)
        except ServiceError as error:
            await _refuse(connection, Refused(error, _close_code(error)))
        except ConnectionClosed:
            pass  # the client left: a command it sent is recorded or not, and a retry finds out which

    async def _play(self, connection: ServerConnection, address: str) -> None:
        assert connection.request is not None  # the handshake is over when a handler runs
        opening = parse(await self._opening(connection))
        # Who plays: the Authorization header's token or the opening message's (they must agree).
        headers = connection.request.headers.get_all("Authorization")
        caller = self.failures.caller(address, headers, self.organiser_token, opening.token)
        try:
            await self._serve(connection, game_id_of(opening), opening, caller)
        except ServiceError as error:
            self.failures.note(address, caller, error)
            raise

    async def _serve(
        self, connection: ServerConnection, game_id: str, opening: frontier_pb2.PlayRequest, caller: Caller
    ) -> None:
        updates = self.plays.play(game_id, opening, later_requests(connection), caller)
        sending = asyncio.ensure_future(_send_all(connection, updates, self.limits.frame_bytes))
        closed = asyncio.ensure_future(connection.wait_closed())
        try:
            # A closed connection ends the stream at once, even while the game waits for others.
            await asyncio.wait((sending, closed), return_when=asyncio.FIRST_COMPLETED)
        finally:
            closed.cancel()
            if not sending.done():
                sending.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await sending  # its stream's tasks stop before the handler returns
        if not sending.cancelled():
            sending.result()  # a refusal raised while playing is raised here
            await connection.close()  # the game is over and its last step was sent

    async def _opening(self, connection: ServerConnection) -> str | bytes:
        """The opening frame, if it comes within the deadline."""
        try:
            async with asyncio.timeout(self.limits.open_timeout):
                return await connection.recv()
        except TimeoutError:
            message = (
                f"no opening message within {self.limits.open_timeout:g} s: send the PlayRequest that names"
                " the game first"
            )
            raise Refused(DeadlineExceeded(Reason.OPENING_TIMEOUT, message)) from None


async def _send_all(
    connection: ServerConnection, updates: AsyncIterator[frontier_pb2.PlayUpdate], frame_bytes: int
) -> None:
    try:
        async for update in updates:
            await connection.send(update.SerializeToString())
            # The opening is answered: the seat's token was accepted, its frames may be larger.
            connection.protocol.max_message_size = frame_bytes
    finally:
        await updates.aclose()  # type: ignore[attr-defined]  # an async generator: its tasks stop


async def _refuse(connection: ServerConnection, refused: Refused) -> None:
    error = refused.error
    try:
        await connection.send(play_error(error, "").SerializeToString())
        # The close reason is short and never echoes input (a token, a frame).
        await connection.close(refused.code, f"{error.status.name} {error.reason}"[:120])
    except ConnectionClosed:
        pass


def _close_code(error: ServiceError) -> int:
    if error.status.name in ("RESOURCE_EXHAUSTED", "UNAVAILABLE"):
        return CloseCode.TRY_AGAIN_LATER
    return CloseCode.POLICY_VIOLATION


def _only_play_path(connection: ServerConnection, request: Request) -> Response | None:
    if request.path.partition("?")[0] != PATH:
        return connection.respond(HTTPStatus.NOT_FOUND, f"Play is served at {PATH}\n")
    return None


class _Connection(ServerConnection):
    """A connection that says why it refuses an oversized frame before the library closes it (1009)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        protocol = self.protocol
        library_fail = protocol.fail

        def fail(code: int, reason: str = "") -> None:
            if code == CloseCode.MESSAGE_TOO_BIG and protocol.state is State.OPEN:
                protocol.send_binary(TOO_BIG)
            library_fail(code, reason)

        protocol.fail = fail  # type: ignore[method-assign]
