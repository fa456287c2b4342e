"""The spectator delay's stream: a spectator's WatchGame of a delayed game, each version once it is public.

A game created (or relayed, or forked) with `spectator_delay_seconds` shows a caller without a
token -- a spectator -- only the versions stored at least that long ago; seats and the organiser
see every version at once. The visibility gate decides it (`service.core.visibility`: every
public channel reads the game as the gate shows it); this module follows the public version as
it moves on. Until its last version is public a delayed game is in progress for spectators, so
nothing reveals the end early (not the status, nor the full view a finished game shows everyone).

The setup (version 1) is public at once: nobody has acted yet. A version's time is its stored
event's timestamp (wall clock, never hashed); a relayed line that re-expands the log
(RelayResealed) releases its new version by its own time.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime

from service.core.auth import Caller
from service.core.records import IN_PROGRESS
from service.core.root import Ledger
from service.core.views import redacted_entry_events
from service.generated.frontier.v1 import frontier_pb2

POLL_SECONDS = 1.0  # how often a delayed stream looks for versions stored since it last read


async def delayed_updates(
    ledger: Ledger, game_id: str, from_version: int, caller: Caller
) -> AsyncIterator[frontier_pb2.GameUpdate]:
    """A spectator's WatchGame of a delayed game: each version once it is public, in order.

    Each poll asks the gate and reads nothing its game's other spectators have read: the record
    is the cached one, and the public fold and the built updates are shared (relays.public_view).
    """
    app, views = ledger.games, ledger.public_views
    sent = from_version
    while True:
        record = await asyncio.to_thread(app.get, game_id)
        now = datetime.now(UTC)
        gate = ledger.gate
        sight = await asyncio.to_thread(gate.sight, record, caller, now)
        shown, viewer = sight.record, sight.viewer
        if sent < 1:
            events = redacted_entry_events(gate, shown, shown.setup_events, viewer)
            status = shown.status if shown.game_version == 1 else IN_PROGRESS
            yield frontier_pb2.GameUpdate(version=1, events=events, status=status)
            sent = 1
        if sent < shown.game_version:
            for update in await asyncio.to_thread(views.updates, gate, shown, sent, viewer):
                yield update
                sent = update.version
        if shown.status != IN_PROGRESS and sent >= shown.game_version:
            return
        pending = [at for v, at in views.release_times(record).items() if v > sent]
        wait = min([POLL_SECONDS, *((at - now).total_seconds() for at in pending)])
        await asyncio.sleep(max(wait, 0.01))
