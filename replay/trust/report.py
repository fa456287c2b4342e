"""The signature's part of a published audit report."""

from __future__ import annotations

from replay.trust.verdict import SignatureVerdict


def with_signature(markdown: str, verdict: SignatureVerdict, *, rules_ok: bool) -> str:
    """`markdown` (replay.audit's report) with a Signature section, and its verdict withdrawn when
    the rules pass but nothing trusted signs the log: an unsigned log proves nothing about who kept it."""
    lines = markdown.rstrip("\n").split("\n")
    if rules_ok and not verdict.verified:
        for i, line in enumerate(lines):
            if line.startswith("Verdict:"):
                lines[i] = (
                    "Verdict: **NOT PASSED** — the log agrees with the rules, "
                    "but no trusted signature covers it"
                )
                break
    state = "verified" if verdict.verified else f"NOT verified ({verdict.code})"
    lines += ["", "## Signature", "", f"Signature {state}: {verdict.message}"]
    return "\n".join(lines) + "\n"
