"""The AsyncAPI 3 document of the streams: WatchGame, Replay, FollowEvents (Connect), Play (WebSocket)."""

from __future__ import annotations

from typing import Any

from tools.api_specs.protos import Protos
from tools.api_specs.schemas import Schemas

SERVICE = "frontier.v1.FrontierLedger"
DESCRIPTION = """The Frontier Ledger API's streams. WatchGame, Replay and FollowEvents (every game of a
tournament, a player or your seats, resumable from a cursor) are Connect server-streaming calls
on the web port: `POST /frontier.v1.FrontierLedger/WatchGame` with `Content-Type: application/connect+json`
and one enveloped request (a flags byte 0, a 4-byte big-endian length, the JSON message); the answer
is a sequence of such envelopes, the last one flagged 0x02 with `{}` or `{"error": {...}}` (a Connect
error). The same calls work over gRPC and gRPC-Web. Play is a WebSocket at `/v1/play` on the
`--ws-port`: each binary frame one serialized PlayRequest, each server frame one PlayUpdate.
Generated from proto/ by `python -m tools.api_specs`; do not edit by hand."""


def asyncapi(protos: Protos) -> dict[str, Any]:
    schemas = Schemas(protos, "#/components/schemas/")
    streams = {
        "watchGame": ("WatchGame", "WatchGameRequest", "GameUpdate", "web"),
        "replay": ("Replay", "ReplayRequest", "ReplayStep", "web"),
        "followEvents": ("FollowEvents", "FollowEventsRequest", "LedgerEvent", "web"),
        "play": ("Play", "PlayRequest", "PlayUpdate", "play"),
    }
    channels: dict[str, Any] = {}
    operations: dict[str, Any] = {}
    messages: dict[str, Any] = {}
    for key, (method, request, update, server) in streams.items():
        comment = protos.comments.get(("method", SERVICE, method), "")
        for message in (request, update):
            messages[message] = {
                "name": message,
                "contentType": "application/json" if server == "web" else "application/x-protobuf",
                "payload": schemas.ref(f"frontier.v1.{message}"),
            }
        address = f"/{SERVICE}/{method}" if server == "web" else "/v1/play"
        channels[key] = {
            "address": address,
            "servers": [{"$ref": f"#/servers/{server}"}],
            "description": comment or method,
            "messages": {
                request: {"$ref": f"#/components/messages/{request}"},
                update: {"$ref": f"#/components/messages/{update}"},
            },
        }
        operations[f"send{method}Request"] = {
            "action": "send",
            "channel": {"$ref": f"#/channels/{key}"},
            "summary": f"open the stream with a {request}" + (", then more" if key == "play" else ""),
            "messages": [{"$ref": f"#/channels/{key}/messages/{request}"}],
        }
        operations[f"receive{update}"] = {
            "action": "receive",
            "channel": {"$ref": f"#/channels/{key}"},
            "summary": f"each {update} as it comes",
            "messages": [{"$ref": f"#/channels/{key}/messages/{update}"}],
        }
    return {
        "asyncapi": "3.0.0",
        "info": {"title": "Frontier Ledger streams", "version": "v1", "description": DESCRIPTION},
        "servers": {
            "web": {"host": "localhost:8080", "protocol": "http", "description": "the --http port"},
            "play": {"host": "localhost:8081", "protocol": "ws", "description": "the --ws-port"},
        },
        "channels": channels,
        "operations": operations,
        "components": {
            "messages": messages,
            "schemas": dict(sorted(schemas.components.items())),
            "securitySchemes": {
                "token": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "a seat token or the organiser token; none for the public. A WebSocket "
                    "client that cannot set headers puts it in the opening PlayRequest's `token`",
                }
            },
        },
    }
