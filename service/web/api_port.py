"""The web port's API paths: calls to them go to the API's front end (Connect and gRPC-Web,
service/grpc_api/connect/), everything else to the viewer.

Browsers from other origins are refused unless the operator names them (`--cors-origin`), off by
default. A token travels in the Authorization header only, never in a cookie, so a page of another
site cannot call with its visitor's rights; refusing other origins (as `Sec-Fetch-Site` or `Origin`
tell them, service/web/same_origin.py) also keeps other sites' pages from spending the API's
limits in their visitors' browsers. A named origin gets CORS answers: the headers a Connect or
gRPC-Web client sends allowed, and gRPC-Web's status headers readable.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

from service.web.same_origin import cross_site

# What Connect and gRPC-Web clients send, and what gRPC-Web clients must read of an answer.
ALLOWED_HEADERS = (
    "authorization",
    "content-type",
    "connect-protocol-version",
    "connect-timeout-ms",
    "grpc-timeout",
    "x-grpc-web",
    "x-user-agent",
)
EXPOSED_HEADERS = ("grpc-status", "grpc-message", "grpc-status-details-bin")
PREFLIGHT_SECONDS = 7200


class ApiFront(Protocol):
    """An API served on the web port (service.grpc_api.connect.front.ConnectFront)."""

    app: Any  # an ASGI application (connectrpc types its own calls)
    paths: frozenset[str]  # the paths it answers

    def stop(self) -> None: ...


class WebPort:
    """Calls to the API's paths go to `api`, everything else to `viewer`."""

    def __init__(self, viewer: ASGIApp, api: ASGIApp, paths: frozenset[str]) -> None:
        self.viewer = viewer
        self.api = api
        self.paths = paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"] in self.paths:
            await self.api(scope, receive, send)
        else:
            await self.viewer(scope, receive, send)


class OtherOrigins:
    """Refuses a browser's call from an origin not named, with a Connect error."""

    def __init__(self, app: ASGIApp, origins: Sequence[str]) -> None:
        self.app = app
        self.origins = frozenset(origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if cross_site(scope) and _origin(scope) not in self.origins:
            message = (
                "calls from another site's pages are refused: this server names no origin it allows "
                "(see --cors-origin)"
                if not self.origins
                else "calls from this origin are refused: it is not one of the server's --cors-origin"
            )
            body = json.dumps({"code": "permission_denied", "message": message}).encode()
            headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
            await send({"type": "http.response.start", "status": 403, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)


def _origin(scope: Scope) -> str:
    for name, value in scope["headers"]:
        if name == b"origin":
            return str(value.decode("latin-1"))
    return ""


def with_api(viewer: ASGIApp, front: ApiFront, cors_origins: Sequence[str] = ()) -> WebPort:
    """The viewer with the API beside it, other origins refused but those named."""
    api: Any = front.app
    if cors_origins:
        api = CORSMiddleware(
            api,
            allow_origins=list(cors_origins),
            allow_methods=["POST"],
            allow_headers=list(ALLOWED_HEADERS),
            expose_headers=list(EXPOSED_HEADERS),
            max_age=PREFLIGHT_SECONDS,
        )
    return WebPort(viewer, OtherOrigins(api, cors_origins), front.paths)
