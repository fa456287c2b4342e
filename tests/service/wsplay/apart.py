"""Run a client scenario on an event loop of its own thread.

These tests drive real sockets with asyncio from plain test functions. In a worker process
that has run the web tests, the main thread is marked as running a loop: Playwright's sync
API (a session fixture in tests/service/web) keeps its own loop running in a greenlet of that thread,
and `asyncio.run` there refuses to start. A fresh thread has no loop of its own to clash with.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_apart(scenario: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(scenario)` on a new thread; its result, or its exception raised here."""
    outcome: list[Any] = []

    def target() -> None:
        try:
            outcome.append((True, asyncio.run(scenario)))
        except BaseException as error:  # handed back to the test's own thread
            outcome.append((False, error))

    thread = threading.Thread(target=target, name="ws-scenario")
    thread.start()
    thread.join()
    ok, value = outcome[0]
    if not ok:
        raise value
    return value  # type: ignore[no-any-return]
