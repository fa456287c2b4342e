"""Typed proto commands <-> engine commands, for every game, with no per-game code.

Each game's `<Game>Command` message has a `oneof command` whose field names are
the engine's command kinds and whose fields carry the dataclass field names
(engines/README.md), so one pair of functions converts every game. An engine
registered at run time (`frontier serve --engine`) has no typed message: its
commands travel in `Command.json`, the engine's own JSON form.
"""

from __future__ import annotations

from typing import Any

from google.protobuf import struct_pb2
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.json_format import MessageToDict
from google.protobuf.message import Message as ProtoMessage

from engines.base import Command, Engine
from engines.codec import Codec, DecodeError, encode
from engines.registry import get_engine, shipped_game_ids
from replay.logfile import parse_json
from replay.reasons import Reason
from replay.record import canonical_json
from service.core.errors import InvalidArgument
from service.generated.frontier.v1 import frontier_pb2

# game id -> the field of frontier.v1.Command (and of every per-game oneof) that carries its messages;
# a game not named here (registered at run time) has no typed messages
GAME_FIELDS = {game: get_engine(game).proto_field for game in shipped_game_ids()}
JSON_FIELD = "json"  # the member of Command's oneof that carries an untyped engine's command


def command_from_proto(engine: Engine, message: frontier_pb2.Command) -> Command:
    """The engine command in `message`, or INVALID_ARGUMENT naming what is wrong."""
    expected = GAME_FIELDS.get(engine.game_id, JSON_FIELD)
    present = message.WhichOneof("game")
    if present is None:
        raise InvalidArgument(
            Reason.MISSING_COMMAND, "command is empty: set the field for this game", field="command"
        )
    if present != expected:
        raise InvalidArgument(
            Reason.WRONG_GAME_COMMAND,
            f"command.{present} was sent to a {engine.game_id} game; use command.{expected}",
            field=f"command.{present}",
        )
    if present == JSON_FIELD:
        return _command_from_json(engine, message.json)
    game_message = getattr(message, present)
    kind = game_message.WhichOneof("command")
    if kind is None:
        raise InvalidArgument(
            Reason.MISSING_COMMAND, f"command.{expected} has no command set", field=f"command.{expected}"
        )
    body = _message_to_json(getattr(game_message, kind))
    try:
        command = _command_codec(engine).decode({"kind": kind, **body})
    except DecodeError as error:
        raise InvalidArgument(
            Reason.MALFORMED_COMMAND, str(error), field=f"command.{expected}.{kind}"
        ) from None
    assert isinstance(command, Command)
    return command


def _command_from_json(engine: Engine, text: str) -> Command:
    # The log's own strict parser: a command becomes a line of the log, and a deep nesting is
    # refused before the C parser recurses (json.loads raised RecursionError: UNKNOWN, a traceback).
    try:
        command = _command_codec(engine).decode(parse_json(text))
    except ValueError as error:  # not (I-)JSON or nested too deep, or not a command of this game
        message = f"command.{JSON_FIELD} is not a command: {error}"
        raise InvalidArgument(Reason.MALFORMED_COMMAND, message, field=f"command.{JSON_FIELD}") from None
    assert isinstance(command, Command)
    return command


def _command_codec(engine: Engine) -> Codec:
    # Built once per game: every submitted command is decoded by it.
    codec = _codecs.get(engine.game_id)
    if codec is None:
        codec = _codecs[engine.game_id] = Codec(engine.commands)
    return codec


_codecs: dict[str, Codec] = {}


def command_to_proto(engine: Engine, command: Command) -> frontier_pb2.Command:
    field = GAME_FIELDS.get(engine.game_id)
    if field is None:
        return json_command(command)
    message = frontier_pb2.Command()
    game_message = getattr(message, field)
    data = encode(command)
    kind = data.pop("kind")
    data.pop("v")
    _json_to_message(data, getattr(game_message, kind))
    return message


def json_command(command: Command) -> frontier_pb2.Command:
    """The command of an engine with no typed messages: its JSON form, canonical, in `Command.json`."""
    return frontier_pb2.Command(json=canonical_json(encode(command)))


def _message_to_json(message: ProtoMessage) -> dict[str, Any]:
    body: dict[str, Any] = {}
    for field in message.DESCRIPTOR.fields:
        value = getattr(message, field.name)
        if field.is_repeated:
            is_message = field.type == FieldDescriptor.TYPE_MESSAGE
            body[field.name] = [_message_to_json(v) if is_message else v for v in value]
        elif field.has_presence and not message.HasField(field.name):
            body[field.name] = None
        elif field.type == FieldDescriptor.TYPE_MESSAGE:
            body[field.name] = _message_to_json(value)
        else:
            body[field.name] = value
    return body


def _json_to_message(data: dict[str, Any], message: ProtoMessage) -> None:
    fields = message.DESCRIPTOR.fields_by_name
    for name, value in data.items():
        field = fields[name]
        if value is None:
            continue
        if field.is_repeated:
            target = getattr(message, name)
            for item in value:
                if field.type == FieldDescriptor.TYPE_MESSAGE:
                    _json_to_message(item, target.add())
                else:
                    target.append(item)
        elif field.type == FieldDescriptor.TYPE_MESSAGE:
            _json_to_message(value, getattr(message, name))
        else:
            setattr(message, name, value)
    message.SetInParent()  # a command with no fields must still count as set in its oneof


def struct_to_dict(struct: struct_pb2.Struct) -> dict[str, Any]:
    """A Struct as plain JSON values; Struct numbers are doubles, so whole numbers come back as ints."""

    def tidy(value: Any) -> Any:
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, list):
            return [tidy(v) for v in value]
        if isinstance(value, dict):
            return {k: tidy(v) for k, v in value.items()}
        return value

    return tidy(MessageToDict(struct))  # type: ignore[no-any-return]


def dict_to_struct(data: dict[str, Any]) -> struct_pb2.Struct:
    struct = struct_pb2.Struct()
    struct.update(data)
    return struct
