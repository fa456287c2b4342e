"""Attacks on Play over WebSocket: tokens, frames, retries. A refusal changes nothing and leaks no token."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, ConnectionClosedError, InvalidStatus

from service.client import Client
from service.config import SocketLimits
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from service.ws_client import PlaySocket
from tests.conftest import ORGANISER, start_server
from tests.service.helpers import Game, create, failure, legal, state
from tests.service.wsplay.apart import run_apart

WAIT = 30.0


@dataclass
class Refusal:
    code: str
    reason: str
    message: str
    close_code: int | None
    close_reason: str

    def says(self) -> str:
        return f"{self.message} {self.close_reason}"


async def _refused(url: str, frames: list[str | bytes], headers: dict[str, str] | None) -> Refusal:
    async with connect(url, additional_headers=headers, compression=None) as connection:
        for frame in frames:
            await connection.send(frame)
        while True:  # an opening that passed is answered first; the refusal comes last
            frame = await asyncio.wait_for(connection.recv(), WAIT)
            assert isinstance(frame, bytes)
            update = frontier_pb2.PlayUpdate.FromString(frame)
            if update.HasField("error"):
                break
        with pytest.raises(ConnectionClosedError) as closed:
            await asyncio.wait_for(connection.recv(), WAIT)
    error = update.error
    rcvd = closed.value.rcvd
    assert rcvd is not None and update.command_id == ""
    return Refusal(error.code, error.reason, error.message, rcvd.code, rcvd.reason)


def refused(url: str, *frames: str | bytes, token: str | None = None, header: str | None = None) -> Refusal:
    """The last message and close frame of a connection sending `frames` (the header's token, if any)."""
    value = header if header is not None else (f"Bearer {token}" if token else None)
    return run_apart(_refused(url, list(frames), {"Authorization": value} if value else None))


def opening(game_id: str, *, token: str = "", command: Any = None, **fields: Any) -> bytes:
    request = frontier_pb2.PlayRequest(game_id=game_id, token=token, **fields)
    if command is not None:  # a command riding on a refused opening must not be recorded either
        request.command_id = uuid.uuid4().hex
        request.command.CopyFrom(command)
    return request.SerializeToString()


@pytest.fixture
def client(server: Running) -> Iterator[Client]:
    with Client(f"127.0.0.1:{server.port}") as c:
        yield c


def test_opening_refusals_carry_the_grpc_status_change_nothing_and_never_echo_a_token(
    client: Client, url: str
) -> None:
    g = create(client, "most-wanted", 3)
    other = create(client, "most-wanted", 3)
    before = state(client, g.game_id, ORGANISER)
    actor = before.seats_to_act[0]
    move = legal(client, g, actor).commands[0]
    someone = (actor + 1) % 3
    mine, theirs = g.tokens[actor], other.tokens[actor]
    cases = {
        "no token": refused(url, opening(g.game_id, command=move)),
        "another game's token in the header": refused(url, opening(g.game_id, command=move), token=theirs),
        "another game's token in the message": refused(url, opening(g.game_id, token=theirs, command=move)),
        "the organiser": refused(url, opening(g.game_id, command=move), token=ORGANISER),
        "the organiser in the message": refused(url, opening(g.game_id, token=ORGANISER, command=move)),
        "header and message disagree": refused(
            url, opening(g.game_id, token=mine, command=move), token=g.tokens[someone]
        ),
        "a header that is not Bearer": refused(url, opening(g.game_id, command=move), header=f"Basic {mine}"),
        "an unknown game": refused(url, opening(str(uuid.uuid4())), token=mine),
        "no game id": refused(url, opening("", command=move), token=mine),
        "a future version": refused(url, opening(g.game_id, from_version=99, command=move), token=mine),
    }
    assert {name: (r.code, r.reason, r.close_code) for name, r in cases.items()} == {
        "no token": ("UNAUTHENTICATED", "TOKEN_REQUIRED", 1008),
        "another game's token in the header": ("UNAUTHENTICATED", "UNKNOWN_TOKEN", 1008),
        "another game's token in the message": ("UNAUTHENTICATED", "UNKNOWN_TOKEN", 1008),
        "the organiser": ("PERMISSION_DENIED", "NOT_A_SEAT", 1008),
        "the organiser in the message": ("PERMISSION_DENIED", "NOT_A_SEAT", 1008),
        "header and message disagree": ("UNAUTHENTICATED", "BAD_AUTHORIZATION", 1008),
        "a header that is not Bearer": ("UNAUTHENTICATED", "BAD_AUTHORIZATION", 1008),
        "an unknown game": ("NOT_FOUND", "GAME_NOT_FOUND", 1008),
        "no game id": ("INVALID_ARGUMENT", "MISSING_FIELD", 1008),
        "a future version": ("INVALID_ARGUMENT", "BAD_VERSION", 1008),
    }
    for name, refusal in cases.items():
        assert refusal.message and refusal.close_reason == f"{refusal.code} {refusal.reason}", name
        for secret in (mine, theirs, ORGANISER, g.tokens[someone]):
            assert secret not in refusal.says(), name
    assert state(client, g.game_id, ORGANISER).version == before.version  # nothing was recorded


def test_a_spectator_token_of_another_kind_is_refused_like_grpc(client: Client, url: str) -> None:
    """What gRPC Play answers for the same callers, the socket answers too (an oracle per case)."""
    g = create(client, "deadwood-1876", 3)
    callers = {"no token": None, "the organiser": ORGANISER, "a made-up token": "not-a-token"}
    for name, token in callers.items():
        over_ws = refused(url, opening(g.game_id), token=token)
        request = frontier_pb2.PlayRequest(game_id=g.game_id)

        def call(token: str | None = token, request: frontier_pb2.PlayRequest = request) -> None:
            for _ in client.stub.Play(iter([request]), metadata=client.metadata(token), timeout=WAIT):
                pass

        over_grpc = failure(call)
        assert (over_ws.code, over_ws.reason) == (over_grpc.code.name, over_grpc.reason), name


def test_a_token_in_the_message_or_in_both_places_agreeing_opens_the_seat(client: Client, url: str) -> None:
    g = create(client, "most-wanted", 3)

    async def opened_as(token_in_message: bool, header: bool) -> int:
        token = g.tokens[2]
        if header and token_in_message:  # both places, the same token
            connection = await connect(url, additional_headers={"Authorization": f"Bearer {token}"})
            socket = PlaySocket(connection)
            await socket.send(frontier_pb2.PlayRequest(game_id=g.game_id, token=token))
        else:
            socket = await PlaySocket.open(url, g.game_id, token, token_in_message=token_in_message)
        try:
            update = await asyncio.wait_for(socket.receive(), WAIT)
            assert update is not None and not update.HasField("error")
            return update.seat
        finally:
            await socket.close()

    assert run_apart(opened_as(True, False)) == 2
    assert run_apart(opened_as(True, True)) == 2
    assert run_apart(opened_as(False, True)) == 2


def test_malformed_and_text_frames_end_the_connection_as_unsupported_data(client: Client, url: str) -> None:
    g = create(client, "most-wanted", 3)
    before = state(client, g.game_id, ORGANISER)
    actor = before.seats_to_act[0]
    token = g.tokens[actor]
    move = frontier_pb2.PlayRequest(command_id="x", command=legal(client, g, actor).commands[0])
    good = opening(g.game_id)
    cases = {
        "a text opening": refused(url, good.decode("latin-1"), token=token),
        "a garbage opening": refused(url, b"\xff\xff\xff\xff", token=token),
        "garbage after a good opening": refused(url, good, b"\x0a\xff\xff", token=token),
        "text after a good opening": refused(url, good, "hello", token=token),
        "a token after the opening": refused(
            url, good, frontier_pb2.PlayRequest(token=token, command_id="y").SerializeToString(), token=token
        ),
        # A valid command after a bad frame is never read.
        "a command after garbage": refused(url, good, b"\xff", move.SerializeToString(), token=token),
    }
    assert {name: (r.code, r.reason, r.close_code) for name, r in cases.items()} == {
        "a text opening": ("INVALID_ARGUMENT", "MALFORMED_REQUEST", 1003),
        "a garbage opening": ("INVALID_ARGUMENT", "MALFORMED_REQUEST", 1003),
        "garbage after a good opening": ("INVALID_ARGUMENT", "MALFORMED_REQUEST", 1003),
        "text after a good opening": ("INVALID_ARGUMENT", "MALFORMED_REQUEST", 1003),
        "a token after the opening": ("INVALID_ARGUMENT", "TOKEN_NOT_ALLOWED", 1008),
        "a command after garbage": ("INVALID_ARGUMENT", "MALFORMED_REQUEST", 1003),
    }
    assert all(token not in r.says() for r in cases.values())
    assert state(client, g.game_id, ORGANISER).version == before.version


def test_an_oversized_frame_is_refused_as_too_big(tmp_path: Path) -> None:
    small = start_server(tmp_path / "data", ws_port=0, ws_limits=SocketLimits(opening_bytes=4096))
    try:
        with Client(f"127.0.0.1:{small.port}") as client:
            g = create(client, "most-wanted", 3)
            url = f"ws://127.0.0.1:{small.ws_port}/v1/play"
            big = frontier_pb2.PlayRequest(game_id=g.game_id, command_id="z" * 5000).SerializeToString()
            refusal = refused(url, big, token=g.tokens[0])
            assert (refusal.code, refusal.reason, refusal.close_code) == (
                "RESOURCE_EXHAUSTED",
                "MESSAGE_TOO_BIG",
                1009,
            )
            assert state(client, g.game_id, ORGANISER).version == 1
    finally:
        small.stop()


def test_only_the_play_path_is_served(url: str) -> None:
    async def attempt() -> None:
        async with connect(url.replace("/v1/play", "/v1/other")):
            pass

    with pytest.raises(InvalidStatus) as refused_:
        run_apart(attempt())
    assert refused_.value.response.status_code == 404


def test_grpc_play_refuses_a_token_in_the_message(client: Client) -> None:
    g = create(client, "most-wanted", 3)
    token = g.tokens[0]

    def play(*requests: frontier_pb2.PlayRequest) -> None:
        for _ in client.stub.Play(iter(requests), metadata=client.metadata(token), timeout=WAIT):
            pass

    first = failure(lambda: play(frontier_pb2.PlayRequest(game_id=g.game_id, token=token)))
    later = failure(
        lambda: play(frontier_pb2.PlayRequest(game_id=g.game_id), frontier_pb2.PlayRequest(token=token))
    )
    for found in (first, later):
        assert (found.code, found.reason, found.metadata["field"]) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "TOKEN_NOT_ALLOWED",
            "token",
        )
        assert token not in found.message


def test_a_retry_after_a_dropped_connection_is_recorded_once(client: Client, url: str) -> None:
    g: Game = create(client, "western-legends", 3)
    before = state(client, g.game_id, ORGANISER)
    seat = before.seats_to_act[0]
    command = legal(client, g, seat).commands[0]

    async def scenario() -> tuple[Any, Any]:
        first = await PlaySocket.open(url, g.game_id, g.tokens[seat])
        await first.command("retry-1", command, before.version)
        await first.close()  # dropped before its answer is read
        second = await PlaySocket.open(url, g.game_id, g.tokens[seat])
        try:
            answers = []
            for _ in range(2):  # the retry, then a third attempt on the same connection
                await second.command("retry-1", command, before.version)
                while (update := await asyncio.wait_for(second.receive(), WAIT)) is not None:
                    if update.command_id == "retry-1":
                        answers.append(update)
                        break
            return answers[0], answers[1]
        finally:
            await second.close()

    answered, third = run_apart(scenario())
    assert not answered.HasField("error"), answered.error
    assert answered.step.version == third.step.version == before.version + 1
    assert third.duplicate
    assert [e.json for e in third.step.events] == [e.json for e in answered.step.events]
    assert state(client, g.game_id, ORGANISER).version == before.version + 1


def test_a_client_that_leaves_ends_its_stream_while_the_game_waits(
    server: Running, client: Client, url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A seat's stream holds a watcher slot; a closed socket must give it back without any move."""
    g = create(client, "most-wanted", 3)
    watching = server.servicer.watching
    before = watching.active

    async def visit(abort: bool) -> int:
        socket = await PlaySocket.open(url, g.game_id, g.tokens[1])
        await asyncio.wait_for(socket.receive(), WAIT)  # opened; its watch joins right after
        for _ in range(300):
            if watching.active > before:
                break
            await asyncio.sleep(0.1)
        during = watching.active
        if abort:  # the network drops it: no closing handshake
            socket.connection.transport.abort()
        else:
            await socket.close()
        for _ in range(300):
            if watching.active == before:
                break
            await asyncio.sleep(0.1)
        return during

    for abort in (False, True):
        assert run_apart(visit(abort)) == before + 1
        assert watching.active == before
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []  # handled


def test_stopping_the_server_tells_open_sockets_it_is_going_away(tmp_path: Path) -> None:
    running = start_server(tmp_path / "data", ws_port=0)
    stopped = False
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            g = create(client, "deadwood-1876", 3)
        url = f"ws://127.0.0.1:{running.ws_port}/v1/play"

        async def scenario() -> int | None:
            nonlocal stopped
            socket = await PlaySocket.open(url, g.game_id, g.tokens[0])
            await asyncio.wait_for(socket.receive(), WAIT)
            await asyncio.get_running_loop().run_in_executor(None, running.stop)
            stopped = True
            with pytest.raises(ConnectionClosed):  # not None: the game is not over
                await asyncio.wait_for(socket.receive(), WAIT)
            return socket.close_code

        assert run_apart(scenario()) == 1001
    finally:
        if not stopped:
            running.stop()


def test_a_seat_token_over_its_stream_cap_is_told_to_try_again_later(tmp_path: Path) -> None:
    full = start_server(tmp_path / "data", ws_port=0, max_streams_per_seat=1)
    try:
        with Client(f"127.0.0.1:{full.port}") as client:
            g = create(client, "most-wanted", 3)
        url = f"ws://127.0.0.1:{full.ws_port}/v1/play"

        async def scenario() -> Refusal:
            holder = await PlaySocket.open(url, g.game_id, g.tokens[0])
            try:
                await asyncio.wait_for(holder.receive(), WAIT)
                for _ in range(300):  # its watch joins right after the opening message
                    if full.servicer.watching.active:
                        break
                    await asyncio.sleep(0.1)
                return await _refused(url, [opening(g.game_id)], {"Authorization": f"Bearer {g.tokens[0]}"})
            finally:
                await holder.close()

        refusal = run_apart(scenario())
        assert (refusal.code, refusal.reason, refusal.close_code) == (
            "RESOURCE_EXHAUSTED",
            "TOO_MANY_SEAT_STREAMS",
            1013,
        )
    finally:
        full.stop()
