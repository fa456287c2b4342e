"""Setup migrations in a log: an upgrade line records the one its version pair declares
(engines/migrations.py), and a re-run under newer rules starts from the migrated setup.

A game set up under older rules differs from one set up under newer rules only in what the newer
setup records (an option `game_started` now writes, an event it now emits) when its recorded
setup, migrated, is the newer setup on the same draws. Then it is compared command by command
under the newer rules from there; otherwise it differs at its setup, as without a migration.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import Engine, Event, JsonValue, fold
from engines.migrations import migrate, migration_steps
from engines.rng import Draw, ObservedRng


def recorded_rules(game: str, rules_version: str | None) -> str:
    """The rules a header names (a format 1 log's are `<game>/1`)."""
    return rules_version or f"{game}/1"


def migrates(engine: Engine, from_rules: str, to_rules: str) -> bool:
    """Whether a re-run from `from_rules` under a later `to_rules` starts from a migrated setup."""
    if from_rules == to_rules:
        return False
    return migration_steps(engine, from_rules, to_rules) is not None


def upgrade_events(
    engine: Engine, state: Any, raw_options: Mapping[str, JsonValue], from_rules: str, to_rules: str
) -> list[Event]:
    """The events an upgrade from `from_rules` to `to_rules` writes into `state`: the declared
    migrations' (none for a pair that declares none: its setup re-ran unchanged)."""
    return migrate(engine, state, raw_options, from_rules, to_rules) or []


def migrated_setup(
    engine: Engine,
    state: Any,
    raw_options: Mapping[str, JsonValue],
    target_options: Mapping[str, JsonValue],
    seats: int,
    draws: Sequence[Draw],
    from_rules: str,
    to_rules: str,
) -> tuple[Any, str | None]:
    """(`state`, set up under `from_rules`, migrated to `to_rules`; None, or why the newer rules'
    own setup on the same draws sets up another game than the migrated one)."""
    migrated = fold(engine, state, upgrade_events(engine, state, raw_options, from_rules, to_rules))
    try:
        fresh = fold(engine, None, engine.setup(target_options, seats, ObservedRng(draws)))
    except Exception as error:  # noqa: BLE001 -- the newer setup may ask other draws, or refuse
        return migrated, f"the setup under {to_rules} does not run on the recorded draws: {error}"
    # The whole state, not a view: a view may leave out a setting the migration must write.
    if fresh != migrated:
        return migrated, (
            f"the setup under {to_rules} sets up another game than the recorded one migrated "
            f"from {from_rules}: they differ in more than what {to_rules} records"
        )
    return migrated, None
