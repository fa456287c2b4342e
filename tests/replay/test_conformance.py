"""The conformance corpus (seeds/conformance): every file gets its listed verdict, code and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replay import logfile
from replay.trust.keys import load_public_key
from replay.trust.signed_log import line_hashes, read_signed
from replay.trust.verdict import judge
from replay.verify import verify
from service.cli.main import main as frontier
from tools.conformance import DEFAULT_OUT, all_cases, corpus_files
from tools.kept_cases import KEPT, KeptFileChanged, kept_cases

SAMPLE_KEY = DEFAULT_OUT.parent / "keys" / "samples.pub"

MANIFEST: list[dict[str, object]] = json.loads((DEFAULT_OUT / "manifest.json").read_text(encoding="utf-8"))
EXIT = {"passed": 0, "failed": 1, "unreadable": 2, "incomplete": 3}


def audit_exit(case: dict[str, object]) -> int:
    """`frontier audit --key` status: a failed check first, then an untrusted signature, then the verdict."""
    if case["verdict"] == "failed" or case["signature"] == "invalid":
        return 1
    if case["signature"] in ("unsigned", "untrusted"):
        return 4
    return EXIT[str(case["verdict"])]


def test_the_corpus_covers_every_verdict_and_failure_code() -> None:
    codes = {case["code"] for case in MANIFEST}
    assert {case["verdict"] for case in MANIFEST} == set(EXIT)
    assert codes >= {
        "BROKEN_CHAIN", "SEED_MISMATCH", "SEED_WITHHELD", "SALT_DIFFERS", "DRAW_DIFFERS", "EVENTS_DIFFER",
        "NOT_TO_ACT", "GAME_OVER", "BAD_COMMAND", "OUTCOME_DIFFERS", "STATUS_DIFFERS", "STATE_HASH_DIFFERS",
        "UNKNOWN_GAME", "BAD_SEATS", "BAD_OPTIONS", "NO_COMMITMENT", "UNKNOWN_RNG", "IMPOSSIBLE_OUTCOME",
        "MALFORMED_LINE", "SEAT_ALTERED", "SEATS_OPEN", "NOT_DEALT", "MISSING_CLIENT_SEED",
        "UNEXPECTED_CLIENT_SEED", "SEAT_TAKEN", "BAD_SEAT", "UNEXPECTED_DEAL", "UNKNOWN_RULES_VERSION",
        "UNSEEN_IN_SEEDED_LOG",
    }  # fmt: skip


@pytest.mark.parametrize("case", MANIFEST, ids=[str(case["file"]) for case in MANIFEST])
def test_each_corpus_file_gets_its_expected_verdict(case: dict[str, object]) -> None:
    content = (DEFAULT_OUT / str(case["file"])).read_bytes()
    if case["verdict"] == "unreadable":
        with pytest.raises(logfile.LogFormatError) as refused:
            logfile.read_bytes(content)
        assert refused.value.line == case["line"], refused.value
        return
    result = verify(*logfile.read_bytes(content))
    found = result.problem
    assert result.verdict == case["verdict"], found
    assert (found.code if found else None, found.line if found else None) == (case["code"], case["line"]), (
        found
    )
    header, entries, trailer, checkpoint = read_signed(logfile.decode_lines(content))
    signature = judge(
        header.game_id,
        line_hashes(header, entries),
        checkpoint,
        [load_public_key(SAMPLE_KEY)],
        trailer=trailer,
    )
    expected = (case["signature"], case["signature_code"])
    assert (signature.status, signature.code or None) == expected, signature


def test_the_corpus_covers_every_signature_verdict() -> None:
    assert {case["signature"] for case in MANIFEST} == {"verified", "invalid", "untrusted", "unsigned", None}


@pytest.mark.parametrize("case", MANIFEST, ids=[str(case["file"]) for case in MANIFEST])
def test_frontier_audit_exits_with_the_verdicts_status(case: dict[str, object]) -> None:
    path = str(DEFAULT_OUT / str(case["file"]))
    assert frontier(["audit", "--key", str(SAMPLE_KEY), path]) == audit_exit(case)


def test_the_corpus_is_current() -> None:
    """When the format or an engine changes, regenerate with `python -m tools.conformance`."""
    expected = corpus_files(all_cases())
    stored = {str(p.relative_to(DEFAULT_OUT)): p.read_bytes() for p in DEFAULT_OUT.rglob("*") if p.is_file()}
    assert sorted(stored) == sorted(expected)
    stale = [name for name in expected if stored[name] != expected[name]]
    assert not stale, f"stale: {stale}; run python -m tools.conformance"


def test_the_corpus_files_are_small_enough_to_read() -> None:
    # ~2.2 MB with the commit-reveal cases (format 4) and the checkpoint and proof cases
    # (tools/checkpoint_cases.py), each ~20 KB, ~240 KB of logs kept as older engines wrote them,
    # the draws' questions of format 5 (~2% of a log), the upgraded games (~45 KB) and the short
    # logs listing items nobody saw (tools/unseen_cases.py, ~41 KB), the service log's cases
    # (seeds/conformance/log/, ~10 KB) and a game upgraded across a setup migration (~20 KB)
    assert sum(len(c) for c in corpus_files(all_cases()).values()) < 2_800_000
    assert all(Path(DEFAULT_OUT / str(case["file"])).exists() for case in MANIFEST)


def test_a_log_kept_as_an_older_engine_recorded_it_is_never_regenerated(tmp_path: Path) -> None:
    """Changing one byte of a kept file stops the generator: its bytes are the older engine's evidence."""
    for kept in KEPT:
        target = tmp_path / kept.file
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((DEFAULT_OUT / kept.file).read_bytes())
    assert len(kept_cases(tmp_path, lambda *fields: fields)) == len(KEPT)
    edited = tmp_path / KEPT[0].file
    edited.write_bytes(edited.read_bytes().replace(b'"seats":2', b'"seats": 2', 1))
    with pytest.raises(KeptFileChanged):
        kept_cases(tmp_path, lambda *fields: fields)
