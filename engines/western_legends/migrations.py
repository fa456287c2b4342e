"""Setup migrations between rules versions (engines/migrations.py).

western-legends/2 -> /3: version 3 writes `end_trigger` in `game_started` (WL-END-1); a game set up
under /2 left it out and played "end_phase". The migration writes the value /3 reads from the
game's options: the seed's "any_gain" unless the table named another.
western-legends/3 -> /4: version 4 decides Kit Carson's step when the Move ends (`kit_carson_step`
"end_of_move"); a game set up under /3 played "after_move". The migration writes the value /4 reads.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.base import Event, JsonValue
from engines.migrations import Migration
from engines.western_legends import events as ev
from engines.western_legends.state import State


def _writes(name: str) -> Migration:
    """A migration that writes option `name` as the newer rules read it from the game's options."""

    def migration(state: State, options: Mapping[str, JsonValue]) -> list[Event]:
        wanted = str(options[name])
        if state.option(name) == wanted:
            return []
        return [ev.RulesMigrated(text_options=((name, wanted),))]

    return migration


MIGRATIONS: dict[tuple[str, str], Migration] = {
    ("western-legends/2", "western-legends/3"): _writes("end_trigger"),
    ("western-legends/3", "western-legends/4"): _writes("kit_carson_step"),
}
