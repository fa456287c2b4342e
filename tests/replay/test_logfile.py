"""The match-log file: a faithful round trip, and strict reading that names the bad line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from replay import logfile
from replay.logfile import LogFormatError
from replay.record import canonical_json
from tests.replay.helpers import simulated

Line = dict[str, Any]


def log_lines() -> list[Line]:
    return [json.loads(line) for line in logfile.write_lines(*simulated())]


def read_edited(edit: Callable[[list[Line]], object]) -> LogFormatError:
    lines = log_lines()
    edit(lines)
    with pytest.raises(LogFormatError) as caught:
        logfile.read_lines([json.dumps(line) for line in lines])
    return caught.value


def test_write_then_read_gives_the_same_record(tmp_path: Path) -> None:
    header, entries, trailer = simulated(seats=3)
    path = tmp_path / "game.log"
    logfile.write(path, header, entries, trailer)
    text = path.read_text()
    assert text.endswith("}\n") and len(text.splitlines()) == len(entries) + 2
    assert logfile.read(path) == (header, entries, trailer)


def test_lines_are_canonical_json_header_first_trailer_last() -> None:
    header, entries, trailer = simulated()
    lines = logfile.write_lines(header, entries, trailer)
    assert lines[0] == canonical_json(header.to_json())
    assert [json.loads(line)["type"] for line in lines] == ["header"] + ["entry"] * len(entries) + ["trailer"]
    assert all(canonical_json(json.loads(line)) == line for line in lines)


def test_a_log_without_trailer_reads_as_in_progress() -> None:
    header, entries, _ = simulated()
    assert logfile.read_lines(logfile.write_lines(header, entries)) == (header, entries, None)


def test_any_json_spelling_and_trailing_blank_lines_are_read() -> None:
    header, entries, trailer = simulated()
    lines = [
        json.dumps(json.loads(line), indent=None) for line in logfile.write_lines(header, entries, trailer)
    ]
    assert logfile.read_lines([*lines, "", "  "]) == (header, entries, trailer)


def test_an_empty_log_is_rejected() -> None:
    with pytest.raises(LogFormatError, match="line 1: the log is empty"):
        logfile.read_lines(["", ""])


def test_a_line_that_is_not_json_is_named() -> None:
    lines = logfile.write_lines(*simulated())
    lines[3] = lines[3][:-1]
    with pytest.raises(LogFormatError) as caught:
        logfile.read_lines(lines)
    assert caught.value.line == 4 and "not JSON" in str(caught.value)


def test_a_blank_line_inside_the_log_is_named() -> None:
    lines = logfile.write_lines(*simulated())
    lines.insert(2, "")
    with pytest.raises(LogFormatError) as caught:
        logfile.read_lines(lines)
    assert caught.value.line == 3 and "not JSON" in caught.value.problem


def test_a_line_that_is_not_an_object_is_named() -> None:
    error = read_edited(lambda lines: lines.insert(2, [1, 2]))  # type: ignore[arg-type]
    assert error.line == 3 and "must be a JSON object, found list" in error.problem


def test_a_missing_field_is_named() -> None:
    error = read_edited(lambda lines: lines[4].pop("draws"))
    assert error.line == 5 and "missing field(s) draws" in error.problem


def test_an_unknown_field_is_named() -> None:
    error = read_edited(lambda lines: lines[2].update(note="hi"))
    assert error.line == 3 and "unknown field(s) note" in error.problem


@pytest.mark.parametrize(
    ("index", "name", "value", "wanted"),
    [
        (0, "seats", "2", "an integer"),
        (2, "seat", True, "an integer"),  # JSON true is not seat 1
        (2, "command", [], "an object"),
        (2, "events", [1], "a list of objects"),
        (0, "players", ["a", 2], "a list of strings"),
        (-1, "outcome", "won", "an object or null"),
        (3, "hash", "abc", "64 lowercase hex digits"),
        (0, "seed_commitment", "XYZ", "64 lowercase hex digits"),
    ],
)
def test_a_field_of_the_wrong_type_is_named(index: int, name: str, value: Any, wanted: str) -> None:
    lines = log_lines()
    error = read_edited(lambda edited: edited[index].__setitem__(name, value))
    assert error.line == (index if index >= 0 else len(lines) + index) + 1
    assert f"field {name} must be {wanted}" in error.problem


def test_an_unknown_format_is_rejected() -> None:
    error = read_edited(lambda lines: lines[0].update(format="chess-pgn"))
    assert error.line == 1 and "unknown format 'chess-pgn'" in error.problem


def test_an_unknown_format_version_is_rejected() -> None:
    error = read_edited(lambda lines: lines[0].update(format_version=99))
    assert error.line == 1 and "unknown format_version 99" in error.problem


def test_the_first_line_must_be_the_header() -> None:
    error = read_edited(lambda lines: lines.insert(0, lines.pop(1)))
    assert error.line == 1 and "first line must be the header" in error.problem


def test_a_second_header_is_rejected() -> None:
    error = read_edited(lambda lines: lines.insert(3, lines[0]))
    assert error.line == 4 and "a second header" in error.problem


def test_an_unknown_line_type_is_rejected() -> None:
    error = read_edited(lambda lines: lines[2].update(type="comment"))
    assert error.line == 3 and "unknown line type 'comment'" in error.problem


def test_a_line_after_the_trailer_is_rejected() -> None:
    error = read_edited(lambda lines: lines.append(lines[1]))
    assert error.line == len(log_lines()) + 1 and "after the trailer" in error.problem


def test_lines_out_of_order_are_named() -> None:
    def swap(lines: list[Line]) -> None:
        lines[3], lines[4] = lines[4], lines[3]

    error = read_edited(swap)
    assert error.line == 4 and "out of order: version 5 follows version 3" in error.problem


def test_a_removed_line_is_named() -> None:
    error = read_edited(lambda lines: lines.pop(5))
    assert error.line == 6 and "version 7 follows version 5" in error.problem


def test_a_trailer_at_the_wrong_version_is_named() -> None:
    error = read_edited(lambda lines: lines[-1].update(version=lines[-1]["version"] + 1))
    assert error.line == len(log_lines()) and "the trailer is at version" in error.problem


def test_a_header_players_and_seats_must_agree() -> None:
    error = read_edited(lambda lines: lines[0].update(players=["only one"]))
    assert error.line == 1 and "2 seat(s) but 1 player name(s)" in error.problem


def test_a_bad_status_or_seed_is_named() -> None:
    status = read_edited(lambda lines: lines[-1].update(status="abandoned"))
    assert "field status must be one of finished, in_progress" in status.problem
    seed = read_edited(lambda lines: lines[-1].update(seed="not hex"))
    assert "field seed must be lowercase hex" in seed.problem


def test_a_redacted_export_cannot_be_read_as_a_log() -> None:
    error = read_edited(lambda lines: [line.update(redacted_for=0) for line in lines])
    assert error.line == 1 and "redacted export" in error.problem
