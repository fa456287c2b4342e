"""The `frontier.v1.Webhooks` gRPC service: the organiser's endpoints and dead letters (core/webhooks/)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import grpc

from service.core.auth import Caller, caller_from_metadata
from service.core.fields import check_length
from service.core.rate_limit import TokenFailures
from service.core.root import Ledger
from service.core.webhooks.registry import Endpoint
from service.generated.frontier.v1 import webhooks_pb2, webhooks_pb2_grpc
from service.grpc_api.servicer import handles_errors

SERVICE_NAME = webhooks_pb2.DESCRIPTOR.services_by_name["Webhooks"].full_name


class WebhooksServicer(webhooks_pb2_grpc.WebhooksServicer):
    def __init__(self, ledger: Ledger, failures: TokenFailures | None = None) -> None:
        self.ledger = ledger
        self.desk = ledger.webhooks
        self.organiser_token = ledger.organiser_token
        self.failures = failures or TokenFailures()

    def _caller(self, context: grpc.ServicerContext) -> Caller:
        """Who calls; `handles_errors` asks first, so a malformed header is refused on every call."""
        return caller_from_metadata(context.invocation_metadata() or (), self.organiser_token)

    def _require_organiser(self, context: grpc.ServicerContext) -> None:
        self.ledger.permissions.require_organiser(self._caller(context), "manage webhooks")

    @handles_errors
    def AddWebhook(self, request: Any, context: grpc.ServicerContext) -> Any:
        self._require_organiser(context)
        endpoint = self.desk.add(
            request.url,
            check_length(request.scope, "scope"),
            check_length(request.target, "target"),
            [check_length(kind, "events") for kind in request.events],
        )
        return webhooks_pb2.AddWebhookResponse(
            webhook=self._message(endpoint), secret=endpoint.secrets[0].value
        )

    @handles_errors
    def ListWebhooks(self, request: Any, context: grpc.ServicerContext) -> Any:
        self._require_organiser(context)
        return webhooks_pb2.ListWebhooksResponse(webhooks=[self._message(e) for e in self.desk.endpoints()])

    @handles_errors
    def RemoveWebhook(self, request: Any, context: grpc.ServicerContext) -> Any:
        self._require_organiser(context)
        self.desk.remove(request.endpoint_id)
        return webhooks_pb2.RemoveWebhookResponse()

    @handles_errors
    def RotateWebhookSecret(self, request: Any, context: grpc.ServicerContext) -> Any:
        self._require_organiser(context)
        endpoint, secret = self.desk.rotate(request.endpoint_id, request.overlap_seconds)
        until = [s.until for s in endpoint.secrets if s.until]
        return webhooks_pb2.RotateWebhookSecretResponse(
            webhook=self._message(endpoint), secret=secret, previous_until=max(until, default="")
        )

    @handles_errors
    def ListDeadDeliveries(self, request: Any, context: grpc.ServicerContext) -> Any:
        self._require_organiser(context)
        return webhooks_pb2.ListDeadDeliveriesResponse(
            deliveries=[
                webhooks_pb2.DeadDelivery(
                    message_id=d.message_id,
                    event_type=d.event_type,
                    game_id=d.game_id,
                    body=d.body,
                    attempts=d.attempts,
                    error=d.error,
                    dead_at=d.dead_at,
                )
                for d in self.desk.dead(request.endpoint_id)
            ]
        )

    @handles_errors
    def ReplayDeliveries(self, request: Any, context: grpc.ServicerContext) -> Any:
        self._require_organiser(context)
        replayed = self.desk.replay(
            request.endpoint_id, [check_length(m, "message_ids") for m in request.message_ids]
        )
        return webhooks_pb2.ReplayDeliveriesResponse(message_ids=replayed)

    def _message(self, endpoint: Endpoint) -> webhooks_pb2.Webhook:
        box = self.desk.app.outbox(endpoint.endpoint_id)
        return webhooks_pb2.Webhook(
            endpoint_id=endpoint.endpoint_id,
            url=endpoint.url,
            scope=endpoint.scope,
            target=endpoint.target,
            events=list(endpoint.events),
            created_at=endpoint.created_at,
            signing_secrets=len(endpoint.signing_secrets(datetime.now(UTC))),
            owed=len(box.owed),
            dead=len(box.dead),
        )


def register(server: grpc.Server, ledger: Ledger, failures: TokenFailures | None = None) -> str:
    """Add the Webhooks service to `server`; returns its full name for reflection."""
    webhooks_pb2_grpc.add_WebhooksServicer_to_server(WebhooksServicer(ledger, failures), server)
    return SERVICE_NAME
