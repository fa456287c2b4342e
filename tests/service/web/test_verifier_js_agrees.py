"""Random edits of good logs: the JavaScript verifier and the Python one agree on each.

A byte changed, or a field's value replaced without re-sealing, must be found by both or by neither,
at the same line when both name one; and both must judge the checkpoint alike.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay import logfile
from replay.trust.checkpoint import CheckpointError
from replay.trust.keys import load_public_key
from replay.trust.signed_log import line_hashes, read_signed
from replay.trust.verdict import judge
from replay.verify import verify
from tests.service.web.verifier_js import ROOT, SAMPLE_KEY, run_js_verifier

GOOD = [
    ROOT / "seeds" / "conformance" / "good" / name
    for name in (
        "most-wanted-finished.jsonl",
        "deadwood-1876-finished.jsonl",
        "most-wanted-commit-reveal.jsonl",
        "most-wanted-seat-line.jsonl",
        "deadwood-1876-format-1.jsonl",
    )
]
EDITS_PER_EXAMPLE = 12
REPLACEMENTS = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**53), 2**53), st.text(max_size=8), st.just([]), st.just({})
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


def python_verdict(content: bytes) -> tuple[bool, int | None, str | None]:
    """(no problem found, its line, the signature's status) as the Python verifier judges the bytes."""
    try:
        record = logfile.read_bytes(content)
        header, entries, trailer, checkpoint = read_signed(logfile.decode_lines(content))
    except logfile.LogFormatError as refused:
        return False, refused.line, None
    except CheckpointError:  # unreadable at the checkpoint's line, the last one
        return False, len(content.rstrip(b"\n").split(b"\n")), None
    result = verify(*record)
    found = result.problem
    signature = judge(
        header.game_id,
        line_hashes(header, entries),
        checkpoint,
        [load_public_key(SAMPLE_KEY)],
        trailer=trailer,
    )
    return found is None, found.line if found else None, signature.status


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(byte_edit(), field_edit()), min_size=EDITS_PER_EXAMPLE, max_size=EDITS_PER_EXAMPLE))
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
        ok, line, signature = python_verdict(content)
        result = js[str(file)]
        problem = result["problem"]
        assert isinstance(problem, dict) or problem is None
        js_line = problem["line"] if problem else None
        js_signature = result["signature"]["status"] if isinstance(result["signature"], dict) else None
        assert (problem is None, js_line, js_signature) == (ok, line, signature), (edit, problem)
