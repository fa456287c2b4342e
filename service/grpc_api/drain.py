"""A stopping server lets the unary calls under way finish and answer, and refuses new ones.

`grpc.aio`'s own stop cancels every call still running after its grace; a unary handler runs on
in its worker thread, so a cancelled ImportLog was stored all the same while its client read
UNAVAILABLE. So `serve` drains first: new unary calls are refused UNAVAILABLE (SERVER_STOPPING,
nothing done), those under way get up to the drain time to finish; then the store is cut
(service/core/write_cut.py) and the calls that stored before the cut are waited for, so whatever
was stored is answered and whatever is cut was not stored. Streams (WatchGame, Play) end at the stop.
"""

from __future__ import annotations

import functools
import inspect
import threading
import time
from collections.abc import Callable
from typing import Any

import grpc

from service.core.write_cut import CALL_WRITES, CallWrites, WriteCut, stopping
from service.grpc_api.statuses import abort_arguments
from service.grpc_api.wrapping import HandlerWrapper

ANSWER_SECONDS = 10.0  # after the cut, for a call that stored to answer (it only reads and encodes)


class CallDrain(HandlerWrapper):
    """Counts the unary calls under way; `drain` waits for them as the server stops."""

    def __init__(self) -> None:
        super().__init__()
        self._changed = threading.Condition()
        self._calls: list[CallWrites] = []
        self._draining = False

    def wrap(self, method: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
        if handler.request_streaming or handler.response_streaming:
            return handler
        return handler._replace(unary_unary=self._counted(handler.unary_unary))

    def _counted(self, behaviour: Callable[..., Any]) -> Callable[..., Any]:
        if inspect.iscoroutinefunction(behaviour):

            @functools.wraps(behaviour)
            async def async_call(request: Any, context: Any) -> Any:
                mark = self._enter()
                if mark is None:  # abort raises: nothing of the call runs
                    return await context.abort(*abort_arguments(stopping()))
                token = CALL_WRITES.set(mark)  # copied into the worker thread (worker_context.py)
                try:
                    return await behaviour(request, context)
                finally:
                    CALL_WRITES.reset(token)
                    self._leave(mark)

            return async_call

        @functools.wraps(behaviour)
        def call(request: Any, context: Any) -> Any:
            mark = self._enter()
            if mark is None:
                return context.abort(*abort_arguments(stopping()))
            token = CALL_WRITES.set(mark)
            try:
                return behaviour(request, context)
            finally:
                CALL_WRITES.reset(token)
                self._leave(mark)

        return call

    def _enter(self) -> CallWrites | None:
        with self._changed:
            if self._draining:
                return None
            mark = CallWrites()
            self._calls.append(mark)
            return mark

    def _leave(self, mark: CallWrites) -> None:
        with self._changed:
            self._calls.remove(mark)
            self._changed.notify_all()

    def drain(self, cut: WriteCut, seconds: float) -> bool:
        """Refuse new calls, give those under way `seconds`, cut the store, let the stored ones answer.

        True if every call ended within the drain; False if some were cut (and stored nothing).
        """
        deadline = time.monotonic() + seconds
        with self._changed:
            self._draining = True
            ended = self._changed.wait_for(lambda: not self._calls, max(0.0, deadline - time.monotonic()))
        cut.cut(time.monotonic() + ANSWER_SECONDS)
        with self._changed:
            self._changed.wait_for(lambda: not any(c.stored for c in self._calls), ANSWER_SECONDS)
        return ended
