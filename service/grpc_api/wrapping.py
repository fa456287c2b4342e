"""The base of the interceptors that wrap a method's handler (the drain, the request guard)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import grpc


class HandlerWrapper(grpc.aio.ServerInterceptor):  # type: ignore[misc]
    """Hands gRPC `wrap(method, handler)` in the place of each method's handler.

    Wrapping costs more than many a call's own work (functools.wraps, inspect): each method's
    handler is wrapped once, and again only if gRPC hands over a new one.
    """

    def __init__(self) -> None:
        self._wrapped: dict[str, tuple[grpc.RpcMethodHandler, grpc.RpcMethodHandler]] = {}

    def wrap(self, method: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
        raise NotImplementedError

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        handler = await continuation(details)
        if handler is None:
            return handler
        known = self._wrapped.get(details.method)
        if known is not None and known[0] is handler:
            return known[1]
        wrapped = self.wrap(details.method, handler)
        self._wrapped[details.method] = (handler, wrapped)
        return wrapped
