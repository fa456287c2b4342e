"""An audit folds each command's events once (issue 14): decide's own fold is the verifier's.

Every engine's decide folds its events as it makes them; `decide_folded` hands that state
over, and `replay.verify` uses it instead of folding the events again. The oracle is the
plain definition: the events `decide` returns, folded by `evolve` from the state before.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.registry import get_engine
from engines.rng import SeededRng
from engines.simulate import fold, playout
from replay import logfile, verify

GAMES = [("most-wanted", {}), ("deadwood-1876", {}), ("western-legends", {"max_rounds": 5})]
CORPUS = Path(__file__).resolve().parents[2] / "seeds" / "conformance"


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32))
def test_decide_folded_gives_decides_events_and_their_fold(
    game: tuple[str, dict[str, Any]], number: int
) -> None:
    name, options = game
    engine = get_engine(name)
    seed = number.to_bytes(8, "big") * 4
    before = None
    for step in playout(engine, 4, seed=seed, game_id="fold-once", options=options, bot_seed=number):
        if step.command is not None:
            assert step.seat is not None
            events, folded = engine.decide_folded(  # type: ignore[attr-defined]
                before, step.seat, step.command, SeededRng(seed, "fold-once", step.version - 1)
            )
            assert events == list(step.events)
            assert folded == fold(engine, before, events) == step.state
        before = step.state


@contextmanager
def folding_twice() -> Iterator[None]:
    """The verifier as it was: decide's events folded again by the verifier."""
    fast = verify._decide_folded

    def plain(engine: Any, state: Any, seat: int, command: Any, rng: Any) -> tuple[list[Any], Any]:
        return engine.decide(state, seat, command, rng), None

    verify._decide_folded = plain
    try:
        yield
    finally:
        verify._decide_folded = fast


@pytest.mark.parametrize(
    "path", sorted(p for p in CORPUS.rglob("*.jsonl") if "unreadable" not in p.parts), ids=lambda p: p.name
)
def test_every_conformance_log_verifies_the_same_folding_once(path: Path) -> None:
    record = logfile.read_text(path.read_text())
    once = verify.verify(*record)
    with folding_twice():
        twice = verify.verify(*record)
    assert once == twice
