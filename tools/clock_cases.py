"""Conformance cases for a game with a clock and a resume line (seeds/LOG-FORMAT.md, "Ruling line").

A Most Wanted game on a per-move clock, every line with its clock reading, cut after a few commands
and ended by the resume line a server writes when it starts again after a downtime (no trailer: the
game is still being written); and the same log with the resume line's `stopped_ms` edited and the
line not re-sealed.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.registry import get_engine
from replay.clock import Clocks, clock_json, parse_time_control
from replay.forgeries import reseal
from replay.record import Entry, Line, RulingLine, line_salt
from replay.table import Table, moved, resume_line, seats_on_clock
from replay.verify import build_record
from tools.corpus_seeds import corpus_opening

CLOCK = {"time_control": "30s/move", "timeout_policy": "forfeit"}
COMMANDS = 6  # commands played before the server went away
CHARGED_MS = 1_200  # from the last line to the server's last heartbeat
STOPPED_MS = 95_000  # the downtime: longer than a move's 30 s, and charged to nobody


def resumed_record() -> tuple[Any, list[Line], int]:
    """The header and lines of the clocked game ending with its resume line, and that line's index."""
    game, name = "most-wanted", "most-wanted-clock-resume"
    engine = get_engine(game)
    options = engine.options({})
    seed, game_id, played = corpus_opening(engine, options, name, COMMANDS)
    header, lines, _ = build_record(
        game_id, game, options, 2, ["Clocked 1", "Clocked 2"], "conformance", seed, played
    )
    control = parse_time_control(CLOCK["time_control"])
    assert control is not None
    table = Table()
    clocks = Clocks.start(control, 2, seats_on_clock(engine, played[0].state, table))
    timed: list[Line] = []
    for number, (line, step) in enumerate(zip(lines, played[1:], strict=True)):
        assert isinstance(line, Entry)
        elapsed = 2_000 + 700 * number  # each think well within the 30 s
        charged = clocks.charged(elapsed)
        table = moved(table, line.seat)
        clocks = charged.after(
            control, moved=line.seat, timed_out=None, to_act=seats_on_clock(engine, step.state, table)
        )
        used = charged.think_ms[line.seat] if line.seat in charged.to_act else None
        timed.append(replace(line, clock=clock_json(elapsed, used, clocks.readings(control))))
    version = timed[-1].version + 1
    resumed = clocks.charged(CHARGED_MS)
    resume = resume_line(
        version,
        STOPPED_MS,
        clock_json(CHARGED_MS, None, resumed.readings(control), stopped_ms=STOPPED_MS),
        prev="",
        salt=line_salt(seed, game_id, version),
        format_version=header.format_version,
    )
    sealed_header, sealed, _ = reseal(replace(header, clock=CLOCK), [*timed, resume], None)
    return sealed_header, sealed, len(sealed) - 1


def clock_cases(text: Any, case: Any) -> list[Any]:
    """The good clocked game with its resume line and the edited one, as `Case`s of tools/conformance.py."""
    header, lines, index = resumed_record()
    resume = lines[index]
    assert isinstance(resume, RulingLine) and resume.clock is not None
    edited = replace(resume, clock={**resume.clock, "stopped_ms": 0})
    return [
        case(
            "good/most-wanted-clock-resume.jsonl",
            "incomplete",
            None,
            None,
            f"a game on a per-move clock, every line with its reading, then a resume line: the server "
            f"was down {STOPPED_MS // 1000} s, longer than a move's time: the clocks stopped (no trailer)",
            text((header, lines, None)),
        ),
        case(
            "fail/resume-line-edited.jsonl",
            "failed",
            "BROKEN_CHAIN",
            index + 2,
            "the resume line's `stopped_ms` edited to 0, the line not re-sealed",
            text((header, [*lines[:index], edited], None)),
        ),
    ]
