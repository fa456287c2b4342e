"""The floor server plays the counter as the drivers expect, and every move it answers is durable.

Real processes: the floor server on a real port with its SQLite file, the peer benchmark's own
drivers. Its moves/s is used as a ceiling, so it must not cut a corner ours may not cut: a move is
answered only once its row is committed, and a seat out of turn is refused.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import grpc

from service.generated.frontier.v1 import frontier_pb2, frontier_pb2_grpc
from tests.benchmarks import bench_peer
from tests.benchmarks.floor_server import INCREMENT


def stored_rows(path: Path) -> int:
    with sqlite3.connect(path) as connection:
        return int(connection.execute("SELECT count(*) FROM moves").fetchone()[0])


def test_every_answered_move_is_a_committed_row_in_both_play_models(tmp_path: Path) -> None:
    with bench_peer.floor_process(tmp_path / "floor") as floor:
        for model in ("driver", "seats"):
            run = bench_peer.ours_run(floor, model, bench_peer.COUNTER, 2, 1.0)
            assert run.moves > 0 and run.refused == 0 and run.cpu_seconds > 0
    settings = sqlite3.connect(tmp_path / "floor" / "floor.sqlite").execute("PRAGMA journal_mode").fetchone()
    assert settings == ("wal",)
    # Moves answered inside the timed windows, plus every game's creation and the warm-ups: more.
    assert stored_rows(tmp_path / "floor" / "floor.sqlite") > run.moves


async def _refused_then_played(address: str, stored: Path) -> list[tuple[str, int]]:
    """Seat 1 out of turn, then seat 0 in turn: each answer, and the rows stored once it came."""
    seen = []
    async with grpc.aio.insecure_channel(address) as channel:
        stub = frontier_pb2_grpc.FrontierLedgerStub(channel)
        game_id, tokens = await bench_peer.new_game(stub, bench_peer.COUNTER, 2)
        for seat in (1, 0):
            call = stub.Play(metadata=bench_peer.bearer(tokens[seat]))
            await call.write(frontier_pb2.PlayRequest(game_id=game_id))
            opening = await call.read()
            assert opening.version == 1 and list(opening.seats_to_act) == [0]
            assert bool(opening.legal_commands) == (seat == 0)
            await call.write(frontier_pb2.PlayRequest(command_id=f"c{seat}", command=INCREMENT))
            answer = await call.read()
            seen.append((answer.error.reason or f"version {answer.version}", stored_rows(stored)))
            call.cancel()
    return seen


def test_a_seat_out_of_turn_is_refused_and_an_answered_move_is_already_stored(tmp_path: Path) -> None:
    with bench_peer.floor_process(tmp_path / "floor") as floor:
        seen = asyncio.run(_refused_then_played(floor.process.address, tmp_path / "floor" / "floor.sqlite"))
    # The creation is row 1; the refusal adds none; the move is stored before its answer.
    assert seen == [("NOT_YOUR_TURN", 1), ("version 2", 2)]
