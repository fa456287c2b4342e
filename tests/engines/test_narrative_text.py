"""Every sentence of every step of random games reads right: names, numbers and plurals agree.

An oracle over all three games: no `(s)`, no "1 cards" or "+1 wounds", no empty name
("as ," or ";  goes"), no doubled space or full stop, and a seat without a name reads "seat N".
"""

from __future__ import annotations

import re
from itertools import islice

import pytest

from engines.base import SPECTATOR, OptionError
from engines.registry import get_engine
from engines.simulate import playout

GAMES = ("most-wanted", "deadwood-1876", "western-legends")

# Each pattern is a reading a person would trip over.
BAD = {
    "a hedged plural": re.compile(r"\(s\)"),
    "a plural after one": re.compile(
        r"(?<![\w.])[+-]?1 (?:main |fight |marshal |legend |wanted |gold )?"
        r"(?:cards|wounds|points|dollars|nuggets|safes|spaces|bandits|rounds|events|commands|players|turns)\b"
    ),
    "an empty name": re.compile(
        r"(?:^|[;:,(] ?|\bto |\bagainst |\bas )(?:,|;|'s|\.|\s{2})|\bas ,|\bas \.|:\s*$"
    ),
    "a doubled space": re.compile(r"  "),
    "a doubled full stop": re.compile(r"\.\.(?!\.)|\. \."),
    "a spent action not said": re.compile(r"action spent"),
}


def sentences(game: str, seats: int, names: list[str], bot_seed: int) -> list[str]:
    engine = get_engine(game)
    said = []
    game_steps = playout(engine, seats, seed=bytes([bot_seed]) * 32, bot_seed=bot_seed)
    for step in islice(game_steps, 1500):  # a whole game, or its first 1500 steps
        for event in step.events:
            # As the organiser reads it, and as a spectator does (secrets redacted).
            for told in (event, engine.redact(event, SPECTATOR)):
                text = engine.describe(told, names)
                # The engines' fallback for an event they cannot tell is its kind in words.
                assert told.kind.replace("_", " ") not in text.lower(), (told, text)
                assert " 0 cards of " not in text, (told, text)
                said.append(text)
    return said


def problems(text: str) -> list[str]:
    return [what for what, pattern in BAD.items() if pattern.search(text)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bot_seed", [1, 2, 3])
def test_every_sentence_of_a_random_game_reads_right(game: str, bot_seed: int) -> None:
    engine = get_engine(game)
    seats = engine.min_seats + bot_seed % (engine.max_seats - engine.min_seats + 1)
    names = ["Ann", "", "Cy", ""][:seats] + [""] * max(0, seats - 4)  # unnamed seats among named ones
    said = sentences(game, seats, names, bot_seed)
    assert said
    found = {text: problems(text) for text in said if problems(text)}
    assert not found, found
    unnamed = [f"seat {s + 1}" for s in range(seats) if not names[s]]
    assert any(label in text for text in said for label in unnamed)


def test_the_oracle_catches_the_readings_it_forbids() -> None:
    for bad in (
        "Outlaw 1 as , Outlaw 2 as ; Outlaw 1 goes first.",
        "Outlaw 3 draws 1 card(s).",
        "Outlaw 3: +1 wounds (lost to the sheriff).",
        "Ann draws 1 cards.",
        "Ann: +1 marshal points.",
        "A game for 2 players begins (1 main rounds).",
        ";  goes first",
        "Turn 1:  is the active player",
        "Outlaw 3: action spent.",
        "The game ends..",
    ):
        assert problems(bad), bad
    for good in (
        "Outlaw 3: +1 wound (lost).",
        "Ann draws 2 cards.",
        "seat 2 goes first.",
        "Ann scores 1 LP.",
    ):
        assert not problems(good), good


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_option_error_agrees_with_its_count(game: str) -> None:
    engine = get_engine(game)
    for unknown, noun in (({"bogus": 1}, "option"), ({"bogus": 1, "other": 2}, "options")):
        with pytest.raises(OptionError) as raised:
            engine.options(unknown)
        message = str(raised.value)
        assert "(s)" not in message and re.search(rf"unknown (?:Deadwood 1876 )?{noun}\b", message), message
