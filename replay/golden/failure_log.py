"""A fuzzing failure written out as a match log that `frontier audit` and `frontier import` reproduce.

The log is a format-2 log of the playout up to the failure, sealed like any other (replay.verify's
`build_record`), with the seed revealed so every draw can be re-derived:
- a dead end or a game without end: the steps so far and an `in_progress` trailer; importing it stores
  the game in the state where no seat can act (or where the cap was reached);
- a crash: the steps before it, then one more entry with the command that crashed and whatever the
  engine produced before failing, and no trailer; verifying it re-runs that command and fails there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from engines.base import Command, Event, JsonValue, Seat
from engines.codec import encode
from engines.rng import Draw
from engines.simulate import Step
from replay.logfile import write_lines
from replay.record import Entry, line_salt
from replay.verify import build_record


@dataclass(frozen=True)
class FailedStep:
    """The command that crashed, with the draws and events it made before it did."""

    version: int
    seat: Seat
    command: Command
    draws: tuple[Draw, ...]
    events: tuple[Event, ...]


def write_failure_log(
    path: Path,
    *,
    game_id: str,
    game: str,
    options: Mapping[str, JsonValue],
    players: int,
    seed: bytes,
    steps: Sequence[Step],
    failed: FailedStep | None = None,
) -> Path:
    """Write the log of `steps` (setup first), plus the failed command if any; return the path."""
    header, entries, trailer = build_record(
        game_id,
        game,
        options,
        players,
        [f"Fuzzer {seat + 1}" for seat in range(players)],
        "fuzz",
        seed,
        steps,
        reveal_seed=True,
    )
    if failed is not None:
        previous = entries[-1].hash if entries else header.hash
        last = Entry(
            version=failed.version,
            seat=failed.seat,
            command=encode(failed.command),
            draws=failed.draws,
            events=tuple(encode(event) for event in failed.events),
            prev=previous,
            salt=line_salt(seed, game_id, failed.version),
        ).sealed()
        lines = write_lines(header, [*entries, last], None)
    else:
        lines = write_lines(header, entries, trailer)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path
