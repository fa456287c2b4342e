"""Conformance cases for upgraded games (seeds/LOG-FORMAT.md, "Upgrade lines").

A Deadwood 1876 game created under deadwood-1876/2, upgraded to the newest rules after a few
commands (its history re-runs under them) and played on to its end; the same game with its
upgrade line edited and not re-sealed; a Most Wanted game created under most-wanted/2 upgraded
with its setup migration and finished; and a Most Wanted game under most-wanted/1 whose upgrade
claims rules its history does not re-run under (its setup differs, and /1 -> /2 declares no setup
migration), every hash redone.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from typing import Any

from engines.base import fold, options_as_recorded
from engines.codec import encode
from engines.registry import get_engine
from replay.forgeries import Record, finished_trailer, play_on, reseal
from replay.record import Entry, UpgradeLine, line_salt
from replay.setup_migration import upgrade_events
from replay.verify import build_record
from tools.corpus_seeds import corpus_opening

UPGRADE_AT = 8  # commands played under the older rules before the upgrade
# The Most Wanted game upgraded with its migration is capped at a few turns: the corpus
# stays small (tests/replay/test_conformance.py).
SHORT = {"most-wanted/2": {"max_turns": 3}}


def upgraded_record(game: str, older: str) -> tuple[Record, int]:
    """A two-seat bot game created under `older`, upgraded to the newest rules after UPGRADE_AT
    commands and played on to its end, seed revealed; and the index of its upgrade line."""
    return _upgraded(game, older)


@cache
def _upgraded(game: str, older: str) -> tuple[Record, int]:
    name = f"{game}-upgraded"
    engine = get_engine(game)
    complete, stored = options_as_recorded(engine, SHORT.get(older, {}), older)
    seed, game_id, played = corpus_opening(engine, complete, name, UPGRADE_AT)
    header, entries, _ = build_record(
        game_id, game, complete, 2, ["Old hand 1", "Old hand 2"], "conformance", seed, played
    )
    header = replace(header, options=stored, rules_version=older)
    version = entries[-1].version + 1
    # The version pair's setup migration, as the server's upgrade writes it (engines/migrations.py).
    migration = upgrade_events(engine, played[-1].state, stored, older, engine.rules_version)
    upgrade = UpgradeLine(
        version=version,
        from_rules=older,
        to_rules=engine.rules_version,
        prev="",
        salt=line_salt(seed, game_id, version),
        format_version=header.format_version,
        events=tuple(encode(event) for event in migration),
    )
    # The play on draws as the server would: the command making version v with counter v - 1.
    last = Entry(
        version=version,
        seat=0,
        command={},
        draws=(),
        events=(),
        prev="",
        format_version=header.format_version,
    )
    migrated = fold(engine, played[-1].state, migration)
    finished = play_on(engine, migrated, last, game_id, seed, bot_seed=random.Random(name).randrange(1 << 30))
    assert finished is not None, "the conformance upgrade must reach its end"
    tail, final = finished
    trailer = finished_trailer(
        engine, final, tail[-1].version if tail else version, seed, header.format_version
    )
    index = len(entries)
    return reseal(header, [*entries, upgrade, *tail], trailer), index


def upgrade_cases(text: Any, case: Any) -> list[Any]:
    """The good upgraded game and its forgeries, as `Case`s of tools/conformance.py."""
    good, index = upgraded_record("deadwood-1876", "deadwood-1876/2")
    header, entries, trailer = good
    line = index + 2
    upgrade = entries[index]
    assert isinstance(upgrade, UpgradeLine)
    # Each forgery ends with its upgrade line: what follows it plays no part in the verdict.
    edited = [*entries[:index], replace(upgrade, from_rules="deadwood-1876/1")]
    (diverging_header, diverging_entries, _), at = upgraded_record("most-wanted", "most-wanted/1")
    diverging = (diverging_header, diverging_entries[: at + 1], None)
    migrated, migrated_at = upgraded_record("most-wanted", "most-wanted/2")
    migrated_line = migrated[1][migrated_at]
    assert isinstance(migrated_line, UpgradeLine) and migrated_line.events
    return [
        case(
            "good/most-wanted-upgraded.jsonl",
            "passed",
            None,
            None,
            f"a game created under most-wanted/2, upgraded to {migrated_line.to_rules} at version "
            f"{migrated_line.version} with its setup migration (the re-join call, in the line's `events`) "
            "and finished under them",
            text(migrated),
        ),
        case(
            "good/deadwood-1876-upgraded.jsonl",
            "passed",
            None,
            None,
            f"a game created under deadwood-1876/2, upgraded to {upgrade.to_rules} at version "
            f"{upgrade.version} (its history re-runs under them) and finished under them",
            text(good),
        ),
        case(
            "fail/upgrade-line-edited.jsonl",
            "failed",
            "BROKEN_CHAIN",
            line,
            "the upgrade line's `from` edited, the line not re-sealed (the log ends there)",
            text((header, edited, None)),
        ),
        case(
            "fail/upgrade-migration-edited.jsonl",
            "failed",
            "MIGRATION_DIFFERS",
            migrated_at + 2,
            "the most-wanted/2 game upgraded with its setup migration, the migration's event left out "
            "of the upgrade line; every hash redone (the log ends there)",
            text(reseal(migrated[0], [*migrated[1][:migrated_at], replace(migrated_line, events=())], None)),
        ),
        case(
            "fail/upgrade-diverges.jsonl",
            "failed",
            "UPGRADE_DIVERGES",
            at + 2,
            "a most-wanted/1 game upgraded to most-wanted/3, whose setup differs under them; "
            "every hash redone (the log ends there)",
            text(diverging),
        ),
    ]
