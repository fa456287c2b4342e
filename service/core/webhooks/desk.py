"""The organiser's webhook desk: register, list, rotate and remove endpoints; read and replay dead letters.

Every front end (gRPC, the CLI through it) calls these; permissions are checked by the caller's
front end as for every organiser call. A secret is made here and shown once, when it is made.
"""

from __future__ import annotations

import base64
import secrets
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from uuid import uuid4

from replay.reasons import Reason
from service.core.errors import InvalidArgument
from service.core.games import Games
from service.core.shards import recorders_of
from service.core.tournaments.application import Tournaments
from service.core.webhooks.application import Webhooks
from service.core.webhooks.outbox import Delivery
from service.core.webhooks.registry import DEFAULT_EVENTS, EVENT_TYPES, SCOPES, Endpoint, Secret
from service.core.webhooks.settings import WebhookSettings
from service.core.webhooks.urls import check_url
from service.core.webhooks.worker import DeliveryWorker

MAX_OVERLAP_SECONDS = 30 * 24 * 3600


def new_secret() -> str:
    """A secret as the Standard Webhooks libraries read it: "whsec_" and 32 random bytes in base64."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()


class WebhookDesk:
    def __init__(
        self,
        games: Games,
        tournaments: Tournaments,
        app: Webhooks,
        worker: DeliveryWorker,
        settings: WebhookSettings,
    ) -> None:
        self.games = games
        self.tournaments = tournaments
        self.app = app
        self.worker = worker
        self.settings = settings

    def add(self, url: str, scope: str, target: str, events: Sequence[str]) -> Endpoint:
        """Register an endpoint; it is sent what is stored from now on."""
        check_url(url, self.settings.allow_private)
        scope = scope or ("game" if target else "server")
        tag = ""
        if scope not in SCOPES:
            raise InvalidArgument(
                Reason.BAD_WEBHOOK_SCOPE, f"scope {scope!r}: one of {', '.join(SCOPES)}", field="scope"
            )
        if scope == "server":
            if target:
                raise InvalidArgument(
                    Reason.BAD_WEBHOOK_SCOPE,
                    "a server-wide webhook names no game or tournament",
                    field="target",
                )
        elif scope == "game":
            target = str(self.games.get(target).id)  # NOT_FOUND for a game that is not stored
        else:
            found = self.tournaments.get(target)
            target, tag = str(found.id), found.definition.tag
        unknown = [kind for kind in events if kind not in EVENT_TYPES]
        if unknown:
            raise InvalidArgument(
                Reason.WEBHOOK_UNKNOWN_EVENT,
                f"no webhook event {unknown[0]!r}; the events are {', '.join(EVENT_TYPES)}",
                field="events",
            )
        endpoint = Endpoint(
            endpoint_id=str(uuid4()),
            url=url,
            scope=scope,
            target=target,
            events=tuple(dict.fromkeys(events)) or DEFAULT_EVENTS,
            secrets=(Secret(new_secret()),),
            created_at=datetime.now(UTC).isoformat(),
            positions={
                str(p): r.max_notification_id() or 0 for p, r in enumerate(recorders_of(self.games.recorder))
            },
            tag=tag,
        )
        self.app.register(endpoint)
        self.worker.wake()
        return endpoint

    def endpoints(self) -> list[Endpoint]:
        return list(self.app.registry().endpoints.values())

    def remove(self, endpoint_id: str) -> None:
        self.app.remove(endpoint_id)

    def rotate(self, endpoint_id: str, overlap_seconds: float) -> tuple[Endpoint, str]:
        """A new secret; the old ones keep signing for `overlap_seconds` (the default when 0)."""
        if overlap_seconds < 0 or overlap_seconds > MAX_OVERLAP_SECONDS:
            raise InvalidArgument(
                Reason.BAD_WEBHOOK_OVERLAP,
                f"overlap {overlap_seconds:g} s: the old secret signs for 0 (the default) to "
                f"{MAX_OVERLAP_SECONDS} seconds after a rotation",
                field="overlap_seconds",
            )
        secret = new_secret()
        until = datetime.now(UTC) + timedelta(seconds=overlap_seconds or self.settings.overlap)
        self.app.rotate(endpoint_id, secret, until.isoformat())
        return self.app.endpoint(endpoint_id), secret

    def dead(self, endpoint_id: str) -> list[Delivery]:
        return list(self.app.outbox(self.app.endpoint(endpoint_id).endpoint_id).dead)

    def replay(self, endpoint_id: str, message_ids: Sequence[str]) -> list[str]:
        replayed = self.app.replay(endpoint_id, list(message_ids))
        self.worker.wake()
        return replayed

    def stop(self) -> None:
        self.worker.stop()
