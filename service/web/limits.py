"""Every request body is bounded before the viewer reads it.

The viewer's only bodies are the organiser's one-field sign-in form and an empty sign-out; a body
larger than `MAX_BODY_BYTES` is answered 413 before any of it is buffered: a declared
Content-Length over the limit at once, a chunked (undeclared) body as soon as the bytes received
pass it. The connection is closed after a 413, so the rest of the body is never read.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.web.plain_text import send_text

MAX_BODY_BYTES = 16 * 1024


class BodyLimit:
    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and (declared < 0 or declared > self.max_bytes):
            await self._too_large(send)
            return
        # Read the (small) body here, counting, and hand the app the bytes already read.
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                await self.app(scope, _replay([message]), send)
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._too_large(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body: Message = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([body]), send)

    async def _too_large(self, send: Send) -> None:
        text = (
            f"request body too large: this server takes at most {self.max_bytes} bytes "
            "(its only forms are the organiser's sign-in and sign-out)\n"
        )
        await send_text(send, 413, text, close=True)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isdigit() else -1
    return None


def _replay(messages: list[Message]) -> Receive:
    """A receive that gives `messages`, then waits as uvicorn's does for the client to leave."""
    pending = list(messages)

    async def receive() -> Message:
        if pending:
            return pending.pop(0)
        return {"type": "http.disconnect"}

    return receive
