"""Typed views and events: the engine's JSON parsed into each game's proto messages.

The messages of proto/frontier/v1/*_types.proto name their fields after the
engine's JSON keys, so the conversion is protobuf's own JSON parser with unknown
keys refused: a key the schema lacks raises, it is never silently dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message

from service.convert import GAME_FIELDS
from service.generated.frontier.v1 import (
    deadwood_types_pb2,
    most_wanted_types_pb2,
    western_legends_types_pb2,
)

VIEW_MESSAGES: dict[str, type[Message]] = {
    "most-wanted": most_wanted_types_pb2.MostWantedView,
    "deadwood-1876": deadwood_types_pb2.DeadwoodView,
    "western-legends": western_legends_types_pb2.WesternLegendsView,
}
EVENT_MESSAGES: dict[str, type[Message]] = {
    "most-wanted": most_wanted_types_pb2.MostWantedEvent,
    "deadwood-1876": deadwood_types_pb2.DeadwoodEvent,
    "western-legends": western_legends_types_pb2.WesternLegendsEvent,
}


def event_body(event: Mapping[str, Any]) -> dict[str, Any]:
    """The event's JSON form as its typed message's JSON: `{"v": 1, "<kind>": {...fields}}`."""
    fields = {k: v for k, v in event.items() if k not in ("kind", "v")}
    return {"v": event["v"], event["kind"]: fields}


def parse_view(game: str, view: Mapping[str, Any], into: Message | None = None) -> Message:
    """The view as `game`'s view message (or merged into `into`); ParseError on a key the schema lacks."""
    message = VIEW_MESSAGES[game]() if into is None else into
    return json_format.ParseDict(dict(view), message, ignore_unknown_fields=False)


def parse_event(game: str, event: Mapping[str, Any], into: Message | None = None) -> Message:
    """The event (its versioned JSON form) as `game`'s event message, holding it under its kind."""
    message = EVENT_MESSAGES[game]() if into is None else into
    return json_format.ParseDict(event_body(event), message, ignore_unknown_fields=False)


def set_typed_view(target: Message, game: str, view: Mapping[str, Any]) -> None:
    """Fill the `typed_view` oneof of a GameState or ReplayStep with the game's field."""
    parse_view(game, view, into=getattr(target, GAME_FIELDS[game]))


def set_typed_event(target: Message, game: str, event: Mapping[str, Any]) -> None:
    """Fill the `typed_event` oneof of a GameEvent with the game's field."""
    parse_event(game, event, into=getattr(target, GAME_FIELDS[game]))
