"""The narratives of the stored sample logs, read as a person would read them."""

from __future__ import annotations

import re

import pytest

from replay.narrative import narrate
from replay.trust.signed_log import read_signed
from tests.engines.test_narrative_text import problems
from tools.samples import DEFAULT_OUT, SIZES, sample_name

SAMPLES = [(game, players) for game, sizes in SIZES.items() for players in sizes]


def story(game: str, players: int) -> list[str]:
    text = (DEFAULT_OUT / game / f"{sample_name(game, players)}.jsonl").read_text(encoding="utf-8")
    header, entries, trailer, _ = read_signed(text.splitlines())
    return list(narrate(header, entries, trailer))


def test_the_western_legends_sample_names_characters_and_the_right_first_player() -> None:
    told = "\n".join(story("western-legends", 4))
    assert "Outlaw 3 goes first" in told  # the 4-player sample's first player (WL-SET-4)
    assert "Outlaw 1 goes first" not in told
    for seat in range(1, 5):
        assert re.search(rf"Outlaw {seat} plays as [A-Z][a-z]+", told), seat
    assert "Outlaw 4 plays as Annie Oakley" in told
    assert "action spent" not in told and " as ," not in told


@pytest.mark.parametrize(("game", "players"), SAMPLES, ids=[sample_name(g, p) for g, p in SAMPLES])
def test_every_line_of_every_sample_reads_right(game: str, players: int) -> None:
    told = story(game, players)
    assert told[-1].startswith("Result: ")
    found = {line: problems(line) for line in told if problems(line)}
    assert not found, list(found.items())[:3]
