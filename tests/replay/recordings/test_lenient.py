"""Lenient expansion: each mistake is one problem at its line, what may follow from an earlier problem
is marked with that line, a roll that cannot have come up does not stop it, and every seat in its
sentences counts from 1 as everywhere else people read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from replay.recordings.expand import expand_text
from replay.recordings.format import parse
from replay.recordings.problems import Problem, RecordingRejected
from tests.replay.recordings.mistakes import DEADWOOD, MOST_WANTED, WESTERN_LEGENDS, Mistake, at, sample_lines
from tests.service.test_cli import frontier

GAMES: dict[str, dict[str, Mistake]] = {
    "most-wanted": MOST_WANTED,
    "deadwood-1876": DEADWOOD,
    "western-legends": WESTERN_LEGENDS,
}
THREE = {
    "most-wanted": ["a card played that the player never had", "the wrong seat", "too few cards drawn"],
    "deadwood-1876": [
        "the wrong seat",
        "a robbery of a safe the victim does not hold",
        "a card recorded twice",
    ],
    "western-legends": [
        "too few cards drawn",
        "an illegal move the table allowed",
        "a re-roll chain written short",
    ],
}
TWO = {
    "most-wanted": ["a first player the table cannot draw", "the wrong seat"],
    "deadwood-1876": ["an illegal move the table allowed", "the wrong seat"],
    "western-legends": ["the wrong seat", "an illegal move the table allowed"],
}


def _lenient(text: str) -> list[Problem]:
    with pytest.raises(RecordingRejected) as rejected:
        expand_text(text, lenient=True)
    return rejected.value.problems


def _with(game: str, names: list[str], lines: list[str] | None = None) -> str:
    lines = sample_lines(game) if lines is None else lines
    for name in names:
        lines = GAMES[game][name].edit(lines)
    return "\n".join(lines)


@pytest.mark.parametrize("chosen", [THREE, TWO], ids=["three", "two"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_mistake_is_one_problem_at_its_line_and_nothing_is_invented(
    game: str, chosen: dict[str, list[str]]
) -> None:
    names = chosen[game]
    problems = _lenient(_with(game, names))
    expected = sorted((GAMES[game][name].line, GAMES[game][name].code) for name in names)
    assert [(p.line, p.code) for p in problems] == expected, problems
    assert all(p.after == 0 for p in problems), problems


def test_the_way_past_a_mistake_is_named_as_the_following_lines_fit_it() -> None:
    problems = {p.line: p.message for p in _lenient(_with("most-wanted", THREE["most-wanted"]))}
    assert 'fit it as seat 2 (Bob)\'s line ("seat": 1 in the file)' in problems[5]
    assert 'fit "drew": ["J-0", "8-2", "unknown", "unknown"]' in problems[9]
    deadwood = {p.line: p.message for p in _lenient(_with("deadwood-1876", THREE["deadwood-1876"]))}
    assert 'fit the line without its "safe"' in deadwood[26]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_forgotten_line_is_one_problem_naming_the_move_the_following_lines_fit(game: str) -> None:
    mistake = GAMES[game]["a missing line"]
    [problem] = _lenient(_with(game, ["a missing line"]))
    assert (problem.line, problem.code, problem.after) == (mistake.line, mistake.code, 0)
    assert "The lines that follow fit a line missing before it, {" in problem.message


def test_what_may_follow_from_a_line_left_out_is_marked_with_that_line() -> None:
    # Line 16 cannot be read: the move on it is lost and the game drifts from the table's.
    problems = _lenient(_with("most-wanted", ["a malformed line"]))
    first, *rest = problems
    assert (first.line, first.code, first.after) == (16, "MALFORMED_LINE", 0)
    assert len(rest) > 3 and all(p.after == 16 for p in rest), problems
    assert all(p.message.endswith("(this may follow from line 16: fix that line first)") for p in rest)


def test_a_line_after_the_end_and_the_lines_after_it_are_one_problem() -> None:
    game = "most-wanted"
    last = MOST_WANTED["a line after the end"]
    text = _with(game, ["a line after the end"]) + '\n{"seat": 1, "command": {"kind": "stay_put"}}'
    [problem] = _lenient(text)
    assert (problem.line, problem.code) == (last.line, "GAME_OVER")
    assert "and the 1 line(s) after it" in problem.message


def test_a_most_wanted_first_player_the_table_cannot_draw_does_not_stop_the_expansion() -> None:
    text = _with("most-wanted", ["a first player the table cannot draw", "a card that is not in the game"])
    first, later = _lenient(text)
    assert (first.line, first.code) == (2, "IMPOSSIBLE_ROLL")
    assert "names no seat: seats are written from 0 to 1 (Ann to Bob" in first.message
    assert 'the lines that follow fit "first_player": 0 (Ann)' in first.message
    assert (later.line, later.code, later.after) == (13, "CARD_NOT_IN_GAME", 0)


def test_a_western_legends_first_player_the_table_does_not_have_does_not_stop_the_expansion() -> None:
    lines = at(3, '"first_player": 1', '"first_player": 5')(sample_lines("western-legends"))
    first, later = _lenient(_with("western-legends", ["an illegal move the table allowed"], lines))
    assert (first.line, first.code) == (6, "IMPOSSIBLE_ROLL")  # where the tie for first player is drawn
    assert "5 is not among the players tied" in first.message
    assert 'fit "setup.first_player": 1 (Bob)' in first.message
    assert (later.line, later.code, later.after) == (12, "OUT_OF_RANGE", 0)


def test_a_western_legends_tied_first_player_not_written_is_one_problem_naming_the_seat_that_fits() -> None:
    [problem] = _lenient(_with("western-legends", ["a tied first player not written"]))
    assert (problem.line, problem.code) == (6, "MISSING_ROLL")
    assert 'the lines that follow fit "setup.first_player": 1 (Bob)' in problem.message


def test_a_deadwood_first_roll_with_a_face_no_die_shows_does_not_stop_the_expansion() -> None:
    # The black die of line 6 decides who starts.
    text = _with(
        "deadwood-1876", ["a number no Deadwood die shows", "a robbery of a safe the victim does not hold"]
    )
    assert [(p.line, p.code, p.after) for p in _lenient(text)] == [
        (6, "IMPOSSIBLE_ROLL", 0),
        (26, "SAFE_NOT_HELD", 0),
    ]


SEAT = re.compile(r'(?<!")\bseat (\d+)(?: \(([^)]*)\))?', re.IGNORECASE)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_seat_in_an_expansion_sentence_counts_from_1(game: str) -> None:
    players = parse("\n".join(sample_lines(game))).header.players  # type: ignore[union-attr]
    texts = [_with(game, [name]) for name in sorted(GAMES[game])]
    texts += [_with(game, THREE[game]), _with(game, TWO[game])]
    seen = 0
    for text in texts:
        try:
            expand_text(text, lenient=True)
        except RecordingRejected as rejected:
            for problem in rejected.problems:
                for number, name in SEAT.findall(problem.message):
                    seen += 1
                    assert 1 <= int(number) <= len(players), problem
                    assert not name or name == players[int(number) - 1], problem
    assert seen >= 5  # the scan read sentences that name seats


def test_frontier_expand_lenient_prints_each_problem_and_how_many_are_marked(tmp_path: Path) -> None:
    recording = tmp_path / "malformed.rec"
    recording.write_text(_with("most-wanted", ["a malformed line"]), encoding="utf-8")
    printed = frontier("expand", str(recording), "-o", str(tmp_path / "x.jsonl"), "--lenient", check=False)
    assert printed.returncode == 1
    *problems, summary = printed.stderr.splitlines()
    assert problems[0].startswith(f"{recording}:16: MALFORMED_LINE:")
    marked = [p for p in problems if "(this may follow from line 16: fix that line first)" in p]
    assert marked and len(marked) == len(problems) - 1
    assert summary == f"{recording}: 1 problem(s) to fix; {len(marked)} more may follow from them (marked)"
