"""The point after which a stopping server stores nothing, so a call cut then is a call not stored.

A stopping server drains its calls (service/grpc_api/drain.py), then cuts: a store already under way
finishes first, and every later one is refused UNAVAILABLE (SERVER_STOPPING) before it writes. Each
call carries a `CallWrites` mark, so the drain can wait for the calls that did store to send their answer.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from replay.reasons import Reason
from service.core.errors import StoreUnavailable


@dataclass(eq=False)  # one call's own: the drain tells calls apart by identity
class CallWrites:
    """One call's mark: whether it stored anything (set from the thread that stored)."""

    stored: bool = False


CALL_WRITES: ContextVar[CallWrites | None] = ContextVar("call_writes", default=None)


def stopping() -> StoreUnavailable:
    return StoreUnavailable(
        Reason.SERVER_STOPPING,
        "the server is stopping and stored nothing of this call; send it again, to another server or "
        "once this one is back",
    )


class WriteCut:
    """Stores share it until the cut; the cut waits for those under way, then refuses the rest."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._writing = 0
        self._cut = False

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Around one store: refused once cut; marks the calling call as one that stored."""
        with self._changed:
            if self._cut:
                raise stopping()
            self._writing += 1
        mark = CALL_WRITES.get()
        if mark is not None:  # even a save that fails may have been durable: its call must answer
            mark.stored = True
        try:
            yield
        finally:
            with self._changed:
                self._writing -= 1
                self._changed.notify_all()

    def cut(self, deadline: float) -> bool:
        """Refuse every store from now; True once those under way ended (by `deadline`, monotonic)."""
        with self._changed:
            self._cut = True
            return self._changed.wait_for(lambda: self._writing == 0, max(0.0, deadline - time.monotonic()))
