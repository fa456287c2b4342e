"""Conformance files kept byte for byte as they were recorded, never regenerated.

A log recorded by an older engine is evidence of what that engine wrote: regenerating it
with today's engine would test today's rules against themselves. Each file here was taken
from the corpus as committed when its engine was current; its SHA-256 is pinned so that a
changed byte stops `python -m tools.conformance` instead of slipping into the corpus.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Kept:
    file: str
    sha256: str
    verdict: str
    code: str | None
    line: int | None
    about: str


KEPT = (
    Kept(
        "good/deadwood-1876-rules-1.jsonl",
        "7d20ea6f3a168e0017b7f0159725dab1a9c53a3f3237c54b658b71015e21dc81",
        "passed",
        None,
        None,
        "a finished game recorded by the deadwood-1876/1 engine; re-run with that version's defaults",
    ),
    Kept(
        "good/deadwood-1876-rules-2.jsonl",
        "8106156a176b7aad2d0a448f0cc146969cba9f01983d66d417654d05e29d1e04",
        "passed",
        None,
        None,
        "a finished game recorded by the deadwood-1876/2 engine; re-run with that version's defaults",
    ),
    Kept(
        "good/most-wanted-rules-1.jsonl",
        "f3a8a74b64d4d469d529e769ee386b1ade463fc44d6b35be4429f2f9789cab7e",
        "passed",
        None,
        None,
        "a finished game recorded by the most-wanted/1 engine; re-run with that version's defaults",
    ),
    Kept(
        "good/most-wanted-rules-2.jsonl",
        "6bb065d715beadc11b94beb914428e2726ade7224bab32ac547871e6f6792c12",
        "passed",
        None,
        None,
        "a finished game recorded by the most-wanted/2 engine; re-run with that version's defaults",
    ),
    Kept(
        "good/western-legends-rules-1.jsonl",
        "00d563653891d3a5fa4806d17ef14df2fd71326d833f56694df92382ba560348",
        "passed",
        None,
        None,
        "a finished game recorded by the western-legends/1 engine; re-run with that version's defaults",
    ),
    Kept(
        "good/western-legends-rules-2.jsonl",
        "e6a7d63bbc10700a9b5c283720b4c189f1f49d9c1d650d6b885078ee1aaacd70",
        "passed",
        None,
        None,
        "a finished game recorded by the western-legends/2 engine; re-run with that version's defaults",
    ),
    Kept(
        "fail/unknown-rules-version-deadwood-1876-0.jsonl",
        "7fd389c3a0badb302aafdc7b7abe77d599d8269b647b25611d70f65f1a2cc0f2",
        "failed",
        "UNKNOWN_RULES_VERSION",
        1,
        "once good/deadwood-1876-older-rules.jsonl: a header naming deadwood-1876/0, rules no verifier has",
    ),
)


class KeptFileChanged(Exception):
    """A kept file's bytes differ from the ones pinned: restore them from the history."""


def kept_cases(folder: Path, make: Callable[..., Any]) -> list[Any]:
    """The kept files read from `folder`, each made into a case by `make` (tools.conformance.Case)."""
    cases = []
    for kept in KEPT:
        content = (folder / kept.file).read_bytes()
        if hashlib.sha256(content).hexdigest() != kept.sha256:
            raise KeptFileChanged(f"{kept.file} is not the file as recorded (SHA-256 {kept.sha256})")
        cases.append(make(kept.file, kept.verdict, kept.code, kept.line, kept.about, content))
    return cases
