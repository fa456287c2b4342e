"""`frontier expand`: writes a log that `frontier audit` accepts; prints each problem and exits non-zero."""

from __future__ import annotations

import json
from pathlib import Path

from tests.recordings.mistakes import FROZEN, MOST_WANTED, at, sample_lines
from tests.service.test_cli import frontier


def test_expand_writes_a_finished_tabletop_log_that_audits(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    expanded = frontier("expand", str(FROZEN / "most-wanted.rec"), "-o", str(log))
    assert expanded.stdout.strip() == f"{log}: 30 commands, finished"
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["seed_commitment"] is None and lines[-1]["status"] == "finished"
    audited = frontier("audit", str(log), check=False)
    # Exit 4: the rules pass, but an offline expansion carries no server's signed checkpoint.
    assert audited.returncode == 4 and "the log agrees with the rules" in audited.stdout, audited


def test_expand_prints_every_problem_at_its_line_and_exits_non_zero(tmp_path: Path) -> None:
    lines = at(9, '"J-0"', '"J-9"')(sample_lines("most-wanted"))
    lines = MOST_WANTED["a line after the end"].edit(lines)
    recording = tmp_path / "bad.rec"
    recording.write_text("\n".join(lines), encoding="utf-8")
    log = tmp_path / "bad.jsonl"
    strict = frontier("expand", str(recording), "-o", str(log), check=False)
    assert strict.returncode == 1 and not log.exists()
    [printed] = strict.stderr.splitlines()
    assert printed.startswith(
        f"{recording}:9: CARD_NOT_IN_GAME: card #1 drawn: 'J-9' is not a Most Wanted card"
    )
    lenient = frontier("expand", str(recording), "-o", str(log), "--lenient", check=False)
    assert lenient.returncode == 1 and not log.exists()
    where = [line.split(": ", 1)[0] for line in lenient.stderr.splitlines()]
    last = MOST_WANTED["a line after the end"].line
    assert where == [f"{recording}:9", f"{recording}:{last}"], lenient.stderr
