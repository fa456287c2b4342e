"""Reading FollowEvents over gRPC in tests: events until a condition holds, each with when it arrived."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import grpc

from service.generated.frontier.v1 import frontier_pb2, frontier_pb2_grpc


@dataclass(frozen=True)
class Heard:
    cursor: int
    game_id: str
    lines: list[tuple[str, dict[str, Any]]]  # (type, data) of each line
    at: float  # time.time() when it arrived
    stored: list[float]  # when each line's event was stored (a timestamp)

    def types(self) -> list[str]:
        return [kind for kind, _ in self.lines]


def follow(
    address: str,
    until: Callable[[list[Heard]], bool],
    *,
    token: str | None = None,
    timeout: float = 30.0,
    **request: Any,
) -> list[Heard]:
    """The stream's events from the start of the request's cursor until `until` holds for them."""
    heard: list[Heard] = []
    metadata = [("authorization", f"Bearer {token}")] if token else []
    with grpc.insecure_channel(address) as channel:
        stub = frontier_pb2_grpc.FrontierLedgerStub(channel)
        stream = stub.FollowEvents(
            frontier_pb2.FollowEventsRequest(**request), metadata=metadata, timeout=timeout
        )
        try:
            if until(heard):
                return heard
            for event in stream:
                lines = [(line.type, json.loads(line.data_json)) for line in event.lines]
                stored = [datetime.fromisoformat(line.timestamp).timestamp() for line in event.lines]
                heard.append(Heard(event.cursor, event.game_id, lines, time.time(), stored))
                if until(heard):
                    return heard
        finally:
            stream.cancel()
    raise AssertionError(f"the stream ended after {len(heard)} events")


def finished(*game_ids: str) -> Callable[[list[Heard]], bool]:
    def done(heard: list[Heard]) -> bool:
        ended = {h.game_id for h in heard if "game.finished" in h.types()}
        return ended >= set(game_ids)

    return done


def count(n: int) -> Callable[[list[Heard]], bool]:
    return lambda heard: len(heard) >= n


def moves(heard: list[Heard], game_id: str) -> list[dict[str, Any]]:
    return [data for h in heard if h.game_id == game_id for kind, data in h.lines if kind == "game.move"]
