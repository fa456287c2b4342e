"""Attack: reading the PostgreSQL password off `serve`'s output or its command line.

`serve --store postgres://user:PASSWORD@...` printed the whole URL in its start-up error (and its
"serving on" line), so the password reached terminals, logs and log shippers; and a flag is in
`/proc/PID/cmdline` for every local user. Now the URL is shown with `***` for its password, `serve`
warns when the password is on its command line, and the password can come from libpq's own
`PGPASSWORD` or password file (`PGPASSFILE`, default `~/.pgpass`) instead of the URL.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.servers import Postgres, free_port

SECRET = "Xq7-never-print-me-9Zk"


def serve_env(**extra: str) -> dict[str, str]:
    base = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PG", "POSTGRES_", "FRONTIER_STORE", "FRONTIER_DATA"))
    }
    return {**base, "FRONTIER_ORGANISER_TOKEN": ORGANISER, **extra}


def serve_once(tmp_path: Path, *flags: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`frontier serve` that must stop at start-up: its exit status and output."""
    return subprocess.run(
        [sys.executable, "-m", "service.cli", "serve", "--port", "0", "--data", str(tmp_path), *flags],
        capture_output=True,
        text=True,
        timeout=60,
        env=serve_env(**env),
    )


def test_serve_never_prints_the_postgres_password_and_warns_when_it_is_a_flag(tmp_path: Path) -> None:
    unreachable = f"postgres://frontier:{SECRET}@127.0.0.1:{free_port()}/frontier"
    flagged = serve_once(tmp_path, "--store", unreachable)
    assert flagged.returncode == 2, flagged
    said = flagged.stdout + flagged.stderr
    assert SECRET not in said, said
    assert "cannot use the event store 'postgres://frontier:***@127.0.0.1:" in said, said
    assert "PostgreSQL password in --store is readable by every user" in said and "PGPASSWORD" in said
    # From the environment: no warning, and still never printed.
    from_env = serve_once(tmp_path, FRONTIER_STORE=unreachable)
    said = from_env.stdout + from_env.stderr
    assert from_env.returncode == 2 and SECRET not in said and "warning" not in said, said
    # A URL that is no store at all is not echoed with its password either.
    odd = serve_once(tmp_path, FRONTIER_STORE=f"mysql://frontier:{SECRET}@db/frontier")
    assert odd.returncode == 2 and SECRET not in odd.stderr and "--store must be" in odd.stderr, odd


def test_a_wrong_password_on_a_real_postgres_is_refused_and_not_printed(
    postgres: Postgres, tmp_path: Path
) -> None:
    wrong = f"postgres://frontier:{SECRET}@127.0.0.1:{postgres.port}/frontier"
    done = serve_once(tmp_path, FRONTIER_STORE=wrong)
    said = done.stdout + done.stderr
    assert done.returncode == 2 and SECRET not in said and "cannot use the event store" in said, said


@contextmanager
def serving(tmp_path: Path, **env: str) -> Iterator[tuple[str, str]]:
    """A real `serve` process: (its address, its first line of output)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", "0", "--data", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=serve_env(**env),
    )
    assert process.stdout is not None and process.stderr is not None
    line = process.stdout.readline()
    match = re.search(r"serving on (\S+:\d+)", line)
    try:
        assert match, f"no address printed: {line!r} {process.stderr.read() if not match else ''}"
        yield match.group(1), line
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
        assert SECRET not in process.stderr.read()


def plays(address: str) -> None:
    with Client(address) as client:
        request = frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["a", "b"])
        assert client.call("CreateGame", request, token=ORGANISER).game_id


def test_the_postgres_password_comes_from_pgpassword_or_a_pgpassfile(
    postgres: Postgres, tmp_path: Path
) -> None:
    without = f"postgres://frontier@127.0.0.1:{postgres.port}/frontier"
    with serving(tmp_path / "a", FRONTIER_STORE=without, PGPASSWORD="frontier") as (address, line):
        plays(address)
        assert "postgres://frontier@127.0.0.1" in line
    passfile = tmp_path / "pgpass"
    passfile.write_text(f"127.0.0.1:{postgres.port}:frontier:frontier:frontier\n")
    passfile.chmod(0o600)  # libpq ignores a password file others can read
    with serving(tmp_path / "b", FRONTIER_STORE=without, PGPASSFILE=str(passfile)) as (address, _):
        plays(address)
    # With the password in the URL (from the environment), the start-up line shows it as ***.
    with serving(tmp_path / "c", FRONTIER_STORE=postgres.url) as (address, line):
        plays(address)
        assert ":***@127.0.0.1" in line and ":frontier@" not in line, line
