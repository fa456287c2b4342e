"""The relay package's pieces of gRPC messages."""

from __future__ import annotations

from replay.record import Header
from service.generated.frontier.v1 import frontier_pb2


def fork_origin(header: Header) -> frontier_pb2.ForkOrigin | None:
    """A forked game's origin as the API shows it; None for any other game."""
    origin = header.forked_from
    if origin is None:
        return None
    return frontier_pb2.ForkOrigin(
        game_id=str(origin["game_id"]),
        version=int(str(origin["version"])),
        state_hash=str(origin["state_hash"]),
    )
