"""A seat's legal commands at a game version, encoded once for every message that carries them.

Profiled under the Play path (tests/benchmarks/profile_play.py), listing legal commands was the
largest piece of the server's own Python work: every command went through
`service.core.convert.command_to_proto`, which walks the message field by field. Here a command
is built by the message constructors straight from its dataclass fields, each distinct
command value is encoded once, and each (game, version, seat) list once.
"""

from __future__ import annotations

import dataclasses
import functools
import threading
from typing import Any

from engines.base import Command, Engine
from service.core.convert import GAME_FIELDS
from service.core.records import FINISHED, GameRecord
from service.generated.frontier.v1 import frontier_pb2

CACHE_SIZE = 4096  # lists kept per (game, version, seat), and commands kept per value


def _constructor_fields(command: Command) -> dict[str, Any]:
    """The command's fields as the message constructors take them, read straight off the dataclass.

    The same value as `encode(command)` without `kind` and `v` and with every absent (None)
    field left out, at a third of the cost: no JSON form in between (tests/service/play checks both).
    """
    return {name: _constructor_value(value) for name, value in _field_values(command) if value is not None}


def _field_values(record: Any) -> list[tuple[str, Any]]:
    names = _init_fields.get(type(record))
    if names is None:
        names = _init_fields[type(record)] = tuple(f.name for f in dataclasses.fields(record) if f.init)
    return [(name, getattr(record, name)) for name in names]


_init_fields: dict[type, tuple[str, ...]] = {}


def _constructor_value(value: Any) -> Any:
    kind = type(value)
    if kind is str or kind is int or kind is bool:
        return value
    if kind is tuple or kind is list:
        return [_constructor_value(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):  # a nested record (SafeRef)
        return {name: _constructor_value(item) for name, item in _field_values(value) if item is not None}
    raise TypeError(f"no message form for {kind.__name__} {value!r}")


@functools.lru_cache(maxsize=CACHE_SIZE)
def _command_bytes(game: str, command: Command) -> bytes:
    message = frontier_pb2.Command(**{GAME_FIELDS[game]: {command.kind: _constructor_fields(command)}})
    return message.SerializeToString()


def command_bytes(engine: Engine, command: Command) -> bytes:
    """The wire form of one command (`frontier.v1.Command`), as `command_to_proto` gives it."""
    try:
        return _command_bytes(engine.game_id, command)
    except TypeError:  # a command with an unhashable field: encode it every time
        return _command_bytes.__wrapped__(engine.game_id, command)


@dataclasses.dataclass(frozen=True)
class LegalCommands:
    """One seat's legal commands at one version, in the wire forms the messages carry."""

    commands: tuple[Command, ...]
    encoded: tuple[bytes, ...]  # each `frontier.v1.Command`
    # The same list as a serialised PlayUpdate holding only `legal_commands`: merged in one call,
    # where adding each command to a message cost a Python call per command per message.
    play_update: bytes


_lock = threading.Lock()
_by_state: dict[tuple[str, int, int], LegalCommands] = {}
# Each seat's last list: another seat's move at a new version mostly leaves a waiting seat's
# choices as they were, and the list is then encoded again only if it changed.
_last_of_seat: dict[tuple[str, int], LegalCommands] = {}
_NONE = LegalCommands((), (), b"")


def legal_commands_of(record: GameRecord, seat: int) -> LegalCommands:
    """`seat`'s legal commands in `record`, encoded (none once the game is over or not its turn).

    Cached per (game, store version, seat): the answer to a command, the pushes to the
    seat's streams and ListLegalCommands at one version share a single encoding.
    """
    if record.status == FINISHED or not record.dealt or seat not in record.seats_to_act:
        return _NONE
    game_id = record.header.game_id
    key = (game_id, record.version, seat)
    with _lock:
        found = _by_state.get(key)
        last = _last_of_seat.get((game_id, seat))
    if found is not None:
        return found
    engine = record.engine
    commands = tuple(engine.legal_commands(record.state, seat))
    if last is not None and last.commands == commands:
        found = last
    else:
        encoded = tuple(command_bytes(engine, command) for command in commands)
        holder = frontier_pb2.PlayUpdate()
        add = holder.legal_commands.add
        for one in encoded:
            add().MergeFromString(one)
        found = LegalCommands(commands, encoded, holder.SerializeToString())
    with _lock:
        if len(_by_state) >= CACHE_SIZE:
            _by_state.clear()
        if len(_last_of_seat) >= CACHE_SIZE:
            _last_of_seat.clear()
        _by_state[key] = found
        _last_of_seat[(game_id, seat)] = found
    return found


def legal_command_bytes(record: GameRecord, seat: int) -> tuple[bytes, ...]:
    """The wire form of each of `seat`'s legal commands in `record` (see `legal_commands_of`)."""
    return legal_commands_of(record, seat).encoded
