"""Fixtures for the web viewer: a real server with its HTTP port, and a real headless Chromium."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.client import Client
from service.server import Running
from service.web.server import RunningHttp, start_http
from tests.conftest import ORGANISER, start_server
from tests.service.web.browser import CHROMIUM_FLAGS, chromium_path

# Playwright must never fetch a browser of its own: we always hand it Debian's binary.
os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")


class Site:
    """The gRPC server and the web viewer it serves, in one process."""

    def __init__(self, grpc_server: Running, http: RunningHttp) -> None:
        self.grpc = grpc_server
        self.http = http
        self.url = f"http://127.0.0.1:{http.port}"
        self.address = f"127.0.0.1:{grpc_server.port}"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    running = start_server(tmp_path / "data")
    http = start_http(running.ledger, ORGANISER, "127.0.0.1", 0, signing_key=running.servicer.signing_key)
    yield Site(running, http)
    http.stop()
    running.stop()


@pytest.fixture
def site_client(site: Site) -> Iterator[Client]:
    with Client(site.address) as client:
        yield client


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the session, with a fresh profile folder."""
    binary = chromium_path()
    if binary is None:
        pytest.fail("chromium is missing: .ci/run installs Debian's chromium package")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="frontier-chromium-") as profile, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=str(binary),
            headless=True,
            args=CHROMIUM_FLAGS,
            viewport={"width": 1280, "height": 900},
        )
        yield context
        context.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh tab with no cookies (so no test inherits another's sign-in)."""
    browser.clear_cookies()
    tab = browser.new_page()
    yield tab
    tab.close()
