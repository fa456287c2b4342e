"""Every way out of a transaction answers every save of its batch and hands the lead on.

A follower waits for its leader with no timeout, so a path out of the leader that forgot a
follower, or a follower that left the queue while still in line for the lead, would hang a
command for good. These tests drive the committer through each path with a store whose
failures are scripted, and check three things: every caller returns, a caller is told
"stored" exactly when its events were stored (the one exception: the thread an interrupt hit
while it stored others' saves passes the interrupt on, even if its own save was stored), and
the committer still takes saves after.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from service.core.commits.group import GroupCommitter

WAIT = 30.0  # a caller that never returns fails the test instead of hanging it


class Interrupt(BaseException):
    """Not an error of the store's: stands for KeyboardInterrupt or SystemExit."""


class ScriptedStore:
    """Stores events, or raises as its script says for that call; the first call waits at a gate."""

    def __init__(self, script: list[str]) -> None:
        self.script = script
        self.stored: list[str] = []
        self.interrupted: list[str] = []  # the threads whose store call was interrupted
        self.calls = 0
        self.entered = threading.Event()  # the first call has started
        self.gate: Callable[[], None] = lambda: None
        self._lock = threading.Lock()

    def __call__(self, *events: str) -> None:
        with self._lock:
            index, self.calls = self.calls, self.calls + 1
        if index == 0:
            self.entered.set()
            self.gate()
        action = self.script[index] if index < len(self.script) else "store"
        if action == "error":
            raise ValueError(f"call {index} refused")
        if action == "interrupt":
            self.interrupted.append(threading.current_thread().name)
            raise Interrupt(f"call {index} interrupted")
        with self._lock:
            self.stored.extend(events)


def wait_until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.001)


def waiting_in_save(thread: threading.Thread) -> bool:
    """Whether `thread` is blocked in a wait inside `GroupCommitter.save` (a follower's)."""
    frame = sys._current_frames().get(thread.ident or 0)
    names = []
    while frame is not None:
        names.append(frame.f_code.co_name)
        frame = frame.f_back
    return names[:1] == ["wait"] and "save" in names


def saver(committer: GroupCommitter, name: str, outcomes: dict[str, str]) -> threading.Thread:
    """A daemon thread saving the one event `name`: a hung one must not keep the run alive."""

    def run() -> None:
        try:
            committer.save(name)
            outcomes[name] = "stored"
        except BaseException as error:  # the outcome under test
            outcomes[name] = type(error).__name__

    return threading.Thread(target=run, daemon=True, name=name)


@settings(max_examples=60, deadline=None)
@given(
    followers=st.integers(1, 5),
    script=st.lists(st.sampled_from(["store", "error", "interrupt"]), min_size=1, max_size=8),
)
# A retry one save at a time interrupted after two saves of the batch were stored alone.
@example(followers=3, script=["store", "error", "store", "store", "interrupt"])
def test_every_save_is_answered_with_its_own_outcome_whatever_the_store_raises(
    followers: int, script: list[str]
) -> None:
    store = ScriptedStore(script)
    committer = GroupCommitter(store)
    outcomes: dict[str, str] = {}
    # The first save's transaction waits until the others queue: they form one batch behind it.
    store.gate = lambda: wait_until(lambda: committer.queued() == followers, "the followers never queued")
    first = saver(committer, "first", outcomes)
    first.start()
    assert store.entered.wait(WAIT)
    threads = [first] + [saver(committer, f"f{i}", outcomes) for i in range(followers)]
    for thread in threads[1:]:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
        assert not thread.is_alive(), f"{thread.name} was never answered: {outcomes}"

    for thread in threads:
        told, stored = outcomes[thread.name], thread.name in store.stored
        if told == "stored" or not stored:
            assert (told == "stored") == stored, (thread.name, outcomes, store.stored)
        else:  # stored, yet told otherwise: only the thread the interrupt hit, while storing for others
            assert told == "Interrupt", (thread.name, outcomes, store.stored)
            assert thread.name in store.interrupted, (thread.name, outcomes, store.stored)
    assert len(store.stored) == len(set(store.stored))
    # Nothing is left leading: the next save is stored at once by its own thread.
    store.script = []
    committer.save("after")
    assert store.stored[-1] == "after"


@pytest.mark.skipif(
    threading.current_thread() is not threading.main_thread(), reason="signals reach the main thread only"
)
def test_a_follower_interrupted_while_in_line_for_the_lead_does_not_strand_the_saves_behind_it() -> None:
    """The main thread follows; a signal interrupts its wait; the save queued behind it still goes."""
    entered, release = threading.Event(), threading.Event()
    stored: list[str] = []

    def store(*events: str) -> None:
        if "leader" in events:
            entered.set()
            assert release.wait(WAIT)
        stored.extend(events)

    committer = GroupCommitter(store)
    outcomes: dict[str, str] = {}
    leader = saver(committer, "leader", outcomes)
    behind = saver(committer, "behind", outcomes)

    def interrupt(signum: int, frame: object) -> None:
        raise Interrupt("signal")

    def conduct() -> None:
        wait_until(lambda: committer.queued() == 1, "the main thread never queued")
        behind.start()
        wait_until(lambda: committer.queued() == 2, "the second follower never queued")
        # The signal must find the main thread blocked in its follower's wait, not on its way there.
        wait_until(lambda: waiting_in_save(threading.main_thread()), "the main thread never waited")
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGUSR1)
        deadline = time.monotonic() + WAIT
        while committer.queued() != 1 and time.monotonic() < deadline:  # the main thread leaves the queue
            time.sleep(0.001)
        release.set()  # the leader answers its batch and hands the lead to the first in line

    previous = signal.signal(signal.SIGUSR1, interrupt)
    try:
        leader.start()
        assert entered.wait(WAIT)  # the leader's transaction runs, held: this thread will follow it
        threading.Thread(target=conduct, daemon=True).start()
        with pytest.raises(Interrupt):
            committer.save("main")
    finally:
        signal.signal(signal.SIGUSR1, previous)
    for thread in (leader, behind):
        thread.join(WAIT)
        assert not thread.is_alive(), f"{thread.name} was never answered"
    assert outcomes == {"leader": "stored", "behind": "stored"}
    assert "main" not in stored  # it left before any transaction took it
