"""The example in seeds/LOG-FORMAT.md is a real log: it reads, verifies, and its audit passes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from replay import logfile
from replay.record import FORMAT, FORMAT_VERSION
from replay.verify import verify

DOC = Path(__file__).resolve().parents[2] / "seeds" / "LOG-FORMAT.md"


def example_lines() -> list[str]:
    match = re.search(r"```jsonl\n(.*?)\n```", DOC.read_text(encoding="utf-8"), re.S)
    assert match, "LOG-FORMAT.md has no ```jsonl example"
    return match.group(1).splitlines()


def test_the_documented_example_verifies_with_its_revealed_seed() -> None:
    header, entries, trailer = logfile.read_lines(example_lines())
    result = verify(header, entries, trailer)
    assert result.ok, result.problem
    assert result.seed_matches is True and result.draws_rederived == 4
    assert trailer is not None and trailer.seed == b"example-seed".hex()


def test_the_document_names_the_version_it_describes_and_every_field() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert f"`{FORMAT}`, format_version {FORMAT_VERSION}" in text
    for line in example_lines():
        for name in json.loads(line):
            assert f"| `{name}` |" in text, f"field {name} is not documented"
