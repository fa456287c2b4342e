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
from datetime import UTC, datetime, timedelta

from engines.base import fold
from replay.record import Entry
from service.auth import Caller
from service.games import Games
from service.generated.frontier.v1 import frontier_pb2
from service.listing import Summary
from service.records import IN_PROGRESS, GameRecord, decode_events
from service.store_events import CommandAccepted, RelayResealed
from service.views import redacted_entry_events, viewer_of
from tournaments.secrecy import deal_closed

POLL_SECONDS = 1.0  # how often a delayed stream looks for versions stored since it last read


def holds_back(record: GameRecord, caller: Caller) -> bool:
    """True when `caller` is a spectator of a delayed game (seats and the organiser carry tokens)."""
    return record.spectator_delay > 0 and caller.token is None


def release_times(app: Games, record: GameRecord) -> dict[int, datetime]:
    """When each stored version becomes public: its storing time plus the delay."""
    delay = timedelta(seconds=record.spectator_delay)
    times: dict[int, datetime] = {}
    for event in app.events.get(record.id):
        if isinstance(event, CommandAccepted):
            times.setdefault(int(event.entry["version"]), event.timestamp + delay)
        elif isinstance(event, RelayResealed):
            for entry in event.entries:
                times.setdefault(int(entry["version"]), event.timestamp + delay)
    return times


def public_version(app: Games, record: GameRecord, now: datetime | None = None) -> int:
    """The latest version a spectator may see now."""
    if record.spectator_delay <= 0:
        return record.game_version
    moment = now or datetime.now(UTC)
    released = [v for v, at in release_times(app, record).items() if at <= moment]
    return max([1, *released])


def public_record(app: Games, record: GameRecord, now: datetime | None = None) -> GameRecord:
    """The game as a spectator may see it: `record` folded only up to its public version."""
    version = public_version(app, record, now)
    if version >= record.game_version:
        return record
    game = record.header.game
    state = fold(record.engine, None, decode_events(game, record.setup_events))
    head = record.header.hash
    for entry in app.entries(record.header.game_id):
        if entry.version > version:
            break
        state = fold(record.engine, state, decode_events(game, entry.events))
        head = entry.hash
    return replace(record, state=state, game_version=version, head=head, status=IN_PROGRESS)


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
    """A spectator's WatchGame of a delayed game: each version once it is public, in order."""
    sent = from_version
    while True:
        record = await asyncio.to_thread(app.get, game_id)
        times = await asyncio.to_thread(release_times, app, record)
        now = datetime.now(UTC)
        shown = await asyncio.to_thread(public_record, app, record, now)
        viewer = viewer_of(shown, caller, deal_closed=await asyncio.to_thread(deal_closed, app, record))
        if sent < 1:
            events = redacted_entry_events(shown, shown.setup_events, viewer)
            status = shown.status if shown.game_version == 1 else IN_PROGRESS
            yield frontier_pb2.GameUpdate(version=1, events=events, status=status)
            sent = 1
        if sent < shown.game_version:
            entries = await asyncio.to_thread(_entries_after, app, game_id, sent)
            for entry in entries:
                if entry.version > shown.game_version:
                    break
                latest = entry.version == shown.game_version
                yield frontier_pb2.GameUpdate(
                    version=entry.version,
                    seat=entry.seat,
                    events=redacted_entry_events(shown, entry.events, viewer),
                    status=shown.status if latest else IN_PROGRESS,
                    seats_to_act=list(shown.engine.seats_to_act(shown.state)) if latest else [],
                )
                sent = entry.version
        if shown.status != IN_PROGRESS and sent >= shown.game_version:
            return
        pending = [at for v, at in times.items() if v > sent]
        wait = min([POLL_SECONDS, *((at - now).total_seconds() for at in pending)])
        await asyncio.sleep(max(wait, 0.01))


def _entries_after(app: Games, game_id: str, after: int) -> list[Entry]:
    return list(app.entries(game_id, after=after))
