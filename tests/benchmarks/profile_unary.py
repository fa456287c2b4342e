"""Where a server's time goes under the unary bot load of the throughput rows (py-spy on one server).

    .venv/bin/python -m tests.benchmarks.profile_unary [--store sqlite|postgres] [--servers 1|2]
        [--clients N] [--seconds S] [--raw FILE]

(PROFILE_NATIVE=1 adds py-spy's --native.) Bots play as in section 1 (`ListLegalCommands` then
`SubmitCommand`, spread round robin over the servers); py-spy records the first server, only
samples of the thread holding the GIL, and the shares are printed as `profile_play` prints them,
with the PostgreSQL and Redis clients as parts of their own. `--store postgres` starts private
PostgreSQL and Redis servers as the benchmark does (`bench_postgres.private_servers`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

from tests.benchmarks import profile_play
from tests.benchmarks.bench_commands import service_rate
from tests.benchmarks.bench_common import CallSizes, Spawned, server_process
from tests.benchmarks.bench_postgres import private_servers

# Parts the Play profile has no need of, tried before its own.
STORE_PARTS: tuple[tuple[str, str], ...] = (
    ("eventsourcing/postgres", "eventsourcing: PostgreSQL recorder"),
    ("psycopg_pool/", "psycopg: connection pool"),
    ("psycopg/", "psycopg: queries"),
    ("redis/", "redis-py: fan-out client"),
    ("service/core/redis_fanout", "Redis fan-out"),
    ("service/grpc_api/servicer", "servicer handlers"),
)


@contextlib.contextmanager
def servers(store: str, count: int, folder: Path) -> Iterator[list[Spawned]]:
    with contextlib.ExitStack() as stack:
        url, redis = "sqlite", None
        if store == "postgres":
            postgres, redis_server = stack.enter_context(private_servers())
            url, redis = postgres.url, (redis_server.url if count > 1 else None)
        yield [
            stack.enter_context(server_process(folder / f"data-{i}", store=url, redis=redis))
            for i in range(count)
        ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else "")
    parser.add_argument("--store", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--servers", type=int, default=1)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--raw", type=Path, help="keep py-spy's collapsed stacks in this file")
    args = parser.parse_args()
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    folder = Path(tempfile.mkdtemp(prefix="frontier-profile-"))
    raw = folder / "profile.txt"
    profile_play.PARTS = STORE_PARTS + profile_play.PARTS
    try:
        with servers(args.store, args.servers, folder) as spawned:
            first = spawned[0]
            command = [spy, "record", "--pid", str(first.pid), "--duration", str(int(args.seconds) + 1)]
            command += ["--format", "raw", "--gil", "--rate", "200", "--output", str(raw)]
            if os.environ.get("PROFILE_NATIVE"):
                command.append("--native")
            recorder = threading.Thread(
                target=subprocess.run, args=(command,), kwargs={"capture_output": True}
            )
            cpu_before = [s.cpu_seconds() for s in spawned]
            recorder.start()
            rate = service_rate([s.address for s in spawned], args.clients, args.seconds, CallSizes())
            recorder.join()
            cpu = [s.cpu_seconds() - before for s, before in zip(spawned, cpu_before, strict=True)]
            if args.raw:
                shutil.copy(raw, args.raw)
        moves = rate * (args.seconds + min(1.0, args.seconds / 4))  # service_rate warms up first
        print(
            f"{args.store}, {args.servers} server(s), {args.clients} clients: {rate:,.0f} commands/s; "
            f"server CPU {sum(cpu) / moves * 1000:.2f} ms per command "
            f"({', '.join(f'{c:.1f} s' for c in cpu)} of CPU by server)"
        )
        for name, share in profile_play.shares(raw):
            print(f"{share:6.1%}  {name}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
