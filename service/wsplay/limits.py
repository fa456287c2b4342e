"""What a WebSocket Play connection may cost the server before and after it is known.

Until its opening message has named a game and a seat token that the server accepted, a
connection is anyone's: it gets a short deadline for that message and a small frame limit, so
that a client that never authenticates holds little for long. Connections are capped in all and
per client address (its IP address, an IPv6 client by its /64), counted from the handshake's end.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class SocketLimits:
    open_timeout: float = 10.0  # seconds from the handshake to the opening message
    opening_bytes: int = 64 * 1024  # a frame before the caller is known (an opening is ~100 bytes)
    frame_bytes: int = 1024 * 1024  # a frame from a seat (a command is at most a few KiB)
    connections: int = 4096  # open connections on the server
    connections_per_address: int = 128  # open connections from one client address

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> SocketLimits:
        """The defaults, each overridden by its FRONTIER_WS_* variable when set."""
        d = cls()

        def number(name: str, value: float) -> float:
            text = env.get(f"FRONTIER_WS_{name}")
            return float(text) if text else value

        return cls(
            open_timeout=number("OPEN_TIMEOUT", d.open_timeout),
            opening_bytes=int(number("MAX_OPENING_BYTES", d.opening_bytes)),
            frame_bytes=int(number("MAX_FRAME_BYTES", d.frame_bytes)),
            connections=int(number("MAX_CONNECTIONS", d.connections)),
            connections_per_address=int(number("MAX_CONNECTIONS_PER_ADDRESS", d.connections_per_address)),
        )
