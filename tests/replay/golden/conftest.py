"""The golden corpus holds the real games only: no toy engine registered here."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def toy_engine() -> None:
    """Overrides tests/replay/conftest.py's toy registration, which would add a game to every listing."""
