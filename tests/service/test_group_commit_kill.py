"""Kill -9 with group commit: many games at once, so acknowledged commands share transactions.

The acknowledged-history checker of `test_history.py`, run with twice its tables (eight games
at once, one client per seat): commands of different games arrive together and are stored in
shared transactions. A client that saw an acknowledgement must find its command, exactly once
at its version, after every restart; a command that shared a transaction with one that was
refused or never answered is no exception.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.service import test_history as history


def test_acknowledged_commands_of_many_concurrent_games_survive_kill_9_restarts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history, "TABLES", 2 * history.TABLES)
    monkeypatch.setattr(history, "KILLS", max(4, history.KILLS // 2))
    history.test_every_acknowledged_command_is_stored_exactly_once_at_its_version_through_kill_9_restarts(
        tmp_path
    )
