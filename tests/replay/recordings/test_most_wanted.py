"""Most Wanted recordings: the hand-written sample expands and verifies; mistakes are named at their line."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.most_wanted.cards import DECK
from replay.recordings.expand import expand_text
from replay.recordings.problems import RecordingRejected
from replay.verify import verify
from tests.replay.recordings.mistakes import MOST_WANTED, at, sample_lines, whole


def test_the_hand_written_recording_expands_into_a_log_that_verifies_and_finishes() -> None:
    expansion = expand_text("\n".join(sample_lines("most-wanted")))
    assert len(expansion.entries) >= 30
    assert expansion.header.seed_commitment is None and expansion.trailer.seed is None
    result = verify(expansion.header, expansion.entries, expansion.trailer)
    assert result.ok and result.verdict == "passed", result.problem
    assert expansion.trailer.status == "finished"


def test_unseen_cards_are_filled_so_no_card_is_anywhere_twice() -> None:
    expansion = expand_text("\n".join(sample_lines("most-wanted")))
    deal = expansion.header.setup_draws[0]["value"]
    assert isinstance(deal, list) and Counter(deal) == Counter(DECK)
    # Bob's two "unknown" cards of line 9 became the jacks he declared at line 15.
    declared = next(e for e in expansion.entries if e.command["kind"] == "declare_robbery" and e.seat == 1)
    assert [card.rsplit("-", 1)[0] for card in declared.command["cards"]] == ["J-3", "J-1", "J-2"]


def test_every_card_seen_at_the_table_is_the_card_in_the_log() -> None:
    expansion = expand_text("\n".join(sample_lines("most-wanted")))
    church = next(e for e in expansion.entries if e.command["kind"] == "visit_church")
    drawn = [c for e in church.events if e["kind"] == "cards_drawn" for c in e["cards"]]
    assert [c.rsplit("-", 1)[0] for c in drawn] == ["A-0", "A-2", "10-1", "6-0"]


@pytest.mark.parametrize("name", sorted(MOST_WANTED))
def test_a_classic_mistake_is_reported_at_its_line(name: str) -> None:
    mistake = MOST_WANTED[name]
    text = "\n".join(mistake.edit(sample_lines("most-wanted")))
    with pytest.raises(RecordingRejected) as rejected:
        expand_text(text)
    [problem] = rejected.value.problems
    assert (problem.line, problem.code) == (mistake.line, mistake.code), problem
    assert mistake.words in problem.message, problem


def test_lenient_mode_lists_every_mistake_at_its_line() -> None:
    lines = sample_lines("most-wanted")
    lines = at(9, '"J-0"', '"J-9"')(lines)  # a card that is not in the game
    lines = whole(10, "Turn 2: Bob does honest labor")(lines)  # a note without its "#"
    lines = MOST_WANTED["a card that is not in the game"].edit(lines)
    lines = MOST_WANTED["a line after the end"].edit(lines)
    text = "\n".join(lines)
    with pytest.raises(RecordingRejected) as strict:
        expand_text(text)
    # Strict mode names the first problem in the file, even when a later line cannot be read.
    assert [(p.line, p.code) for p in strict.value.problems] == [(9, "CARD_NOT_IN_GAME")]
    with pytest.raises(RecordingRejected) as lenient:
        expand_text(text, lenient=True)
    found = [(p.line, p.code) for p in lenient.value.problems]
    assert found == [
        (9, "CARD_NOT_IN_GAME"),
        (10, "MALFORMED_LINE"),
        (13, "CARD_NOT_IN_GAME"),
        (MOST_WANTED["a line after the end"].line, "GAME_OVER"),
    ], lenient.value.problems
    assert "'J-9'" in lenient.value.problems[0].message


def test_a_recording_that_costs_more_rule_steps_than_allowed_is_refused_as_too_complex() -> None:
    text = "\n".join(sample_lines("most-wanted"))
    with pytest.raises(RecordingRejected) as rejected:
        expand_text(text, max_steps=100)
    [problem] = rejected.value.problems
    assert (problem.line, problem.code) == (2, "TOO_COMPLEX") and "100 rule steps" in problem.message
    assert expand_text(text, max_steps=2_000).trailer.status == "finished"


def test_strict_mode_names_an_unreadable_line_that_comes_first() -> None:
    lines = MOST_WANTED["a malformed line"].edit(sample_lines("most-wanted"))
    lines = MOST_WANTED["a line after the end"].edit(lines)
    with pytest.raises(RecordingRejected) as rejected:
        expand_text("\n".join(lines))
    assert [(p.line, p.code) for p in rejected.value.problems] == [(16, "MALFORMED_LINE")]


def test_a_byte_order_mark_and_windows_line_ends_are_read() -> None:
    text = "\ufeff" + "\r\n".join(sample_lines("most-wanted"))
    assert len(expand_text(text).entries) == 30
