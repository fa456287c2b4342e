"""An audit serves a format-5 line's rules the draws it has just re-derived from the seed
(`replay.checked_draws`) instead of deriving them again: over random games of every engine, and
over edits of their draws, `verify` must report exactly what the seeded run alone reports."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.rng import SeededRng, rng_key
from replay import verify as verifying
from replay.checked_draws import CheckedDraws, Diverged
from replay.record import Entry
from replay.verify import Verification, verify
from tests.conftest import available_games
from tests.replay.helpers import edit_entry, reseal, simulated
from tests.sizes import sized

Record = tuple[Any, list[Any], Any]


@contextlib.contextmanager
def seeded_run_only() -> Iterator[None]:
    """Every step by the seeded run, as before checked draws were served."""
    served = verifying._rules_on_checked_draws
    verifying._rules_on_checked_draws = lambda rules, draws: None
    try:
        yield
    finally:
        verifying._rules_on_checked_draws = served


def both_ways(record: Record) -> tuple[Verification, Verification, int]:
    """verify with checked draws served, without, and how many steps were served."""
    served = verifying._rules_on_checked_draws
    taken = 0

    def counting(rules: Any, draws: Any) -> Any:
        nonlocal taken
        result = served(rules, draws)
        taken += result is not None
        return result

    verifying._rules_on_checked_draws = counting
    try:
        fast = verify(*record)
    finally:
        verifying._rules_on_checked_draws = served
    with seeded_run_only():
        plain = verify(*record)
    return fast, plain, taken


GAMES = available_games()


@settings(max_examples=sized(10, 25), deadline=None)
@given(game=st.sampled_from(GAMES), seats=st.integers(2, 4), number=st.integers(0, 10_000))
def test_a_random_game_audits_the_same_with_its_checked_draws_served(
    game: str, seats: int, number: int
) -> None:
    record = simulated(game, seats, seed=number.to_bytes(4, "big") * 8, bot_seed=number, reveal_seed=True)
    fast, plain, taken = both_ways(record)
    assert fast == plain
    assert fast.ok, fast.problem
    assert taken > 0


def _edits(draw: dict[str, Any]) -> list[dict[str, Any] | None]:
    """Edits of one recorded draw (None: the draw removed)."""
    edits: list[dict[str, Any] | None] = [None, {**draw, "extra": 1}]
    if draw["op"] == "randint":
        low, high, value = draw["low"], draw["high"], draw["value"]
        edits += [
            {**draw, "value": high if value != high else low},
            {**draw, "high": high + 1},
            {**draw, "low": low - 1},
            {**draw, "low": True} if low == 1 else {**draw, "value": float(value)},
        ]
    else:
        items, value = list(draw["items"]), list(draw["value"])
        edits += [
            {**draw, "value": value[::-1]},
            {**draw, "items": items[::-1], "value": value[::-1]},
            {**draw, "items": [*items, items[0]], "value": [*value, items[0]]} if items else {**draw},
        ]
    return edits


@settings(max_examples=sized(10, 30), deadline=None)
@given(game=st.sampled_from(GAMES), number=st.integers(0, 10_000), pick=st.integers(0, 10_000))
def test_every_edit_of_a_draw_is_named_the_same_with_checked_draws_served(
    game: str, number: int, pick: int
) -> None:
    header, entries, trailer = simulated(
        game, 3, seed=number.to_bytes(4, "big") * 8, bot_seed=number, reveal_seed=True
    )
    drawing = [i for i, e in enumerate(entries) if isinstance(e, Entry) and e.draws]
    if not drawing:  # a short Most Wanted game may never draw after its setup
        return
    index = drawing[pick % len(drawing)]
    at = pick % len(entries[index].draws)
    recorded: list[dict[str, Any]] = [dict(d) for d in entries[index].draws]
    extra = [*recorded, dict(recorded[-1])]  # one draw more than the rules ask for
    edited = [
        recorded[:at] + ([] if e is None else [e]) + recorded[at + 1 :] for e in _edits(dict(recorded[at]))
    ]
    for draws in [*edited, extra]:
        # As edited, and as a forger who knows the seed makes it: each outcome the seed's for its question.
        for forged in (draws, _rederived(header, trailer, entries[index].version, draws)):
            record = reseal(header, edit_entry(entries, index, draws=tuple(forged)), trailer)
            fast, plain, _ = both_ways(record)
            assert fast == plain, forged


def _rederived(header: Any, trailer: Any, version: int, draws: list[Any]) -> list[Any]:
    """The draws with each outcome the seed gives for its recorded question (kept where it names none)."""
    seeded = SeededRng(bytes.fromhex(trailer.seed), rng_key(header.game_id, header.deal), version - 1)
    return [
        draw if type(draw) is not dict or (again := seeded.rederive(draw)) is None else {**draw, **again}
        for draw in draws
    ]


def test_served_draws_refuse_any_other_question() -> None:
    roll = {"op": "randint", "low": 1, "high": 6, "value": 4}
    deck = {"op": "shuffle", "items": ["a", "b", 3], "value": [3, "a", "b"]}
    served = CheckedDraws([roll, deck])
    assert served.randint(1, 6) == 4 and not served.finished
    assert served.shuffle(("a", "b", 3)) == (3, "a", "b") and served.finished
    for asked in (
        lambda d: d.randint(1, 7),
        lambda d: d.randint(True, 6),  # a bool is no integer in JSON
        lambda d: d.shuffle(["a", "b", 3]),  # a shuffle where a roll was recorded
        lambda d: (d.randint(1, 6), d.shuffle(("a", "b", "3"))),
        lambda d: (d.randint(1, 6), d.shuffle(("a", "b", 3)), d.randint(1, 6)),  # none left
    ):
        with pytest.raises(Diverged):
            asked(CheckedDraws([roll, deck]))
    with pytest.raises(Diverged):
        CheckedDraws([{**roll, "by": "hand"}]).randint(1, 6)  # not what the seed writes
