"""expand_next: one line at a time against a game in progress, as a live relay sends them."""

from __future__ import annotations

import pytest

from engines.codec import encode
from replay.recordings.expand import expand_next, expand_steps
from replay.recordings.format import parse
from replay.recordings.problems import RecordingRejected
from tests.replay.recordings.mistakes import DEADWOOD, sample_lines


def _relay(game: str, count: int | None = None) -> tuple[list[list[object]], list[list[object]]]:
    """The events of each line relayed one at a time, and of the same lines expanded as one file."""
    text = "\n".join(sample_lines(game))
    whole = parse(text)
    assert whole.header is not None
    lines = whole.lines[:count]
    header_only = "\n".join(sample_lines(game)[: whole.header.line])
    _, [setup] = expand_steps(parse(header_only))
    state, relayed = setup.state, []
    for version, line in enumerate(lines, start=2):
        step = expand_next(whole.header, state, line, version=version)
        relayed.append([encode(e) for e in step.events])
        state = step.state
    _, steps = expand_steps(whole)
    return relayed, [[encode(e) for e in step.events] for step in steps[1 : len(lines) + 1]]


def test_a_western_legends_game_relayed_line_by_line_is_the_game_of_the_whole_file() -> None:
    relayed, whole = _relay("western-legends")
    assert len(relayed) > 30 and relayed == whole


def test_deadwood_dice_are_found_by_their_faces_line_by_line() -> None:
    relayed, whole = _relay("deadwood-1876", count=5)  # the passes and the first robbery
    assert relayed == whole
    assert any(event["kind"] == "dice_rolled" for events in relayed for event in events)  # type: ignore[index]


def test_a_bad_relayed_line_is_refused_with_its_line_code_and_version() -> None:
    game = "deadwood-1876"
    mistake = DEADWOOD["a die face the die does not have"]
    text = "\n".join(mistake.edit(sample_lines(game)))
    recording = parse(text)
    assert recording.header is not None
    _, steps = expand_steps(parse("\n".join(sample_lines(game)[:27])))  # everything before line 28
    line = next(line for line in recording.lines if line.line == mistake.line)
    with pytest.raises(RecordingRejected) as rejected:
        expand_next(recording.header, steps[-1].state, line, version=len(steps) + 1)
    [problem] = rejected.value.problems
    assert (problem.line, problem.code, problem.version) == (28, "IMPOSSIBLE_ROLL", len(steps) + 1)
    assert mistake.words in problem.message
