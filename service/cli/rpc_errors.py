"""What `frontier` says when a call fails: the server's own words, or a hint when it was not reached."""

from __future__ import annotations

import grpc

from service.cli import tls_probe


def unreachable(error: grpc.RpcError) -> bool:
    return bool(error.code() == grpc.StatusCode.UNAVAILABLE)


def reach_hint(server: str | None) -> str:
    where = f" on {server}" if server else ""
    return f"cannot reach the server: is `frontier serve` running{where}?"


def unreached_hint(server: str | None) -> str:
    """For a server not reached: TLS on one side only (tls_probe), else "is it running?"."""
    return (tls_probe.hint(server) if server else None) or reach_hint(server)


def said(error: grpc.RpcError, server: str | None) -> str:
    """`CODE: details`, or for a server not reached the hint that names where it was looked for."""
    if unreachable(error):
        return f"{unreached_hint(server)} ({error.code().name})"
    return f"{error.code().name}: {error.details()}"


def details(error: grpc.RpcError, server: str | None) -> str:
    """The server's sentence alone, or the hint for a server not reached."""
    return unreached_hint(server) if unreachable(error) else str(error.details())
