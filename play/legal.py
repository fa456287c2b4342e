"""A seat's legal commands at a game version, encoded once for every message that carries them."""

from __future__ import annotations

import threading

from service.convert import command_to_proto
from service.records import FINISHED, GameRecord

CACHE_SIZE = 4096  # (game, version, seat) lists kept; a list is a few KiB at most


_lock = threading.Lock()
_by_state: dict[tuple[str, int, int], tuple[bytes, ...]] = {}


def legal_command_bytes(record: GameRecord, seat: int) -> tuple[bytes, ...]:
    """The wire form of `seat`'s legal commands in `record` (none once the game is over or not its turn).

    Cached per (game, store version, seat): the answer to a command, the pushes to the
    seat's streams and ListLegalCommands at one version share a single encoding.
    """
    if record.status == FINISHED or seat not in record.engine.seats_to_act(record.state):
        return ()
    key = (record.header.game_id, record.version, seat)
    with _lock:
        found = _by_state.get(key)
    if found is not None:
        return found
    engine = record.engine
    encoded = tuple(
        command_to_proto(engine, command).SerializeToString()
        for command in engine.legal_commands(record.state, seat)
    )
    with _lock:
        if len(_by_state) >= CACHE_SIZE:
            _by_state.clear()
        _by_state[key] = encoded
    return encoded
