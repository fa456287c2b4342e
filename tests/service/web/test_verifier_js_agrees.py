"""Random edits of good logs: the JavaScript verifier and the Python one agree on each.

A byte changed, or a field's value replaced without re-sealing, must be found by both or by neither,
at the same line when both name one; and both must judge the checkpoint alike. A field replaced and
every hash re-sealed may break a rule only the Python verifier re-runs: then the JavaScript one must
find nothing before that line. A draw of a format-5 log edited and re-sealed (its outcome, its range
or its items) is found by both at its line when the seed gives another outcome for what it records.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
import rfc8785
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay import logfile
from replay.trust.checkpoint import CheckpointError
from replay.trust.keys import load_public_key
from replay.trust.signed_log import line_hashes, read_signed
from replay.trust.verdict import judge
from replay.verify import verify
from tests.service.web.verifier_js import DRAWS_REDERIVED_FROM, ROOT, SAMPLE_KEY, rules_only, run_js_verifier
from tests.sizes import sized

GOOD = [
    ROOT / "seeds" / "conformance" / "good" / name
    for name in (
        "most-wanted-finished.jsonl",
        "deadwood-1876-finished.jsonl",
        "most-wanted-commit-reveal.jsonl",
        "most-wanted-commit-reveal-format-5.jsonl",
        "most-wanted-seat-line.jsonl",
        "deadwood-1876-format-1.jsonl",
        "most-wanted-tabletop-unseen.jsonl",
    )
]
EDITS = 12  # per example: one Node process judges them all
# What the JavaScript verifier checks (its README); any other code comes from the rules engines.
JS_CODES = {
    "MALFORMED_LINE", "BROKEN_CHAIN", "SEED_WITHHELD", "NO_COMMITMENT", "SEED_MISMATCH", "UNKNOWN_RNG",
    "SALT_DIFFERS", "SEAT_ALTERED", "BAD_SEAT", "SEAT_TAKEN", "MISSING_CLIENT_SEED",
    "UNEXPECTED_CLIENT_SEED", "UNEXPECTED_DEAL", "SEATS_OPEN", "REVEAL_MISSING", "UNEXPECTED_REVEAL",
    "SEED_REVEAL_DIFFERS", "NOT_DEALT", "DRAW_DIFFERS", "UNSEEN_IN_SEEDED_LOG",
}  # fmt: skip
REPLACEMENTS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**53) + 1, 2**53 - 1),
    st.text(max_size=8),
    st.just([]),
    st.just({}),
)


@st.composite
def byte_edit(draw: st.DrawFn) -> tuple[bytes, str]:
    good = draw(st.sampled_from(GOOD))
    content = bytearray(good.read_bytes())
    at = draw(st.integers(0, len(content) - 1))
    was = content[at]
    content[at] = draw(st.integers(0, 255).filter(lambda b: b != was))
    return bytes(content), f"{good.name}: byte {at} {bytes([was])!r} -> {bytes([content[at]])!r}"


@st.composite
def field_edit(draw: st.DrawFn) -> tuple[bytes, str]:
    good = draw(st.sampled_from(GOOD))
    lines = good.read_text(encoding="utf-8").splitlines()
    number = draw(st.integers(0, len(lines) - 1))
    line = json.loads(lines[number])
    field = draw(st.sampled_from(sorted(line)))
    line[field] = draw(REPLACEMENTS)
    lines[number] = json.dumps(line, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return ("\n".join(lines) + "\n").encode(), f"{good.name}: line {number + 1} {field} = {line[field]!r}"


def similar(value: object) -> st.SearchStrategy[object]:
    """A value of the same kind, so that an edit passes the reader and reaches the checks behind it."""
    if isinstance(value, bool):
        return st.just(not value)
    if isinstance(value, int):
        return st.integers(value - 3, value + 3)
    if isinstance(value, str) and value:
        return st.sampled_from("0123456789abcdef").map(lambda last: value[:-1] + last)
    return REPLACEMENTS


@st.composite
def resealed_field_edit(draw: st.DrawFn) -> tuple[bytes, str]:
    good = draw(st.sampled_from([path for path in GOOD if "format-1" not in path.name]))
    lines = [json.loads(text) for text in good.read_text(encoding="utf-8").splitlines()]
    number = draw(st.integers(0, len(lines) - 2))  # a line of the log, not its checkpoint
    field = draw(st.sampled_from(sorted(set(lines[number]) - {"hash", "prev"})))
    lines[number][field] = draw(st.one_of(similar(lines[number][field]), REPLACEMENTS))
    return resealed(lines), f"{good.name}: line {number + 1} {field} = {lines[number][field]!r}, re-sealed"


def resealed(lines: list[dict[str, Any]]) -> bytes:
    """The log's lines with every hash redone (the last line, the checkpoint, left as it was)."""
    prev = "0" * 64
    for line in lines[:-1]:
        line["prev"] = prev
        body = {key: value for key, value in line.items() if key != "hash"}
        line["hash"] = prev = hashlib.sha256(rfc8785.dumps(body)).hexdigest()
    return "".join(rfc8785.dumps(line).decode() + "\n" for line in lines).encode()


@st.composite
def draw_edit(draw: st.DrawFn) -> tuple[bytes, str]:
    """One field of one draw of a format-5 log changed (an outcome or a question), every hash redone."""
    formats = {
        path: json.loads(path.read_text(encoding="utf-8").split("\n", 1)[0])["format_version"]
        for path in GOOD
    }
    good = draw(
        st.sampled_from([path for path, version in formats.items() if version >= DRAWS_REDERIVED_FROM])
    )
    lines = [json.loads(text) for text in good.read_text(encoding="utf-8").splitlines()]
    number = draw(st.sampled_from([n for n, line in enumerate(lines) if line.get("draws")]))
    drawn = lines[number]["draws"]
    at = draw(st.integers(0, len(drawn) - 1))
    field = draw(st.sampled_from(sorted(set(drawn[at]) - {"op"})))
    was = drawn[at][field]
    drawn[at][field] = draw(st.permutations(was) if isinstance(was, list) else st.integers(was - 3, was + 3))
    return resealed(
        lines
    ), f"{good.name}: line {number + 1} draw {at + 1} {field} = {drawn[at][field]!r}, re-sealed"


@st.composite
def unseen_added(draw: st.DrawFn) -> tuple[bytes, str]:
    """A header or entry given an `unseen` list (well formed or not), every hash redone: a seeded log
    must not list one, and the reader checks its shape."""
    good = draw(st.sampled_from([path for path in GOOD if "format-1" not in path.name]))
    lines = [json.loads(text) for text in good.read_text(encoding="utf-8").splitlines()]
    number = draw(
        st.sampled_from([n for n, line in enumerate(lines) if line.get("type") in ("header", "entry")])
    )
    items = st.text(alphabet="QK-0123ab", max_size=6) | st.integers(0, 3)
    lines[number]["unseen"] = draw(st.lists(items, max_size=3) | REPLACEMENTS)
    return resealed(lines), f"{good.name}: line {number + 1} unseen = {lines[number]['unseen']!r}, re-sealed"


def python_verdict(content: bytes) -> tuple[bool, int | None, str | None, str | None]:
    """(no problem found, its line, its code, the signature's status) as the Python verifier judges them."""
    try:
        header, entries, trailer, checkpoint = read_signed(logfile.decode_lines(content))
    except logfile.LogFormatError as refused:
        return False, refused.line, "MALFORMED_LINE", None
    except CheckpointError:  # unreadable at the checkpoint's line, the last one
        return False, len(content.rstrip(b"\n").split(b"\n")), "MALFORMED_LINE", None
    found = verify(header, entries, trailer).problem
    keys = [load_public_key(SAMPLE_KEY)]
    signature = judge(header.game_id, line_hashes(header, entries), checkpoint, keys, trailer=trailer)
    return found is None, found.line if found else None, found.code if found else None, signature.status


@settings(max_examples=sized(8, 20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(byte_edit(), field_edit(), resealed_field_edit(), draw_edit(), unseen_added()),
        min_size=EDITS,
        max_size=EDITS,
    )
)
def test_both_verifiers_agree_on_random_edits_of_good_logs(
    tmp_path_factory: pytest.TempPathFactory, edits: list[tuple[bytes, str]]
) -> None:
    folder = tmp_path_factory.mktemp("edits")
    files = []
    for number, (content, _) in enumerate(edits):
        files.append(folder / f"edit-{number}.jsonl")
        files[-1].write_bytes(content)
    js = run_js_verifier(files)
    for file, (content, edit) in zip(files, edits, strict=True):
        ok, line, code, signature = python_verdict(content)
        result = js[str(file)]
        problem = result["problem"]
        assert isinstance(problem, dict) or problem is None
        js_line = problem["line"] if problem else None
        js_signature = result["signature"]["status"] if isinstance(result["signature"], dict) else None
        assert js_signature == signature, (edit, result["signature"])
        if rules_only(code, content) or (code is not None and code not in JS_CODES):
            # A rule broken: the JavaScript verifier finds nothing before the rules' line.
            assert js_line is None or (line is not None and js_line >= line), (edit, code, line, problem)
        else:
            assert (problem is None, js_line) == (ok, line), (edit, code, problem)
