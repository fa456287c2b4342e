"""The narrative: one line per step from the engine's sentences, then the result."""

from __future__ import annotations

from dataclasses import replace

from engines.registry import get_engine
from replay.narrative import describe_outcome, describe_step, narrate, seat_label
from replay.verify import steps
from tests.replay.helpers import TOY, edit_entry, first_index, reseal, simulated


def test_every_step_gets_a_line_then_the_result() -> None:
    header, entries, trailer = simulated(seats=3)
    story = list(narrate(header, entries, trailer))
    assert story[0] == "Toy Race — game game-1 [test-cup]"
    assert story[1] == "Players: seat 1 (Player 1), seat 2 (Player 2), seat 3 (Player 3)"
    assert story[2].startswith("Setup — a race to 20 starts for 3 players")
    told = story[3:-1]
    assert len(told) == len(entries)
    for number, (line, entry) in enumerate(zip(told, entries, strict=True), start=1):
        assert line.startswith(f"Step {number} — seat {entry.seat + 1} (Player {entry.seat + 1}): ")
    assert trailer.outcome is not None
    winner = trailer.outcome["ranking"][0][0]
    assert story[-1].startswith(f"Result: seat {winner + 1} (Player {winner + 1}) wins (reached the target)")


def test_a_step_joins_the_sentences_of_its_events() -> None:
    header, entries, _ = simulated()
    engine = get_engine(TOY)
    step = list(steps(header, entries))[1]
    assert step.seat is not None
    line = describe_step(engine, step.version, step.seat, step.events, ["Ann", "Bob"])
    expected = "; ".join(engine.describe(e, ["Ann", "Bob"]) for e in step.events)
    assert line == f"Step 1 — seat {step.seat + 1} ({['Ann', 'Bob'][step.seat]}): {expected}"
    assert describe_step(engine, 1, None, [], []) == "Setup — nothing happens"


def test_a_seat_without_a_name_of_its_own_is_just_its_number() -> None:
    assert seat_label(1, ["Ann", "seat 2"]) == "seat 2"
    assert seat_label(1, ["Ann", ""]) == "seat 2"
    assert seat_label(0, ["Ann"]) == "seat 1 (Ann)"


def test_an_unfinished_game_says_so() -> None:
    story = list(narrate(*simulated(max_steps=3)))
    assert len(story) == 3 + 3 + 1
    assert story[-1] == "Result: not decided yet: the game is not over."
    assert describe_outcome(None, []) == "not decided yet: the game is not over."


def test_a_tampered_log_is_told_up_to_the_bad_line() -> None:
    header, entries, trailer = simulated()
    i = first_index(entries, lambda e: True, start=4)
    forged = reseal(header, edit_entry(entries, i, seat=1 - entries[i].seat), trailer)
    story = list(narrate(*forged))
    assert story[-1].startswith(f"The log fails verification at line {i + 2} (version {i + 2})")
    assert len([line for line in story if line.startswith("Step ")]) == i
    assert not any(line.startswith("Result") for line in story)


def test_a_log_broken_at_the_header_tells_no_steps() -> None:
    header, entries, trailer = simulated()
    story = list(narrate(replace(header, tag="edited"), entries, trailer))
    assert story[-1].startswith("The log fails verification at line 1 (version 1): BROKEN_CHAIN")
    assert not any(line.startswith(("Setup", "Step")) for line in story)


def test_an_unknown_game_is_named() -> None:
    header, entries, trailer = simulated()
    story = list(narrate(replace(header, game="poker"), entries, trailer))
    assert story == [
        "Cannot tell game game-1: unknown game 'poker'; known games: " + story[0].split(": ", 2)[2]
    ]


def test_names_given_later_are_told_and_a_blank_name_reads_seat_n() -> None:
    header, entries, trailer = simulated(seats=3)
    story = list(narrate(header, entries, trailer, names=["Ann", "", "Cy"]))
    assert story[1] == "Players: seat 1 (Ann), seat 2, seat 3 (Cy)"
    assert not any("Player " in line for line in story)
    blank = list(narrate(*reseal(replace(header, players=("", "", "")), entries, trailer)))
    assert blank[1] == "Players: seat 1, seat 2, seat 3"
    assert any("seat 2" in line for line in blank[2:])
