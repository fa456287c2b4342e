"""Typed views and events: the engine's JSON as each game's proto messages.

The messages of proto/frontier/v1/*_types.proto name their fields after the
engine's JSON keys, so a client's protobuf JSON parser reads `view_json` and
`GameEvent.json` into them, and the server builds them straight from the same
dicts with the message constructors (ten times faster than json_format, same
result: tests/service/test_typed_views.py checks both). A key the schema lacks
raises ValueError; it is never silently dropped. An engine registered at run time
(`frontier serve --engine`) has no typed messages: its oneofs stay empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from google.protobuf.message import Message

from service.core.convert import GAME_FIELDS
from service.generated.frontier.v1 import frontier_pb2


def _messages(holder: type[Message], oneof: str) -> dict[str, type[Message]]:
    """Game id -> the message class of the game's field (the engine's `proto_field`) in `holder`'s `oneof`."""
    fields = {field.name for field in holder.DESCRIPTOR.oneofs_by_name[oneof].fields}
    missing = [name for name in GAME_FIELDS.values() if name not in fields]
    if missing:
        raise LookupError(f"{holder.DESCRIPTOR.full_name}.{oneof} has no field {missing[0]!r}")
    empty = holder()
    return {game: type(getattr(empty, name)) for game, name in GAME_FIELDS.items()}


VIEW_MESSAGES = _messages(frontier_pb2.GameState, "typed_view")
EVENT_MESSAGES = _messages(frontier_pb2.GameEvent, "typed_event")


def event_body(event: Mapping[str, Any]) -> dict[str, Any]:
    """The event's JSON form as its typed message's JSON: `{"v": 1, "<kind>": {...fields}}`."""
    fields = {k: v for k, v in event.items() if k not in ("kind", "v")}
    return {"v": event["v"], event["kind"]: fields}


def view_message(game: str, view: Mapping[str, Any]) -> Message:
    """The view (the engine's `view()` dict) as `game`'s view message."""
    return VIEW_MESSAGES[game](**view)


def event_message(game: str, event: Mapping[str, Any]) -> Message:
    """The event (its versioned JSON form) as `game`'s event message, holding it under its kind."""
    return EVENT_MESSAGES[game](**event_body(event))


def typed_view(game: str, view: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments that fill the `typed_view` oneof of a GameState or ReplayStep."""
    field = GAME_FIELDS.get(game)
    return {} if field is None else {field: view_message(game, view)}


def typed_event(game: str, event: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments that fill the `typed_event` oneof of a GameEvent."""
    field = GAME_FIELDS.get(game)
    return {} if field is None else {field: event_message(game, event)}
