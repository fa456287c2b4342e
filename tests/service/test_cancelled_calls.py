"""An attack written as a test: clients that give up on their calls must not bring the server down.

Unary calls with deadlines so short that the client cancels while the handler still runs in its
worker thread. gRPC's call objects belong to the event loop's thread; a handler that asked one for
the client's address from its worker after such a cancellation crashed the server (a segmentation
fault, within a second of this burst). The server runs in a process of its own, as users start it,
so a crash is a dead server and its faulthandler tracebacks, not a dead test run.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import grpc

from service.generated.frontier.v1 import frontier_pb2, frontier_pb2_grpc
from tests.conftest import ORGANISER
from tests.service.serving import frontier_serving

BURST_SECONDS = 3.0
PLAYERS = ["Ann", "Bo", "Cy"]


async def cancelled_burst(address: str) -> tuple[int, int]:
    """Unary calls cut short by their deadlines for BURST_SECONDS; (calls made, calls cut short)."""
    made = cut = 0
    async with grpc.aio.insecure_channel(address) as channel:
        stub = frontier_pb2_grpc.FrontierLedgerStub(channel)
        created = await stub.CreateGame(
            frontier_pb2.CreateGameRequest(game="most-wanted", seats=3, players=PLAYERS), timeout=30
        )
        seat = (("authorization", f"Bearer {created.seats[0].token}"),)
        chooser = random.Random(7)
        until = time.monotonic() + BURST_SECONDS
        while time.monotonic() < until:
            calls = [
                stub.GetState(
                    frontier_pb2.GetStateRequest(game_id=created.game_id),
                    metadata=seat,
                    timeout=chooser.uniform(0.0005, 0.01),
                )
                if i % 2
                else stub.CreateGame(
                    frontier_pb2.CreateGameRequest(game="most-wanted", seats=3, players=PLAYERS),
                    timeout=chooser.uniform(0.0005, 0.02),
                )
                for i in range(50)
            ]
            for outcome in await asyncio.gather(*calls, return_exceptions=True):
                made += 1
                if isinstance(outcome, grpc.aio.AioRpcError):
                    assert outcome.code() == grpc.StatusCode.DEADLINE_EXCEEDED, outcome
                    cut += 1
        # The server still answers, and still knows the game.
        state = await stub.GetState(
            frontier_pb2.GetStateRequest(game_id=created.game_id), metadata=seat, timeout=30
        )
        assert state.game_id == created.game_id
    return made, cut


def test_a_burst_of_calls_cancelled_mid_flight_leaves_the_server_serving(tmp_path: Path) -> None:
    with frontier_serving(tmp_path / "data", ORGANISER) as address:  # requires a clean exit at the end
        made, cut = asyncio.run(cancelled_burst(address))
    assert cut > 0 and made > cut  # the burst did cut calls short, and some calls got through
