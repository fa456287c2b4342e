"""Connect and gRPC-Web calls by hand over plain HTTP (urllib), as curl or a browser's fetch makes them.

The envelopes are written and read here, byte by byte, so the tests see exactly what the server sends.
"""

from __future__ import annotations

import base64
import json
import struct
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from google.rpc import error_details_pb2

SERVICE = "frontier.v1.FrontierLedger"
END_STREAM = 0x02
TRAILERS = 0x80


@dataclass
class Answer:
    status: int  # HTTP status
    body: bytes
    headers: dict[str, str] = field(default_factory=dict)

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class ConnectFailure:
    code: str
    message: str
    reason: str  # the ErrorInfo's, from `details`
    metadata: dict[str, str]


def post(
    base: str,
    method: str,
    body: bytes,
    content_type: str,
    token: str | None = None,
    headers: dict[str, str] | None = None,
    service: str = SERVICE,
    timeout: float = 30,
) -> Answer:
    sent = {"Content-Type": content_type, **(headers or {})}
    if token is not None:
        sent["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(f"{base}/{service}/{method}", data=body, method="POST", headers=sent)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return Answer(reply.status, reply.read(), {k.lower(): v for k, v in reply.headers.items()})
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.read(), {k.lower(): v for k, v in error.headers.items()})


def unary(base: str, method: str, message: dict[str, Any], token: str | None = None, **kwargs: Any) -> Answer:
    """A Connect unary call with a JSON body, as `curl -H 'Content-Type: application/json'` sends it."""
    return post(base, method, json.dumps(message).encode(), "application/json", token, **kwargs)


def failure(answer: Answer) -> ConnectFailure:
    """A Connect error body's code, message and ErrorInfo."""
    assert answer.status != 200, answer.body
    return error_of(answer.json())


def error_of(error: dict[str, Any]) -> ConnectFailure:
    reason, metadata = "", {}
    for detail in error.get("details", []):
        if detail["type"] == "google.rpc.ErrorInfo":
            info = error_details_pb2.ErrorInfo.FromString(_unpadded_b64(detail["value"]))
            reason, metadata = info.reason, dict(info.metadata)
    return ConnectFailure(error["code"], error["message"], reason, metadata)


def envelope(payload: bytes, flags: int = 0) -> bytes:
    return struct.pack(">BI", flags, len(payload)) + payload


def envelopes(data: bytes) -> list[tuple[int, bytes]]:
    """The (flags, payload) of each envelope in a streamed body."""
    found = []
    while data:
        flags, size = struct.unpack(">BI", data[:5])
        found.append((flags, data[5 : 5 + size]))
        data = data[5 + size :]
    return found


def stream(
    base: str, method: str, message: dict[str, Any], token: str | None = None, **kwargs: Any
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A Connect server-streaming call in JSON: its messages and its end-of-stream message."""
    body = envelope(json.dumps(message).encode())
    answer = post(base, method, body, "application/connect+json", token, **kwargs)
    assert answer.status == 200, answer.body
    messages, end = [], None
    for flags, payload in envelopes(answer.body):
        if flags & END_STREAM:
            end = json.loads(payload)
        else:
            messages.append(json.loads(payload))
    assert end is not None, "the stream ended without its end-of-stream message"
    return messages, end


def grpc_web(
    base: str, method: str, message: bytes, token: str | None = None
) -> tuple[list[bytes], dict[str, str]]:
    """A gRPC-Web call in binary: its messages and its trailers (in the body, as gRPC-Web frames them)."""
    answer = post(base, method, envelope(message), "application/grpc-web+proto", token)
    assert answer.status == 200, answer.body
    messages, trailers = [], {}
    for flags, payload in envelopes(answer.body):
        if flags & TRAILERS:
            for line in payload.decode().split("\r\n"):
                if line:
                    name, _, value = line.partition(":")
                    trailers[name.strip().lower()] = value.strip()
        else:
            messages.append(payload)
    if not trailers:  # a trailers-only answer carries its status in the headers
        trailers = {k: v for k, v in answer.headers.items() if k.startswith("grpc-")}
    return messages, trailers


def _unpadded_b64(text: str) -> bytes:
    return base64.b64decode(text + "=" * (-len(text) % 4))


def open_stream(base: str, method: str, message: dict[str, Any], token: str | None = None) -> Any:
    """A Connect server stream in JSON, opened: read its envelopes with `read_envelope`."""
    headers = {"Content-Type": "application/connect+json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    body = envelope(json.dumps(message).encode())
    request = urllib.request.Request(f"{base}/{SERVICE}/{method}", data=body, method="POST", headers=headers)
    return urllib.request.urlopen(request, timeout=30)


def read_envelope(reply: Any) -> tuple[int, Any]:
    """The next envelope of an open stream: its flags and its JSON message."""
    flags, size = struct.unpack(">BI", reply.read(5))
    return flags, json.loads(reply.read(size))


def first_messages(
    base: str, method: str, message: dict[str, Any], count: int, token: str | None = None
) -> list[dict[str, Any]]:
    """The first `count` messages of a Connect stream that does not end by itself (WatchGame); then the
    connection is closed, as a client that leaves."""
    messages: list[dict[str, Any]] = []
    with open_stream(base, method, message, token) as reply:
        while len(messages) < count:
            flags, payload = read_envelope(reply)
            assert not flags & END_STREAM, f"the stream ended early: {payload}"
            messages.append(payload)
    return messages


def first_answer(
    base: str,
    method: str,
    message: dict[str, Any],
    token: str | None,
    *,
    streaming: bool,
    service: str = SERVICE,
    wait: float | None = None,
) -> tuple[dict[str, Any] | None, ConnectFailure | None]:
    """A call's first message, or its error; a stream is left after its first message.

    With `wait`, a stream silent for that many seconds answers neither (it shows nothing yet).
    """
    if not streaming:
        answer = unary(base, method, message, token, service=service)
        return (answer.json(), None) if answer.status == 200 else (None, failure(answer))
    headers = {"Content-Type": "application/connect+json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    body = envelope(json.dumps(message).encode())
    request = urllib.request.Request(f"{base}/{service}/{method}", data=body, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=wait or 30) as reply:
            flags, size = struct.unpack(">BI", reply.read(5))
            payload = json.loads(reply.read(size))
    except TimeoutError:
        if wait is None:
            raise
        return None, None
    if not flags & END_STREAM:
        return payload, None
    return None, (error_of(payload["error"]) if "error" in payload else None)


def preflight(base: str, method: str, origin: str, headers: str) -> Answer:
    """A browser's CORS preflight for a call to `method` from a page of `origin`."""
    sent = {
        "Origin": origin,
        "Sec-Fetch-Site": "cross-site",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": headers,
    }
    request = urllib.request.Request(f"{base}/{SERVICE}/{method}", method="OPTIONS", headers=sent)
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return Answer(reply.status, reply.read(), {k.lower(): v for k, v in reply.headers.items()})
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.read(), {k.lower(): v for k, v in error.headers.items()})
