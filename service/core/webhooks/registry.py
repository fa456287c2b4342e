"""The registry of one server's webhook endpoints: a record folded from its stored events.

One aggregate (a fixed id) holds every endpoint; each endpoint's deliveries are its own aggregate
(`outbox.py`), so a busy endpoint never makes the registry long to fold.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from functools import singledispatch
from typing import Any
from uuid import UUID, uuid5

from service.core.webhooks.store_events import EndpointRegistered, EndpointRemoved, SecretRotated

REGISTRY_ID = uuid5(UUID("6f1f2a8e-5d0c-4c47-9a51-1b7f3f0d2c10"), "frontier webhooks registry")

GAME_EVENTS = (
    "game.created",
    "game.started",
    "game.move",
    "game.clock_ran_out",
    "game.takeback",
    "game.ruling",
    "game.finished",
)
EVENT_TYPES = (*GAME_EVENTS, "tournament.round_finished")
OPT_IN = ("game.move",)  # one delivery per move: sent only to endpoints that ask for it
DEFAULT_EVENTS = tuple(kind for kind in EVENT_TYPES if kind not in OPT_IN)
SCOPES = ("server", "tournament", "game")


@dataclass(frozen=True)
class Secret:
    value: str  # "whsec_" + base64, as the standardwebhooks library reads it
    until: str = ""  # ISO 8601: signs until then (a rotated-out secret); "" for the current one

    def signs_at(self, now: datetime) -> bool:
        return not self.until or now < datetime.fromisoformat(self.until)


@dataclass(frozen=True)
class Endpoint:
    endpoint_id: str
    url: str
    scope: str  # one of SCOPES
    target: str  # the game's or tournament's id; "" for the server
    events: tuple[str, ...]
    secrets: tuple[Secret, ...]  # the current one first
    created_at: str
    positions: dict[
        str, int
    ]  # the notification log's end per database when registered: nothing older is sent
    tag: str = ""  # a tournament's: the tag of its games

    def to_json(self) -> dict[str, Any]:
        return {
            "endpoint_id": self.endpoint_id,
            "url": self.url,
            "scope": self.scope,
            "target": self.target,
            "events": list(self.events),
            "secrets": [{"value": s.value, "until": s.until} for s in self.secrets],
            "created_at": self.created_at,
            "positions": dict(self.positions),
            "tag": self.tag,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Endpoint:
        return cls(
            endpoint_id=data["endpoint_id"],
            url=data["url"],
            scope=data["scope"],
            target=data["target"],
            events=tuple(data["events"]),
            secrets=tuple(Secret(s["value"], s["until"]) for s in data["secrets"]),
            created_at=data["created_at"],
            positions={str(k): int(v) for k, v in data["positions"].items()},
            tag=data.get("tag", ""),
        )

    def signing_secrets(self, now: datetime) -> list[str]:
        """The secrets that sign a delivery sent `now`: during a rotation's overlap, old and new."""
        return [secret.value for secret in self.secrets if secret.signs_at(now)]


@dataclass(frozen=True)
class Registry:
    id: UUID
    version: int
    endpoints: dict[str, Endpoint]  # by id, in registration order


def project_registry(record: Registry | None, events: Any) -> Registry | None:
    for event in events:
        record = _apply(event, record)
    return record


@singledispatch
def _apply(event: Any, record: Registry | None) -> Registry:
    raise TypeError(f"not a webhook registry event: {event!r}")


@_apply.register
def _(event: EndpointRegistered, record: Registry | None) -> Registry:
    endpoint = Endpoint.from_json(event.endpoint)
    endpoints = {**(record.endpoints if record else {}), endpoint.endpoint_id: endpoint}
    return Registry(event.originator_id, event.originator_version, endpoints)


@_apply.register
def _(event: SecretRotated, record: Registry | None) -> Registry:
    assert record is not None
    endpoint = record.endpoints[event.endpoint_id]
    kept = tuple(
        secret if secret.until else Secret(secret.value, event.previous_until) for secret in endpoint.secrets
    )
    rotated = replace(endpoint, secrets=(Secret(event.secret), *kept))
    return replace(
        record, version=event.originator_version, endpoints={**record.endpoints, event.endpoint_id: rotated}
    )


@_apply.register
def _(event: EndpointRemoved, record: Registry | None) -> Registry:
    assert record is not None
    endpoints = {k: v for k, v in record.endpoints.items() if k != event.endpoint_id}
    return replace(record, version=event.originator_version, endpoints=endpoints)
