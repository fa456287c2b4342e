"""The JavaScript verifier runs in a real browser as it does in Node: Web Crypto only, no Node module."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from tests.service.web.verifier_js import ROOT

VERIFY_IN_PAGE = """async ([log, key]) => {
    const { verifyLog } = await import("/service/web/static/verifier/verify.mjs");
    const bytes = new Uint8Array(await (await fetch(log)).arrayBuffer());
    return verifyLog(bytes, await (await fetch(key)).text());
}"""


class RepositoryFiles(SimpleHTTPRequestHandler):
    """The repository's files over HTTP: a module script needs a JavaScript content type."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript"}

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        """Quiet: the test's output is the page's answer."""


@pytest.fixture
def files_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(RepositoryFiles, directory=str(ROOT)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_the_browser_verifies_a_signed_game_and_names_an_edited_line(files_url: str, page: Any) -> None:
    page.goto(f"{files_url}/seeds/conformance/README.md")
    key = "/seeds/keys/samples.pub"
    good = page.evaluate(VERIFY_IN_PAGE, ["/seeds/conformance/good/most-wanted-commit-reveal.jsonl", key])
    assert (good["verdict"], good["problem"], good["rules"]) == ("passed", None, "not re-run")
    assert (good["signature"]["status"], good["signature"]["signer"]) == (
        "verified",
        "Frontier Ledger samples",
    )
    edited = page.evaluate(VERIFY_IN_PAGE, ["/seeds/conformance/fail/broken-chain-edited.jsonl", key])
    assert (edited["verdict"], edited["problem"]["code"], edited["problem"]["line"]) == (
        "failed",
        "BROKEN_CHAIN",
        5,
    )


def test_the_browser_re_derives_format_5_draws_from_the_mixed_seed(files_url: str, page: Any) -> None:
    page.goto(f"{files_url}/seeds/conformance/README.md")
    key = "/seeds/keys/samples.pub"
    good = page.evaluate(
        VERIFY_IN_PAGE, ["/seeds/conformance/good/most-wanted-commit-reveal-format-5.jsonl", key]
    )
    assert (good["verdict"], good["problem"]) == ("passed", None)
    assert good["draws_rederived"] == good["draws_recorded"] > 0
    swapped = page.evaluate(VERIFY_IN_PAGE, ["/seeds/conformance/fail/deal-draw-edited.jsonl", key])
    assert (swapped["verdict"], swapped["problem"]["code"], swapped["problem"]["line"]) == (
        "failed",
        "DRAW_DIFFERS",
        3,
    )
