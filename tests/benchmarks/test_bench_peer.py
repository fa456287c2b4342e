"""Smoke test of the durable peer's rows: boardgame.io on bgio-postgres and ours on one PostgreSQL.

A tiny run over real servers (a private PostgreSQL, boardgame.io's server in Node, `frontier serve`):
four seats join one match without crashing the peer's server, both sides play moves, and the rows
hold ratios with the target; never how fast.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.benchmarks import bench_floor, bench_peer
from tests.benchmarks.bench_common import Spawned
from tests.servers import postgres_available


@pytest.mark.slow
def test_the_durable_peer_and_ours_on_postgresql_play_and_are_compared(tmp_path: Path) -> None:
    modules, why = bench_peer.install_peer()
    if modules is None:
        pytest.skip(why)
    assert postgres_available()
    label = "one client per seat, 4 seats, 1 game"
    results: dict[tuple[str, ...], list[bench_peer.Run]] = {}
    with bench_peer.durable_contenders(modules, tmp_path) as (contenders, why_not):
        assert why_not == ""
        for name, contender in contenders.items():
            results[(label, name)] = [contender("seats", 1, 1.0)]
    assert all(run.moves > 0 for runs in results.values() for run in runs), results
    results[(label, bench_peer.DURABLE_GAME, "grpc")] = results[(label, bench_peer.OURS_ON_POSTGRES)]
    peer, *ours = bench_peer.durable_rows(label, results, 0.5, "")
    assert peer.value > 0 and peer.ceiling is None
    assert [row.ceiling for row in ours] == [peer.value, peer.value]
    assert all(row.target == ">= 2x the durable peer" and row.met is not None for row in ours)
    results[(label, bench_peer.COUNTER, "grpc")] = results[(label, bench_peer.COUNTER_ON_POSTGRES)]
    counter_rows = bench_peer.counter_durable_rows(label, results, "")
    assert [row.name for row in counter_rows] == [
        f"{label}: counter on {store} ÷ {bench_peer.DURABLE_PEER}" for store in ("SQLite", "PostgreSQL")
    ]
    assert all(row.ceiling == peer.value and row.target == ">= 2x the durable peer" for row in counter_rows)


@pytest.mark.slow
@pytest.mark.parametrize(("model", "seats"), [("driver", 1), ("seats", 4)])
def test_the_counter_is_played_on_both_sides_and_compared(tmp_path: Path, model: str, seats: int) -> None:
    """The same game on both sides: the peer's counter in memory, ours on SQLite over both transports."""
    modules, why = bench_peer.install_peer()
    if modules is None:
        pytest.skip(why)
    label = f"{model}, 1 game"
    results: dict[tuple[str, ...], list[bench_peer.Run]] = {}
    peer_command = ["node", str(bench_peer.PEER / "server.js")]
    with (
        Spawned(peer_command, tmp_path / "peer.log", env=bench_peer.node_env(modules)) as peer,
        bench_peer.ours_process(tmp_path / "ours") as ours,
        bench_peer.floor_process(tmp_path / "floor") as floor,
    ):
        results[(label, "peer")] = [bench_peer.peer_run(peer, modules, model, 1, 1.0)]
        for transport in bench_peer.TRANSPORTS:
            run = bench_peer.ours_run(ours, model, bench_peer.COUNTER, 1, 1.0, transport)
            results[(label, bench_peer.COUNTER, transport)] = [run]
        results[(label, bench_peer.FLOOR)] = [bench_peer.ours_run(floor, model, bench_peer.COUNTER, 1, 1.0)]
    assert all(run.moves > 0 for runs in results.values() for run in runs), results
    assert bench_peer.seats_of(bench_peer.COUNTER, model) == seats  # as the peer's driver seats it
    peer_run = results[(label, "peer")][0]
    for transport in bench_peer.TRANSPORTS:
        row = bench_peer._row(label, bench_peer.COUNTER, transport, results, peer_run, 1.0, "")
        assert row.ceiling == peer_run.rate and row.met is not None
        assert row.target == ">= 0.5x the peer, the same game"
    floor_row = bench_peer.floor_row(label, results, peer_run)
    floor_run = results[(label, bench_peer.FLOOR)][0]
    assert floor_row.ceiling == peer_run.rate and floor_row.value == floor_run.rate
    assert set(floor_row.extra["ours_to_floor"]) == {"counter", "counter over WebSocket"}


def test_without_postgresql_the_durable_rows_say_why() -> None:
    (row,) = bench_peer.durable_rows("one driver per match, 1 match", {}, 3.0, "no PostgreSQL binary")
    assert row.note == "no PostgreSQL binary" and row.met is None


def test_each_floor_target_is_a_row_with_its_ratio_and_pass_or_miss() -> None:
    """Figures of one run in, one row per target out: the ratio to the floor, and PASS or MISS."""
    floor = bench_peer.Run(moves=1000, seconds=1.0, p50_ms=1.0, cpu_seconds=0.5)  # 0.5 ms a move
    results: dict[tuple[str, ...], list[bench_peer.Run]] = {}
    for label in (*bench_floor.SIDE_BY_SIDE, *bench_floor.ONE_AT_A_TIME):
        results[(label, bench_peer.FLOOR)] = [floor]
        for game, moves in ((bench_peer.COUNTER, 750), *((game, 450) for game in bench_peer.OURS)):
            for transport in bench_peer.TRANSPORTS:
                cpu = moves * 0.0011  # 1.1 ms a move: over twice the floor's
                results[(label, game, transport)] = [bench_peer.Run(moves, 1.0, 1.0, cpu)]
    rows = bench_floor.floor_targets(
        results, bench_peer.OURS, bench_peer.COUNTER, bench_peer.TRANSPORTS, bench_peer.FLOOR
    )
    by_name = {row.name: row for row in rows}
    side, alone = bench_floor.SIDE_BY_SIDE[0], bench_floor.ONE_AT_A_TIME[0]
    ws_counter = by_name[f"{side}: {bench_peer.COUNTER} over WebSocket ÷ the floor"]
    assert (ws_counter.met, ws_counter.note) == (True, "0.75x the floor: PASS")
    most_wanted = by_name[f"{side}: most-wanted ÷ the floor"]
    assert (most_wanted.met, most_wanted.note) == (False, "0.45x the floor: MISS")
    assert by_name[f"{alone}: {bench_peer.COUNTER} ÷ the floor"].note == "0.75x the floor: MISS"
    cpu_row = by_name[f"{side}: server CPU per most-wanted move ÷ the floor's per {bench_peer.COUNTER} move"]
    assert (cpu_row.met, cpu_row.note) == (False, "2.20x the floor's CPU per move: MISS")
    # Side by side: 3 games x 2 transports + CPU; one at a time: the counter x 2 transports + CPU.
    assert len(rows) == 2 * (6 + 1) + 2 * (2 + 1)
