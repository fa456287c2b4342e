"""The floor under the counter rows: the least a durable Python gRPC server spends on a move.

Run as `python -m tests.benchmarks.floor_server --data DIR`: it prints its address and serves
the two calls the peer benchmark's drivers make (`CreateGame`, `Play`) for the peer's counter, until
it is terminated. It has the Play protocol's shape and nothing else a real service needs: a
`grpc.aio` server on an asyncio loop, seat tokens, turn order, one durable SQLite row per move
(WAL, `synchronous=FULL`, written by one thread that commits every queued move in one
transaction, as the service group-commits), the answer to the mover and a push of the step to every
other seat with the legal command for the seat to act. No rules engine, no record or hash chain, no
event store library, no redaction, no catch-up, no clocks.

So its moves/s is the ceiling of a durable Python server on this machine for the same game and
the same drivers: the peer benchmark divides ours by it, to tell how much of the distance to the
in-memory peer is this floor (Python, grpc.aio, an fsync per commit) and how much is our own code.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import queue
import secrets
import signal
import sqlite3
import threading
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc

from service.generated.frontier.v1 import frontier_pb2, frontier_pb2_grpc
from tests.benchmarks.counter_game import MOVES_PER_MATCH

INCREMENT = frontier_pb2.Command(json=json.dumps({"kind": "increment"}))


class Committer:
    """One thread that makes moves durable: everything queued goes in one transaction."""

    def __init__(self, path: Path, loop: asyncio.AbstractEventLoop) -> None:
        self.path = path
        self.loop = loop
        self.queue: queue.SimpleQueue[tuple[tuple[str, int, str], asyncio.Future[None]] | None] = (
            queue.SimpleQueue()
        )
        self.thread = threading.Thread(target=self._run, name="floor-commit", daemon=True)
        self.thread.start()

    def commit(self, row: tuple[str, int, str]) -> asyncio.Future[None]:
        done: asyncio.Future[None] = self.loop.create_future()
        self.queue.put((row, done))
        return done

    def close(self) -> None:
        self.queue.put(None)
        self.thread.join(timeout=10)

    def _run(self) -> None:
        connection = sqlite3.connect(self.path, isolation_level=None)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        connection.execute("CREATE TABLE IF NOT EXISTS moves (game TEXT, version INTEGER, body TEXT)")
        while True:
            item = self.queue.get()
            batch = []
            while item is not None:
                batch.append(item)
                item = None if self.queue.empty() else self.queue.get()
            if not batch:
                break
            connection.execute("BEGIN")
            connection.executemany("INSERT INTO moves VALUES (?, ?, ?)", [row for row, _ in batch])
            connection.execute("COMMIT")
            for _, done in batch:
                self.loop.call_soon_threadsafe(_settle, done)
        connection.close()


def _settle(done: asyncio.Future[None]) -> None:
    if not done.done():
        done.set_result(None)


@dataclass
class Table:
    """One counter game: its seats' tokens, whose turn it is and every open seat's outbox."""

    game_id: str
    tokens: list[str]
    value: int = 0
    outboxes: dict[int, asyncio.Queue[frontier_pb2.PlayUpdate | None]] = field(default_factory=dict)

    @property
    def version(self) -> int:
        return self.value + 1  # the setup is version 1, as on ours

    @property
    def over(self) -> bool:
        return self.value >= MOVES_PER_MATCH

    @property
    def to_act(self) -> int:
        return self.value % len(self.tokens)

    def update(self, seat: int, command_id: str = "", mover: int | None = None) -> frontier_pb2.PlayUpdate:
        status = "finished" if self.over else "in_progress"
        to_act = [] if self.over else [self.to_act]
        message = frontier_pb2.PlayUpdate(
            seat=seat, version=self.version, status=status, seats_to_act=to_act, command_id=command_id
        )
        if mover is not None:
            event = json.dumps({"kind": "incremented", "seat": mover, "value": self.value})
            message.step.CopyFrom(
                frontier_pb2.GameUpdate(
                    version=self.version,
                    seat=mover,
                    events=[frontier_pb2.GameEvent(kind="incremented", json=event)],
                    status=status,
                    seats_to_act=to_act,
                )
            )
        if to_act == [seat]:
            message.legal_commands.append(INCREMENT)
        return message


class Floor(frontier_pb2_grpc.FrontierLedgerServicer):
    def __init__(self, committer: Committer) -> None:
        self.committer = committer
        self.tables: dict[str, Table] = {}

    async def CreateGame(self, request: Any, context: Any) -> frontier_pb2.CreateGameResponse:
        table = Table(uuid.uuid4().hex, [secrets.token_urlsafe(24) for _ in range(request.seats or 1)])
        await self.committer.commit((table.game_id, 1, "{}"))
        self.tables[table.game_id] = table
        seats = [frontier_pb2.SeatToken(seat=seat, token=token) for seat, token in enumerate(table.tokens)]
        return frontier_pb2.CreateGameResponse(game_id=table.game_id, seats=seats, version=1)

    async def Play(self, requests: Any, context: Any) -> AsyncIterator[frontier_pb2.PlayUpdate]:
        token = dict(context.invocation_metadata()).get("authorization", "").removeprefix("Bearer ")
        first = await anext(requests)
        table = self.tables.get(first.game_id)
        if table is None or token not in table.tokens:
            await context.abort(grpc.StatusCode.UNAUTHENTICATED, "no such seat")
        assert table is not None
        seat = table.tokens.index(token)
        outbox: asyncio.Queue[frontier_pb2.PlayUpdate | None] = asyncio.Queue()
        table.outboxes[seat] = outbox
        reader = asyncio.ensure_future(self._commands(table, seat, requests))
        try:
            yield table.update(seat)
            while (message := await outbox.get()) is not None:
                yield message
        finally:
            reader.cancel()
            table.outboxes.pop(seat, None)

    async def _commands(self, table: Table, seat: int, requests: Any) -> None:
        outbox = table.outboxes[seat]
        async for request in requests:
            if table.over or table.to_act != seat:
                error = frontier_pb2.PlayError(code="FAILED_PRECONDITION", reason="NOT_YOUR_TURN")
                outbox.put_nowait(frontier_pb2.PlayUpdate(command_id=request.command_id, error=error))
                continue
            table.value += 1  # the turn passes now: a second command from this seat is refused
            await self.committer.commit((table.game_id, table.version, request.command.json))
            for other, box in table.outboxes.items():
                command_id = request.command_id if other == seat else ""
                box.put_nowait(table.update(other, command_id, mover=seat))
            if table.over:
                for box in table.outboxes.values():
                    box.put_nowait(None)
        outbox.put_nowait(None)


async def serve(data: Path) -> None:
    data.mkdir(parents=True, exist_ok=True)
    committer = Committer(data / "floor.sqlite", asyncio.get_running_loop())
    server = grpc.aio.server()
    frontier_pb2_grpc.add_FrontierLedgerServicer_to_server(Floor(committer), server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    print(f"floor serving on 127.0.0.1:{port}", flush=True)
    stopped = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(signum, stopped.set)
    await stopped.wait()
    await server.stop(0.5)
    committer.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True)
    asyncio.run(serve(parser.parse_args().data))


if __name__ == "__main__":
    main()
