"""The events the webhooks' records are made of, stored in the games' event store.

Their class paths are stored as topics: keep the names and this module's path stable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eventsourcing.domain import DomainEvent


@dataclass(frozen=True)
class EndpointRegistered(DomainEvent):
    """An endpoint joins the registry (one aggregate for the server's endpoints)."""

    endpoint: dict[str, Any]  # registry.Endpoint.to_json(), its first secret included


@dataclass(frozen=True)
class SecretRotated(DomainEvent):
    """An endpoint's new secret; the old ones sign too until `previous_until` (ISO 8601)."""

    endpoint_id: str
    secret: str  # "whsec_" + base64
    previous_until: str


@dataclass(frozen=True)
class EndpointRemoved(DomainEvent):
    endpoint_id: str


@dataclass(frozen=True)
class DeliveriesOwed(DomainEvent):
    """Deliveries owed to one endpoint (its outbox aggregate), and how far its follower has read."""

    deliveries: list[dict[str, Any]]  # outbox.Delivery.to_json(), in the order they are sent
    positions: dict[str, int]  # database index -> the last notification id read for this endpoint


@dataclass(frozen=True)
class DeliveryDone(DomainEvent):
    """The receiver answered 2xx to each of these deliveries: they are no longer owed."""

    message_ids: list[str]


@dataclass(frozen=True)
class DeliveryDead(DomainEvent):
    """Every retry failed: the delivery waits in the dead-letter list until replayed."""

    message_id: str
    attempts: int
    error: str
    dead_at: str  # ISO 8601


@dataclass(frozen=True)
class DeliveriesReplayed(DomainEvent):
    """The organiser asked for dead-lettered deliveries again: they are owed once more, in order."""

    message_ids: list[str]
