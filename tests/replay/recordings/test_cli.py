"""`frontier expand`: writes a log that `frontier audit` accepts; prints each problem and exits non-zero."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.replay.recordings.mistakes import FROZEN, MOST_WANTED, SAMPLES, at, sample_lines
from tests.service.test_cli import frontier, served

DOC = Path(__file__).resolve().parents[3] / "seeds" / "RECORDING.md"
__all__ = ["served"]  # the fixture: `frontier serve --port 0`


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


def test_an_expanded_log_audits_as_the_recording_doc_says_unsigned_then_signed_by_a_server(
    served: str, tmp_path: Path
) -> None:
    log = tmp_path / "GAME.jsonl"
    frontier("expand", str(SAMPLES / "western-legends.rec"), "-o", str(log))
    offline = frontier("audit", str(log), check=False)
    documented = re.search(r"```text\n(GAME\.jsonl: .*)\n```", DOC.read_text(encoding="utf-8"))
    assert documented is not None
    assert offline.returncode == 4 and "exits with status **4**" in DOC.read_text(encoding="utf-8")
    assert offline.stderr.strip() == documented.group(1).replace("GAME.jsonl", str(log))
    assert (
        "Verdict: **NOT PASSED** — the log agrees with the rules, but no trusted signature" in offline.stdout
    )
    verdicts = json.loads(frontier("audit", "--json", str(log), check=False).stdout)["games"]
    assert [v["verdict"] for v in verdicts] == ["untrusted"]
    # The documented way to a log that passes: store it, export the copy the server signs, audit that.
    imported = frontier("import", "--server", served, str(log))
    game_id = re.search(r"imported as (\S+) ", imported.stdout)
    assert game_id is not None, imported.stdout
    signed = tmp_path / "signed.jsonl"
    frontier("export", "--server", served, game_id.group(1), "-o", str(signed))
    keys = tmp_path / "known_keys"  # not the user's ~/.config: a test pins nothing there
    audited = frontier("audit", str(signed), "--server", served, "--known-keys", str(keys), check=False)
    assert audited.returncode == 0 and "Verdict: **PASSED**" in audited.stdout, audited


def test_replay_and_audit_of_an_expanded_log_say_which_cards_nobody_saw(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    frontier("expand", str(SAMPLES / "most-wanted.rec"), "-o", str(log))
    told = frontier("replay", str(log)).stdout
    assert "Bob draws 2 cards (unseen)" in told
    audited = frontier("audit", str(log), check=False).stdout
    assert re.search(r"\| Items nobody saw \| \d+ items named on \d+ lines were filled in", audited), audited
