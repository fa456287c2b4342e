"""Kill -9 with group commit: many games at once, so acknowledged commands share transactions.

The acknowledged-history checker of `test_history.py`, run with twice its tables (eight games
at once, one client per seat): commands of different games arrive together and are stored in
shared transactions. A client that saw an acknowledgement must find its command, exactly once
at its version, after every restart; a command that shared a transaction with one that was
refused or never answered is no exception.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tests.service import test_history as history


def test_acknowledged_commands_of_many_concurrent_games_survive_kill_9_restarts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history, "TABLES", 2 * history.TABLES)
    monkeypatch.setattr(history, "KILLS", max(3, history.KILLS // 2))
    history.test_every_acknowledged_command_is_stored_exactly_once_at_its_version_through_kill_9_restarts(
        tmp_path
    )


def test_a_seat_waiting_for_its_tables_next_game_leaves_when_the_run_stops(tmp_path: Path) -> None:
    """The checker's own lost wake-up: it failed runs as "a client never got an answer" (no server hang).

    Seat 1 finishes a game first and waits for seat 0 to create the next; the run stops before
    seat 0 gets there, so seat 0 creates nothing and leaves. The stop's notify must end that wait.
    """
    run = history.Run(history.Server(tmp_path), [history.Table("most-wanted")])
    seat = history.Seat(run, run.tables[0], seat=1, seed=0)
    got: list[object] = []
    waiting = threading.Thread(target=lambda: got.append(seat.next_game(0)), daemon=True)
    waiting.start()
    run.stopping.set()
    for table in run.tables:  # as `drive` stops the run
        with table.changed:
            table.changed.notify_all()
    waiting.join(30)
    assert not waiting.is_alive(), "the seat still waits for a game nobody will create"
    assert got == [None]
