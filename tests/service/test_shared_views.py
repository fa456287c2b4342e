"""The shared per-entry redaction (service.core.views.EntryEvents) gives each viewer the plain path's events.

The plain path decodes an entry, redacts each event for one viewer and encodes it; the shared
path decodes once per entry and reuses the message of any event that a viewer's redaction left
untouched. Over random games of every engine, for every viewer, in any order and repeatedly
(a cache hit must be no different from the first build), the serialised messages are identical.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import SPECTATOR
from engines.codec import encode
from engines.registry import get_engine
from engines.simulate import playout
from service.core.rendering import Rendering
from service.core.views import EntryEvents, game_event

GAMES = ("most-wanted", "deadwood-1876", "western-legends")


def plain(game: str, events: list[object], viewer: int) -> list[bytes]:
    engine = get_engine(game)
    return [game_event(game, encode(engine.redact(e, viewer))).SerializeToString() for e in events]  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=4, deadline=None)
@given(seed=st.binary(min_size=8, max_size=8), bot_seed=st.integers(0, 2**16), seats=st.integers(2, 4))
def test_every_viewer_gets_the_plain_redaction_of_every_entry(
    game: str, seed: bytes, bot_seed: int, seats: int
) -> None:
    engine = get_engine(game)
    seats = min(max(seats, engine.min_seats), engine.max_seats)
    order = random.Random(bot_seed)
    viewers = [*range(seats), SPECTATOR]
    checked = 0
    for step in playout(engine, seats, seed=seed, bot_seed=bot_seed, lean=0.5, max_steps=2000):
        stored = [encode(e) for e in step.events]
        # Decoded from the store (a watcher), or the events as decided (the command's answer).
        shared = EntryEvents(game, stored, list(step.events) if order.random() < 0.5 else None)
        # Viewers ask in any order, some twice: the second answer comes from what the first built.
        asking = viewers * 2
        order.shuffle(asking)
        for viewer in asking:
            got = [m.SerializeToString() for m in shared.seen_by(Rendering(), engine, viewer)]
            assert got == plain(game, list(step.events), viewer), (step.version, viewer)
            checked += 1
        if step.version > 150:
            break
    assert checked > 0


@pytest.mark.parametrize("game", GAMES)
def test_two_seats_differ_exactly_where_their_hidden_cards_differ(game: str) -> None:
    """Attack on the sharing: ask for every seat's events in turn from one shared entry and
    check that no seat gets an event that redaction hides from it, and that two seats' events
    differ exactly at the events their plain redactions differ."""
    engine = get_engine(game)
    seats = min(4, engine.max_seats)
    differing = 0
    for step in playout(engine, seats, seed=b"shared-1", bot_seed=3, lean=0.5, max_steps=2000):
        shared = EntryEvents(game, [encode(e) for e in step.events])
        seen = {
            v: [m.SerializeToString() for m in shared.seen_by(Rendering(), engine, v)] for v in range(seats)
        }
        unredacted = [game_event(game, encode(e)).SerializeToString() for e in step.events]
        for viewer in range(seats):
            for index, event in enumerate(step.events):
                if engine.redact(event, viewer) != event:
                    assert seen[viewer][index] != unredacted[index], (step.version, viewer, event)
            for other in range(viewer + 1, seats):
                mine, theirs = plain(game, list(step.events), viewer), plain(game, list(step.events), other)
                where = [i for i in range(len(mine)) if mine[i] != theirs[i]]
                assert [i for i in range(len(mine)) if seen[viewer][i] != seen[other][i]] == where
                differing += bool(where)
        if step.version > 120:
            break
    assert differing > 0  # the game did hide something from someone
