"""Real PostgreSQL and Redis servers for the tests, started in a temporary folder.

`.ci/run` installs the binaries; these helpers start private instances on free
ports so tests never touch a server they did not start.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

PG_BIN = Path("/usr/lib/postgresql/15/bin")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _as_postgres_user(command: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root; CI runs as root.
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def _wait_for_port(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port} after {timeout}s")


def postgres_available() -> bool:
    return (PG_BIN / "initdb").exists() or shutil.which("initdb") is not None


def redis_available() -> bool:
    return shutil.which("redis-server") is not None


@dataclass
class Postgres:
    folder: Path
    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"postgres://frontier:frontier@127.0.0.1:{self.port}/frontier"

    def init(self) -> Postgres:
        bindir = PG_BIN if PG_BIN.exists() else Path(shutil.which("initdb") or "initdb").parent
        self.folder.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(self.folder.parent, "postgres", "postgres")
            shutil.chown(self.folder, "postgres", "postgres")
        pwfile = self.folder.parent / "pgpass"
        pwfile.write_text("frontier\n")
        if os.geteuid() == 0:
            shutil.chown(pwfile, "postgres", "postgres")
        subprocess.run(
            _as_postgres_user(
                [
                    str(bindir / "initdb"),
                    "-D",
                    str(self.folder),
                    "-U",
                    "frontier",
                    "--pwfile",
                    str(pwfile),
                    "-A",
                    "scram-sha-256",
                    "--no-sync",
                ]
            ),
            check=True,
            capture_output=True,
        )
        self._bindir = bindir
        return self

    def start(self) -> Postgres:
        self.process = subprocess.Popen(
            _as_postgres_user(
                [
                    str(self._bindir / "postgres"),
                    "-D",
                    str(self.folder),
                    "-p",
                    str(self.port),
                    "-k",
                    str(self.folder),
                    "-c",
                    "listen_addresses=127.0.0.1",
                    "-c",
                    "fsync=on",
                    "-c",
                    "max_connections=200",
                ]
            ),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_for_port(self.port)
        self._create_database()
        return self

    def _create_database(self) -> None:
        import psycopg

        for _ in range(100):
            try:
                with psycopg.connect(
                    host="127.0.0.1",
                    port=self.port,
                    user="frontier",
                    password="frontier",
                    dbname="postgres",
                    autocommit=True,
                ) as conn:
                    exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = 'frontier'").fetchone()
                    if not exists:
                        conn.execute("CREATE DATABASE frontier")
                    return
            except psycopg.OperationalError:
                time.sleep(0.1)
        raise TimeoutError("PostgreSQL did not accept connections")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None


@dataclass
class Redis:
    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_for_port(self.port)
        return self

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None
