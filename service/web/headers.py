"""Headers on every page: no framing by other sites, no content sniffing, no referrer leaving the site.

No page of the viewer is meant to be embedded (the offline pages are files, served by nobody), so
every response forbids framing both ways browsers understand: `X-Frame-Options: DENY` (older
browsers) and CSP `frame-ancestors 'none'` (the standard; a `<meta>` CSP cannot carry it). Which
scripts may run is each page's own `<meta>` policy (service/web/script_policy.py), which the offline
files keep too.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

PAGE_HEADERS = {
    "x-frame-options": "DENY",
    "content-security-policy": "frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}


class PageHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in PAGE_HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)
