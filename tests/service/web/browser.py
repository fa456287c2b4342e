"""Debian's Chromium, headless, driven by Playwright: found on this machine, never downloaded."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CHROMIUM_FLAGS = [
    "--no-sandbox",  # the tests run as root
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> Path | None:
    """Debian's chromium binary ($FRONTIER_CHROMIUM overrides), or None when it is not installed."""
    named = os.environ.get("FRONTIER_CHROMIUM")
    if named:
        return Path(named)
    for candidate in ("chromium", "chromium-browser"):
        found = shutil.which(candidate)
        if found:
            return Path(found)
    return None
