"""Every registered game's logs survive the file round trip and verify; tampering is caught.

Runs for each id in engines.registry.game_ids(); skipped while no engine is built.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engines.registry import game_ids, get_engine
from replay import logfile
from replay.audit import build_report
from replay.narrative import narrate
from replay.verify import verify
from tests.replay.helpers import reseal, simulated, tabletop

GAMES = game_ids()
pytestmark = pytest.mark.skipif(not GAMES, reason="no game engine is built yet")


@pytest.mark.parametrize("game", GAMES)
def test_a_short_playout_is_written_read_and_verified_with_its_seed(game: str, tmp_path: Path) -> None:
    engine = get_engine(game)
    record = simulated(game, engine.min_seats, game_id=f"{game}-short", max_steps=30, reveal_seed=True)
    path = tmp_path / "short.log"
    logfile.write(path, *record)
    assert logfile.read(path) == record
    result = verify(*logfile.read(path))
    assert result.ok, result.problem
    header, entries, _ = record
    assert result.draws_rederived == len(header.setup_draws) + sum(len(e.draws) for e in entries)
    assert verify(*tabletop(record)).ok


@pytest.mark.parametrize("game", GAMES)
def test_a_full_game_verifies_and_audits_and_tells_every_step(game: str, tmp_path: Path) -> None:
    engine = get_engine(game)
    record = simulated(game, engine.max_seats, game_id=f"{game}-full", bot_seed=3)
    path = tmp_path / "full.log"
    logfile.write(path, *record)
    header, entries, trailer = logfile.read(path)
    assert trailer is not None and trailer.status == "finished"
    result = verify(header, entries, trailer)
    assert result.ok, result.problem
    assert build_report(header, entries, trailer, result).to_markdown().count("**PASSED**") == 1
    story = list(narrate(header, entries, trailer))
    assert len(story) == len(entries) + 4 and story[-1].startswith("Result: ")


@pytest.mark.parametrize("game", GAMES)
def test_a_dropped_event_resealed_is_caught_at_its_line(game: str) -> None:
    engine = get_engine(game)
    header, entries, trailer = simulated(game, engine.min_seats, max_steps=30, reveal_seed=True)
    index = next(i for i, entry in enumerate(entries) if entry.events)
    edited = list(entries)
    edited[index] = replace(entries[index], events=entries[index].events[:-1])
    result = verify(*reseal(header, edited, trailer))
    assert result.problem is not None
    assert (result.problem.line, result.problem.code) == (index + 2, "EVENTS_DIFFER")
