"""The audit's fast paths prove what the plain steps prove.

Folding once: every engine's decide folds its events as it makes them; `decide_folded`
hands that state over, and `replay.verify` uses it instead of folding the events again.
The oracle is the plain definition: the events `decide` returns, folded by `evolve`.
Comparing events: the verifier decodes the recorded events and compares records, in
place of encoding the produced ones and comparing JSON; where it says "the same", the
encodings are equal (else the plain comparison runs and names the difference).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import fold
from engines.codec import Codec, encode
from engines.registry import get_engine
from engines.rng import SeededRng
from engines.simulate import playout
from replay import logfile, verify
from replay.same_events import same_events

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
def plain_audit() -> Iterator[None]:
    """The verifier as it was: decide's events folded again, and compared as JSON."""
    fold_once, same_events = verify._decide_folded, verify.same_events

    def plain(engine: Any, state: Any, seat: int, command: Any, rng: Any) -> tuple[list[Any], Any]:
        return engine.decide(state, seat, command, rng), None

    verify._decide_folded = plain
    verify.same_events = lambda codec, recorded, produced: False
    try:
        yield
    finally:
        verify._decide_folded, verify.same_events = fold_once, same_events


@pytest.mark.parametrize(
    "path", sorted(p for p in CORPUS.rglob("*.jsonl") if "unreadable" not in p.parts), ids=lambda p: p.name
)
def test_every_conformance_log_verifies_the_same_on_the_plain_path(path: Path) -> None:
    record = logfile.read_text(path.read_text())
    fast = verify.verify(*record)
    with plain_audit():
        plain = verify.verify(*record)
    assert fast == plain


STEPS = [
    (name, step)
    for name, options in GAMES
    for step in playout(get_engine(name), 3, seed=b"e" * 32, game_id="same", options=options, bot_seed=5)
]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=2) | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=2), inner, max_size=2),
    max_leaves=4,
)


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(STEPS), st.integers(0, 50), st.sampled_from(["none", "set", "drop", "add"]), json_values
)
def test_events_compared_as_records_are_the_same_only_if_their_json_is(
    step: tuple[str, Any], pick: int, edit: str, value: Any
) -> None:
    name, played = step
    produced = list(played.events)
    if not produced:
        return
    recorded = [encode(e) for e in produced]
    data = recorded[pick % len(recorded)] = dict(recorded[pick % len(recorded)])
    key = sorted(data)[pick % len(data)]
    if edit == "set":
        data[key] = value
    elif edit == "drop":
        del data[key]
    elif edit == "add":
        data[f"x{pick}"] = value
    same = same_events(Codec(get_engine(name).events), recorded, produced)
    if same:  # "the same" only where the JSON is the same; else the plain comparison decides
        assert recorded == [encode(e) for e in produced]
    if edit == "none":
        assert same
