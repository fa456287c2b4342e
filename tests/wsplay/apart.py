"""Run a client scenario on an event loop of its own thread.

These tests drive real sockets with asyncio from plain test functions. A test elsewhere in
the same worker process may leave the main thread marked as running a loop, and then
`asyncio.run` there refuses to start; a fresh thread has no loop of its own to clash with.
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
