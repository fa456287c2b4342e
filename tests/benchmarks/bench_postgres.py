"""The same figures on PostgreSQL: one server, and two servers sharing the store (Redis for fan-out)."""

from __future__ import annotations

import contextlib
import shutil
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

from tests.benchmarks.bench_commands import throughput_rows
from tests.benchmarks.bench_common import Mode, Row, log, run_for, server_process
from tests.benchmarks.bench_fanout import fanout_rows
from tests.servers import Postgres, Redis, free_port, postgres_available, redis_available


def missing() -> str:
    """Why the PostgreSQL rows cannot run here ('' when they can)."""
    absent = [
        name
        for name, ok in (("PostgreSQL", postgres_available()), ("redis-server", redis_available()))
        if not ok
    ]
    return f"skipped: {' and '.join(absent)} not installed (.ci/run installs them)" if absent else ""


@contextlib.contextmanager
def private_servers() -> Iterator[tuple[Postgres, Redis]]:
    folder = Path(tempfile.mkdtemp(prefix="frontier-bench-pg-"))  # PostgreSQL's own user must reach it
    postgres = Postgres(folder / "cluster", free_port()).init().start()
    redis = Redis(free_port()).start()
    try:
        yield postgres, redis
    finally:
        redis.stop()
        postgres.stop()
        shutil.rmtree(folder, ignore_errors=True)


def psycopg_rate(url: str, threads: int, seconds: float, row_bytes: int) -> tuple[float, str]:
    """Raw one-row INSERTs, autocommit, the server's default synchronous_commit, a connection per thread."""
    import psycopg

    table = f"raw_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(
            f"CREATE TABLE {table} (originator_id uuid, originator_version bigint, topic text, "
            "state bytea, notification_id bigserial, PRIMARY KEY (originator_id, originator_version))"
        )
        synchronous = connection.execute("SHOW synchronous_commit").fetchone()
    blob = b"x" * row_bytes
    connections = [psycopg.connect(url, autocommit=True) for _ in range(threads)]

    def worker(connection: psycopg.Connection[tuple[object, ...]]) -> Callable[[], None]:
        originator = uuid.uuid4()
        versions = iter(range(1, 10**9))

        def insert() -> None:
            connection.execute(
                f"INSERT INTO {table} (originator_id, originator_version, topic, state) VALUES (%s,%s,%s,%s)",
                (originator, next(versions), "service.store_events:CommandAccepted", blob),
            )

        return insert

    try:
        workers = [worker(c) for c in connections]
        run_for(0.5, workers)
        counts, elapsed = run_for(seconds, workers)
    finally:
        for connection in connections:
            connection.close()
    setting = synchronous[0] if synchronous else "?"
    return sum(counts) / elapsed, f"autocommit, synchronous_commit={setting}, {row_bytes}-byte rows"


def postgres_rows(mode: Mode, folder: Path, echo: dict[int, float]) -> list[Row]:
    reason = missing()
    if reason:
        log(f"postgres: {reason}")
        return [Row("1 throughput", "PostgreSQL rows", 0.0, "", note=reason)]
    rows: list[Row] = []
    with private_servers() as (postgres, redis):

        def ceiling(threads: int, row_bytes: int) -> tuple[float, str]:
            return psycopg_rate(postgres.url, threads, mode.duration, row_bytes)

        with server_process(folder / "pg-one", store=postgres.url) as server:
            found, _ = throughput_rows(
                mode, folder, "PostgreSQL, 1 server", [server.address], ceiling, "psycopg", echo
            )
            rows += found
            rows += fanout_rows(mode, "PostgreSQL, 1 server", server.address, server.address)
        with (
            server_process(folder / "pg-a", store=postgres.url, redis=redis.url) as first,
            server_process(folder / "pg-b", store=postgres.url, redis=redis.url) as second,
        ):
            found, _ = throughput_rows(
                mode,
                folder,
                "PostgreSQL, 2 servers",
                [first.address, second.address],
                ceiling,
                "psycopg",
                echo,
            )
            rows += found
            rows += fanout_rows(
                mode,
                "PostgreSQL + Redis, 2 servers (play on one, watch on the other)",
                first.address,
                second.address,
            )
    return rows
