"""A finished log must reveal its seed; a log without a finished trailer is never a finished game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from replay.forgeries import cut_trailer, reroll
from replay.verify import verify
from tests.replay.helpers import line_of, simulated, tabletop

DEADWOOD = "deadwood-1876"
SEED = b"table-seed"


def finished_deadwood() -> tuple:  # type: ignore[type-arg]
    return simulated(DEADWOOD, 3, seed=SEED, game_id="dw-1")


def test_a_rerolled_game_with_its_seed_withheld_fails_seed_withheld() -> None:
    (header, entries, trailer), index = reroll(finished_deadwood())
    assert trailer is not None and trailer.status == "finished" and trailer.seed is None
    # The forgery is consistent: every line re-seals and every move is legal, the roll only possible.
    result = verify(header, entries, trailer)
    assert result.verdict == "failed" and not result.ok
    assert result.problem is not None
    assert (result.problem.code, result.problem.line) == ("SEED_WITHHELD", len(entries) + 2)


def test_with_the_seed_put_back_the_forged_roll_is_named() -> None:
    (header, entries, trailer), index = reroll(finished_deadwood())
    assert trailer is not None
    revealed = replace(trailer, seed=SEED.hex(), hash="").sealed()
    result = verify(header, entries, revealed)
    assert result.problem is not None
    assert (result.problem.code, result.problem.line) == ("DRAW_DIFFERS", line_of(index))


def test_a_finished_log_with_its_seed_passes() -> None:
    result = verify(*finished_deadwood())
    assert result.verdict == "passed" and result.ok


def test_a_finished_tabletop_log_needs_no_seed() -> None:
    result = verify(*tabletop(finished_deadwood()))
    assert result.verdict == "passed"


@pytest.mark.parametrize(
    "record", [finished_deadwood(), tabletop(finished_deadwood())], ids=["seeded", "tabletop"]
)
def test_a_log_without_its_trailer_is_incomplete_never_passed(record: tuple) -> None:  # type: ignore[type-arg]
    result = verify(*cut_trailer(record))
    assert result.ok and result.problem is None
    assert result.verdict == "incomplete"


def test_an_in_progress_trailer_is_incomplete() -> None:
    result = verify(*simulated(DEADWOOD, 3, seed=SEED, game_id="dw-2", max_steps=10))
    assert result.verdict == "incomplete"


def test_an_in_progress_trailer_on_a_finished_game_is_a_lie() -> None:
    header, entries, trailer = finished_deadwood()
    lying = replace(trailer, status="in_progress", outcome=None, seed=None, hash="").sealed()
    result = verify(header, entries, lying)
    assert result.verdict == "failed"
