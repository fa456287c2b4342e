"""Plain HTTP requests to the real web server (urllib: what the server sends, byte for byte)."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any


@dataclass
class Reply:
    status: int
    body: str
    headers: dict[str, str]

    def json(self) -> Any:
        return json.loads(self.body)


def get(url: str, token: str | None = None) -> Reply:
    request = urllib.request.Request(url)
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    return _send(request)


def post_form(url: str, fields: dict[str, str], headers: dict[str, str] | None = None) -> Reply:
    body = urllib.parse.urlencode(fields).encode()
    request = urllib.request.Request(url, data=body, method="POST", headers=headers or {})
    return _send(request)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _send(request: urllib.request.Request) -> Reply:
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(request, timeout=30) as response:
            return Reply(response.status, response.read().decode(), dict(response.headers))
    except urllib.error.HTTPError as error:
        return Reply(error.code, error.read().decode(), dict(error.headers))
