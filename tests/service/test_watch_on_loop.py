"""A live step built on the loop from the record at hand is the step the store read would build.

`Watching.cached` finds the record the writer cached in the application (no store read),
and `_update` builds the step from it; the plain path reads the game from the store in a
fresh application and builds the step there. Over random games on a real SQLite file, for
every seat and a spectator, at every version, the two steps are identical.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.bot import random_command
from service.config import Settings
from service.core.auth import Caller
from service.core.commands import submit
from service.core.creation import create_game
from service.core.games import Games
from service.core.records import FINISHED
from service.core.root import Ledger
from service.core.views import redacted_entry_events
from service.core.watching import Watching


@pytest.mark.parametrize("game", ["most-wanted", "deadwood-1876", "western-legends"])
@settings(max_examples=2, deadline=None)
@given(bot_seed=st.integers(0, 2**16))
def test_a_step_from_the_record_at_hand_is_the_step_from_the_store(
    tmp_path_factory: pytest.TempPathFactory, game: str, bot_seed: int
) -> None:
    data: Path = tmp_path_factory.mktemp("data")
    env = Settings(data=data, store="sqlite").store_env()
    app = Games(env=env)
    watching = Watching(Ledger(app), max_watchers=10)
    try:
        record, grants = create_game(app, game, 3, ["a", "b", "c"], {}, "on-loop")
        game_id = record.header.game_id
        callers = [Caller(token) for _, _, token in grants] + [Caller(None)]
        chooser = random.Random(bot_seed)
        for number in range(40):
            if record.status == FINISHED:
                break
            seat = chooser.choice(record.engine.seats_to_act(record.state))
            command = random_command(record.engine, record.state, seat, chooser)
            assert command is not None
            accepted = submit(app, game_id, Caller(grants[seat][2]), f"c{number}", None, command)
            record = accepted.record
            entry = accepted.entry.to_json()
            at_hand = watching.cached(game_id, entry["version"])
            assert at_hand is record  # the writer's record, found without reading the store
            reader = Watching(Ledger(Games(env=env)), max_watchers=10)  # nothing cached: reads the store
            try:
                for caller in callers:
                    fast = watching._update(game_id, entry, caller, at_hand)
                    plain = reader._update(game_id, entry, caller)
                    assert fast.SerializeToString() == plain.SerializeToString(), (entry["version"], caller)
                    # The events also as the unshared path redacts them (the two above share decodings).
                    stored = reader.latest(game_id, entry["version"])
                    unshared = redacted_entry_events(
                        reader.ledger.gate,
                        stored,
                        entry["events"],
                        reader.ledger.gate.sight(stored, caller).viewer,
                    )
                    assert list(fast.events) == unshared
            finally:
                reader.close()
    finally:
        watching.close()
