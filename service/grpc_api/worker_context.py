"""A unary handler in a worker thread, with a context that never touches gRPC's call off the loop.

`grpc.aio` runs a plain (not async) handler in its thread pool and hands it a context whose
`peer()` asks gRPC's core about the call from that worker thread. gRPC's asyncio objects belong to
the event loop's thread, and that read is not safe from another: a client that cancelled its call
(a short deadline) while the handler ran, then a `peer()` from the worker, crashed the whole
server with a segmentation fault, reproduced in under a second by a burst of such calls
(tests/service/test_cancelled_calls.py). So a handler of ours runs from an async wrapper: what it
reads of the call (the peer's address, the metadata) is read on the loop before it starts, and
what it does to the call (abort, a status code) is done on the loop, as gRPC does its own abort.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Callable
from typing import Any, TypeVar

import grpc

T = TypeVar("T")


class WorkerContext:
    """The part of a servicer context a handler uses, safe to call from a worker thread."""

    def __init__(self, context: Any, loop: asyncio.AbstractEventLoop) -> None:
        # Made on the loop: these reads happen there, while the call is alive.
        self._context = context
        self._loop = loop
        self._peer: str = context.peer()
        self._metadata: tuple[Any, ...] = tuple(context.invocation_metadata() or ())

    def peer(self) -> str:
        return self._peer

    def invocation_metadata(self) -> tuple[Any, ...]:
        return self._metadata

    def abort(
        self, code: grpc.StatusCode, details: str = "", trailing_metadata: tuple[Any, ...] = ()
    ) -> None:
        """End the call with this status, sent from the loop; raises gRPC's AbortError, as gRPC's does."""
        sent = asyncio.run_coroutine_threadsafe(
            self._context.abort(code, details, tuple(trailing_metadata)), self._loop
        )
        sent.result()  # the abort raises AbortError there: raised here too, so the handler stops

    def set_code(self, code: grpc.StatusCode) -> None:
        self._on_loop(self._context.set_code, code)

    def set_details(self, details: str) -> None:
        self._on_loop(self._context.set_details, details)

    def set_trailing_metadata(self, metadata: tuple[Any, ...]) -> None:
        self._on_loop(self._context.set_trailing_metadata, metadata)

    def _on_loop(self, function: Callable[..., Any], *args: Any) -> None:
        async def call() -> None:
            function(*args)

        asyncio.run_coroutine_threadsafe(call(), self._loop).result()


def in_worker(behaviour: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """`behaviour` (a plain unary handler) run in the loop's default executor with a WorkerContext.

    The server sets its worker pool as the loop's default executor, the pool gRPC would have used.
    """

    @functools.wraps(behaviour)
    async def call(request: Any, context: Any) -> Any:
        loop = asyncio.get_running_loop()
        # With the call's context variables, as `asyncio.to_thread` does (the drain's mark, drain.py).
        run = functools.partial(
            contextvars.copy_context().run, behaviour, request, WorkerContext(context, loop)
        )
        return await loop.run_in_executor(None, run)

    return call


async def in_thread(function: Callable[..., T], *args: Any) -> T:
    """`function(*args)` in the loop's default executor (the worker pool), with the call's context
    variables: the work of a handler on the loop that would wait on the store."""
    run = functools.partial(contextvars.copy_context().run, function, *args)
    return await asyncio.get_running_loop().run_in_executor(None, run)
