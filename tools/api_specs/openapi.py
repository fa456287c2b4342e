"""The OpenAPI 3.1 document of the unary methods, at Connect's paths (POST /package.Service/Method)."""

from __future__ import annotations

from typing import Any

from tools.api_specs.protos import Protos
from tools.api_specs.schemas import Schemas

CONNECT_ERROR = {
    "type": "object",
    "description": "A Connect error: the gRPC status the call ended with, by its Connect code.",
    "properties": {
        "code": {
            "type": "string",
            "enum": [
                "canceled",
                "unknown",
                "invalid_argument",
                "deadline_exceeded",
                "not_found",
                "already_exists",
                "permission_denied",
                "resource_exhausted",
                "failed_precondition",
                "aborted",
                "out_of_range",
                "unimplemented",
                "internal",
                "unavailable",
                "data_loss",
                "unauthenticated",
            ],
        },
        "message": {"type": "string", "description": "what went wrong, for a person"},
        "details": {
            "type": "array",
            "description": "a google.rpc.ErrorInfo: its `reason` is the stable code a client branches "
            "on (docs/reasons.md)",
            "items": {
                "type": "object",
                "properties": {
                    "type": {"type": "string", "examples": ["google.rpc.ErrorInfo"]},
                    "value": {"type": "string", "description": "the message, binary, in base64"},
                },
            },
        },
    },
    "required": ["code"],
}
DESCRIPTION = """The Frontier Ledger API's unary methods over the Connect protocol, as the server's web port
(`frontier serve --http PORT`) answers them: `POST /frontier.v1.FrontierLedger/CreateGame` with a JSON
body (`Content-Type: application/json`) or a binary one (`application/proto`). The same methods are
served over gRPC and gRPC-Web, and the streaming ones (WatchGame, Replay, FollowEvents, Play) are in
docs/asyncapi.yaml.
Generated from proto/ by `python -m tools.api_specs`; do not edit by hand."""


def openapi(protos: Protos) -> dict[str, Any]:
    schemas = Schemas(protos, "#/components/schemas/")
    paths: dict[str, Any] = {}
    for package, service in protos.services:
        name = f"{package}.{service.name}"
        for method in service.method:
            if method.client_streaming or method.server_streaming:
                continue
            comment = protos.comments.get(("method", name, method.name), "")
            paths[f"/{name}/{method.name}"] = {"post": _operation(schemas, service.name, method, comment)}
    components = {
        "schemas": {**dict(sorted(schemas.components.items())), "connect.Error": CONNECT_ERROR},
        "securitySchemes": {
            "token": {
                "type": "http",
                "scheme": "bearer",
                "description": "a seat token, a relay token or the organiser token; none for the public",
            }
        },
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": "Frontier Ledger", "version": "v1", "description": DESCRIPTION},
        "servers": [{"url": "/", "description": "the server's web port"}],
        "tags": [
            {"name": service.name, "description": protos.comments.get(("service", f"{p}.{service.name}"), "")}
            for p, service in protos.services
        ],
        "paths": paths,
        "components": components,
    }


def _operation(schemas: Schemas, service: str, method: Any, comment: str) -> dict[str, Any]:
    request, response = schemas.ref(method.input_type), schemas.ref(method.output_type)
    operation: dict[str, Any] = {
        "operationId": f"{service}_{method.name}",
        "tags": [service],
        "summary": comment.split("\n")[0] if comment else method.name,
        "security": [{}, {"token": []}],
        "parameters": [
            {
                "name": "Connect-Protocol-Version",
                "in": "header",
                "required": False,
                "schema": {"type": "string", "const": "1"},
            }
        ],
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {"schema": request},
                "application/proto": {"schema": {"type": "string", "contentEncoding": "binary"}},
            },
        },
        "responses": {
            "200": {
                "description": "the answer",
                "content": {
                    "application/json": {"schema": response},
                    "application/proto": {"schema": {"type": "string", "contentEncoding": "binary"}},
                },
            },
            "default": {
                "description": "a refusal: gRPC's status as a Connect error",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/connect.Error"}}},
            },
        },
    }
    if comment:
        operation["description"] = comment
    return operation
