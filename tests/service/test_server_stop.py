"""Stopping a server: jobs still running finish before the store closes, and none can hold the stop."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

from service.client import Client
from tests.conftest import start_server
from tests.service.helpers import create, play_steps


def test_a_job_still_running_at_stop_reads_the_store_before_it_closes(tmp_path: Path) -> None:
    running = start_server(tmp_path / "data")
    with Client(f"127.0.0.1:{running.port}") as client:
        game = create(client, "most-wanted", 3)
        played = play_steps(client, game, 5, random.Random(3))

    def late_read() -> int:
        time.sleep(1.0)  # still running when stop() closes the store (stop takes milliseconds here)
        return len(list(running.app.entries(game.game_id)))  # from the store, not a cache

    job = running.workers.submit(late_read)
    running.stop(grace=0)
    # Had the store closed under it, the read would fail (ConnectionPoolClosedError).
    assert job.result(timeout=60) == played - 1  # the entries after the deal


def test_a_job_that_never_ends_does_not_hold_the_stop_forever(tmp_path: Path) -> None:
    running = start_server(tmp_path / "data")
    # As a sync streaming handler's hand-over to a loop that has stopped: it waits for ever.
    never = threading.Event()
    running.workers.submit(never.wait)
    stopping = threading.Thread(target=running.stop, kwargs={"grace": 0})
    stopping.start()
    try:
        stopping.join(timeout=120)
        assert not stopping.is_alive(), "stop() waited for a job that never ends"
    finally:
        never.set()
