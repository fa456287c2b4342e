"""The operator's webhook settings, read from FRONTIER_WEBHOOK_* (service/config.py asks)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class WebhookSettings:
    # Seconds to wait after each failed attempt; once all are spent the delivery is dead-lettered.
    retries: tuple[float, ...] = (5.0, 30.0, 120.0, 600.0, 1800.0, 7200.0)
    allow_private: bool = False  # post to private, loopback and link-local addresses too
    timeout: float = 10.0  # seconds one attempt may take
    poll: float = 1.0  # seconds between looks at the store when nothing wakes the worker
    overlap: float = 24 * 3600.0  # seconds a rotated-out secret keeps signing by default

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> WebhookSettings:
        """The defaults, each overridden by its variable; ValueError names a bad one."""
        values: dict[str, object] = {}
        text = env.get("FRONTIER_WEBHOOK_RETRIES")
        if text:
            values["retries"] = _seconds_list("FRONTIER_WEBHOOK_RETRIES", text)
        if env.get("FRONTIER_WEBHOOK_PRIVATE"):
            values["allow_private"] = env["FRONTIER_WEBHOOK_PRIVATE"] in ("1", "true", "yes")
        for name, key in (("timeout", "TIMEOUT"), ("poll", "POLL"), ("overlap", "OVERLAP")):
            text = env.get(f"FRONTIER_WEBHOOK_{key}")
            if text:
                values[name] = _seconds(f"FRONTIER_WEBHOOK_{key}", text)
        return cls(**values)  # type: ignore[arg-type]


def _seconds(name: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not (value > 0 and math.isfinite(value)):
        raise ValueError(f"{name}={text!r}: a number of seconds above 0")
    return value


def _seconds_list(name: str, text: str) -> tuple[float, ...]:
    """ "1,5,30": the waits after the first, second and third failures."""
    return tuple(_seconds(name, part.strip()) for part in text.split(","))
