"""docs/trust-model.md names a test for every "cannot": each one it names must exist.

A test renamed or moved without the page would leave a promise with nothing behind it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "trust-model.md"
# `tests/x.py::test_name`, `tests/x.py`, `::test_name` (same file as the one named before it), `seeds/...`
REFERENCE = re.compile(r"`((?:tests|seeds)/[^`:]+)?(?:::(test_\w+))?`")


def defined_tests(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def references() -> list[tuple[str, str | None]]:
    found: list[tuple[str, str | None]] = []
    current = ""
    for match in REFERENCE.finditer(PAGE.read_text(encoding="utf-8")):
        path, test = match.group(1), match.group(2)
        if path is None and test is None:
            continue
        current = path or current
        found.append((current, test))
    return found


def test_every_test_and_file_the_trust_model_names_exists() -> None:
    named = references()
    assert sum(1 for _, test in named if test) >= 40, "the page names a test for each cannot"
    missing = []
    for path, test in named:
        file = ROOT / path
        if not file.exists():
            missing.append(path)
        elif test is not None and test not in defined_tests(file):
            missing.append(f"{path}::{test}")
    assert not missing, f"docs/trust-model.md names what does not exist: {missing}"
