"""Property: a WebSocket opening is answered exactly as the same gRPC Play opening, whatever it holds."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import grpc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.service.helpers import create, failure
from tests.service.wsplay.apart import run_apart

WAIT = 30.0
UNKNOWN = str(uuid.uuid4())


def over_grpc(client: Client, request: frontier_pb2.PlayRequest, token: str | None) -> tuple[str, ...]:
    call = client.stub.Play(iter([request]), metadata=client.metadata(token), timeout=WAIT)
    try:
        first = next(call)
        return ("OK", str(first.seat), str(first.version), str(len(first.legal_commands)))
    except grpc.RpcError:
        found = failure(lambda: next(call))  # the same call's status, read again
        return (found.code.name, found.reason)
    finally:
        call.cancel()


def over_ws(
    url: str, request: frontier_pb2.PlayRequest, token: str | None, in_message: bool
) -> tuple[str, ...]:
    """The same opening over a socket, its token in the header or in the message."""

    async def attempt() -> tuple[str, ...]:
        headers = None if in_message or not token else {"Authorization": f"Bearer {token}"}
        async with connect(url, additional_headers=headers, compression=None) as connection:
            sent = frontier_pb2.PlayRequest()
            sent.CopyFrom(request)
            if in_message and token:
                sent.token = token
            await connection.send(sent.SerializeToString())
            frame = await asyncio.wait_for(connection.recv(), WAIT)
            assert isinstance(frame, bytes)
            update = frontier_pb2.PlayUpdate.FromString(frame)
        if update.HasField("error"):
            return (update.error.code, update.error.reason)
        return ("OK", str(update.seat), str(update.version), str(len(update.legal_commands)))

    return run_apart(attempt())


def test_every_opening_is_answered_as_grpc_play_answers_it(server: Running, url: str) -> None:
    with Client(f"127.0.0.1:{server.port}") as client:
        g = create(client, "most-wanted", 3)
        other = create(client, "deadwood-1876", 3)
        game_ids = [g.game_id, other.game_id, "", UNKNOWN, "not-a-game", "g" * 200]
        tokens = [None, g.tokens[0], g.tokens[1], g.tokens[2], other.tokens[0], ORGANISER, "made-up"]

        @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
        @given(
            game_id=st.sampled_from(game_ids),
            token=st.sampled_from(tokens),
            from_version=st.none() | st.integers(-2, 4),
            in_message=st.booleans(),
        )
        def check(game_id: str, token: str | None, from_version: int | None, in_message: bool) -> None:
            request = frontier_pb2.PlayRequest(game_id=game_id)
            if from_version is not None:
                request.from_version = from_version
            expected: Any = over_grpc(client, request, token)
            assert over_ws(url, request, token, in_message) == expected

        check()
