"""The method handlers the gRPC server serves, kept so another protocol can call exactly them.

The generated `add_*Servicer_to_server` functions hand the server one handler per method; the
server keeps them to itself. `ServedMethods` stands in for the server while they are added:
it passes each on and keeps a copy, so the Connect front end on the web port
(service/grpc_api/connect/) calls the very handlers gRPC calls, through the same interceptors (the
drain, the request guard), on the same event loop and worker pool.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import grpc

from service.grpc_api.wrapping import HandlerWrapper


@dataclass
class ServedMethods:
    server: Any  # the grpc.aio server the handlers are added to
    interceptors: Sequence[HandlerWrapper]  # the server's, outermost first
    loop: asyncio.AbstractEventLoop | None = None  # set once the server runs on it
    handlers: dict[str, grpc.RpcMethodHandler] = field(default_factory=dict)  # by /service/Method

    def add_generic_rpc_handlers(self, handlers: Sequence[Any]) -> None:
        self.server.add_generic_rpc_handlers(handlers)

    def add_registered_method_handlers(self, service: str, handlers: Mapping[str, Any]) -> None:
        self.server.add_registered_method_handlers(service, handlers)
        for name, handler in handlers.items():
            self.handlers[f"/{service}/{name}"] = handler

    def intercepted(self, method: str) -> grpc.RpcMethodHandler:
        """`method`'s handler as the server's interceptors hand it over (innermost applied first)."""
        handler = self.handlers[method]
        for interceptor in reversed(self.interceptors):
            handler = interceptor.wrap(method, handler)
        return handler
