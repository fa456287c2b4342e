"""Backup and restore of an SQLite data folder, safe while its server runs.

SQLite's online backup API copies the store page by page inside one read transaction, so the copy
is the store as of one moment, whatever the server writes meanwhile (in WAL mode readers never
block the writer). The copy is checked (`PRAGMA integrity_check`) before it is called a backup,
and a backup is a data folder of its own: the store and the signing key that signed its games.
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from replay.trust.keys import KEY_FILE
from service.config import SQLITE_FILE, ConfigError, private_data_folder, private_sqlite_file

BUSY_TIMEOUT_SECONDS = 30.0  # the server's write lock is held for one group commit at a time


@dataclass(frozen=True)
class Copied:
    games: int  # event-sourced records (games, tournaments) in the copy
    events: int  # stored events in the copy
    key: bool  # the signing key was copied too


def back_up(data: Path, out: Path) -> Copied:
    """Write `out` (a new folder) as a consistent copy of the data folder `data`."""
    store = data / SQLITE_FILE
    if not store.is_file() or store.stat().st_size == 0:
        raise ConfigError(
            f"no SQLite store in {data} (a server with --store sqlite keeps {SQLITE_FILE} there)"
        )
    if out.exists():
        raise ConfigError(f"{out} exists: a backup goes to a new folder")
    private_data_folder(out)
    copy = _copy_store(store, out / SQLITE_FILE)
    key = data / KEY_FILE
    if key.is_file():
        _copy_private(key, out / KEY_FILE)
    return Copied(*copy, key=key.is_file())


def restore(backup: Path, data: Path) -> Copied:
    """Fill `data` (new, or without a store) from a backup folder; its server must not be running."""
    source = backup / SQLITE_FILE
    if not source.is_file():
        raise ConfigError(f"{backup} is not a backup: it has no {SQLITE_FILE}")
    target = data / SQLITE_FILE
    if any(path.stat().st_size > 0 for path in (target, *data.glob(SQLITE_FILE + "-*")) if path.is_file()):
        raise ConfigError(
            f"{data} already holds a store: restore into a new folder, or stop its server and move "
            f"{SQLITE_FILE} (and its -wal file) away first"
        )
    key, their_key = data / KEY_FILE, backup / KEY_FILE
    if key.is_file() and their_key.is_file() and key.read_bytes() != their_key.read_bytes():
        raise ConfigError(f"{key} is another signing key than the backup's: restore into a new folder")
    private_data_folder(data)
    copy = _copy_store(source, target)
    if their_key.is_file() and not key.is_file():
        _copy_private(their_key, key)
    return Copied(*copy, key=their_key.is_file())


def _copy_store(source: Path, target: Path) -> tuple[int, int]:
    """Copy with the online backup API, check the copy, and count what it holds."""
    private_sqlite_file(target)
    reading = contextlib.closing(sqlite3.connect(source, timeout=BUSY_TIMEOUT_SECONDS))
    with reading as source_db, contextlib.closing(sqlite3.connect(target)) as copy:
        source_db.backup(copy)
        (verdict,) = copy.execute("PRAGMA integrity_check").fetchone()
        if verdict != "ok":
            raise ConfigError(f"the copy in {target} fails SQLite's integrity check: {verdict}")
        events, records = copy.execute(
            "SELECT count(*), count(DISTINCT originator_id) FROM stored_events"
        ).fetchone()
    return int(records), int(events)


def _copy_private(source: Path, target: Path) -> None:
    shutil.copyfile(source, target)
    target.chmod(0o600)
