"""Setup migrations: what an upgrade writes into a game in progress so it holds what a newer
rules version records at the start.

A rules version that changes what the setup records (an option `game_started` now writes, an
event the setup now emits) declares, in its game's `migrations.py`, one migration per version
pair: `MIGRATIONS[(older, newer)](state, options)` gives the events that bring a state set up
under `older` to what `newer` records, with `options` the game's options as `newer` reads them.
A pair without one cannot be migrated: its games move only if their setup re-runs unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.base import Engine, Event, JsonValue, fold, options_for_log

# (state under the older rules, the options as the newer rules read them) -> the events to fold
Migration = Callable[[Any, Mapping[str, JsonValue]], list[Event]]


def _number(rules_version: str) -> int:
    return int(rules_version.rpartition("/")[2])


def declared(engine: Engine) -> Mapping[tuple[str, str], Migration]:
    """The engine's migrations, by (older, newer) version pair."""
    found: Mapping[tuple[str, str], Migration] = getattr(engine, "migrations", {})
    return found


def migration_steps(engine: Engine, from_rules: str, to_rules: str) -> list[tuple[str, str]] | None:
    """The version pairs from `from_rules` up to `to_rules`, one version at a time, if every one
    declares a migration (None otherwise; [] for the same version)."""
    prefix = f"{engine.game_id}/"
    steps = [(f"{prefix}{n}", f"{prefix}{n + 1}") for n in range(_number(from_rules), _number(to_rules))]
    if any(step not in declared(engine) for step in steps):
        return None
    return steps


def migrate(
    engine: Engine, state: Any, raw_options: Mapping[str, JsonValue], from_rules: str, to_rules: str
) -> list[Event] | None:
    """The events that carry `state`, set up under `from_rules` from the header's `raw_options`,
    to what `to_rules` records (None: some version pair on the way declares no migration)."""
    steps = migration_steps(engine, from_rules, to_rules)
    if steps is None:
        return None
    events: list[Event] = []
    for step in steps:
        written = declared(engine)[step](state, options_for_log(engine, raw_options, step[1]))
        state = fold(engine, state, written)
        events.extend(written)
    return events
