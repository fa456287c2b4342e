"""A private PostgreSQL server in a temporary folder, on a free port."""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.servers.account import as_account, give_to, reachable_bindir, server_account
from tests.servers.binaries import postgres_bindir
from tests.servers.ports import wait_for_port


@dataclass
class Postgres:
    folder: Path
    port: int
    process: subprocess.Popen[bytes] | None = None
    account: str | None = field(default_factory=server_account)
    bindir: Path | None = None

    @property
    def url(self) -> str:
        return f"postgres://frontier:frontier@127.0.0.1:{self.port}/frontier"

    def _run(self, program: str, *args: str) -> list[str]:
        assert self.bindir is not None, "init() first"
        return as_account([str(self.bindir / program), *args], self.account)

    def init(self) -> Postgres:
        self.bindir = reachable_bindir(self.bindir or postgres_bindir(), self.account)
        self.folder.mkdir(parents=True, exist_ok=True)
        give_to(self.folder.parent, self.account)
        give_to(self.folder, self.account)
        pwfile = self.folder.parent / "pgpass"
        pwfile.write_text("frontier\n")
        give_to(pwfile, self.account)
        # cwd: the server's account may not be able to enter ours.
        subprocess.run(
            self._run(
                "initdb",
                *("-D", str(self.folder), "-U", "frontier", "--pwfile", str(pwfile)),
                *("-A", "scram-sha-256", "--no-sync"),
            ),
            check=True,
            capture_output=True,
            cwd=self.folder.parent,
        )
        return self

    def start(self) -> Postgres:
        self.process = subprocess.Popen(
            self._run(
                "postgres",
                *("-D", str(self.folder), "-p", str(self.port), "-k", str(self.folder)),
                *("-c", "listen_addresses=127.0.0.1", "-c", "fsync=on", "-c", "max_connections=200"),
            ),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=self.folder.parent,
        )
        wait_for_port(self.port, self.process)
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

    def standby(self, folder: Path, port: int) -> Postgres:
        """A streaming replica of this server (pg_basebackup -R), started read-only on `port`."""
        assert self.bindir is not None, "init() first"
        give_to(folder.parent, self.account)
        subprocess.run(
            self._run(
                "pg_basebackup",
                *("-h", "127.0.0.1", "-p", str(self.port), "-U", "frontier"),
                *("-D", str(folder), "-R", "-X", "stream", "--no-sync", "--checkpoint=fast"),
            ),
            check=True,
            capture_output=True,
            cwd=self.folder.parent,
            env={**os.environ, "PGPASSWORD": "frontier"},
        )
        return Postgres(folder, port, account=self.account, bindir=self.bindir).start()

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None
