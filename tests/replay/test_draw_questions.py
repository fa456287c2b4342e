"""Format 5: each draw names its question (a roll's range, a shuffle's items) beside its outcome."""

from __future__ import annotations

import json

import pytest

from replay import logfile
from replay.record import Entry, written_draws
from replay.verify import verify
from tests.replay.helpers import edit_entry, first_index, line_of, reseal, simulated, tabletop


def rolls(entry: Entry) -> bool:
    return any(d["op"] == "randint" for d in entry.draws)


def test_a_format_5_draw_names_its_question_and_older_formats_keep_the_outcome_only() -> None:
    header, entries, _ = simulated()
    assert header.format_version == 5
    assert set(header.setup_draws[0]) == {"op", "items", "value"}
    roll = entries[first_index(entries, rolls)].draws[0]
    assert (roll["op"], roll["low"], roll["high"]) == ("randint", 1, 6)
    assert written_draws([roll], 4) == [{"op": "randint", "value": roll["value"]}]
    old_header, old_entries, _ = simulated(format_version=3)
    assert all(set(d) == {"op", "value"} for e in old_entries for d in e.draws)
    assert all(set(d) == {"op", "value"} for d in old_header.setup_draws)


def test_without_a_seed_a_range_other_than_the_rules_is_draw_question_differs() -> None:
    header, entries, trailer = tabletop(simulated())
    i = first_index(entries, rolls)
    draws = tuple({**d, "high": 7} if d["op"] == "randint" else d for d in entries[i].draws)
    result = verify(*reseal(header, edit_entry(entries, i, draws=draws), trailer))
    assert result.problem is not None
    assert (result.problem.code, result.problem.line) == ("DRAW_QUESTION_DIFFERS", line_of(i))


def test_with_the_seed_an_edited_outcome_is_named_before_any_rule_of_its_line() -> None:
    """The command is also made illegal (a seat the game does not wait for): the draw is named first,
    as a verifier without the rules names it."""
    header, entries, trailer = simulated()
    i = first_index(entries, rolls)
    draws = tuple({**d, "value": d["value"] % 6 + 1} if d["op"] == "randint" else d for d in entries[i].draws)
    edited = edit_entry(entries, i, draws=draws, seat=1 - entries[i].seat)
    result = verify(*reseal(header, edited, trailer))
    assert result.problem is not None
    assert (result.problem.code, result.problem.line) == ("DRAW_DIFFERS", line_of(i))


@pytest.mark.parametrize(
    "draw",
    [
        {"op": "randint", "value": 3},
        {"op": "randint", "low": 6, "high": 1, "value": 3},
        {"op": "randint", "low": 1, "high": True, "value": 3},
        {"op": "shuffle", "value": [1, 2]},
        {"op": "shuffle", "items": [1, 2], "value": [2, 1], "extra": 0},
    ],
)
def test_the_reader_refuses_a_format_5_draw_without_its_question(draw: dict[str, object]) -> None:
    header, entries, trailer = simulated()
    i = first_index(entries, rolls)
    forged = reseal(header, edit_entry(entries, i, draws=(draw,)), trailer)
    lines = logfile.write_lines(*forged)
    with pytest.raises(logfile.LogFormatError) as refused:
        logfile.read_lines(lines)
    assert refused.value.line == line_of(i)
    assert json.loads(lines[line_of(i) - 1])["draws"] == [draw]


@pytest.mark.parametrize("seeded", [True, False], ids=["seed revealed", "tabletop"])
def test_a_format_3_log_migrates_to_format_5_with_the_rules_questions(seeded: bool) -> None:
    from replay.migrate import to_newest

    old = simulated(format_version=3)
    header, entries, trailer = to_newest(old if seeded else tabletop(old))
    assert header.format_version == 5 and set(header.setup_draws[0]) == {"op", "items", "value"}
    roll = entries[first_index(entries, rolls)].draws[0]
    assert (roll["low"], roll["high"]) == (1, 6)
    result = verify(header, entries, trailer)
    assert result.verdict == "passed", result.problem
    assert result.draws_rederived == (sum(len(e.draws) for e in entries) + 1 if seeded else 0)
