"""The Connect streams open on the web port, ended cleanly when the port stops.

uvicorn's stop waits for every connection to end, and a WatchGame never ends by itself: without
this, a stop waited out its timeout and the stream died on a closed gRPC loop. At a stop each
stream ends with UNAVAILABLE (SERVER_STOPPING), as a client that retries elsewhere expects.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from replay.reasons import Reason
from service.core.errors import StoreUnavailable


def server_stopping() -> StoreUnavailable:
    return StoreUnavailable(
        Reason.SERVER_STOPPING,
        "the server is stopping: open the stream again from the last version you saw, on another server "
        "or once this one is back",
    )


class StreamStops:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: set[asyncio.Event] = set()
        self._loop: asyncio.AbstractEventLoop | None = None  # the web port's
        self._stopped = False

    @contextmanager
    def opened(self) -> Iterator[asyncio.Event]:
        """An event set when the port stops, for the stream opened on the running loop."""
        stop = asyncio.Event()
        with self._lock:
            self._loop = asyncio.get_running_loop()
            self._open.add(stop)
            if self._stopped:
                stop.set()
        try:
            yield stop
        finally:
            with self._lock:
                self._open.discard(stop)

    def stop(self) -> None:
        """End every open stream (from any thread); streams opened later end at once."""
        with self._lock:
            self._stopped = True
            loop, events = self._loop, list(self._open)
        if loop is not None and events and not loop.is_closed():
            for event in events:
                loop.call_soon_threadsafe(event.set)
