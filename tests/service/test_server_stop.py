"""Stopping a server: jobs still running finish before the store closes, and none can hold the stop."""

from __future__ import annotations

import asyncio
import random
import sys
import threading
import time
from pathlib import Path

from service.client import Client
from service.core.jobs import Jobs
from service.generated.frontier.v1 import frontier_pb2
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


def test_a_store_read_in_a_thread_of_the_loop_finishes_before_the_store_closes(tmp_path: Path) -> None:
    # WatchGame and Replay read the store through `asyncio.to_thread`, the loop's default executor.
    running = start_server(tmp_path / "data")
    with Client(f"127.0.0.1:{running.port}") as client:
        game = create(client, "most-wanted", 3)
        played = play_steps(client, game, 5, random.Random(4))

    outcome: list[object] = []
    ended = threading.Event()

    def late_read() -> None:
        try:
            time.sleep(1.0)
            outcome.append(len(list(running.app.entries(game.game_id))))
        except Exception as error:  # noqa: BLE001 -- what the test reports
            outcome.append(error)
        finally:
            ended.set()

    async def read_in_a_thread() -> None:
        await asyncio.to_thread(late_read)

    asyncio.run_coroutine_threadsafe(read_in_a_thread(), running.loop)
    time.sleep(0.2)  # the read has started
    running.stop(grace=0)  # cancels the coroutine; its thread's job runs on
    assert ended.wait(timeout=60)
    # Had stop not waited for the loop's own default executor, the store closed under the
    # read: ConnectionPoolClosedError.
    assert outcome == [played - 1]


def test_stop_drops_queued_jobs_and_says_whether_the_running_ones_ended() -> None:
    jobs = Jobs(max_workers=1, thread_name_prefix="test-jobs")
    started, release = threading.Event(), threading.Event()

    def wait_for_release() -> bool:
        started.set()
        return release.wait()

    running = jobs.submit(wait_for_release)
    queued = jobs.submit(time.sleep, 0)
    # Running, not queued: a worker starts its thread (and names it) before it takes a job, and
    # a stop in between would drop both jobs as queued.
    assert started.wait(timeout=10)
    assert not jobs.stop(time.monotonic() + 0.2)  # the running job is still waiting
    assert queued.cancelled()
    release.set()
    assert running.result(timeout=10)
    assert jobs.stop(time.monotonic() + 10)


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


def test_a_replay_stream_its_client_stopped_reading_leaves_no_thread_waiting(tmp_path: Path) -> None:
    before = set(threading.enumerate())
    running = start_server(tmp_path / "data")
    with Client(f"127.0.0.1:{running.port}") as client:
        game = create(client, "western-legends", 4)
        played = play_steps(client, game, 400, random.Random(5))
        steps = client.stub.Replay(frontier_pb2.ReplayRequest(game_id=game.game_id), timeout=60)
        next(steps)  # then read no more, so the server's steps back up behind the unread ones
        try:
            for _ in range(50):  # served as a sync generator, a worker soon waits to hand one over
                if _waiting_on_a_future(set(threading.enumerate()) - before):
                    break
                time.sleep(0.1)
            running.stop(grace=0)
            waiting = _waiting_on_a_future(set(threading.enumerate()) - before)
            # grpc.aio hands a sync generator's steps to the loop and waits for each; a hand-over
            # scheduled as the loop stopped never ran, and its thread waited for ever.
            assert not waiting, f"{waiting} still wait after stop ({played} steps in the game)"
        finally:
            steps.cancel()


def _waiting_on_a_future(threads: set[threading.Thread]) -> list[str]:
    """The threads among `threads` that wait in a concurrent future's result."""
    frames = sys._current_frames()
    waiting = []
    for thread in threads:
        frame = frames.get(thread.ident or -1)
        while frame is not None:
            if frame.f_code.co_name == "result" and "concurrent" in frame.f_code.co_filename:
                waiting.append(thread.name)
                break
            frame = frame.f_back
    return waiting
