"""The round-2 commands of Deadwood 1876 and Most Wanted in recordings: Deadwood's mystery gun (a hand
card played at scoring, its die written in `rolled`), Most Wanted's last call (`stay_put` or
`withdraw_from_robbery` when the join window is at its cap) and a first player named by `first_seat`."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from engines.deadwood.components import CARDS, DICE
from replay.recordings.expand import expand_text
from replay.recordings.problems import RecordingRejected
from replay.verify import verify
from tests.replay.recordings.mistakes import SAMPLES, at, whole
from tests.replay.recordings.test_table_properties import (
    _face,
    _write_deadwood,
)

Edit = Callable[[list[str]], list[str]]


def _mystery_game() -> tuple[list[str], int, set[str]]:
    """A bot game with every mystery safe, written as seen; the line of its mystery gun and the faces
    its player held then."""
    text, steps = _write_deadwood(b"\x00", 2, 0, {"mystery_safes": 5})
    lines = text.split("\n")
    gun = next(n for n, line in enumerate(lines, start=1) if "play_mystery_gun" in line)
    before = steps[gun - 2].state
    return lines, gun, {_face(c) for c in before.player(steps[gun - 1].seat).hand}


def test_a_mystery_gun_is_written_as_the_card_played_and_the_die_it_rolled() -> None:
    lines, number, _ = _mystery_game()
    line = json.loads(lines[number - 1])
    assert set(line) == {"seat", "command", "rolled"} and line["command"]["gun"] in {_face(c) for c in CARDS}
    expansion = expand_text("\n".join(lines))
    result = verify(expansion.header, expansion.entries, expansion.trailer)
    assert result.ok and result.verdict == "passed", result.problem
    entry = expansion.entries[number - 2]
    assert entry.command["kind"] == "play_mystery_gun"
    played = [e for e in entry.events if e["kind"] == "mystery_gun_played"]
    assert played and _face(played[0]["gun"]) == line["command"]["gun"]
    assert [f for e in entry.events if e["kind"] == "dice_rolled" for f in e["faces"]] == line["rolled"]


def _mystery_mistake(name: str) -> tuple[str, int, str]:
    lines, number, held = _mystery_game()
    line = json.loads(lines[number - 1])
    colour = line["command"]["gun"].split("-")[1]
    if name == "no die":
        del line["rolled"]
        code = "MISSING_ROLL"
    elif name == "a face the die does not have":
        line["rolled"] = [next(f for f in range(7) if f not in DICE[colour])]
        code = "IMPOSSIBLE_ROLL"
    else:  # a gun the player does not hold: every card of this game is written, so none can stand for it
        line["command"]["gun"] = next(f for f in sorted({_face(c) for c in CARDS}) if f not in held)
        code = "CARD_NOT_HELD"
    lines[number - 1] = json.dumps(line)
    return "\n".join(lines), number, code


@pytest.mark.parametrize("name", ["no die", "a face the die does not have", "a gun not in the hand"])
def test_a_mystery_gun_mistake_is_reported_at_its_line(name: str) -> None:
    text, number, code = _mystery_mistake(name)
    with pytest.raises(RecordingRejected) as rejected:
        expand_text(text)
    [problem] = rejected.value.problems
    assert (problem.line, problem.code) == (number, code), problem


MOST_WANTED_LINES = (SAMPLES / "most-wanted.rec").read_text(encoding="utf-8").split("\n")
MOST_WANTED: dict[str, tuple[int, str, str, Edit]] = {
    "the last call forgotten": (
        27, "NOT_TO_ACT", "line missing", whole(26, "# (the arbiter forgot Bob's last call)"),
    ),
    "a join at the last call": (
        26, "LAST_CALL", "join window has closed",
        at(26, '{"kind": "stay_put"}', '{"kind": "join_robbery", "cards": ["6-1"]}'),
    ),
    "a last call answered by the declarer": (
        26, "NOT_TO_ACT", "not seat 1 (Ann)", at(26, '"seat": 1', '"seat": 0'),
    ),
    "a first seat the table does not have": (
        3, "BAD_OPTIONS", "first_seat must name one of the seats",
        at(3, '"first_seat": 0', '"first_seat": 2'),
    ),
    "a drawn first player beside a named one": (
        3, "BAD_SETUP", '"setup.first_player" is only written', at(3, "]]}}", ']], "first_player": 1}}'),
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(MOST_WANTED))
def test_a_most_wanted_round_2_mistake_is_reported_at_its_line(name: str) -> None:
    number, code, words, edit = MOST_WANTED[name]
    assert "last call" in MOST_WANTED_LINES[24].lower()  # the sample's last call is where the cases say
    with pytest.raises(RecordingRejected) as rejected:
        expand_text("\n".join(edit(MOST_WANTED_LINES)))
    [problem] = rejected.value.problems
    assert (problem.line, problem.code) == (number, code), problem
    assert words in problem.message, problem
