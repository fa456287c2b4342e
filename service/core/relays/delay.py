"""The spectator delay: every public channel of a game lags behind by its delay.

A game created (or relayed, or forked) with `spectator_delay_seconds` shows a
caller without a token -- a spectator -- only the versions stored at least that
long ago; seats and the organiser see every version at once. Each public channel
reads through `public_record`, the game as it stood at its latest public
version: GetState, WatchGame (`delayed_updates`), Replay, ExportLog, Audit,
ProveInclusion, ListGames and the web viewer. Until its last version is public a
delayed game is in progress for spectators, so nothing reveals the end early
(not the status, nor the full view a finished game shows everyone).

The setup (version 1) is public at once: nobody has acted yet. A version's time
is its stored event's timestamp (wall clock, never hashed); a relayed line that
re-expands the log (RelayResealed) releases its new version by its own time.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime

from service.core.auth import Caller
from service.core.games import Games
from service.core.listing import Summary
from service.core.records import IN_PROGRESS, GameRecord
from service.core.relays.public_view import public_views
from service.core.tournaments.secrecy import deal_closed
from service.core.views import redacted_entry_events, viewer_of
from service.generated.frontier.v1 import frontier_pb2

POLL_SECONDS = 1.0  # how often a delayed stream looks for versions stored since it last read


def holds_back(record: GameRecord, caller: Caller) -> bool:
    """True when `caller` is a spectator of a delayed game (seats and the organiser carry tokens)."""
    return record.spectator_delay > 0 and caller.token is None


def release_times(app: Games, record: GameRecord) -> dict[int, datetime]:
    """When each stored version becomes public: its storing time plus the delay."""
    return public_views(app).release_times(record)


def public_version(app: Games, record: GameRecord, now: datetime | None = None) -> int:
    """The latest version a spectator may see now."""
    return public_views(app).public_version(record, now or datetime.now(UTC))


def public_record(app: Games, record: GameRecord, now: datetime | None = None) -> GameRecord:
    """The game as a spectator may see it: `record` folded only up to its public version.

    Shared by every spectator and channel (relay.public_view): read and folded once per version.
    """
    return public_views(app).public_record(record, now or datetime.now(UTC))


def public_search(
    app: Games, *, game: str, status: str, player: str, tag: str, after: int, limit: int
) -> list[Summary]:
    """ListGames for a spectator: the status filter applies to the public status.

    Filtering on the stored status first would drop a delayed game that is over for its seats
    but not yet for spectators from both lists, which tells that it ended.
    """
    shown: list[Summary] = []
    cursor = after
    while len(shown) < limit:
        batch = app.index.search(game=game, player=player, tag=tag, after=cursor, limit=limit)
        shown.extend(public_summaries(app, batch, status))
        if len(batch) < limit:
            break
        cursor = batch[-1].position
    return shown[:limit]


def public_summaries(app: Games, found: list[Summary], status: str) -> list[Summary]:
    """ListGames for a spectator: a delayed game's version and status as they are public."""
    shown = []
    for summary in found:
        if summary.spectator_delay > 0:
            record = public_record(app, app.get(summary.game_id))
            summary = replace(
                summary, commands=record.game_version - 1, finished=record.status != IN_PROGRESS
            )
        if status and summary.status != status:
            continue
        shown.append(summary)
    return shown


async def delayed_updates(
    app: Games, game_id: str, from_version: int, caller: Caller
) -> AsyncIterator[frontier_pb2.GameUpdate]:
    """A spectator's WatchGame of a delayed game: each version once it is public, in order.

    Each poll reads nothing its game's other spectators have read: the record is the cached one,
    and the public fold and the built updates are shared (relay.public_view).
    """
    views = public_views(app)
    sent = from_version
    while True:
        record = await asyncio.to_thread(app.get, game_id)
        now = datetime.now(UTC)
        shown = await asyncio.to_thread(views.public_record, record, now)
        viewer = viewer_of(shown, caller, deal_closed=await asyncio.to_thread(deal_closed, app, record))
        if sent < 1:
            events = redacted_entry_events(shown, shown.setup_events, viewer)
            status = shown.status if shown.game_version == 1 else IN_PROGRESS
            yield frontier_pb2.GameUpdate(version=1, events=events, status=status)
            sent = 1
        if sent < shown.game_version:
            for update in await asyncio.to_thread(views.updates, shown, sent, viewer):
                yield update
                sent = update.version
        if shown.status != IN_PROGRESS and sent >= shown.game_version:
            return
        pending = [at for v, at in views.release_times(record).items() if v > sent]
        wait = min([POLL_SECONDS, *((at - now).total_seconds() for at in pending)])
        await asyncio.sleep(max(wait, 0.01))
