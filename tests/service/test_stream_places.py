"""A stream's or connection's places are taken and given back by one helper, `stream_slots.held`."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

from service.core import stream_slots
from service.wsplay import server

COUNTING = (Path(stream_slots.__file__), Path(server.__file__))


def counted_outside_held(source: str) -> list[int]:
    """Lines outside `held` that add a place to a counter (`counter[key] += ...`)."""
    tree = ast.parse(source)
    inside = {
        id(node)
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef) and function.name == "held"
        for node in ast.walk(function)
    }
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.AugAssign)
        and isinstance(node.op, ast.Add)
        and isinstance(node.target, ast.Subscript)
        and id(node) not in inside
    ]


def test_places_are_counted_by_held_alone() -> None:
    found = {
        path.name: lines for path in COUNTING if (lines := counted_outside_held(path.read_text("utf-8")))
    }
    assert not found, found
    assert counted_outside_held("def f(c, k):\n    c[k] += 1\n") == [2]


def test_held_gives_every_place_back_even_when_the_stream_fails() -> None:
    pools: Counter[str] = Counter()
    by_game: Counter[str] = Counter({"g": 1})
    with pytest.raises(RuntimeError), stream_slots.held((pools, "spectators"), (by_game, "g")):
        assert (pools["spectators"], by_game["g"]) == (1, 2)
        raise RuntimeError
    assert pools == Counter() and by_game == Counter({"g": 1})
