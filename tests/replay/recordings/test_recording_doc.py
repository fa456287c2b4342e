"""seeds/RECORDING.md stays true: its example expands, and it names every problem code the expansion uses."""

from __future__ import annotations

import re
from pathlib import Path

from replay.recordings.expand import expand_text
from replay.verify import verify

DOC = Path(__file__).resolve().parents[3] / "seeds" / "RECORDING.md"
SOURCES = Path(__file__).resolve().parents[3] / "replay" / "recordings"


def test_the_documented_example_expands_into_a_log_that_verifies() -> None:
    example = re.search(r"```jsonl\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert example is not None
    expansion = expand_text(example.group(1))
    assert len(expansion.entries) == 5
    result = verify(expansion.header, expansion.entries, expansion.trailer)
    assert result.ok and result.verdict == "incomplete", result.problem
    drawn = [c for e in expansion.entries[-1].events if e["kind"] == "cards_drawn" for c in e["cards"]]
    assert [c.rsplit("-", 1)[0] for c in drawn[:2]] == ["J-0", "8-2"]


def test_every_problem_code_the_expansion_raises_is_documented() -> None:
    doc = DOC.read_text(encoding="utf-8")
    code = "".join(path.read_text(encoding="utf-8") for path in SOURCES.glob("*.py"))
    raised = set(re.findall(r'Problem\(\s*[\w.]+,\s*"([A-Z_]+)"', code))
    assert raised and {c for c in raised if f"`{c}`" not in doc} == set()
