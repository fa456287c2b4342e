"""Format 4: a seat commits to its client seed, the deal line reveals it (seeds/LOG-FORMAT.md)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.entropy import client_commitment, reveal_matches, reveal_problems
from replay.logfile import LogFormatError, read_bytes, read_text
from replay.narrative import describe_seat
from replay.record import SeatLine
from replay.verify import verify

CORPUS = Path(__file__).resolve().parents[2] / "seeds" / "conformance"


def _verified(name: str) -> tuple[str, str | None, int | None]:
    result = verify(*read_bytes((CORPUS / name).read_bytes()))
    if result.problem is None:
        return result.verdict, None, None
    return result.verdict, result.problem.code, result.problem.line


def test_a_committed_and_revealed_game_passes_and_a_format_3_game_still_does() -> None:
    assert _verified("good/most-wanted-commit-reveal.jsonl") == ("passed", None, None)
    assert _verified("good/most-wanted-committed-not-revealed.jsonl") == ("incomplete", None, None)
    assert _verified("good/deadwood-1876-player-entropy.jsonl") == ("passed", None, None)  # format 3


def test_each_forged_reveal_fails_at_its_line_with_its_code() -> None:
    assert _verified("fail/reveal-seed-edited.jsonl") == ("failed", "SEED_REVEAL_DIFFERS", 3)
    assert _verified("fail/commitment-edited.jsonl") == ("failed", "SEAT_ALTERED", 2)
    assert _verified("fail/commitment-edited-resalted.jsonl") == ("failed", "SEED_REVEAL_DIFFERS", 3)
    assert _verified("fail/reveal-missing.jsonl") == ("failed", "REVEAL_MISSING", 3)
    assert _verified("fail/unexpected-reveal.jsonl") == ("failed", "UNEXPECTED_REVEAL", 3)
    assert _verified("fail/missing-client-commitment.jsonl") == ("failed", "MISSING_CLIENT_SEED", 2)


def test_a_format_4_line_with_a_format_3_field_or_a_short_reveal_list_is_unreadable() -> None:
    lines = (CORPUS / "good/most-wanted-commit-reveal.jsonl").read_text(encoding="utf-8").splitlines()
    for index, edit in ((1, {"client_seed": "x"}), (2, {"client_seeds": [None]})):
        data = json.loads(lines[index])
        data.update(edit)
        edited = [*lines[:index], json.dumps(data), *lines[index + 1 :]]
        try:
            read_text("\n".join(edited))
        except LogFormatError as error:
            assert error.line == index + 1
        else:
            raise AssertionError(f"line {index + 1} edited with {edit} was read")


@settings(max_examples=50, deadline=None)
@given(seed=st.text(min_size=1, max_size=128), other=st.text(min_size=1, max_size=128))
def test_a_reveal_matches_only_the_seed_committed_to(seed: str, other: str) -> None:
    commitment = client_commitment(seed)
    assert reveal_matches(seed, commitment) and reveal_problems([None, commitment], [None, seed]) is None
    if other != seed:
        assert not reveal_matches(other, commitment)
        problem = reveal_problems([None, commitment], [None, other])
        assert problem is not None and problem[:2] == ("SEED_REVEAL_DIFFERS", 1)


def test_the_narrative_says_a_seat_committed() -> None:
    line = SeatLine(version=1, seat=1, player="Bea", client_seed=None, prev="0" * 64, format_version=4)
    assert (
        describe_seat(replace(line, client_commitment="a" * 64), [])
        == "Seat 2 taken by Bea (client seed committed)"
    )
