"""What the running server counts, for a Prometheus server to scrape (service/ops/metrics_http.py).

The metrics live in prometheus-client's default registry, one set per process (a process runs one
server). The core calls the small hooks below from its hot path; each is a dictionary look-up and
an atomic add, so counting costs a command a few microseconds (docs/operating.md has the figure).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from prometheus_client import Counter, Gauge, Histogram

from service.core.errors import ServiceError

COMMANDS = Counter(
    "frontier_commands",
    "Commands answered, by game and outcome: accepted, duplicate (a retry answered from the store) "
    "or the refusal's canonical status, with its reason",
    ["game", "status", "reason"],
)
COMMAND_SECONDS = Histogram(
    "frontier_command_seconds",
    "Time to decide and durably store one command (or refuse it), by game",
    ["game"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
WATCHERS = Gauge("frontier_watchers", "Watch streams open, seats' and spectators'")
STORE_ERRORS = Counter("frontier_store_errors", "Saves the event store failed (the caller got UNAVAILABLE)")
COMMIT_BATCH = Histogram(
    "frontier_group_commit_saves",
    "Saves stored by one group-commit transaction (service/core/commits/)",
    buckets=(1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64),
)
TIMEOUTS = Counter("frontier_timeouts", "Timeouts recorded (a seat's clock ran out), by game", ["game"])


@dataclass
class Counted:
    """One command as it will be counted; the core fills in the game once it has read it."""

    game: str = "unknown"  # until the game is read (a game not found is refused before counting)
    status: str = "accepted"
    reason: str = ""
    handed_on: bool = False  # left for a worker thread to decide, which counts it then


@contextmanager
def command() -> Iterator[Counted]:
    """Count one command and time it; a ServiceError is counted as the refusal it is."""
    started = time.perf_counter()
    counted = Counted()
    try:
        yield counted
    except ServiceError as error:
        counted.status, counted.reason = error.status.name.lower(), error.reason
        raise
    except BaseException:
        counted.status = "internal"
        raise
    finally:
        if not counted.handed_on:
            _timer(counted.game).observe(time.perf_counter() - started)
            _counter(counted.game, counted.status, counted.reason).inc()


# The labelled children, looked up once: `labels()` takes a lock and re-checks its values each call.
@functools.cache
def _timer(game: str) -> Any:
    return COMMAND_SECONDS.labels(game)


@functools.cache
def _counter(game: str, status: str, reason: str) -> Any:
    return COMMANDS.labels(game, status, reason)
