"""Setup migrations between rules versions (engines/migrations.py).

most-wanted/2 -> /3: version 3's setup emits `rejoin_call_added` after `deck_shuffled` when the
re-join call is on (MW-ROB-8 (3b)); a game set up under /2 has no re-join call. The migration
adds it, unless the table's options turn it off.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.base import Event, JsonValue
from engines.migrations import Migration
from engines.most_wanted import events as ev
from engines.most_wanted.state import State


def _rejoin_call(state: State, options: Mapping[str, JsonValue]) -> list[Event]:
    if not options.get("rejoin_call", False) or state.settings.rejoin_call:
        return []
    return [ev.RejoinCallAdded()]


MIGRATIONS: dict[tuple[str, str], Migration] = {
    ("most-wanted/2", "most-wanted/3"): _rejoin_call,
}
