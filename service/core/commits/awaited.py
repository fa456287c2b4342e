"""A batch stored from the event loop: sealed there, its rows handed to the commit thread, awaited.

The loop serves every other call while the rows are written; the caller (holding the game's lock)
goes on only once they are durable, exactly as `Games.append` returns only then.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import IntegrityError

from service.core.commits.group import Waiter
from service.core.games import Games
from service.core.ledger_lines import Batch
from service.core.records import GameRecord


def cached(app: Games, uid: UUID) -> GameRecord | None:
    """The game's record if cached and a read would not ask the store for newer events (on
    PostgreSQL every read does): the loop may then decide without waiting on the store."""
    if app.repository.cache is None or app.repository.fastforward:
        return None
    with contextlib.suppress(KeyError):
        record = app.repository.cache.get(uid)
        return record if isinstance(record, GameRecord) else None
    return None


async def append_on_loop(app: Games, batch: Batch) -> GameRecord:
    """`Games.append` for the event loop; a lost race raises `IntegrityError`, to re-decide."""
    assert batch.before is not None
    try:
        await store_on_loop(app, batch.events)
    except IntegrityError:  # another server changed the game first
        app.forget(batch.before.id)
        raise
    except asyncio.CancelledError as cancelled:
        if cancelled.args == (_STORED,):  # durable all the same: the cache must know it
            app.stored(batch)
        raise
    return app.stored(batch)


_STORED = "cancelled once its rows were durable"


async def store_on_loop(app: Games, events: Sequence[Any]) -> None:
    """`Games.store` for the event loop: the rows are made here and awaited until durable."""
    loop = asyncio.get_running_loop()
    with app.writes.storing():
        stored = tuple(app.mapper.to_stored_event(event) for event in events)
        with app.write_cut.writing():  # a stopping server's cut refuses it before it writes
            durable: asyncio.Future[None] = loop.create_future()

            def settle(waiter: Waiter) -> None:  # on the commit thread
                loop.call_soon_threadsafe(_settle, durable, waiter.error)

            waiter = app.committer_of(stored[0].originator_id).enqueue(stored, settle)
            try:
                await asyncio.shield(durable)
            except asyncio.CancelledError:
                # The rows are queued and cannot be taken back: the game's lock and the cut wait
                # for their outcome (one transaction), so nothing decides on a state not yet known.
                waiter.done.wait()
                if waiter.error is None:
                    raise asyncio.CancelledError(_STORED) from None
                raise


def _settle(durable: asyncio.Future[None], error: BaseException | None) -> None:
    if durable.done():
        return
    if error is None:
        durable.set_result(None)
    else:
        durable.set_exception(error)
