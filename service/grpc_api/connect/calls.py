"""One Connect call run by the gRPC handler of its method, on the gRPC server's event loop.

The handler gets a context with what gRPC's offers it (the peer, the metadata, `abort`); an abort
raises a `ConnectError` carrying gRPC's status: its code by name, its message, and the details of
its `google.rpc.Status` (the ErrorInfo a client branches on) as Connect `details`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any, TypeVar

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError, ErrorDetail
from connectrpc.request import RequestContext
from google.protobuf import json_format
from google.rpc import status_pb2
from protobuf.wkt import Any as AnyDetail

from service.grpc_api.connect.codecs import JSON, Body
from service.grpc_api.connect.stops import server_stopping
from service.grpc_api.request_guard import Undecodable
from service.grpc_api.statuses import STATUS_DETAILS_KEY, abort_arguments

T = TypeVar("T")
CLOSE_TRIES, CLOSE_WAIT = 500, 0.002  # at most a second for a cancelled step to unwind
_DONE = object()  # a stream's end, handed across loops (StopAsyncIteration does not cross a future)
# gRPC spells one code differently; every other code has the same name in both.
_CODES = {grpc.StatusCode.CANCELLED: Code.CANCELED}


class CallContext:
    """What the gRPC handlers read of a call and do to it, for a Connect call."""

    def __init__(self, ctx: RequestContext[Any, Any]) -> None:
        self._peer = _peer(ctx.client_address)
        # Metadata as gRPC hands it: lower-case names (the authorization header among them).
        self._metadata = tuple((name.lower(), value) for name, value in ctx.request_headers.allitems())

    def peer(self) -> str:
        return self._peer

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return self._metadata

    async def abort(
        self, code: grpc.StatusCode, details: str = "", trailing_metadata: tuple[Any, ...] = ()
    ) -> None:
        raise connect_error(code, details, trailing_metadata)


def connect_error(code: grpc.StatusCode, message: str, trailing: tuple[Any, ...]) -> ConnectError:
    details: list[ErrorDetail] = []
    for key, value in trailing:
        if key == STATUS_DETAILS_KEY:
            status = status_pb2.Status.FromString(value)
            details += [ErrorDetail(AnyDetail(type_url=d.type_url, value=d.value)) for d in status.details]
    return ConnectError(_CODES.get(code, Code[code.name]), message, details)


def _peer(address: str | None) -> str:
    """A gRPC-style peer string (service.core.client_address reads it) for an HTTP client's address."""
    if not address:
        return "unknown"
    host, _, port = address.rpartition(":")
    return f"ipv6:[{host}]:{port}" if ":" in host else f"ipv4:{host}:{port}"


def decoder(method: str, handler: grpc.RpcMethodHandler, message: Any) -> Callable[[Body], Any]:
    """The request of a body: binary by the handler's own (tolerant) deserializer; JSON by protobuf's
    canonical mapping, unknown fields refused. A body that is neither becomes `Undecodable`, which
    the guarded handler answers INVALID_ARGUMENT as it does over gRPC."""
    name = method.rsplit("/", 1)[-1]

    def decode(body: Body) -> Any:
        if body.codec != JSON:
            return handler.request_deserializer(body.data)
        try:
            return json_format.Parse(body.data or b"{}", message())
        except (json_format.ParseError, json.JSONDecodeError, UnicodeDecodeError, RecursionError) as error:
            return Undecodable(name, error)

    return decode


async def on_loop(loop: asyncio.AbstractEventLoop, work: Coroutine[Any, Any, T]) -> T:
    """`work` run on `loop` (the gRPC server's), awaited from this loop (the web port's)."""
    return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, loop))


async def stream_on_loop(
    loop: asyncio.AbstractEventLoop, items: AsyncIterator[T], stop: asyncio.Event
) -> AsyncIterator[T]:
    """The items of an async generator that runs on `loop`, one hop per item, until `stop` is set
    (then UNAVAILABLE, SERVER_STOPPING); the generator is closed on its loop, also when the client
    leaves."""

    async def step() -> Any:
        try:
            return await anext(items)
        except StopAsyncIteration:
            return _DONE

    async def close() -> None:
        # A step cancelled a moment ago is still unwinding the generator there: let it end first.
        for _ in range(CLOSE_TRIES):
            if not getattr(items, "ag_running", False):
                break
            await asyncio.sleep(CLOSE_WAIT)
        closing = getattr(items, "aclose", None)
        if closing is not None:
            await closing()

    stopped = asyncio.ensure_future(stop.wait())
    following: asyncio.Future[Any] | None = None
    try:
        while True:
            following = asyncio.ensure_future(on_loop(loop, step()))
            await asyncio.wait((following, stopped), return_when=asyncio.FIRST_COMPLETED)
            if not following.done():
                raise connect_error(*abort_arguments(server_stopping()))
            if (item := following.result()) is _DONE:
                return
            yield item
    finally:
        stopped.cancel()
        if following is not None:
            following.cancel()  # the step on the other loop too
        if not loop.is_closed():
            await on_loop(loop, close())
