"""Smoke test of the PostgreSQL benchmark rows: it brings its own servers and reports every row.

A tiny run over real servers (a private PostgreSQL and Valkey from `tests.servers`, three
`frontier serve` processes): it checks that the rows exist and hold measured values, never how fast.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.benchmarks import bench_postgres
from tests.benchmarks.bench_common import Mode, Row

TINY = Mode(
    full=False,
    duration=0.5,
    latency_samples=5,
    lengths=(10,),
    replay_games=1,
    import_logs=1,
    watch_commands=3,
    watchers=(2,),
    memory_games=1,
    memory_commands=1,
    postgres=True,
)


def by_name(rows: list[Row]) -> dict[str, Row]:
    return {row.name: row for row in rows}


@pytest.mark.slow
def test_the_two_server_rows_run_with_the_servers_the_tests_use(tmp_path: Path) -> None:
    assert bench_postgres.missing() == ""  # the wheels (or the system) provide both binaries
    rows = by_name(bench_postgres.postgres_rows(TINY, tmp_path, {}))
    for clients in ("1 client", "8 clients"):
        two = rows[f"PostgreSQL, 2 servers, {clients}"]
        assert two.value > 0 and two.ceiling is not None and two.ceiling > 0
        compared = rows[f"PostgreSQL, 2 servers ÷ SQLite, 1 server, {clients}"]
        assert compared.value == two.value
        assert compared.ceiling is not None and compared.ceiling > 0  # one SQLite server, measured here
        assert compared.met is not None
        scaled = rows[f"PostgreSQL, 2 servers ÷ 1 server, {clients}"]  # the same run's one server
        assert scaled.value == two.value and scaled.ceiling == rows[f"PostgreSQL, 1 server, {clients}"].value
        split = rows[f"PostgreSQL, 2 databases ÷ 1 database, 1 server, {clients}"]  # same run's one database
        assert split.value > 0 and split.ceiling == rows[f"PostgreSQL, 1 server, {clients}"].value
    # Watchers on the other server got every command through Redis.
    fanout = rows["PostgreSQL + Redis, 2 servers (play on one, watch on the other), 2 watchers"]
    assert "6 deliveries of 3 commands" in fanout.note


def test_the_rows_are_compared_with_the_sqlite_figure_given(tmp_path: Path) -> None:
    two = [
        Row("1 throughput", "PostgreSQL, 2 servers, 1 client", 120.0, "commands/s", extra={"clients": 1}),
        Row("1 throughput", "PostgreSQL, 2 servers, 8 clients", 90.0, "commands/s", extra={"clients": 8}),
    ]
    compared = bench_postgres.against_sqlite(two, {1: 200.0, 8: 200.0})
    assert [(row.ratio, row.met) for row in compared] == [(0.6, True), (0.45, False)]


def test_two_servers_are_compared_with_one_on_the_same_store() -> None:
    def rows(label: str, rates: tuple[float, float]) -> list[Row]:
        return [
            Row("1 throughput", f"{label}, {n} client(s)", rate, "commands/s", extra={"clients": n})
            for n, rate in zip((1, 8), rates, strict=True)
        ]

    compared = bench_postgres.against_one_server(rows("two", (100.0, 300.0)), rows("one", (100.0, 200.0)))
    assert [(row.name, row.ratio) for row in compared] == [
        ("PostgreSQL, 2 servers ÷ 1 server, 1 client", 1.0),
        ("PostgreSQL, 2 servers ÷ 1 server, 8 clients", 1.5),
    ]


def test_without_a_redis_binary_the_rows_say_how_to_get_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("FRONTIER_SERVER_BINARIES", "system")  # not the wheels
    monkeypatch.setenv("PATH", str(tmp_path))  # and no system redis-server either
    assert "scripts/provide-test-servers" in bench_postgres.missing()
    rows = bench_postgres.postgres_rows(TINY, Path("/nonexistent"), {})
    assert [row.name for row in rows] == ["PostgreSQL rows"]
    assert "redis-server" in rows[0].note
