"""The malformed-request guard wraps each method's handler once, not on every call."""

from __future__ import annotations

from typing import Any

import grpc

from service.generated.frontier.v1 import frontier_pb2
from service.grpc_api.request_guard import MalformedRequestGuard, Undecodable
from tests.service.wsplay.apart import run_apart


class Details(grpc.HandlerCallDetails):  # type: ignore[misc]
    def __init__(self, method: str) -> None:
        self.method = method
        self.invocation_metadata = ()


def get_state(request: Any, context: Any) -> Any:
    return frontier_pb2.GameState(game_id=request.game_id)


def intercept(guard: MalformedRequestGuard, method: str, handler: grpc.RpcMethodHandler) -> Any:
    async def continuation(details: grpc.HandlerCallDetails) -> grpc.RpcMethodHandler:
        return handler

    return run_apart(guard.intercept_service(continuation, Details(method)))


def test_a_methods_guarded_handler_is_built_once_and_rebuilt_for_a_new_handler() -> None:
    guard = MalformedRequestGuard()
    method = "/frontier.v1.FrontierLedger/GetState"
    handler = grpc.unary_unary_rpc_method_handler(
        get_state,
        request_deserializer=frontier_pb2.GetStateRequest.FromString,
        response_serializer=frontier_pb2.GameState.SerializeToString,
    )
    first = intercept(guard, method, handler)
    assert first is not handler  # guarded
    assert intercept(guard, method, handler) is first
    # The guard still does its job on the remembered handler.
    assert isinstance(first.request_deserializer(b"\xff\xff"), Undecodable)
    good = frontier_pb2.GetStateRequest(game_id="g").SerializeToString()
    assert first.request_deserializer(good).game_id == "g"
    replaced = handler._replace(unary_unary=get_state)
    assert intercept(guard, method, replaced) is not first
