"""The JavaScript verifier gives the conformance corpus's verdicts, codes and lines.

It re-runs no rules, so the cases whose problem only the rules engines see are listed here and must come
out as "no problem found, rules not re-run": never as a different failure.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tests.service.web.verifier_js import DRAWS_REDERIVED_FROM, ROOT, format_of, rules_only, run_js_verifier

CORPUS = ROOT / "seeds" / "conformance"
CASES: list[dict[str, object]] = json.loads((CORPUS / "manifest.json").read_text())
PROOFS: list[dict[str, object]] = json.loads((CORPUS / "proofs" / "manifest.json").read_text())


@pytest.fixture(scope="module")
def js_results() -> dict[str, dict[str, object]]:
    results = run_js_verifier([CORPUS / str(case["file"]) for case in CASES])
    return {str(Path(file).relative_to(CORPUS)): result for file, result in results.items()}


def problem(result: dict[str, object]) -> dict[str, object]:
    found = result["problem"]
    assert found is None or isinstance(found, dict)
    return found or {"code": None, "line": None}


def out_of_scope(case: dict[str, object]) -> bool:
    code = None if case["code"] is None else str(case["code"])
    return rules_only(code, (CORPUS / str(case["file"])).read_bytes())


def test_the_out_of_scope_cases_are_the_rules_broken_ones() -> None:
    out = [case["file"] for case in CASES if out_of_scope(case)]
    assert len(out) == 20
    assert len(CASES) - len(out) == 100
    # From format 5 a draw names its question, and the seed alone re-derives it: in scope.
    in_scope_draws = {
        case["file"] for case in CASES if case["code"] == "DRAW_DIFFERS" and not out_of_scope(case)
    }
    assert {
        "fail/draw-value-edited.jsonl",
        "fail/draw-range-edited.jsonl",
        "fail/deal-draw-edited.jsonl",
    } <= in_scope_draws


@pytest.mark.parametrize("case", CASES, ids=[str(case["file"]) for case in CASES])
def test_the_js_verifier_gives_each_cases_verdict_code_and_line(
    case: dict[str, object], js_results: dict[str, dict[str, object]]
) -> None:
    result = js_results[str(case["file"])]
    if out_of_scope(case):
        # Outside its scope: the rules would stop at the case's line. It finds nothing before that line,
        # and when it finds nothing at all it says the rules were not re-run, never that they passed.
        assert result["rules"] == "not re-run"
        found = problem(result)["line"]
        assert found is None or (
            isinstance(found, int) and isinstance(case["line"], int) and found > case["line"]
        )
        assert result["verdict"] in ({"passed", "incomplete"} if found is None else {"failed"})
        return
    assert (result["verdict"], problem(result)["code"], problem(result)["line"]) == (
        case["verdict"],
        case["code"],
        case["line"],
    )
    assert result["rules"] == "not re-run"


@pytest.mark.parametrize("case", CASES, ids=[str(case["file"]) for case in CASES])
def test_the_js_verifier_gives_each_cases_signature_verdict(
    case: dict[str, object], js_results: dict[str, dict[str, object]]
) -> None:
    signature = js_results[str(case["file"])]["signature"]
    if case["signature"] is None:  # unreadable: nothing to check a signature of
        assert signature is None
        return
    assert isinstance(signature, dict)
    assert (signature["status"], signature["code"]) == (case["signature"], case["signature_code"])


def test_the_js_verifier_judges_each_inclusion_proof() -> None:
    results = run_js_verifier([CORPUS / str(proof["file"]) for proof in PROOFS])
    for proof in PROOFS:
        result = results[str(CORPUS / str(proof["file"]))]
        assert (result["result"], result["code"], result["proves"]) == (
            proof["result"],
            proof["code"],
            proof["proves"],
        )


def test_without_the_key_every_signed_case_is_untrusted() -> None:
    case = CORPUS / "good" / "most-wanted-finished.jsonl"
    result = run_js_verifier([case], key=None)[str(case)]
    assert result["verdict"] == "passed"
    assert result["signature"] == {
        "key_id": "01ee3b86e89b458190d2b99989d0c9184cef76e727df224603316b8d6f345686",
        "signer": "Frontier Ledger samples",
        "tree_size": 60,
        "status": "untrusted",
        "code": "UNTRUSTED_KEY",
    }


def test_the_js_verifier_checks_the_format_documents_example_proof(tmp_path: Path) -> None:
    """CHECKPOINT-FORMAT.md's example: leaf 1 of the tree of `line 0`, `line 1`, `line 2`, and its path."""
    document = (ROOT / "seeds" / "CHECKPOINT-FORMAT.md").read_text(encoding="utf-8")
    checkpoint = json.loads(
        document.split("Checkpoint for\ngame `example`:\n\n```json\n")[1].split("\n```")[0]
    )
    path = document.split("in that tree:\n\n```text\n")[1].split("\n```")[0].split()
    proof = {
        "type": "inclusion-proof",
        "format_version": 1,
        "game_id": "example",
        "version": 2,
        "line": None,
        "line_hash": hashlib.sha256(b"line 1").hexdigest(),
        "leaf_index": 1,
        "tree_size": 3,
        "audit_path": path,
        "checkpoint": checkpoint,
    }
    good = tmp_path / "example.json"
    good.write_text(json.dumps(proof))
    wrong_leaf = tmp_path / "wrong-leaf.json"
    wrong_leaf.write_text(json.dumps({**proof, "line_hash": hashlib.sha256(b"line 2").hexdigest()}))
    results = run_js_verifier([good, wrong_leaf])
    assert results[str(good)] == {"result": "verified", "code": None, "proves": "leaf 1 of 3"}
    assert results[str(wrong_leaf)]["result"] == "failed"


def test_the_js_verifier_passes_the_log_formats_example_unsigned(tmp_path: Path) -> None:
    """LOG-FORMAT.md's toy-race example: chain, seed and salts hold; no checkpoint binds it to a server."""
    document = (ROOT / "seeds" / "LOG-FORMAT.md").read_text(encoding="utf-8")
    example = tmp_path / "example.jsonl"
    example.write_text(document.split("```jsonl\n")[1].split("```")[0], encoding="utf-8")
    result = run_js_verifier([example])[str(example)]
    assert (result["verdict"], result["problem"], result["rules"]) == ("passed", None, "not re-run")
    assert result["seed"] == "revealed and matches its commitment"
    assert result["signature"] == {"status": "unsigned", "code": "UNSIGNED"}


def test_every_draw_of_a_passing_format_5_case_is_re_derived(
    js_results: dict[str, dict[str, object]],
) -> None:
    """Formats 1-4 record outcomes only: their draws are counted; format 5's are re-derived from the
    revealed seed (a tabletop log has none: its draws are counted too)."""
    passed = {str(case["file"]) for case in CASES if case["verdict"] == "passed"}
    newest = {
        name
        for name in passed
        if format_of((CORPUS / name).read_bytes()) == DRAWS_REDERIVED_FROM
        and js_results[name]["seed"] == "revealed and matches its commitment"
    }
    assert len(newest) >= 5
    for name in passed:
        result = js_results[name]
        rederived = result["draws_recorded"] if name in newest else 0
        assert result["draws_rederived"] == rederived, name
    assert all(js_results[name]["draws_recorded"] for name in newest)
