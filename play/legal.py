"""A seat's legal commands at a game version, encoded once for every message that carries them.

Profiled under the Play path (tests/benchmarks/profile_play.py), listing legal commands was the
largest piece of the server's own Python work: every command went through
`service.convert.command_to_proto`, which walks the message field by field. Here a command
is built by the message constructors from its JSON form (as `service.typed` builds views),
each distinct command value is encoded once, and each (game, version, seat) list once.
"""

from __future__ import annotations

import functools
import threading
from typing import Any

from engines.base import Command, Engine
from engines.codec import encode
from service.convert import GAME_FIELDS
from service.generated.frontier.v1 import frontier_pb2
from service.records import FINISHED, GameRecord

CACHE_SIZE = 4096  # lists kept per (game, version, seat), and commands kept per value


def _without_nulls(value: Any) -> Any:
    """JSON as the constructors take it: an absent optional field is left out, not None."""
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_nulls(v) for v in value]
    return value


@functools.lru_cache(maxsize=CACHE_SIZE)
def _command_bytes(game: str, command: Command) -> bytes:
    data = encode(command)
    kind = data.pop("kind")
    data.pop("v")
    message = frontier_pb2.Command(**{GAME_FIELDS[game]: {kind: _without_nulls(data)}})
    return message.SerializeToString()


def command_bytes(engine: Engine, command: Command) -> bytes:
    """The wire form of one command (`frontier.v1.Command`), as `command_to_proto` gives it."""
    try:
        return _command_bytes(engine.game_id, command)
    except TypeError:  # a command with an unhashable field: encode it every time
        return _command_bytes.__wrapped__(engine.game_id, command)


_lock = threading.Lock()
_by_state: dict[tuple[str, int, int], tuple[bytes, ...]] = {}


def legal_command_bytes(record: GameRecord, seat: int) -> tuple[bytes, ...]:
    """The wire form of `seat`'s legal commands in `record` (none once the game is over or not its turn).

    Cached per (game, store version, seat): the answer to a command, the pushes to the
    seat's streams and ListLegalCommands at one version share a single encoding.
    """
    if record.status == FINISHED or not record.dealt or seat not in record.engine.seats_to_act(record.state):
        return ()
    key = (record.header.game_id, record.version, seat)
    with _lock:
        found = _by_state.get(key)
    if found is not None:
        return found
    engine = record.engine
    encoded = tuple(command_bytes(engine, command) for command in engine.legal_commands(record.state, seat))
    with _lock:
        if len(_by_state) >= CACHE_SIZE:
            _by_state.clear()
        _by_state[key] = encoded
    return encoded
