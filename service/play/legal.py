"""A seat's legal commands at a game version, encoded once for every message that carries them.

Profiled under the Play path (tests/benchmarks/profile_play.py), listing legal commands was the
largest piece of the server's own Python work: every command went through
`service.core.convert.command_to_proto`, which walks the message field by field. Here a command
is built by the message constructors straight from its dataclass fields, each distinct
command value is encoded once, and each (game, version, seat) list once per message field.
"""

from __future__ import annotations

import dataclasses
import functools
import threading
from typing import Any

from google.protobuf.message import Message

from engines.base import Command, Engine
from service.core.convert import GAME_FIELDS, json_command
from service.core.records import FINISHED, GameRecord
from service.generated.frontier.v1 import frontier_pb2

WIRETYPE_LENGTH_DELIMITED = 2  # a submessage's wire type
CACHE_SIZE = 4096  # lists kept per (game, version, seat, field), and commands kept per value


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
    field = GAME_FIELDS.get(game)
    if field is None:  # an engine with no typed messages: its commands travel as JSON
        return json_command(command).SerializeToString()
    typed: dict[str, Any] = {field: {command.kind: _constructor_fields(command)}}
    return frontier_pb2.Command(**typed).SerializeToString()


def command_bytes(engine: Engine, command: Command) -> bytes:
    """The wire form of one command (`frontier.v1.Command`), as `command_to_proto` gives it."""
    try:
        return _command_bytes(engine.game_id, command)
    except TypeError:  # a command with an unhashable field: encode it every time
        return _command_bytes.__wrapped__(engine.game_id, command)


_lock = threading.Lock()
_joined: dict[tuple[str, int, int, int], bytes] = {}


def legal_command_bytes(record: GameRecord, seat: int) -> tuple[bytes, ...]:
    """The wire form of `seat`'s legal commands in `record` (none once the game is over or not its turn)."""
    if record.status == FINISHED or not record.dealt or seat not in record.seats_to_act:
        return ()
    engine = record.engine
    return tuple(command_bytes(engine, command) for command in engine.legal_commands(record.state, seat))


def add_legal_commands(message: Message, field: str, record: GameRecord, seat: int) -> None:
    """Append `seat`'s legal commands in `record` to the repeated `Command` field `field` of `message`.

    One merge of the field's wire form (every command's tag, length and bytes) instead of one
    `add()` and merge per command: a tenth of the cost for a list of 20 commands, and the same
    message. Cached per (game, store version, seat, field): the answer to a command and the pushes
    to the seat's streams at one version share a single encoding.
    """
    number = message.DESCRIPTOR.fields_by_name[field].number
    key = (record.header.game_id, record.version, seat, number)
    with _lock:
        joined = _joined.get(key)
    if joined is None:
        joined = repeated_field_bytes(number, legal_command_bytes(record, seat))
        with _lock:
            if len(_joined) >= CACHE_SIZE:
                _joined.clear()
            _joined[key] = joined
    message.MergeFromString(joined)


def repeated_field_bytes(number: int, encoded: tuple[bytes, ...]) -> bytes:
    """The wire form of a repeated message field `number` holding the messages `encoded`."""
    tag = _varint(number << 3 | WIRETYPE_LENGTH_DELIMITED)
    return b"".join(tag + _varint(len(message)) + message for message in encoded)


def _varint(value: int) -> bytes:
    """`value` (not negative) as a protobuf base-128 varint."""
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)
