"""Deadwood 1876 and Western Legends recordings: the hand-written samples expand and verify, what the
table saw is what the log holds, and classic mistakes are named at their line, strict and lenient."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.deadwood.components import CARDS, DICE
from replay.recordings.expand import expand_text
from replay.recordings.problems import RecordingRejected
from replay.verify import verify
from tests.replay.recordings.mistakes import DEADWOOD, WESTERN_LEGENDS, Mistake, at, sample_lines

GAMES = {"deadwood-1876": DEADWOOD, "western-legends": WESTERN_LEGENDS}
CASES = [(game, name) for game, mistakes in GAMES.items() for name in sorted(mistakes)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_hand_written_recording_expands_into_a_finished_log_that_verifies(game: str) -> None:
    expansion = expand_text("\n".join(sample_lines(game)))
    assert len(expansion.entries) >= 30
    assert expansion.header.seed_commitment is None and expansion.trailer.seed is None
    result = verify(expansion.header, expansion.entries, expansion.trailer)
    assert result.ok and result.verdict == "passed", result.problem
    assert expansion.trailer.status == "finished"


def test_deadwood_dice_are_the_faces_printed_and_a_white_zero_is_kept() -> None:
    expansion = expand_text("\n".join(sample_lines("deadwood-1876")))
    rolled = [
        (colour, face)
        for entry in expansion.entries
        for event in entry.events
        if event["kind"] == "dice_rolled"
        for colour, face in zip(event["colours"], event["faces"], strict=True)
    ]
    assert ("white", 0) in rolled and all(face in DICE[colour] for colour, face in rolled)
    robbery = expansion.entries[18 - 1]  # line 28, the 18th command: Bob's red 3 against Cy's white 0
    [dice] = [e for e in robbery.events if e["kind"] == "dice_rolled"]
    assert (dice["colours"], dice["faces"]) == (["red", "white"], [3, 0])
    # The log's draws hold the die's position (1-6), which the table never needed to know.
    positions = [d["value"] for d in robbery.draws if d["op"] == "randint"]
    assert [DICE[c][p - 1] for c, p in zip(["red", "white"], positions, strict=True)] == [3, 0]


def test_deadwood_safes_move_as_written_and_every_card_is_in_one_place() -> None:
    expansion = expand_text("\n".join(sample_lines("deadwood-1876")))
    stolen = [
        event["safe"]
        for entry in expansion.entries
        for event in entry.events
        if event["kind"] == "safe_stolen"
    ]
    assert [safe.rstrip("ab") for safe in stolen] == ["gold-5", "gold-7", "gold-5", "gold-7"]
    deck = next(d["value"] for d in expansion.header.setup_draws if d["value"] and d["value"][0] in CARDS)
    assert isinstance(deck, list) and Counter(deck) == Counter(list(CARDS))
    centre = next(e for e in expansion.header.setup_events if e["kind"] == "centre_stacked")
    assert [s.rstrip("ab") for s in centre["safes"]] == ["gold-4", "gold-6", "gold-1"]


def test_western_legends_picks_are_what_the_table_saw() -> None:
    expansion = expand_text("\n".join(sample_lines("western-legends")))
    events = [event for entry in expansion.entries for event in entry.events]
    assert next(e for e in events if e["kind"] == "cards_drawn")["cards"] == ["7H", "QS"]
    assert next(e for e in events if e["kind"] == "first_player_chosen")["seat"] == 1
    assert next(e for e in events if e["kind"] == "cattle_taken")["token"] == "B5"  # the blue $40
    rerolled = next(e for e in events if e["kind"] == "die_rerolled")
    assert rerolled["faces"][0] == 5 and rerolled["faces"][1] == 2  # "$10 again", then a 2
    # Cards nobody saw are filled with cards nothing written names.
    named = {"7H", "QS"}
    unseen = [c for e in events if e["kind"] == "cards_drawn" for c in e["cards"]][2:]
    assert unseen and not named & set(unseen)


def _edited(game: str, mistake: Mistake) -> str:
    return "\n".join(mistake.edit(sample_lines(game)))


@pytest.mark.parametrize(("game", "name"), CASES)
def test_a_classic_mistake_is_reported_at_its_line_strict_and_lenient(game: str, name: str) -> None:
    mistake = GAMES[game][name]
    text = _edited(game, mistake)
    with pytest.raises(RecordingRejected) as strict:
        expand_text(text)
    [problem] = strict.value.problems
    assert (problem.line, problem.code) == (mistake.line, mistake.code), problem
    assert mistake.words in problem.message, problem
    with pytest.raises(RecordingRejected) as lenient:
        expand_text(text, lenient=True)
    first = lenient.value.problems[0]
    assert (first.line, first.code) == (mistake.line, mistake.code), lenient.value.problems


@pytest.mark.parametrize("game", sorted(GAMES))
def test_ten_classic_mistakes_per_game(game: str) -> None:
    assert len(GAMES[game]) >= 10


LENIENT = {
    "deadwood-1876": [
        "a note without its #",
        "an unseen draw that is not in the game",
        "a line after the end",
    ],
    "western-legends": ["a card that is not in the game", "a note without its #", "a line after the end"],
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_lenient_mode_lists_several_mistakes_each_at_its_line(game: str) -> None:
    lines = sample_lines(game)
    chosen = [GAMES[game][name] for name in LENIENT[game]]
    for mistake in chosen:
        lines = mistake.edit(lines)
    text = "\n".join(lines)
    with pytest.raises(RecordingRejected) as strict:
        expand_text(text)
    assert [(p.line, p.code) for p in strict.value.problems] == [(chosen[0].line, chosen[0].code)]
    with pytest.raises(RecordingRejected) as lenient:
        expand_text(text, lenient=True)
    assert [(p.line, p.code) for p in lenient.value.problems] == [(m.line, m.code) for m in chosen]


def test_deadwood_safes_dealt_unseen_become_the_safes_later_lines_move() -> None:
    # Nobody wrote down Cy's two safes; his gold 2 is passed and given on, his gold 7 robbed.
    lines = at(2, '["gold-2", "gold-7"]', '["unknown", "unknown"]')(sample_lines("deadwood-1876"))
    expansion = expand_text("\n".join(lines))
    assert verify(expansion.header, expansion.entries, expansion.trailer).verdict == "passed"
    dealt = next(e for e in expansion.header.setup_events if e["kind"] == "safes_dealt" and e["seat"] == 2)
    assert sorted(s.rstrip("ab") for s in dealt["safes"]) == ["gold-2", "gold-7"]
    assert expansion.trailer.outcome == expand_text("\n".join(sample_lines("deadwood-1876"))).trailer.outcome
