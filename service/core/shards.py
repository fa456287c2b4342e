"""Games split across several PostgreSQL databases by game id, and reads served by replicas.

The library's PostgreSQL recorder locks its table for every insert, so one database takes one
write at a time. `ShardedRecorder` stands where the application's recorder stands and sends each
aggregate's events to one database, its shard, chosen by `shard_of`: the first 8 bytes of the
SHA-256 of the id's 16 bytes, big-endian, modulo the number of databases. The choice depends on the
id and the count alone, so every server of a deployment agrees on it and a game never moves; each
database remembers its place and the count (`claim_place`), and a server started with the
databases listed in another order or number stops before it reads or writes anything.

A replica (a streaming standby of a shard's server) may serve reads that can be a little stale:
`settled_events` reads a game there only when the replica holds every event the primary does at
the moment of the call, else from the primary, so no answer is older than one already given.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any
from uuid import UUID, uuid4

from eventsourcing.persistence import (
    ApplicationRecorder,
    InfrastructureFactory,
    Notification,
    StoredEvent,
    Subscription,
)
from eventsourcing.utils import Environment

PLACE_TABLE = "frontier_shard"


class ShardsMismatch(Exception):
    """A database listed at another place, or in a list of another length, than when first used."""


def shard_of(uid: UUID | str, count: int) -> int:
    """The shard of an aggregate: stable across servers, versions and restarts (docs/scaling.md)."""
    if count == 1:
        return 0
    digest = hashlib.sha256((uid if isinstance(uid, UUID) else UUID(uid)).bytes).digest()
    return int.from_bytes(digest[:8], "big") % count


def recorders_of(recorder: Any) -> list[Any]:
    """Each database's recorder, in shard order: one for a store that is not split."""
    return list(recorder.shards) if isinstance(recorder, ShardedRecorder) else [recorder]


def claim_place(recorder: Any, place: int, count: int) -> None:
    """Record this database's place among `count` on first use; refuse a changed list after.

    Games are placed by `shard_of(id, count)`: with another count or order, every read would look
    in the wrong database and new games would land beside old ones that can no longer be found. A
    database that already holds games stored while it was the only one is refused for the same reason.
    """
    with recorder.datastore.transaction(commit=True) as cursor:
        cursor.execute("SELECT to_regclass(%s) IS NOT NULL AS known", (PLACE_TABLE,))
        placed = cursor.fetchone()["known"]
        cursor.execute(f"SELECT EXISTS (SELECT 1 FROM {recorder.events_table_name}) AS used")
        if not placed and cursor.fetchone()["used"]:
            raise ShardsMismatch(
                f"database {place + 1} of {count} already holds games stored while it was used alone: "
                "the list of databases must keep its order and length, or games would be looked for "
                "in the wrong database"
            )
        cursor.execute(
            f"CREATE TABLE IF NOT EXISTS {PLACE_TABLE} "
            "(id INTEGER PRIMARY KEY, place INTEGER NOT NULL, shards INTEGER NOT NULL)"
        )
        cursor.execute(
            f"INSERT INTO {PLACE_TABLE} (id, place, shards) VALUES (1, %s, %s) ON CONFLICT (id) DO NOTHING",
            (place, count),
        )
        cursor.execute(f"SELECT place, shards FROM {PLACE_TABLE} WHERE id = 1")
        row = cursor.fetchone()
    known = (row["place"], row["shards"])
    if known != (place, count):
        raise ShardsMismatch(
            f"database {place + 1} of {count} was first used as database {known[0] + 1} of {known[1]}: "
            "the list of databases must keep its order and length, or games would be looked for "
            "in the wrong database"
        )


class ShardedRecorder(ApplicationRecorder):
    """The application's recorder over several databases, each aggregate's events in one."""

    def __init__(self, shards: Sequence[ApplicationRecorder], replicas: Sequence[Any | None] = ()) -> None:
        self.shards = list(shards)
        self.replicas: list[Any | None] = list(replicas) or [None] * len(self.shards)
        assert len(self.replicas) == len(self.shards)

    def shard_for(self, uid: UUID | str) -> int:
        return shard_of(uid, len(self.shards))

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        """One transaction on the shard of the first event's aggregate (a save is one game's, with
        its idempotency key: service/core/games.py keeps them together)."""
        if not stored_events:
            return None
        shard = self.shards[self.shard_for(stored_events[0].originator_id)]
        return shard.insert_events(stored_events, **kwargs)

    def select_events(
        self,
        originator_id: UUID | str,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> Sequence[StoredEvent]:
        home = self.shard_for(originator_id)
        found = self.shards[home].select_events(originator_id, gt=gt, lte=lte, desc=desc, limit=limit)
        if found or gt is not None:
            return found
        # An imported game keeps the id its log names, so its idempotency key (whose own id places
        # it) is stored with the game on the game's shard: a key not at home may be there.
        for number, shard in enumerate(self.shards):
            if number != home:
                found = shard.select_events(originator_id, lte=lte, desc=desc, limit=limit)
                if found:
                    return found
        return found

    def settled_events(self, uid: UUID) -> Sequence[StoredEvent]:
        """A game's events from its shard's replica when that holds all the primary holds now,
        else from the primary: a read no older than any answer already given."""
        home = self.shard_for(uid)
        primary, replica = self.shards[home], self.replicas[home]
        if replica is not None:
            # Two reads of one row each by the index; a replica only moves forward, so once it holds
            # the primary's newest event, its whole read holds at least that much.
            newest = primary.select_events(uid, desc=True, limit=1)
            try:
                held = _once(replica, uid, desc=True, limit=1)
                if newest and held and held[0].originator_version >= newest[0].originator_version:
                    return _once(replica, uid)
            except Exception:  # a replica down or restarting: the primary answers
                pass
        return primary.select_events(uid)

    def select_notifications(
        self,
        start: int | None,
        limit: int,
        stop: int | None = None,
        topics: Sequence[str] = (),
        *,
        inclusive_of_start: bool = True,
    ) -> Sequence[Notification]:
        raise NotImplementedError("each shard has its own notification ids: follow recorders_of(...)")

    def max_notification_id(self) -> int | None:
        """Asks every shard (a health check's ping): the largest id of any."""
        ids = [shard.max_notification_id() for shard in self.shards]
        known = [i for i in ids if i is not None]
        return max(known) if known else None

    def subscribe(
        self, gt: int | None = None, topics: Sequence[str] = ()
    ) -> Subscription[ApplicationRecorder]:
        raise NotImplementedError("the games' application polls each shard (service/core/listing.py)")


def _once(replica: Any, uid: UUID, **options: Any) -> Sequence[StoredEvent]:
    """`replica.select_events` tried once: the library tries a failed read 10 times, 0.2 s apart,
    and a replica restarting is better passed over at once, for the primary to answer."""
    select = getattr(type(replica).select_events, "__wrapped__", None)
    found: Sequence[StoredEvent] = (
        select(replica, uid, **options) if select else replica.select_events(uid, **options)
    )
    return found


def events_of(app: Any, uid: UUID, settled: bool) -> Iterable[Any]:
    """A game's events; `settled` (a read that may be stale), from its replica when one is
    configured and has caught up with the primary."""
    if settled and isinstance(app.recorder, ShardedRecorder):
        return map(app.mapper.to_domain_event, app.recorder.settled_events(uid))
    return app.events.get(uid)  # type: ignore[no-any-return]


def uid_beside(key: UUID | None, count: int) -> UUID:
    """A new game's id on the shard of its idempotency key, so the two share one transaction and
    two calls with one key meet in one database (uniform: each draw lands there with p = 1/count)."""
    while True:
        uid = uuid4()
        if key is None or shard_of(uid, count) == shard_of(key, count):
            return uid


SHARDS_ENV = "FRONTIER_SHARDS"  # JSON: each database's POSTGRES_* settings, in shard order
REPLICAS_ENV = "FRONTIER_REPLICAS"  # JSON: each shard's replica's POSTGRES_* settings, or null


def sharded_recorder(env: Any) -> ShardedRecorder | None:
    """The recorder over the databases `env` names (service/config.py), None for one plain store."""
    listed = env.get(SHARDS_ENV)
    if not listed:
        return None
    shards: list[Any] = json.loads(listed)
    replicas: list[Any] = json.loads(env.get(REPLICAS_ENV) or "[]") or [None] * len(shards)
    base = {key: env.get(key) for key in env if key not in (SHARDS_ENV, REPLICAS_ENV)}
    recorders: list[Any] = []
    try:
        for place, settings in enumerate(shards):
            recorder = InfrastructureFactory.construct(Environment(env.name, {**base, **settings}))
            recorders.append(recorder.application_recorder())
            if len(shards) > 1:
                claim_place(recorders[-1], place, len(shards))
    except Exception:
        # A refused start must not keep its databases' connections: close what was opened.
        for opened in recorders:
            opened.datastore.close()
        raise
    readers = [
        None
        if settings is None
        else InfrastructureFactory.construct(
            Environment(env.name, {**base, **settings, "CREATE_TABLE": "n"})
        ).application_recorder()
        for settings in replicas
    ]
    return ShardedRecorder(recorders, readers)
