"""The sample match logs in seeds/logs: complete games that verify, and current with the engines."""

from __future__ import annotations

from pathlib import Path

import pytest

from replay.trust.keys import load_public_key
from replay.trust.signed_log import line_hashes, read_signed
from replay.trust.verdict import judge
from replay.verify import verify
from tools.samples import DEFAULT_OUT, SIZES, sample_files, sample_name

SAMPLE_PUBLIC_KEY = DEFAULT_OUT.parent / "keys" / "samples.pub"

SAMPLES = [(game, players) for game, sizes in SIZES.items() for players in sizes]


def test_there_are_at_least_three_samples_of_each_game() -> None:
    for game in SIZES:
        logs = sorted((DEFAULT_OUT / game).glob("*.jsonl"))
        assert len(logs) >= 3, f"{game}: {logs}"


@pytest.mark.parametrize(("game", "players"), SAMPLES, ids=[sample_name(g, p) for g, p in SAMPLES])
def test_each_stored_sample_is_a_finished_game_that_verifies(game: str, players: int) -> None:
    text = (DEFAULT_OUT / game / f"{sample_name(game, players)}.jsonl").read_text(encoding="utf-8")
    header, entries, trailer, checkpoint = read_signed(text.splitlines())
    assert (header.game, header.seats) == (game, players)
    verification = verify(header, entries, trailer)
    assert verification.ok, verification.problem
    signature = judge(
        header.game_id,
        line_hashes(header, entries),
        checkpoint,
        [load_public_key(SAMPLE_PUBLIC_KEY)],
        trailer=trailer,
    )
    assert signature.verified, signature.message
    assert trailer is not None and trailer.status == "finished" and trailer.seed is not None
    assert verification.seed_matches is True
    assert trailer.outcome is not None and "cap" not in str(trailer.outcome.get("reason")), trailer.outcome


@pytest.mark.parametrize(("game", "players"), SAMPLES, ids=[sample_name(g, p) for g, p in SAMPLES])
def test_each_stored_sample_is_current(game: str, players: int) -> None:
    """When an engine changes its events, regenerate with `python -m tools.samples`."""
    for name, text in sample_files(game, players).items():
        stored = Path(DEFAULT_OUT / game / name)
        assert stored.read_text(encoding="utf-8") == text, f"{stored} is stale: run python -m tools.samples"
