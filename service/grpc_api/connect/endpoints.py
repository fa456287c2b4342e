"""The Connect endpoint table: one endpoint per method the gRPC server serves, from its handlers.

No route is written by hand: the paths are gRPC's (`/frontier.v1.FrontierLedger/CreateGame`), the
message classes come from the services' descriptors, and each endpoint calls the method's handler
as the gRPC server's interceptors hand it over. Client-streaming and bidirectional methods (Play)
are left out: Connect needs HTTP/2 for them, and Play has its WebSocket (service/wsplay/).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from typing import Any

from connectrpc._server_shared import EndpointServerStream, EndpointUnary  # its types, not exported
from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
from connectrpc.request import RequestContext
from connectrpc.server import Endpoint
from google.protobuf.descriptor import FileDescriptor, MethodDescriptor
from google.protobuf.message_factory import GetMessageClass

from service.grpc_api.connect.calls import CallContext, decoder, on_loop, stream_on_loop
from service.grpc_api.connect.codecs import Body
from service.grpc_api.connect.stops import StreamStops
from service.grpc_api.served import ServedMethods

Served = EndpointUnary[Any, Any] | EndpointServerStream[Any, Any]


def served_methods(files: Iterable[FileDescriptor]) -> dict[str, MethodDescriptor]:
    """Every method of every service in `files`, by its path (`/package.Service/Method`)."""
    return {
        f"/{service.full_name}/{method.name}": method
        for file in files
        for service in file.services_by_name.values()
        for method in service.methods
    }


def endpoint_table(
    served: ServedMethods, methods: dict[str, MethodDescriptor], stops: StreamStops
) -> dict[str, Served]:
    table: dict[str, Served] = {}
    for path, method in methods.items():
        if method.client_streaming or path not in served.handlers:
            continue
        table[path] = _endpoint(served, path, method, stops)
    return table


def _endpoint(served: ServedMethods, path: str, method: MethodDescriptor, stops: StreamStops) -> Served:
    handler = served.intercepted(path)
    request_class = GetMessageClass(method.input_type)
    info = MethodInfo(
        name=method.name,
        service_name=method.containing_service.full_name,
        input=request_class,
        output=GetMessageClass(method.output_type),
        idempotency_level=IdempotencyLevel.UNKNOWN,  # POST only: no method is marked free of effects
        stream_type=StreamType.SERVER_STREAM if method.server_streaming else StreamType.UNARY,
    )
    decode = decoder(path, handler, request_class)
    loop = served.loop
    assert loop is not None

    if method.server_streaming:

        async def streaming(body: Body, ctx: RequestContext[Any, Any]) -> AsyncIterator[Any]:
            items = handler.unary_stream(decode(body), CallContext(ctx))
            with stops.opened() as stop:
                async for item in stream_on_loop(loop, items, stop):
                    yield item

        return Endpoint.server_stream(info, streaming)

    async def unary(body: Body, ctx: RequestContext[Any, Any]) -> Any:
        return await on_loop(loop, handler.unary_unary(decode(body), CallContext(ctx)))

    return Endpoint.unary(info, unary)
