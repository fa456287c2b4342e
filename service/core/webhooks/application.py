"""The webhooks' application: the registry and each endpoint's outbox, stored in the kernel's store.

Built in the composition root (service/core/root.py) beside the kernel, as the tournaments' application
is: its events go into the same table through the kernel's `store` (same transactions, write cut and
write health) and it reads them with a repository and cache of its own. A write re-reads and tries
again when another server over the same PostgreSQL database wrote first.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Repository
from eventsourcing.persistence import IntegrityError

from replay.reasons import Reason
from service.core.errors import NotFound
from service.core.fields import parse_uuid
from service.core.games import Games
from service.core.store_events import event_at
from service.core.webhooks.outbox import Delivery, Outbox, project_outbox
from service.core.webhooks.registry import REGISTRY_ID, Endpoint, Registry, project_registry
from service.core.webhooks.store_events import (
    DeliveriesOwed,
    DeliveriesReplayed,
    DeliveryDead,
    DeliveryDone,
    EndpointRegistered,
    EndpointRemoved,
    SecretRotated,
)

CACHE_SIZE = 1000  # outboxes kept folded
TRIES = 5  # writes re-decided after losing a race to another server
R = TypeVar("R")


class Webhooks:
    """One server's webhook endpoints and the deliveries owed to them."""

    def __init__(self, games: Games) -> None:
        self._games = games
        self.repository: Repository[UUID] = Repository(
            games.events,
            cache_maxsize=CACHE_SIZE,
            fastforward=games.repository.fastforward,
            deepcopy_from_cache=False,  # records are immutable
        )
        self._lock = threading.Lock()  # one write at a time in this process; the store orders the rest
        self._cache_lock = threading.Lock()  # a cached record is only ever replaced by a newer one

    # -- the registry ----------------------------------------------------------

    def registry(self) -> Registry:
        found = self._get(REGISTRY_ID, project_registry)
        return found if isinstance(found, Registry) else Registry(REGISTRY_ID, 0, {})

    def endpoint(self, endpoint_id: str) -> Endpoint:
        uid = parse_uuid(endpoint_id, "endpoint_id", Reason.BAD_WEBHOOK_ID)
        endpoint = self.registry().endpoints.get(str(uid))
        if endpoint is None:
            raise NotFound(Reason.WEBHOOK_NOT_FOUND, f"no webhook endpoint with id {endpoint_id}")
        return endpoint

    def register(self, endpoint: Endpoint) -> None:
        self._write(
            lambda: [self._registry_event(EndpointRegistered, endpoint=endpoint.to_json())], project_registry
        )

    def rotate(self, endpoint_id: str, secret: str, previous_until: str) -> None:
        def events() -> list[Any]:
            found = self.endpoint(endpoint_id)
            return [
                self._registry_event(
                    SecretRotated, endpoint_id=found.endpoint_id, secret=secret, previous_until=previous_until
                )
            ]

        self._write(events, project_registry)

    def remove(self, endpoint_id: str) -> None:
        def events() -> list[Any]:
            found = self.endpoint(endpoint_id)
            return [self._registry_event(EndpointRemoved, endpoint_id=found.endpoint_id)]

        self._write(events, project_registry)

    def _registry_event(self, kind: type[Any], **payload: Any) -> Any:
        return event_at(kind, REGISTRY_ID, self.registry().version + 1, **payload)

    # -- outboxes --------------------------------------------------------------

    def outbox(self, endpoint_id: str) -> Outbox:
        uid = UUID(endpoint_id)
        found = self._get(uid, project_outbox)
        return found if isinstance(found, Outbox) else Outbox(uid, 0, (), (), {})

    def owe(self, endpoint_id: str, deliveries: list[Delivery], positions: dict[str, int]) -> None:
        """Store `deliveries` owed to the endpoint, and that its follower has read up to `positions`.

        Deliveries already owed from an earlier reading (another server, or before a restart) are
        not owed twice: only notifications past the outbox's stored positions count.
        """

        def events() -> list[Any]:
            box = self.outbox(endpoint_id)
            if all(box.positions.get(k, 0) >= v for k, v in positions.items()):
                return []
            known = {d.message_id for d in (*box.owed, *box.dead)}
            return [
                event_at(
                    DeliveriesOwed,
                    box.id,
                    box.version + 1,
                    deliveries=[d.to_json() for d in deliveries if d.message_id not in known],
                    positions=positions,
                )
            ]

        self._write(events, project_outbox)

    def done(self, endpoint_id: str, message_ids: list[str]) -> None:
        def events() -> list[Any]:
            box = self.outbox(endpoint_id)
            owed = {d.message_id for d in box.owed}
            answered = [m for m in message_ids if m in owed]  # another server may have noted some
            if not answered:
                return []
            return [event_at(DeliveryDone, box.id, box.version + 1, message_ids=answered)]

        self._write(events, project_outbox)

    def dead(self, endpoint_id: str, message_id: str, attempts: int, error: str, at: str) -> None:
        self._outbox_write(endpoint_id, message_id, DeliveryDead, attempts=attempts, error=error, dead_at=at)

    def replay(self, endpoint_id: str, message_ids: list[str]) -> list[str]:
        """Owe the dead-lettered deliveries again (all of them when `message_ids` is empty); their ids."""
        chosen: list[str] = []

        def events() -> list[Any]:
            box = self.outbox(self.endpoint(endpoint_id).endpoint_id)
            dead = [d.message_id for d in box.dead]
            missing = [m for m in message_ids if m not in dead]
            if missing:
                raise NotFound(
                    Reason.DELIVERY_NOT_FOUND,
                    f"no dead-lettered delivery {missing[0]} for this endpoint; "
                    "`frontier webhooks dead` lists them",
                )
            chosen[:] = message_ids or dead
            if not chosen:
                return []
            return [event_at(DeliveriesReplayed, box.id, box.version + 1, message_ids=list(chosen))]

        self._write(events, project_outbox)
        return chosen

    def _outbox_write(self, endpoint_id: str, message_id: str, kind: type[Any], **payload: Any) -> None:
        def events() -> list[Any]:
            box = self.outbox(endpoint_id)
            if not any(d.message_id == message_id for d in box.owed):
                return []  # another server settled it first
            return [event_at(kind, box.id, box.version + 1, message_id=message_id, **payload)]

        self._write(events, project_outbox)

    # -- plumbing --------------------------------------------------------------

    def _get(self, uid: UUID, projector: Callable[[Any, Any], Any]) -> Any:
        try:
            record = self.repository.get(uid, projector_func=projector)
        except AggregateNotFoundError:
            return None
        # The library fast-forwards a copy and leaves the cache where it was: keep the newer
        # record, or each read re-reads every event stored since the first.
        self._keep(record)
        return record

    def _keep(self, record: Any) -> None:
        """Cache `record` unless a newer one is cached: a read racing a write must not undo it."""
        cache = self.repository.cache
        if cache is None:
            return
        with self._cache_lock:
            try:
                cached = cache.get(record.id)
            except KeyError:
                cached = None
            if cached is None or cached.version < record.version:
                cache.put(record.id, record)

    def _write(self, decide: Callable[[], list[Any]], projector: Callable[[Any, Any], Any]) -> None:
        """Store what `decide` answers from the records as they stand; re-decide after a lost race."""
        with self._lock:
            for attempt in range(TRIES):
                events = decide()
                if not events:
                    return
                try:
                    self._games.store(*events)
                except IntegrityError:
                    self._forget(events[0].originator_id)
                    if attempt == TRIES - 1:
                        raise
                    continue
                self._remember(events, projector)
                return

    def _remember(self, events: list[Any], projector: Callable[[Any, Any], Any]) -> None:
        """Fold what was just stored into the cached record: a store with one writer never fast-forwards."""
        uid = events[0].originator_id
        before = self._get(uid, projector)
        if before is not None and before.version >= events[-1].originator_version:
            return  # the read fast-forwarded past them already
        self._keep(projector(before, events))

    def _forget(self, uid: UUID) -> None:
        if self.repository.cache is not None:
            with contextlib.suppress(KeyError):
                self.repository.cache.get(uid, evict=True)
