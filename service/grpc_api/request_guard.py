"""A request body that is not a valid message is INVALID_ARGUMENT, not gRPC's INTERNAL.

gRPC answers a deserializer that raises with INTERNAL ("Exception deserializing
request!"), a status the server never means. This interceptor wraps every unary
request's deserializer so that undecodable bytes become a marker, and the method
answers INVALID_ARGUMENT (reason MALFORMED_REQUEST) before any handler runs. On the
service's own bidirectional streams (Play) the stream ends so at the first undecodable
message; other client streams (reflection) are left as gRPC has them.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

import grpc
from google.protobuf.message import DecodeError

from replay.reasons import Reason
from service.core.errors import InvalidArgument
from service.grpc_api.statuses import abort_arguments
from service.grpc_api.worker_context import in_worker
from service.grpc_api.wrapping import HandlerWrapper


class Undecodable:
    """What a request that could not be decoded turns into."""

    def __init__(self, method: str, error: Exception) -> None:
        self.error = InvalidArgument(
            Reason.MALFORMED_REQUEST,
            f"the request body is not a valid {method} request message: {error or 'cannot decode it'}",
        )


def _tolerant(method: str, deserialize: Callable[[bytes], Any]) -> Callable[[bytes], Any]:
    def decode(data: bytes) -> Any:
        try:
            return deserialize(data)
        except (DecodeError, ValueError, TypeError) as error:
            return Undecodable(method, error)

    return decode


def _guard(behaviour: Callable[..., Any]) -> Callable[..., Any]:
    """The behaviour, answering INVALID_ARGUMENT for an Undecodable request.

    The wrapper keeps the behaviour's kind (plain, generator, coroutine, async generator):
    the aio server picks how to run a handler by that kind.
    """
    if inspect.isasyncgenfunction(behaviour):

        @functools.wraps(behaviour)
        async def async_stream(request: Any, context: Any) -> Any:
            if isinstance(request, Undecodable):
                await context.abort(*abort_arguments(request.error))
            async for item in behaviour(request, context):
                yield item

        return async_stream
    if inspect.iscoroutinefunction(behaviour):

        @functools.wraps(behaviour)
        async def async_call(request: Any, context: Any) -> Any:
            if isinstance(request, Undecodable):
                await context.abort(*abort_arguments(request.error))
            return await behaviour(request, context)

        return async_call

    if inspect.isgeneratorfunction(behaviour):

        @functools.wraps(behaviour)
        def stream(request: Any, context: Any) -> Any:
            if isinstance(request, Undecodable):
                context.abort(*abort_arguments(request.error))
            yield from behaviour(request, context)

        return stream

    @functools.wraps(behaviour)
    def call(request: Any, context: Any) -> Any:
        if isinstance(request, Undecodable):
            context.abort(*abort_arguments(request.error))
        return behaviour(request, context)

    return call


def _guard_requests(behaviour: Callable[..., Any]) -> Callable[..., Any]:
    """A bidirectional (async generator) behaviour whose requests end the call at the first Undecodable."""

    @functools.wraps(behaviour)
    async def bidirectional(requests: Any, context: Any) -> Any:
        async def checked() -> Any:
            async for request in requests:
                if isinstance(request, Undecodable):
                    await context.abort(*abort_arguments(request.error))
                yield request

        async for item in behaviour(checked(), context):
            yield item

    return bidirectional


class MalformedRequestGuard(HandlerWrapper):
    def wrap(self, method: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
        if handler.request_deserializer is None:
            return handler
        return _guarded_handler(method, handler)


def _guarded_handler(full_method: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
    """`handler` with its requests decoded tolerantly and Undecodable ones answered (see above)."""
    method = full_method.rsplit("/", 1)[-1]
    if handler.request_streaming:
        ours = full_method.startswith("/frontier.") and handler.response_streaming
        if not (ours and inspect.isasyncgenfunction(handler.stream_stream)):
            return handler
        return handler._replace(
            request_deserializer=_tolerant(method, handler.request_deserializer),
            stream_stream=_guard_requests(handler.stream_stream),
        )
    changes: dict[str, Any] = {"request_deserializer": _tolerant(method, handler.request_deserializer)}
    kind = "unary_stream" if handler.response_streaming else "unary_unary"
    guarded = _guard(getattr(handler, kind))
    if (
        full_method.startswith("/frontier.")
        and kind == "unary_unary"
        and not inspect.iscoroutinefunction(guarded)
    ):
        guarded = in_worker(guarded)  # our handlers never touch gRPC's call off the loop (worker_context)
    changes[kind] = guarded
    return handler._replace(**changes)
