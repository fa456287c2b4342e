"""Setup migrations (engines/migrations.py, replay/setup_migration.py): a migrated older setup must
be the newer setup on the same draws, or the game differs at its setup."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engines.base import fold, options_for_log
from engines.game import GameEngine
from engines.migrations import migrate, migration_steps
from engines.most_wanted import events as mw
from engines.registry import get_engine
from engines.rng import SeededRng
from engines.western_legends import events as wl
from replay import logfile
from replay.record import UpgradeLine
from replay.setup_migration import migrated_setup


def set_up(engine: GameEngine, rules: str, seats: int = 3) -> tuple[Any, list[Any]]:
    """A game set up under `rules`: its state, and the draws it made."""
    rng = SeededRng(b"m" * 32, "migration", 0)
    state = fold(engine, None, engine.setup(options_for_log(engine, {}, rules), seats, rng))
    return state, list(rng.draws)


def migrated(engine: GameEngine, older: str) -> tuple[Any, str | None]:
    state, draws = set_up(engine, older)
    target = options_for_log(engine, {}, engine.rules_version)
    return migrated_setup(engine, state, {}, target, 3, draws, older, engine.rules_version)


def test_WL_END_1_a_western_legends_2_setup_migrates_to_the_seeds_end_trigger() -> None:
    engine = get_engine("western-legends")
    assert isinstance(engine, GameEngine)
    state, _ = set_up(engine, "western-legends/2")
    assert state.option("end_trigger") == "end_phase"
    events = migrate(engine, state, {}, "western-legends/2", "western-legends/3")
    assert events == [wl.RulesMigrated(text_options=(("end_trigger", "any_gain"),))]
    after, differs = migrated(engine, "western-legends/2")
    assert differs is None and after.option("end_trigger") == "any_gain"
    # A table that named the v2 trigger keeps it: nothing to write.
    assert (
        migrate(engine, state, {"end_trigger": "end_phase"}, "western-legends/2", "western-legends/3") == []
    )


def test_MW_ROB_8_a_most_wanted_2_setup_migrates_to_the_rejoin_call() -> None:
    engine = get_engine("most-wanted")
    assert isinstance(engine, GameEngine)
    state, _ = set_up(engine, "most-wanted/2")
    assert migrate(engine, state, {}, "most-wanted/2", "most-wanted/3") == [mw.RejoinCallAdded()]
    assert migrate(engine, state, {"rejoin_call": False}, "most-wanted/2", "most-wanted/3") == []
    after, differs = migrated(engine, "most-wanted/2")
    assert differs is None and after.settings.rejoin_call
    assert migration_steps(engine, "most-wanted/1", "most-wanted/3") is None  # /1 -> /2 declares none


def test_UPGRADE_a_migration_that_does_not_give_the_newer_setup_differs_at_the_setup() -> None:
    engine = get_engine("most-wanted")
    assert isinstance(engine, GameEngine)
    writes_nothing = replace(
        engine, migrations={("most-wanted/2", "most-wanted/3"): lambda state, options: []}
    )
    _, differs = migrated(writes_nothing, "most-wanted/2")
    assert differs is not None and "differ in more than what most-wanted/3 records" in differs
    state, draws = set_up(engine, "most-wanted/2")
    target = options_for_log(engine, {}, "most-wanted/3")
    _, short = migrated_setup(engine, state, {}, target, 3, draws[:1], "most-wanted/2", "most-wanted/3")
    assert short is not None and "does not run on the recorded draws" in short


def test_UPGRADE_a_reader_takes_an_upgrade_lines_events_only_as_a_non_empty_list_of_objects() -> None:
    path = (
        Path(__file__).resolve().parents[2] / "seeds" / "conformance" / "good" / "most-wanted-upgraded.jsonl"
    )
    lines = path.read_text().splitlines()
    at = next(n for n, line in enumerate(lines) if json.loads(line)["type"] == "upgrade")
    read = logfile.read_text("\n".join(lines) + "\n")
    (upgrade,) = [line for line in read[1] if isinstance(line, UpgradeLine)]
    assert upgrade.events == ({"kind": "rejoin_call_added", "v": 1},)
    for wrong in ([], {"kind": "rejoin_call_added"}, ["rejoin_call_added"]):
        data = json.loads(lines[at])
        data["events"] = wrong
        edited = [*lines[:at], json.dumps(data), *lines[at + 1 :]]
        with pytest.raises(logfile.LogFormatError, match="field events must be"):
            logfile.read_text("\n".join(edited) + "\n")
