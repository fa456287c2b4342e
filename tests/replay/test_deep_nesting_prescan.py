"""A deeply nested line is refused before the JSON parser recurses into it."""

from __future__ import annotations

import json

import pytest

from replay import logfile


def test_deep_nesting_is_refused_without_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_parse(text: str) -> object:
        raise AssertionError("the parser was reached")

    monkeypatch.setattr(logfile, "_decode", no_parse)
    with pytest.raises(ValueError, match="levels deep"):
        logfile.parse_json("[" * 5000 + "]" * 5000)


def test_brackets_inside_strings_do_not_count() -> None:
    line = json.dumps({"note": "[" * 600 + '\\"' + "{" * 600, "list": [[1], [2]]})
    assert logfile.parse_json(line) == json.loads(line)
