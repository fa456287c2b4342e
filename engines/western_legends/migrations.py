"""Setup migrations between rules versions (engines/migrations.py).

western-legends/2 -> /3: version 3 writes `end_trigger` in `game_started` (WL-END-1); a game set up
under /2 left it out and played "end_phase". The migration writes the value /3 reads from the
game's options: the seed's "any_gain" unless the table named another.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.base import Event, JsonValue
from engines.migrations import Migration
from engines.western_legends import events as ev
from engines.western_legends.state import State


def _end_trigger(state: State, options: Mapping[str, JsonValue]) -> list[Event]:
    wanted = str(options["end_trigger"])
    if state.option("end_trigger") == wanted:
        return []
    return [ev.RulesMigrated(text_options=(("end_trigger", wanted),))]


MIGRATIONS: dict[tuple[str, str], Migration] = {
    ("western-legends/2", "western-legends/3"): _end_trigger,
}
