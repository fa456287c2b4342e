"""Game clocks: time controls, and each seat's time as the lines of a record use it.

A time control is chosen at creation: a game clock with an increment (`10m+5s`: ten minutes each,
five seconds added after each of the seat's own moves), a fixed time per move (`30s/move`) or
correspondence days per move (`2d/move`). Units: s, m, h, d.

Every line of a game with a clock records `elapsed_ms`, the server's wall time since the line before
(the deal, for the first), and `left_ms`, every seat's time left after it (which makes every reading
checkable: an edited one disagrees with the clocks the audit re-derives). The elapsed times are all
the clocks need: a seat is charged for every line during which it was to act, so the audit
re-derives every seat's time exactly as the server kept it. A seat's *think* is the time since it
last became to act (or last moved); it ends when the seat moves, times out, or is no longer to act.
A game clock loses each think and gains the increment after each of the seat's own moves; a per-move
clock gives every think the same allowance. A move is on time when its think is within the
allowance; a timeout is right when the think has reached it. Timeouts come first: no line but a
timeout follows a seat's time running out, and of seats out of time together the one that ran out
first (the lower seat of a tie) times out first. A resume mark (a ruling `resume`) is charged its
`elapsed_ms` like any line; the downtime it records (`stopped_ms`) is charged to nobody. This module
is pure: the caller brings the times.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from engines.base import JsonValue

NO_CLOCK = ("", "none")
UNITS_MS = {"s": 1_000, "m": 60_000, "h": 3_600_000, "d": 86_400_000}
MAX_ALLOWANCE_MS = 30 * UNITS_MS["d"]  # a month per move is as long as correspondence play goes
_GAME_CLOCK = re.compile(r"(\d{1,7})([smhd])(?:\+(\d{1,7})([smhd]))?")
_PER_MOVE = re.compile(r"(\d{1,7})([smhd])/move")

FORFEIT = "forfeit"
AUTOPILOT = "autopilot"
PAUSE = "pause"
TIMEOUT_POLICIES = (FORFEIT, AUTOPILOT, PAUSE)


class ClockError(ValueError):
    """A time control or timeout policy that does not parse; the message says what would."""


@dataclass(frozen=True)
class TimeControl:
    """A parsed time control: a game clock (`initial_ms`, `increment_ms`) or a time per move."""

    text: str  # the canonical spelling, as the header records it
    initial_ms: int = 0
    increment_ms: int = 0
    per_move_ms: int = 0  # > 0: a fixed time per move, and no game clock

    @property
    def per_move(self) -> bool:
        return self.per_move_ms > 0


def parse_time_control(text: str) -> TimeControl | None:
    """The time control `text` names, None for none, or ClockError saying what would parse."""
    spelled = text.strip().lower().replace(" ", "")
    if spelled in NO_CLOCK:
        return None
    per_move = _PER_MOVE.fullmatch(spelled)
    if per_move:
        allowance = int(per_move[1]) * UNITS_MS[per_move[2]]
        _check_allowance(allowance, text)
        return TimeControl(f"{per_move[1]}{per_move[2]}/move", per_move_ms=allowance)
    game = _GAME_CLOCK.fullmatch(spelled)
    if game:
        initial = int(game[1]) * UNITS_MS[game[2]]
        _check_allowance(initial, text)
        increment = int(game[3]) * UNITS_MS[game[4]] if game[3] else 0
        if increment > MAX_ALLOWANCE_MS:
            raise ClockError(f"time control {text!r}: the increment is longer than 30 days")
        suffix = f"+{game[3]}{game[4]}" if game[3] else ""
        return TimeControl(f"{game[1]}{game[2]}{suffix}", initial_ms=initial, increment_ms=increment)
    raise ClockError(
        f"time control {text!r} does not parse: write a game clock with an increment ('10m+5s', "
        "'90m'), a time per move ('30s/move') or days per move ('2d/move'); units s, m, h, d"
    )


def _check_allowance(allowance: int, text: str) -> None:
    if not 0 < allowance <= MAX_ALLOWANCE_MS:
        raise ClockError(f"time control {text!r}: each seat needs more than no time and at most 30 days")


def parse_policy(text: str) -> str:
    policy = text.strip().lower() or FORFEIT
    if policy not in TIMEOUT_POLICIES:
        raise ClockError(f"timeout policy {text!r} is not one of {', '.join(TIMEOUT_POLICIES)}")
    return policy


@dataclass(frozen=True)
class Clocks:
    """Every seat's clock after some line: what its game clock holds, and its current think."""

    left_ms: tuple[int, ...]  # a game clock's time at the start of the current think (per move: unused)
    think_ms: tuple[int, ...]  # how long the seat has been to act, up to the last line
    to_act: frozenset[int]  # the seats whose think runs

    @classmethod
    def start(cls, control: TimeControl, seats: int, to_act: Iterable[int]) -> Clocks:
        return cls((control.initial_ms,) * seats, (0,) * seats, frozenset(to_act))

    def allowance(self, control: TimeControl, seat: int) -> int:
        """How long `seat`'s current think may last in all."""
        return control.per_move_ms if control.per_move else self.left_ms[seat]

    def remaining(self, control: TimeControl, seat: int) -> int:
        """What is left of `seat`'s think at the last line (not counting the time since)."""
        return self.allowance(control, seat) - self.think_ms[seat]

    def readings(self, control: TimeControl) -> tuple[int, ...]:
        """Every seat's time left, as a line records it: a running clock's rest of its think, a
        stopped one's whole allowance (a game clock's time, or one move's)."""
        return tuple(
            self.remaining(control, s) if s in self.to_act else self.allowance(control, s)
            for s in range(len(self.left_ms))
        )

    def out_of_time(self, control: TimeControl) -> tuple[int, ...]:
        """The seats on the clock whose think has reached its allowance, lowest seat first."""
        return tuple(s for s in sorted(self.to_act) if self.remaining(control, s) <= 0)

    def charged(self, elapsed_ms: int) -> Clocks:
        """The clocks once `elapsed_ms` more has passed, charged to every seat to act."""
        think = tuple(t + elapsed_ms if s in self.to_act else t for s, t in enumerate(self.think_ms))
        return Clocks(self.left_ms, think, self.to_act)

    def after(
        self, control: TimeControl, *, moved: int | None, timed_out: int | None, to_act: Iterable[int]
    ) -> Clocks:
        """The clocks after a line (already `charged`): `moved` made a move, `timed_out` ran out;
        a think ends for them and for every seat no longer to act, and starts for each seat to act
        whose think ended or that was not to act before."""
        now_to_act = frozenset(to_act)
        left, think = list(self.left_ms), list(self.think_ms)
        for seat in range(len(left)):
            ended = seat in (moved, timed_out) or (seat in self.to_act and seat not in now_to_act)
            if not ended:
                continue
            if not control.per_move:
                left[seat] = max(0, left[seat] - think[seat])
                if seat == moved:
                    left[seat] += control.increment_ms
            if seat == timed_out:
                left[seat] = 0 if not control.per_move else left[seat]
            think[seat] = 0
        for seat in now_to_act - self.to_act:
            think[seat] = 0
        return Clocks(tuple(left), tuple(think), now_to_act)


def clock_json(
    elapsed_ms: int, used_ms: int | None, left_ms: Iterable[int], *, stopped_ms: int | None = None
) -> dict[str, JsonValue]:
    """A line's `clock` field: the time since the line before, a move's or a timeout's think, and
    every seat's time left after the line (as a chess PGN's clock comments give it); a resume
    mark's `stopped_ms` is the time no server kept the clocks, which nobody is charged."""
    spelled: dict[str, JsonValue] = {"elapsed_ms": elapsed_ms}
    if used_ms is not None:
        spelled["used_ms"] = used_ms
    if stopped_ms is not None:
        spelled["stopped_ms"] = stopped_ms
    spelled["left_ms"] = list(left_ms)
    return spelled
