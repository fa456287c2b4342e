"""The API over Connect from pages in a real headless Chromium: a page of the server's own origin
calls it with fetch(); a page of another site is stopped by the browser unless the server names
that site with --cors-origin, and then its calls and their errors read as from the same origin."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ORGANISER
from tests.service.web.api_site import ApiSite, api_site

CALLS = """async ([base, token]) => {
  const call = async (method, body, token) => {
    const reply = await fetch(`${base}/frontier.v1.FrontierLedger/${method}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token && { Authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    return { status: reply.status, answer: await reply.json() };
  };
  try {
    const made = await call("CreateGame", { game: "most-wanted", seats: 2 }, token);
    const claimed = await call("ClaimSeat", { gameId: made.answer.gameId, player: "ann" });
    const state = await call("GetState", { gameId: made.answer.gameId }, claimed.answer.seat.token);
    const missing = await call("GetState", { gameId: "00000000-0000-4000-8000-000000000000" });
    return { made: made.status, seat: state.answer.viewerSeat ?? 0, version: state.answer.version,
             missing: missing.status, code: missing.answer.code };
  } catch (error) {
    return { blocked: String(error) };
  }
}"""


class BlankPage(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = b"<!doctype html><title>another site</title>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def sites(tmp_path: Path) -> Iterator[tuple[ApiSite, str, str]]:
    """The API's server naming one other site; that site, and a third it does not name."""
    pages = [ThreadingHTTPServer(("127.0.0.1", 0), BlankPage) for _ in range(2)]
    for server in pages:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    named, other = (f"http://127.0.0.1:{server.server_address[1]}" for server in pages)
    try:
        with api_site(tmp_path / "data", cors_origins=(named,)) as site:
            yield site, named, other
    finally:
        for server in pages:
            server.shutdown()
            server.server_close()


def test_pages_call_the_api_from_its_origin_and_from_named_sites_only(
    sites: tuple[ApiSite, str, str], page: Any
) -> None:
    site, named, other = sites
    page.goto(f"{site.url}/healthz")  # a page of the server's own origin
    same = page.evaluate(CALLS, [site.url, ORGANISER])
    assert same == {"made": 200, "seat": 0, "version": "1", "missing": 404, "code": "not_found"}
    page.goto(named)
    assert page.evaluate(CALLS, [site.url, ORGANISER]) == same
    page.goto(other)
    assert "Failed to fetch" in page.evaluate(CALLS, [site.url, ORGANISER])["blocked"]
