"""The conformance corpus's seeds and game ids, derived from a name: every generated case is reproducible."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import islice

from engines.base import Engine, JsonValue
from engines.simulate import Step, playout
from replay.golden.names import named_game_id, named_seed


def corpus_seed(name: str) -> bytes:
    return named_seed("conformance", name)


def corpus_game_id(name: str) -> str:
    return named_game_id("conformance", name)


def corpus_opening(
    engine: Engine, options: Mapping[str, JsonValue], name: str, commands: int
) -> tuple[bytes, str, list[Step]]:
    """The seed, game id and first steps (the setup, then `commands` commands) of the two-seat game `name`."""
    seed, game_id = corpus_seed(name), corpus_game_id(name)
    steps = playout(engine, 2, seed=seed, game_id=game_id, options=options, bot_seed=2)
    return seed, game_id, list(islice(steps, commands + 1))
