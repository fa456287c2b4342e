"""A failing benchmark section is reported as a row, the run goes on to the next section, and the
failed run's logs are kept."""

from __future__ import annotations

from pathlib import Path

from tests.benchmarks.bench_common import Row
from tests.benchmarks.bench_main import guarded, keep_logs, markdown


def test_a_failing_section_becomes_one_row_that_says_why() -> None:
    def broken() -> list[Row]:
        raise RuntimeError("no long game reached the longest length")

    (row,) = guarded("length", broken)
    assert row.met is False
    assert "no long game reached the longest length" in row.note


def test_a_section_that_works_gives_its_own_rows() -> None:
    rows = [Row("2 cost vs length", "SubmitCommand at 10 events", 1.0, "ms p50")]
    assert guarded("length", lambda: rows) == rows


def test_a_failed_sections_server_logs_are_kept_where_the_results_go(tmp_path: Path) -> None:
    run = tmp_path / "frontier-bench-x"
    (run / "peer-ours-data").mkdir(parents=True)
    (run / "peer-ours-data" / "server.log").write_text("Traceback: the stream dropped\n")
    (run / "peer.log").write_text("peer started\n")
    (run / "peer-ours-data" / "frontier.sqlite").write_bytes(b"not a log")

    kept = keep_logs(run, tmp_path / "results" / "stamp-logs")

    assert sorted(p.relative_to(tmp_path / "results" / "stamp-logs").as_posix() for p in kept) == [
        "peer-ours-data/server.log",
        "peer.log",
    ]
    assert (tmp_path / "results" / "stamp-logs" / "peer-ours-data" / "server.log").read_text() == (
        "Traceback: the stream dropped\n"
    )


def test_a_row_with_a_target_says_pass_or_miss_beside_it() -> None:
    meta = {
        "mode": "short",
        "started": "now",
        "machine": "vm",
        "load_before": "1",
        "load_after": "1",
        "seconds": 1.0,
    }
    rows = [
        Row(
            "3 replay and audit",
            "g: audit",
            10.0,
            "events/s",
            ceiling=100.0,
            target=">= 25% of the ceiling",
            met=False,
        ),
        Row(
            "3 replay and audit",
            "g: rebuild",
            60.0,
            "events/s",
            ceiling=100.0,
            target=">= 50% of the ceiling",
            met=True,
        ),
    ]
    missed, passed = markdown(rows, meta).splitlines()[-2:]
    assert "| 10% | >= 25% of the ceiling | **MISS** |" in missed
    assert "| 60% | >= 50% of the ceiling | PASS |" in passed
