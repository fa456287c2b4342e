"""The operator's webhook settings: read from FRONTIER_WEBHOOK_*, a bad value named at start-up."""

from __future__ import annotations

import pytest

from service.config import ConfigError, Settings
from service.core.webhooks.settings import WebhookSettings


def test_the_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FRONTIER_WEBHOOK_RETRIES", "0.5, 2,10")
    monkeypatch.setenv("FRONTIER_WEBHOOK_PRIVATE", "1")
    monkeypatch.setenv("FRONTIER_WEBHOOK_TIMEOUT", "3")
    assert Settings.from_env().webhooks == WebhookSettings(
        retries=(0.5, 2.0, 10.0), allow_private=True, timeout=3.0
    )


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("FRONTIER_WEBHOOK_RETRIES", "1,,5"),
        ("FRONTIER_WEBHOOK_RETRIES", "-1"),
        ("FRONTIER_WEBHOOK_TIMEOUT", "soon"),
        ("FRONTIER_WEBHOOK_POLL", "0"),
        ("FRONTIER_WEBHOOK_OVERLAP", "nan"),
        ("FRONTIER_WEBHOOK_TIMEOUT", "inf"),
    ],
)
def test_a_bad_setting_stops_the_server_naming_it(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError, match=name):
        Settings.from_env()
