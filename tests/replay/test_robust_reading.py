"""Every malformed file gives one clear error naming its line, never a traceback."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay import logfile
from replay.forgeries import reseal
from replay.logfile import LogFormatError
from replay.verify import verify
from service.cli.main import main as frontier

SAMPLE = Path(__file__).resolve().parents[2] / "seeds" / "logs" / "deadwood-1876" / "deadwood-1876-2p.jsonl"
GOOD = SAMPLE.read_bytes()
LINES = GOOD.split(b"\n")


def with_line(number: int, line: bytes) -> bytes:
    lines = list(LINES)
    lines[number - 1] = line
    return b"\n".join(lines)


def entry_with(text: str) -> bytes:
    """Line 3 of the sample, its seat field replaced by `text` (a raw JSON spelling)."""
    data = json.loads(LINES[2])
    line = json.dumps(data).replace(f'"seat": {data["seat"]}', f'"seat": {text}', 1)
    assert line != json.dumps(data)
    return line.encode()


# name -> (file bytes, the line the error must name, words the message must hold)
MALFORMED: dict[str, tuple[bytes, int, str]] = {
    "not UTF-8": (with_line(3, LINES[2][:40] + b"\xff\xfe" + LINES[2][40:]), 3, "not UTF-8"),
    "deep nesting": (with_line(3, b"[" * 100_000 + b"]" * 100_000), 3, "nested more than"),
    "deep objects": (with_line(3, b'{"a":' * 50_000 + b"1" + b"}" * 50_000), 3, "nested more than"),
    "thousands of digits": (with_line(3, entry_with("9" * 5000)), 3, "outside the safe range"),
    "beyond 2**53": (with_line(3, entry_with(str(2**53))), 3, "outside the safe range"),
    "a fraction": (with_line(3, entry_with("1.5")), 3, "fraction or exponent"),
    "an exponent": (with_line(3, entry_with("1e2")), 3, "fraction or exponent"),
    "NaN": (with_line(3, entry_with("NaN")), 3, "NaN is not JSON"),
    "Infinity": (with_line(3, entry_with("-Infinity")), 3, "-Infinity is not JSON"),
    "duplicate key": (with_line(3, b'{"seat":0,' + LINES[2][1:]), 3, "appears twice"),
    "lone surrogate": (
        with_line(3, LINES[2].replace(b'"entry"', b'"entry\\ud800"', 1)),
        3,
        "lone UTF-16 surrogate",
    ),
    "lone low surrogate": (
        with_line(4, LINES[3].replace(b'"entry"', b'"\\udc00"', 1)),
        4,
        "lone UTF-16 surrogate",
    ),
    "BOM": (b"\xef\xbb\xbf" + GOOD, 1, "byte-order mark"),
    "not an object": (with_line(5, b"[1, 2]"), 5, "must be a JSON object"),
    "truncated": (with_line(5, LINES[4][:-20]), 5, "not JSON"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_file_is_one_error_naming_its_line(name: str) -> None:
    content, line, words = MALFORMED[name]
    with pytest.raises(LogFormatError) as raised:
        logfile.read_bytes(content)
    assert raised.value.line == line and words in raised.value.problem, str(raised.value)
    assert len(str(raised.value)) < 300  # one clear error, not the line echoed back


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_frontier_audit_exits_2_with_the_line_never_a_traceback(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content, line, _ = MALFORMED[name]
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    assert frontier(["audit", str(path)]) == 2
    assert f"line {line}:" in capsys.readouterr().err


def test_a_paired_surrogate_escape_is_text() -> None:
    content = with_line(3, LINES[2].replace(b'"entry"', b'"entry"', 1))
    assert logfile.read_bytes(content)[1][1].version == 3
    assert logfile.parse_json('"\\ud83d\\ude00"') == "\U0001f600"


def test_a_line_separator_inside_a_string_does_not_split_the_line() -> None:
    header, entries, trailer = logfile.read_bytes(GOOD)
    record = reseal(replace(header, players=("Ann\u2028Lee", header.players[1])), entries, trailer)
    text = "\n".join(logfile.write_lines(*record)) + "\n"
    assert "\u2028" in text
    assert logfile.read_text(text)[0].players[0] == "Ann\u2028Lee"


def verdict_of(content: bytes) -> str | None:
    """The verdict, or None when the reader refused the file (the only allowed exception)."""
    try:
        record = logfile.read_bytes(content)
    except LogFormatError:
        return None
    return verify(*record).verdict


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000))
def test_arbitrary_bytes_never_crash_the_reader_or_the_verifier(content: bytes) -> None:
    assert verdict_of(content) in (None, "failed", "incomplete", "passed")


@st.composite
def mutated(draw: st.DrawFn) -> tuple[bytes, bool]:
    """A copy of the sample with one line mutated; True when it still parses to the same record."""
    number = draw(st.integers(0, len(LINES) - 2))
    line = bytearray(LINES[number])
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["flip", "insert", "delete", "digit"]))
        at = draw(st.integers(0, max(len(line) - 1, 0)))
        if kind == "flip" and line:
            line[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "insert":
            line[at:at] = draw(st.binary(min_size=1, max_size=3))
        elif kind == "delete" and line:
            del line[at]
        elif kind == "digit":
            # ASCII digits only: an inserted byte such as 0xB2 reads as '²', a digit to isdigit().
            digits = [i for i, c in enumerate(line) if 0x30 <= c <= 0x39]
            if digits:
                i = draw(st.sampled_from(digits))
                line[i] = ord(str((int(chr(line[i])) + draw(st.integers(1, 9))) % 10))
    lines = list(LINES)
    lines[number] = bytes(line)
    content = b"\n".join(lines)
    try:
        same = logfile.read_bytes(content) == logfile.read_bytes(GOOD)
    except LogFormatError:
        same = False
    return content, same


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_mutated_real_log_never_crashes_and_never_passes_unless_unchanged(case: tuple[bytes, bool]) -> None:
    content, same = case
    verdict = verdict_of(content)
    assert verdict in (None, "failed", "incomplete", "passed")
    if verdict == "passed":
        assert same, "a changed log verified as passed"


SAMPLES = sorted((SAMPLE.parents[1]).glob("*/*-2p.jsonl"))
ODD_VALUES: list[object] = [
    None, True, 0, -1, 7, 2**53 - 1, "", "x", [], {}, [1], {"kind": "x", "v": 1}, [{}],
    {"op": "randint", "value": "a"}, {"op": "shuffle", "value": []},
]  # fmt: skip


def _mutate(value: object, rnd: random.Random) -> object:
    """One structural change somewhere inside `value`: a leaf replaced, an item dropped or added."""
    if isinstance(value, dict) and value and rnd.random() < 0.7:
        key, changed = rnd.choice(sorted(value)), dict(value)
        if rnd.random() < 0.2:
            del changed[key]
        else:
            changed[key] = _mutate(changed[key], rnd)
        return changed
    if isinstance(value, list) and value and rnd.random() < 0.7:
        index, items = rnd.randrange(len(value)), list(value)
        roll = rnd.random()
        if roll < 0.2:
            del items[index]
        elif roll < 0.3:
            items.insert(index, rnd.choice(ODD_VALUES))
        else:
            items[index] = _mutate(items[index], rnd)
        return items
    return rnd.choice(ODD_VALUES)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SAMPLES), st.randoms(use_true_random=False))
def test_a_resealed_structural_change_never_crashes_the_verifier(path: Path, rnd: random.Random) -> None:
    """The forger's case: the hashes are redone, so the change reaches the rules engine itself."""
    lines = path.read_text(encoding="utf-8").split("\n")[:-1]
    number = rnd.randrange(len(lines))
    data = json.loads(lines[number])
    field = rnd.choice(sorted(set(data) - {"type"}))
    data[field] = _mutate(data[field], rnd)
    lines[number] = json.dumps(data)
    try:
        record = logfile.read_lines(lines)
    except LogFormatError:
        return
    result = verify(*reseal(*record))
    assert result.verdict in ("failed", "incomplete", "passed")
