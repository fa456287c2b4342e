"""Attack: another local user reads the store, which holds every running game's seed and hands.

The data folder used to be made 0755 and the SQLite store 0644 (the umask's defaults), so any local
user could copy the store and read every secret of every game in progress, or the signing key's
folder listing. Now the folder is the owner's alone and the store's files are 0600.
"""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path

from service.client import Client
from tests.conftest import start_server
from tests.service.helpers import create

OTHERS = stat.S_IRWXG | stat.S_IRWXO


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def play_a_little(data: Path) -> None:
    running = start_server(data)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            create(client, "most-wanted")
    finally:
        running.stop()


def test_a_new_data_folder_and_its_store_are_closed_to_other_users(tmp_path: Path) -> None:
    data = tmp_path / "data"
    running = start_server(data)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            create(client, "most-wanted")
            store_files = [data / "frontier.sqlite", *data.glob("frontier.sqlite-*")]
            assert len(store_files) >= 2, "the store runs in WAL mode: its -wal file exists while it runs"
            assert mode(data) == 0o700
            for path in [*store_files, data / "signing-key.pem"]:
                assert mode(path) & OTHERS == 0, f"{path.name} is {oct(mode(path))}"
    finally:
        running.stop()


def test_a_store_made_by_an_earlier_version_is_closed_on_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    data.chmod(0o755)
    sqlite3.connect(data / "frontier.sqlite").close()
    (data / "frontier.sqlite").chmod(0o644)
    play_a_little(data)
    assert mode(data) == 0o700
    assert mode(data / "frontier.sqlite") == 0o600


def test_a_shared_folder_the_user_chose_keeps_its_mode_but_the_store_is_private(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o755)
    (shared / "notes.txt").write_text("the user's own file")
    play_a_little(shared)
    assert mode(shared) == 0o755, "a folder holding other things is not ours to close"
    for path in [shared / "frontier.sqlite", *shared.glob("frontier.sqlite-*"), shared / "signing-key.pem"]:
        assert mode(path) & OTHERS == 0, f"{path.name} is {oct(mode(path))}"
