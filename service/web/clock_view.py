"""Each seat's time as the viewer shows it: after every step, from the lines' own clock readings.

A line of a game with a clock records every seat's time left after it (`clock.left_ms`,
replay/clock.py); the setup starts every clock full. A seat's clock runs after a step when the
seat is on the clock then (to act, still in, the game neither paused nor over). The live page
also gets the clocks now, with each running one's deadline, to count down between steps. Nothing
here is secret: the readings are in every export, redacted or not.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engines.base import Engine, JsonValue
from replay.clock import Clocks, TimeControl
from replay.table import Table, seats_on_clock
from service.core.records import GameRecord
from service.core.views import clocks_proto


@dataclass(frozen=True)
class SeatTime:
    seat: int  # 0-based, as in the API
    left_ms: int  # the seat's time left after the step
    running: bool  # its clock runs after the step

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "left_ms": self.left_ms, "running": self.running}


def step_clocks(
    control: TimeControl | None,
    engine: Engine,
    seats: int,
    state: Any,
    table: Table,
    reading: Mapping[str, JsonValue] | None,
) -> tuple[SeatTime, ...]:
    """Every seat's time after a step whose line recorded `reading` (None: the setup, all full)."""
    if control is None or state is None:
        return ()
    running = seats_on_clock(engine, state, table)
    if reading is None:
        left = Clocks.start(control, seats, running).readings(control)
    else:
        recorded = reading.get("left_ms")
        assert isinstance(recorded, list), "a verified line of a game with a clock has its readings"
        left = tuple(ms for ms in recorded if isinstance(ms, int))
    return tuple(SeatTime(seat, left[seat], seat in running) for seat in range(seats))


def live_clocks(record: GameRecord) -> dict[str, list[dict[str, Any]]]:
    """`{"clocks": [...]}`: every seat's clock now, as `GetState.clocks` shows it (a running one with
    its deadline); `{}` for a game without a clock, whose answers stay as they were."""
    if record.control is None:
        return {}
    shown = [
        {"seat": c.seat, "remaining_ms": c.remaining_ms, "running": c.running, "deadline": c.deadline}
        for c in clocks_proto(record)
    ]
    return {"clocks": shown}
