"""Registers the toy race engine for the replay tests; the real engines may not exist yet."""

from __future__ import annotations

import pytest

from engines import registry

TOY = "toy-race"


@pytest.fixture(autouse=True)
def toy_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._MODULES, TOY, "tests.replay.toy_engine")
