"""Smoke test of the durable peer's rows: boardgame.io on bgio-postgres and ours on one PostgreSQL.

A tiny run over real servers (a private PostgreSQL, boardgame.io's server in Node, `frontier serve`):
four seats join one match without crashing the peer's server, both sides play moves, and the rows
hold ratios with the target; never how fast.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.benchmarks import bench_peer
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


def test_without_postgresql_the_durable_rows_say_why() -> None:
    (row,) = bench_peer.durable_rows("one driver per match, 1 match", {}, 3.0, "no PostgreSQL binary")
    assert row.note == "no PostgreSQL binary" and row.met is None
