"""Re-running a log under other rules (replay/rerun.py) and the upgrade line (replay/verify.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from replay import logfile
from replay.forgeries import reseal
from replay.record import UpgradeLine
from replay.rerun import DIVERGES, INVALID, UNCHANGED, rerun
from replay.verify import verify
from tools.upgrade_cases import upgraded_record

CORPUS = Path(__file__).resolve().parents[2] / "seeds" / "conformance"


def read(name: str) -> logfile.Record:
    return logfile.read(CORPUS / name)


def test_a_version_2_deadwood_log_re_runs_unchanged_under_the_newest_rules() -> None:
    verdict = rerun(*read("good/deadwood-1876-rules-2.jsonl"))
    assert (verdict.status, verdict.recorded, verdict.target) == (
        UNCHANGED,
        "deadwood-1876/2",
        "deadwood-1876/4",
    )
    assert verdict.summary().endswith("unchanged under deadwood-1876/4")


def test_a_version_1_most_wanted_log_diverges_at_its_setup_naming_both_sides() -> None:
    # /1 -> /2 declares no setup migration (a /2 log migrates: tests/service/test_rules_migrations.py)
    verdict = rerun(*read("good/most-wanted-rules-1.jsonl"))
    assert verdict.status == DIVERGES and verdict.problem is not None
    assert (verdict.problem.version, verdict.problem.code) == (1, "EVENTS_DIFFER")
    assert "recorded" in verdict.problem.reason and "rules give" in verdict.problem.reason
    assert "diverges at version 1 (line 1)" in verdict.summary() and len(verdict.summary()) < 300
    assert verdict.to_json()["problem"] == {
        "version": 1,
        "line": 1,
        "code": "EVENTS_DIFFER",
        "reason": verdict.problem.reason,
    }


def test_a_log_that_fails_under_its_own_rules_is_invalid_not_diverging() -> None:
    verdict = rerun(*read("fail/events-differ.jsonl"))
    assert verdict.status == INVALID and verdict.problem is not None
    assert verdict.problem.code == "EVENTS_DIFFER"


def test_an_upgraded_log_passes_and_re_runs_its_later_lines_under_the_new_rules() -> None:
    (header, entries, trailer), index = upgraded_record("deadwood-1876", "deadwood-1876/2")
    result = verify(header, entries, trailer)
    assert result.verdict == "passed", result.problem
    assert result.rules_version == "deadwood-1876/4"
    assert any(check.startswith("upgrades: deadwood-1876/2 to deadwood-1876/4") for check in result.checks)
    assert rerun(header, entries, trailer).recorded == "deadwood-1876/4"


def test_an_edited_upgrade_line_fails_even_re_sealed() -> None:
    (header, entries, trailer), index = upgraded_record("deadwood-1876", "deadwood-1876/2")
    upgrade = entries[index]
    assert isinstance(upgrade, UpgradeLine)
    line = index + 2

    def forged(**changes: object) -> str | None:
        edited = [*entries[:index], replace(upgrade, **changes), *entries[index + 1 :]]
        problem = verify(*reseal(header, edited, trailer)).problem
        assert problem is not None and problem.line == line
        return problem.code

    assert forged(from_rules="deadwood-1876/1") == "BAD_UPGRADE"
    assert forged(to_rules="deadwood-1876/2") == "BAD_UPGRADE"
    assert forged(to_rules="deadwood-1876/9") == "UNKNOWN_RULES_VERSION"
    assert forged(to_rules="deadwood-1876/1") == "BAD_UPGRADE"  # not a later version
    assert forged(by="seat") == "BAD_UPGRADE"
    unsealed = [*entries[:index], replace(upgrade, to_rules="deadwood-1876/1"), *entries[index + 1 :]]
    problem = verify(header, unsealed, trailer).problem
    assert problem is not None and (problem.code, problem.line) == ("BROKEN_CHAIN", line)


def test_a_diverging_upgrade_names_the_version_where_the_history_differs() -> None:
    (header, entries, trailer), index = upgraded_record("most-wanted", "most-wanted/1")
    problem = verify(header, entries, trailer).problem
    assert problem is not None and (problem.code, problem.line) == ("UPGRADE_DIVERGES", index + 2)
    assert "diverges at version 1 (line 1)" in problem.reason


def test_UPGRADE_an_upgraded_game_passes_with_its_setup_migration_and_fails_without_it() -> None:
    """A most-wanted/2 game upgraded by a line with the re-join call /3 adds, then without it."""
    (header, entries, trailer), index = upgraded_record("most-wanted", "most-wanted/2")
    upgrade = entries[index]
    assert isinstance(upgrade, UpgradeLine) and upgrade.events == ({"kind": "rejoin_call_added", "v": 1},)
    result = verify(header, entries, trailer)
    assert result.verdict == "passed", result.problem
    assert any("(1 setup migration event)" in check for check in result.checks)
    stripped = [*entries[:index], replace(upgrade, events=()), *entries[index + 1 :]]
    problem = verify(*reseal(header, stripped, trailer)).problem
    assert problem is not None and (problem.code, problem.line) == ("MIGRATION_DIFFERS", index + 2)
    assert "rejoin_call_added" in problem.reason
