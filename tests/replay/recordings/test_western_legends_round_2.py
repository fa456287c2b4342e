"""Western Legends recordings under rules version 2: the ordered fight deck (`fight_cards`), saloon
poker (the flop and the Wild Bill card are picks, the cards chosen are held cards), Work, Kit Carson's
extra step and fight card 10's restart, in the hand-written sample and its classic mistakes."""

from __future__ import annotations

from typing import Any

import pytest

from replay.recordings.expand import expand_text
from replay.recordings.problems import RecordingRejected
from replay.verify import verify
from tests.replay.recordings.mistakes import SAMPLES, Mistake, at

SAMPLE = SAMPLES / "western-legends.rec"


def _lines() -> list[str]:
    return SAMPLE.read_text(encoding="utf-8").split("\n")


def _events(kind: str, entries: Any) -> list[dict[str, Any]]:
    return [e for entry in entries for e in entry.events if e["kind"] == kind]


def test_the_sample_plays_poker_and_two_fights_as_written() -> None:
    expansion = expand_text("\n".join(_lines()))
    result = verify(expansion.header, expansion.entries, expansion.trailer)
    assert result.ok and result.verdict == "passed", result.problem
    assert expansion.header.rules_version == "western-legends/4"
    commands = {entry.command["kind"] for entry in expansion.entries}
    assert {"gamble", "choose_poker_cards", "work", "extra_step", "choose_fight_card"} <= commands
    [flop] = _events("poker_flop_revealed", expansion.entries)
    assert flop["cards"] == ["KD", "9S", "2C"]
    [showdown] = _events("poker_showdown", expansion.entries)
    assert showdown["winners"] == [1]
    offered = [e["cards"] for e in _events("fight_cards_offered", expansion.entries)]
    assert [cards[0] for cards in offered] == ["9", "10", "J"] and offered[:2] == [["9", "4"], ["10", "K"]]
    assert len(_events("npc_fight_restarted", expansion.entries)) == 1
    # The deck the header shuffled is one arrangement that deals exactly the fight cards written.
    [shuffled] = [e for e in expansion.header.setup_events if e["kind"] == "fight_deck_shuffled"]
    assert shuffled["order"][:2] == ["9", "4"]
    assert expansion.trailer.status == "finished"


MISTAKES: dict[str, Mistake] = {
    "a fight card written twice in one draw": Mistake(
        85, "CARD_NOT_AVAILABLE", "fight card #2 drawn", at(85, '["9", "4"]', '["9", "9"]')
    ),
    "a fight card drawn again before it came back up": Mistake(
        96, "CARD_NOT_AVAILABLE", "went beneath the deck", at(96, '["10", "K"]', '["10", "9"]')
    ),
    "a fight card the deck does not have": Mistake(
        85, "CARD_NOT_IN_GAME", "not an NPC fight card", at(85, '["9", "4"]', '["9", "1"]')
    ),
    "fight cards not written down": Mistake(
        85, "MISSING_DRAW", 'write them in "fight_cards"', at(85, ', "fight_cards": ["9", "4"]', "")
    ),
    "a restart's new fight cards not written down": Mistake(
        101, "MISSING_DRAW", "2 fight card(s)", at(101, ', "fight_cards": ["J", "unknown"]', "")
    ),
    "a fight card chosen that was not drawn": Mistake(
        86, "CARD_NOT_HELD", "cannot play a K", at(86, '"card": "4"', '"card": "K"')
    ),
    "a poker card in the flop that is in a hand": Mistake(
        79, "CARD_NOT_AVAILABLE", "not in the face-down deck", at(79, '"2C"]', '"KS"]')
    ),
    "a poker card in the flop that the deck does not have": Mistake(
        79, "CARD_NOT_IN_GAME", "'1S'", at(79, '["KD", "9S", "2C"]', '["KD", "9S", "1S"]')
    ),
    "the flop not written down": Mistake(
        79, "MISSING_ROLL", "pick 3", at(79, ', "picked": ["KD", "9S", "2C"]', "")
    ),
    "a poker card chosen that the player never drew": Mistake(
        80, "CARD_NOT_HELD", "cannot play a QH", at(80, '["AD", "KS"]', '["AD", "QH"]')
    ),
    "a Work by a seat not to act": Mistake(
        84, "NOT_TO_ACT", "not seat 1 (Ann)", at(84, '"seat": 1', '"seat": 0')
    ),
    "an extra step that is not next to the move's end": Mistake(
        96, "NO_EXTRA_STEP", "'B5' is not one", at(96, '"to": "B7"', '"to": "B5"')
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_a_round_2_mistake_is_reported_at_its_line_strict_and_lenient(name: str) -> None:
    mistake = MISTAKES[name]
    text = "\n".join(mistake.edit(_lines()))
    with pytest.raises(RecordingRejected) as strict:
        expand_text(text)
    [problem] = strict.value.problems
    assert (problem.line, problem.code) == (mistake.line, mistake.code), problem
    assert mistake.words in problem.message, problem
    with pytest.raises(RecordingRejected) as lenient:
        expand_text(text, lenient=True)
    first = lenient.value.problems[0]
    assert (first.line, first.code) == (mistake.line, mistake.code), lenient.value.problems


@pytest.mark.parametrize("card", ["2", "8", "A"])
def test_a_fight_card_drawn_unseen_becomes_the_one_its_chooser_plays(card: str) -> None:
    lines = at(101, '"fight_cards": ["J", "unknown"]', '"fight_cards": ["unknown", "unknown"]')(_lines())
    lines = at(102, '"card": "J"', f'"card": "{card}"')(lines)
    expansion = expand_text("\n".join(lines[:102]))
    offered = [e["cards"] for e in _events("fight_cards_offered", expansion.entries)]
    assert card in offered[-1]


@pytest.mark.parametrize("card", ["9", "4", "10", "K"])
def test_a_fight_card_that_went_beneath_the_deck_cannot_be_drawn_unseen_again(card: str) -> None:
    lines = at(101, '"fight_cards": ["J", "unknown"]', '"fight_cards": ["unknown", "unknown"]')(_lines())
    lines = at(102, '"card": "J"', f'"card": "{card}"')(lines)
    with pytest.raises(RecordingRejected) as rejected:
        expand_text("\n".join(lines[:102]))
    [problem] = rejected.value.problems
    assert (problem.line, problem.code) == (102, "CARD_NOT_HELD"), problem
