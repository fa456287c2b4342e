"""One server per SQLite data folder: a lock file holding the serving process's id.

The lock is an OS lock (flock) on the file, not the file's existence: a server that crashed or was
killed loses it with its process, so it never blocks the next start; the pid in the file is only
there to name the process that holds the folder.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from service.config import SQLITE_FILE, ConfigError

LOCK_FILE = SQLITE_FILE + "-server.lock"  # named after the store it guards (and kept private with it)


class DataFolderLock:
    """Held from `hold_data_folder` until `release` or the end of the process."""

    def __init__(self, descriptor: int) -> None:
        self._descriptor = descriptor

    def release(self) -> None:
        os.close(self._descriptor)  # closing drops the flock


def hold_data_folder(folder: Path) -> DataFolderLock:
    """Lock `folder` for this process, or raise ConfigError naming the process that holds it."""
    descriptor = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(descriptor, 4096).decode("utf-8", errors="replace").strip() or "a process"
        os.close(descriptor)
        raise ConfigError(
            f"the data folder {folder} is in use by another server ({holder}); stop it, or give this "
            "one another --data"
        ) from None
    os.ftruncate(descriptor, 0)
    os.write(descriptor, f"`frontier serve`, pid {os.getpid()}\n".encode())  # never its flags: a token
    return DataFolderLock(descriptor)
