"""What `frontier` says when a call fails: the server's own words, or a hint when it was not reached."""

from __future__ import annotations

import grpc


def unreachable(error: grpc.RpcError) -> bool:
    return bool(error.code() == grpc.StatusCode.UNAVAILABLE)


def reach_hint(server: str | None) -> str:
    where = f" on {server}" if server else ""
    return f"cannot reach the server: is `frontier serve` running{where}?"


def said(error: grpc.RpcError, server: str | None) -> str:
    """`CODE: details`, or for a server not reached the hint that names where it was looked for."""
    if unreachable(error):
        return f"{reach_hint(server)} ({error.code().name})"
    return f"{error.code().name}: {error.details()}"


def details(error: grpc.RpcError, server: str | None) -> str:
    """The server's sentence alone, or the hint for a server not reached."""
    return reach_hint(server) if unreachable(error) else str(error.details())
