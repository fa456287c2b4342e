"""Shared fixtures: a real server on a real port with a real SQLite file."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from engines.registry import game_ids
from service.client import Client
from service.config import Settings
from service.server import Running, create_server
from tests.servers import MissingBinary, Postgres, Redis, free_port

# A shell without job control starts a command put in the background (`./scripts/test &`) with
# SIGINT ignored, and every `frontier` process the tests start would inherit that: the tests that
# press Ctrl-C need what a terminal gives, so the test processes take Python's default back.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# A token as `frontier serve` demands one (service/organiser_token.py): 32+ characters, 10+ different.
ORGANISER = "organiser-0cbC24gvaLKHNMj4eaJidQesolys-q3wpyBneSWLTt0"


def sim_games(default: int = 20) -> int:
    """How many random games a simulation plays per player count (CI sets 1000)."""
    return int(os.environ.get("FRONTIER_SIM_GAMES", default))


def start_server(data: Path, **overrides: object) -> Running:
    settings = Settings(data=data, port=0, organiser_token=ORGANISER, **overrides)  # type: ignore[arg-type]
    return create_server(settings)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = start_server(tmp_path / "data")
    yield running
    running.stop()


@pytest.fixture
def client(server: Running) -> Iterator[Client]:
    with Client(f"127.0.0.1:{server.port}") as c:
        yield c


@pytest.fixture
def organiser(server: Running) -> Iterator[Client]:
    with Client(f"127.0.0.1:{server.port}", token=ORGANISER) as c:
        yield c


def available_games() -> list[str]:
    return game_ids()


requires_most_wanted = pytest.mark.skipif(
    "most-wanted" not in game_ids(), reason="Most Wanted engine not built"
)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A private PostgreSQL server for this test session (the system's, or the dev extras' wheel)."""
    # Not under pytest's tmp folder: as root, PostgreSQL runs as another account that must reach its files.
    folder = Path(tempfile.mkdtemp(prefix="frontier-pg-"))
    try:
        server = Postgres(folder / "cluster", free_port()).init().start()
    except MissingBinary as missing:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.fail(str(missing))
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def redis_server() -> Iterator[Redis]:
    """A private Redis server for one test (tests may stop and restart it)."""
    try:
        server = Redis(free_port()).start()
    except MissingBinary as missing:
        pytest.fail(str(missing))
    yield server
    server.stop()
