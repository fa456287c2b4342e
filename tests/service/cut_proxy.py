"""A TCP proxy that loses one answer: the network cut between a call's arrival and its answer.

It forwards every connection both ways; on the first, once the client has sent `cut_after` bytes
(its request has arrived), it stops passing the server's bytes back, waits, and closes both ends,
so the client reads UNAVAILABLE for a call the server carried out. Later connections pass intact.
"""

from __future__ import annotations

import socket
import threading
import time


class AnswerCuttingProxy:
    def __init__(self, target: tuple[str, int], cut_after: int, wait: float = 1.0) -> None:
        self.target, self.cut_after, self.wait = target, cut_after, wait
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.listener.getsockname()[1]
        self.cuts = 0
        self._first = True
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self.listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            cutting = self._first
            self._first = False
            state = {"sent": 0, "cut": False}
            threading.Thread(target=self._up, args=(client, server, cutting, state), daemon=True).start()
            threading.Thread(target=self._down, args=(server, client, state), daemon=True).start()

    def _up(self, client: socket.socket, server: socket.socket, cutting: bool, state: dict[str, int]) -> None:
        try:
            while data := client.recv(65536):
                server.sendall(data)
                state["sent"] += len(data)
                if cutting and state["sent"] >= self.cut_after:
                    state["cut"] = True  # the server's answer goes nowhere from now
                    time.sleep(self.wait)
                    self.cuts += 1
                    break
        except OSError:
            pass
        for end in (client, server):
            end.close()

    def _down(self, server: socket.socket, client: socket.socket, state: dict[str, int]) -> None:
        try:
            while data := server.recv(65536):
                if not state["cut"]:
                    client.sendall(data)
        except OSError:
            pass
