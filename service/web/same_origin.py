"""Refuse cross-site form posts (sign-in, sign-out) the way browsers let a server tell them apart.

A browser marks every request with `Sec-Fetch-Site` (all current browsers) and a POST with
`Origin`; neither can be set by a page's script. A POST is refused (403) when `Sec-Fetch-Site` says
`cross-site` or `same-site` (another site, or another port or subdomain), or, from a browser that
sends no `Sec-Fetch-Site`, when `Origin` names another host than the one asked. A request with
neither header is not from a browser's page (curl, scripts) and carries no ambient cookie risk.
This is the check Go's `net/http.CrossOriginProtection` makes: no token to keep in a session or a
form, and it covers the sign-in as well as the sign-out. The cookie is `SameSite=Strict` besides.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from service.web.plain_text import send_text

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class SameOriginPosts:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS and cross_site(scope):
            text = "cross-site request refused: sign in and out from this site's own pages\n"
            await send_text(send, 403, text)
            return
        await self.app(scope, receive, send)


def cross_site(scope: Scope) -> bool:
    headers: dict[str, str] = {n.decode("latin-1"): v.decode("latin-1") for n, v in scope["headers"]}
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None:
        return fetch_site not in ("same-origin", "none")  # none: typed or bookmarked by the user
    origin = headers.get("origin")
    if origin is None:
        return False
    return origin == "null" or urlsplit(origin).netloc.lower() != headers.get("host", "").lower()
