"""The conformance corpus's seeds and game ids, derived from a name: every generated case is reproducible."""

from __future__ import annotations

from replay.golden.names import named_game_id, named_seed


def corpus_seed(name: str) -> bytes:
    return named_seed("conformance", name)


def corpus_game_id(name: str) -> str:
    return named_game_id("conformance", name)
