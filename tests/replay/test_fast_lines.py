"""The reader's msgspec path for entry lines reads exactly what the strict path reads.

`replay.fastlines.entry` takes a line only when it is the canonical spelling of an entry;
anything else is left to the strict reader. The oracle is `logfile.read_lines` with the
fast path switched off: on every line here, both give the same records or the same error.
The lines are real log lines, and the same lines bent by hypothesis into every refusal the
strict reader makes, spelled canonically so that only the checks themselves can catch them.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from replay import fastlines, logfile
from replay.logfile import LogFormatError
from replay.record import chain_hash
from replay.verify import verify

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
GOOD_LOGS = [
    *sorted((SEEDS / "conformance" / "good").glob("*.jsonl")),
    *sorted((SEEDS / "logs").rglob("*.jsonl")),
]
SAMPLE = (SEEDS / "logs" / "deadwood-1876" / "deadwood-1876-2p.jsonl").read_text().split("\n")


@contextmanager
def strict_only() -> Iterator[None]:
    """The reader with its fast paths switched off: every line read strictly."""
    fast, canonical_object = fastlines.entry, fastlines.canonical_object
    fastlines.entry = lambda text, format_version: None
    fastlines.canonical_object = lambda text: None
    try:
        yield
    finally:
        fastlines.entry, fastlines.canonical_object = fast, canonical_object


def outcome(lines: list[str]) -> tuple[str, object]:
    try:
        header, entries, trailer = logfile.read_lines(lines)
    except LogFormatError as error:
        return "error", str(error)
    # vars(): the very same attributes in the same order, not only equal records.
    return "record", (header, [list(vars(e).items()) for e in entries], trailer)


def both(lines: list[str]) -> tuple[tuple[str, object], tuple[str, object]]:
    fast = outcome(lines)
    with strict_only():
        return fast, outcome(lines)


@pytest.mark.parametrize("path", GOOD_LOGS, ids=lambda p: p.name)
def test_every_good_log_reads_the_same_and_its_entries_take_the_fast_path(path: Path) -> None:
    lines = logfile.split_lines(path.read_text())
    fast, strict = both(lines)
    assert fast == strict and fast[0] == "record"
    header = logfile.read_lines(lines)[0]
    for line in lines:
        if line.startswith('{"command":'):  # an entry line (sorted keys)
            assert fastlines.entry(line, header.format_version) is not None, line
    assert fastlines.canonical_object(lines[0]) is not None  # the header, canonical too


def canonical(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


ENTRY = json.loads(SAMPLE[2])
assert ENTRY["type"] == "entry"

# One refusal per rule of the strict reader, each spelled canonically (sorted keys, no
# spaces), so that the canonical-spelling test alone cannot be what catches it.
REFUSALS: dict[str, str] = {
    "duplicate key": canonical(ENTRY).replace('"seat":', '"seat":0,"seat":', 1),
    "duplicate nested key": canonical({**ENTRY, "command": {**ENTRY["command"]}}).replace(
        '"kind":', '"kind":"x","kind":', 1
    ),
    "beyond 2**53": canonical({**ENTRY, "seat": 2**53}),
    "below -(2**53)": canonical({**ENTRY, "command": {**ENTRY["command"], "n": -(2**53)}}),
    "thousands of digits": canonical({**ENTRY, "seat": 0}).replace('"seat":0', '"seat":' + "9" * 3000),
    "a fraction": canonical({**ENTRY, "seat": 1.5}),
    "an exponent": canonical({**ENTRY, "seat": 0}).replace('"seat":0', '"seat":1e2'),
    "NaN": canonical({**ENTRY, "seat": 0}).replace('"seat":0', '"seat":NaN'),
    "lone surrogate": canonical({**ENTRY, "type": "entry"}).replace('"entry"', '"entry\\ud800"'),
    "lone low surrogate": canonical({**ENTRY, "command": {**ENTRY["command"], "x": "a"}}).replace(
        '"x":"a"', '"x":"\\udc00"'
    ),
    "raw lone surrogate": canonical({**ENTRY, "command": {**ENTRY["command"], "x": "\ud800"}}),
    "33 levels deep": canonical({**ENTRY, "command": {**ENTRY["command"], "x": [[[[0]]]]}}).replace(
        "[[[[0]]]]", "[" * 31 + "0" + "]" * 31
    ),
    "deep but allowed": canonical({**ENTRY, "command": {**ENTRY["command"], "x": [[[[0]]]]}}).replace(
        "[[[[0]]]]", "[" * 30 + "0" + "]" * 30
    ),
    "true for an integer": canonical({**ENTRY, "seat": True}),
    "an unknown field": canonical({**ENTRY, "zeal": 1}),
    "a missing field": canonical({k: v for k, v in ENTRY.items() if k != "prev"}),
    "a redacted export": canonical({**ENTRY, "redacted_for": 0}),
    "an uppercase hash": canonical({**ENTRY, "prev": ENTRY["prev"].upper()}),
    "one uppercase digit": canonical({**ENTRY, "hash": "A" + ENTRY["hash"][1:]}),
    "an uppercase salt": canonical({**ENTRY, "salt": ENTRY["salt"].upper()}),
    "a non-hex letter": canonical({**ENTRY, "hash": ENTRY["hash"][:63] + "g"}),
    "a non-ASCII digit": canonical({**ENTRY, "prev": "\u0663" + ENTRY["prev"][1:]}),  # Arabic-Indic 3
    "a fullwidth digit": canonical({**ENTRY, "salt": ENTRY["salt"][:63] + "\uff10"}),
    "a space in a hash": canonical({**ENTRY, "prev": ENTRY["prev"][:30] + " " + ENTRY["prev"][31:]}),
    "a short hash": canonical({**ENTRY, "hash": ENTRY["hash"][:63]}),
    "a hash and a newline": canonical({**ENTRY, "salt": ENTRY["salt"][:63] + "\n"}),
    "a null salt": canonical({**ENTRY, "salt": None}),
    "not an entry": canonical({**ENTRY, "type": "entryx"}),
    "a list of events that are not objects": canonical({**ENTRY, "events": [1]}),
    "a string command": canonical({**ENTRY, "command": "stay"}),
    "out of order": canonical({**ENTRY, "version": ENTRY["version"] + 1}),
    "a float deep inside": canonical({**ENTRY, "events": [{"kind": "x", "v": [{"a": 0.5}]}]}),
    "spaces": json.dumps(ENTRY, sort_keys=True),
    "an empty unseen": canonical({**ENTRY, "unseen": []}),
    "an item unseen twice": canonical({**ENTRY, "unseen": ["horse-red-1", "horse-red-1"]}),
    "an unseen number": canonical({**ENTRY, "unseen": [3]}),
    "an unseen empty string": canonical({**ENTRY, "unseen": [""]}),
    "unseen not a list": canonical({**ENTRY, "unseen": "horse-red-1"}),
}
# Lines the strict reader reads (the fast path leaves them to it): a raw surrogate in a str
# (not bytes, whose UTF-8 check refuses it) passes its check for escaped ones.
READ_BY_BOTH = ("deep but allowed", "spaces", "raw lone surrogate")


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_every_refusal_of_the_strict_reader_still_happens(name: str) -> None:
    lines = [*SAMPLE[:2], REFUSALS[name], *SAMPLE[3:]]
    fast, strict = both(lines)
    assert fast == strict
    if name not in READ_BY_BOTH:
        assert fast[0] == "error" and str(fast[1]).startswith("line 3: "), fast
    if name != "out of order":  # the order is the reader's own check, after the line is read
        assert fastlines.entry(REFUSALS[name], 3) is None


def test_an_entry_listing_items_nobody_saw_takes_the_fast_path_as_the_strict_one_reads_it() -> None:
    line = canonical({**ENTRY, "unseen": ["horse-red-1", "gold-5a"]})
    fast = fastlines.entry(line, 5)
    assert fast is not None and fast.unseen == ("horse-red-1", "gold-5a")
    assert both([*SAMPLE[:2], line, *SAMPLE[3:]])[0][0] == "record"
    assert fastlines.entry(line, 4) is None  # a field format 4 does not have: the strict reader refuses it


@pytest.mark.parametrize(
    ("field", "bad"),
    [("prev", "A"), ("hash", "g"), ("salt", "\u0663"), ("salt", "\uff10"), ("hash", " "), ("prev", "-")],
)
def test_bad_hex_is_refused_with_the_strict_readers_message(field: str, bad: str) -> None:
    line = canonical({**ENTRY, field: bad + ENTRY[field][1:]})
    assert fastlines.entry(line, 3) is None
    with pytest.raises(LogFormatError) as refused:
        logfile.read_lines([*SAMPLE[:2], line, *SAMPLE[3:]])
    assert (
        str(refused.value)
        == f"line 3: field {field} must be 64 lowercase hex digits, found {bad + ENTRY[field][1:]!r}"
    )


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="0123456789abcdefABCDEFg \u0663\uff10\u00e9", max_size=8) | st.text(max_size=8))
def test_lowercase_hex_is_the_regular_expression_it_replaced(text: str) -> None:
    """binascii in place of `[0-9a-f]*`: every hash and salt has an even number of digits."""
    assert fastlines.lowercase_hex(text) == (
        re.fullmatch("[0-9a-f]*", text) is not None and len(text) % 2 == 0
    )


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**54), 2**54) | st.text(max_size=4) | st.floats(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)
edits = st.sampled_from(["none", "set", "duplicate", "drop", "spaces", "unsorted"])


@settings(max_examples=300, deadline=None)
@given(
    st.integers(2, len(SAMPLE) - 3),
    edits,
    st.sampled_from(
        ["seat", "version", "command", "events", "draws", "prev", "salt", "type", "x", "kind", "unseen"]
    ),
    json_values | st.lists(st.sampled_from(["horse-red-1", "gold-5a", ""]), max_size=3),
)
# A format-5 draw without its question on a line out of order: both paths name the draw first.
@example(number=2, edit="set", field="draws", value=[{}])
@example(number=2, edit="set", field="unseen", value=["horse-red-1"])
@example(number=2, edit="duplicate", field="unseen", value=["gold-5a"])
def test_any_edited_entry_line_reads_the_same_on_both_paths(
    number: int, edit: str, field: str, value: Any
) -> None:
    data = json.loads(SAMPLE[number])
    if data.get("type") != "entry":
        return
    if edit == "set":
        data[field] = value
    elif edit == "drop":
        data.pop(field, None)
    try:
        text = canonical(data)
    except ValueError:  # NaN and friends cannot be spelled by json.dumps: spelled below instead
        return
    if edit == "duplicate":
        text = text.replace(f'"{field}":', f'"{field}":{json.dumps(value)},"{field}":', 1)
    elif edit == "spaces":
        text = json.dumps(data, sort_keys=True)
    elif edit == "unsorted":
        text = json.dumps(data, separators=(",", ":"))
    lines = [*SAMPLE[: number - 1], text, *SAMPLE[number:]]
    fast, strict = both(lines)
    assert fast == strict


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([0, -1]),
    edits,
    st.sampled_from(
        ["game", "seats", "options", "setup_events", "status", "outcome", "seed", "x", "type", "unseen"]
    ),
    json_values | st.lists(st.sampled_from(["horse-red-1", "gold-5a", ""]), max_size=3),
)
@example(at=0, edit="set", field="unseen", value=["horse-red-1"])
def test_any_edited_header_or_trailer_reads_the_same_on_both_paths(
    at: int, edit: str, field: str, value: Any
) -> None:
    """The header and trailer are read by `fastlines.canonical_object` where canonical."""
    lines = [line for line in SAMPLE if line]
    data = json.loads(lines[at])
    if edit == "set":
        data[field] = value
    elif edit == "drop":
        data.pop(field, None)
    try:
        text = canonical(data)
    except ValueError:  # NaN and friends cannot be spelled by json.dumps
        return
    if edit == "duplicate":
        text = text.replace(f'"{field}":', f'"{field}":{json.dumps(value)},"{field}":', 1)
    elif edit == "spaces":
        text = json.dumps(data, sort_keys=True)
    elif edit == "unsorted":
        text = json.dumps(data, separators=(",", ":"))
    lines[at] = text
    fast, strict = both(lines)
    assert fast == strict


def chain_hashes(lines: list[str]) -> tuple[list[str | None], list[str]]:
    """(the chain hash of each entry from the reader's body text, from the record itself)."""
    bodies: list[str | None] = []
    header, entries, _ = logfile.read_lines(lines, bodies=bodies)
    from_text = [None if b is None else hashlib.sha256(b.encode()).hexdigest() for b in bodies]
    return from_text, [chain_hash(e.body(), header.format_version) for e in entries]


@pytest.mark.parametrize("path", GOOD_LOGS, ids=lambda p: p.name)
def test_the_body_text_of_every_entry_hashes_as_its_record(path: Path) -> None:
    lines = logfile.split_lines(path.read_text())
    from_text, from_record = chain_hashes(lines)
    assert len(from_text) == len(from_record)
    for text_hash, record_hash in zip(from_text, from_record, strict=True):
        assert text_hash in (None, record_hash)
    assert sum(h is not None for h in from_text) >= sum(line.startswith('{"command":') for line in lines)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(2, len(SAMPLE) - 3),
    st.sampled_from(["command", "events", "draws", "x"]),
    json_values,
    st.sampled_from(["", "hash", "nested hash", "non-ascii"]),
)
def test_a_body_text_always_hashes_as_the_record_it_was_read_into(
    number: int, field: str, value: Any, twist: str
) -> None:
    """Whatever an entry holds -- a nested `hash` key with the line's own hash in it,
    text beyond ASCII, escapes -- the reader's text, if it gives one, hashes as the record."""
    data = json.loads(SAMPLE[number])
    if data.get("type") != "entry":
        return
    if field == "x":
        data["command"] = {**data["command"], "x": value}
    elif field == "command":
        data["command"] = {"hash": data["hash"], "kind": value if twist == "non-ascii" else "é"}
    else:
        data[field] = [{"hash": data["hash"] if twist else value, "v": value}]
    try:
        text = canonical(data)
    except ValueError:
        return
    try:
        from_text, from_record = chain_hashes([*SAMPLE[: number - 1], text, *SAMPLE[number:]])
    except LogFormatError:  # refused (a float inside, say): nothing is hashed
        return
    for text_hash, record_hash in zip(from_text, from_record, strict=True):
        assert text_hash in (None, record_hash)


def test_verify_with_the_readers_bodies_finds_an_edited_line_as_before() -> None:
    """The chain check is the same check with bodies given: an edit is still BROKEN_CHAIN."""
    data = json.loads(SAMPLE[4])
    data["seat"] = 1 - data["seat"]  # edited after sealing; the hash is left as it was
    lines = [*SAMPLE[:4], canonical(data), *SAMPLE[5:]]
    bodies: list[str | None] = []
    record = logfile.read_lines(lines, bodies=bodies)
    assert bodies[3] is not None  # the edited line was read on the fast path
    with_bodies = verify(*record, bodies=bodies)
    assert with_bodies == verify(*record)
    assert with_bodies.problem is not None and with_bodies.problem.code == "BROKEN_CHAIN"
    assert with_bodies.problem.line == 5
