"""A plain-text refusal sent straight from an ASGI middleware, before any page is made."""

from __future__ import annotations

from starlette.types import Send


async def send_text(send: Send, status: int, text: str, *, close: bool = False) -> None:
    """Answer `status` with `text`; `close` asks the client to end the connection (a body left unread)."""
    body = text.encode()
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
