"""A failing benchmark section is reported as a row, and the run goes on to the next section."""

from __future__ import annotations

from tests.benchmarks.bench_common import Row
from tests.benchmarks.bench_main import guarded


def test_a_failing_section_becomes_one_row_that_says_why() -> None:
    def broken() -> list[Row]:
        raise RuntimeError("no long game reached the longest length")

    (row,) = guarded("length", broken)
    assert row.met is False
    assert "no long game reached the longest length" in row.note


def test_a_section_that_works_gives_its_own_rows() -> None:
    rows = [Row("2 cost vs length", "SubmitCommand at 10 events", 1.0, "ms p50")]
    assert guarded("length", lambda: rows) == rows
