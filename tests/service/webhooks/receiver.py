"""A webhook receiver for the tests: a tiny HTTP server on a real port that keeps every delivery."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Got:
    headers: dict[str, str]
    body: bytes
    status: int  # what the receiver answered
    at: float  # time.time() of its arrival

    @property
    def message(self) -> dict[str, Any]:
        parsed: dict[str, Any] = json.loads(self.body)
        return parsed

    @property
    def id(self) -> str:
        return self.headers["webhook-id"]


class Receiver:
    def __init__(self) -> None:
        self.status = 204  # what it answers; a test sets 500 to make it fail
        self.got: list[Got] = []
        self.changed = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                status = receiver.status
                with receiver.changed:
                    headers = {k.lower(): v for k, v in self.headers.items()}
                    receiver.got.append(Got(headers, body, status, time.time()))
                    receiver.changed.notify_all()
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:  # quiet
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, name="test-receiver", daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    def accepted(self) -> list[Got]:
        with self.changed:
            return [got for got in self.got if 200 <= got.status < 300]

    def wait_for(self, done: Callable[[list[Got]], bool], timeout: float = 60.0) -> list[Got]:
        """The deliveries answered 2xx, once `done` says they are all there."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                accepted = [got for got in self.got if 200 <= got.status < 300]
                if done(accepted):
                    return accepted
                left = deadline - time.monotonic()
                assert left > 0, (
                    f"deliveries still missing after {timeout} s: {[g.message['type'] for g in accepted]}"
                )
                self.changed.wait(left)


@contextmanager
def receiving() -> Iterator[Receiver]:
    receiver = Receiver()
    receiver.thread.start()
    try:
        yield receiver
    finally:
        receiver.server.shutdown()
        receiver.server.server_close()


def finished(game_id: str) -> Callable[[list[Got]], bool]:
    """Done when `game_id`'s game.finished has arrived."""
    return lambda got: any(
        g.message["type"] == "game.finished" and g.message["data"]["game_id"] == game_id for g in got
    )
