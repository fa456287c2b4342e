"""`frontier webhooks add|list|remove|rotate|dead|replay`: the organiser's endpoints (docs/webhooks.md)."""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from google.protobuf import json_format

from service.cli.server_option import add_server_argument
from service.client import Client
from service.core.webhooks.registry import DEFAULT_EVENTS, EVENT_TYPES
from service.generated.frontier.v1 import webhooks_pb2, webhooks_pb2_grpc


class WebhooksClient(Client):
    """A client that also speaks `frontier.v1.Webhooks`."""

    def __init__(self, address: str, *, token: str | None = None) -> None:
        super().__init__(address, token=token)
        self.webhooks = webhooks_pb2_grpc.WebhooksStub(self.channel)

    def __enter__(self) -> WebhooksClient:
        return self

    def hook(self, method: str, request: Any) -> Any:
        return getattr(self.webhooks, method)(request, metadata=self.metadata(), timeout=self.timeout)


def register(commands: Any) -> None:
    """Add `webhooks` and its actions to the `frontier` command's subparsers."""
    webhooks = commands.add_parser(
        "webhooks",
        help="signed HTTP deliveries of what happens in games (the organiser)",
        description="Endpoints get Standard Webhooks deliveries; every action needs the organiser token.",
    )
    actions = webhooks.add_subparsers(required=True, metavar="ACTION")

    add = actions.add_parser("add", help="register an endpoint; prints its id and its secret (shown once)")
    add.add_argument("url", help="http:// or https:// URL the deliveries are POSTed to")
    scope = add.add_mutually_exclusive_group()
    scope.add_argument("--game", default="", help="only this game's events")
    scope.add_argument(
        "--tournament", default="", help="only the events of this tournament's games and rounds"
    )
    add.add_argument(
        "--events",
        default="",
        help=f"comma-separated, from: {', '.join(EVENT_TYPES)} (default: all but game.move)",
    )
    add.set_defaults(run=_add)

    listing = actions.add_parser("list", help="the endpoints, with deliveries owed and dead-lettered")
    listing.set_defaults(run=_list)

    remove = actions.add_parser("remove", help="stop sending to an endpoint; what it is owed is dropped")
    remove.add_argument("endpoint_id", help="the endpoint's id, as `frontier webhooks list` prints it")
    remove.set_defaults(run=_remove)

    rotate = actions.add_parser(
        "rotate", help="a new secret; the old one keeps signing beside it for the overlap (no gap)"
    )
    rotate.add_argument("endpoint_id", help="the endpoint's id, as `frontier webhooks list` prints it")
    rotate.add_argument(
        "--overlap",
        type=float,
        default=0.0,
        help="seconds the old secret keeps signing (default: the server's)",
    )
    rotate.set_defaults(run=_rotate)

    dead = actions.add_parser("dead", help="the deliveries every retry failed for, oldest first")
    dead.add_argument("endpoint_id", help="the endpoint's id, as `frontier webhooks list` prints it")
    dead.set_defaults(run=_dead)

    replay = actions.add_parser("replay", help="send dead-lettered deliveries again (all, or those named)")
    replay.add_argument("endpoint_id", help="the endpoint's id, as `frontier webhooks list` prints it")
    replay.add_argument("message_ids", nargs="*", help="the webhook-ids to send again (default: all)")
    replay.set_defaults(run=_replay)

    for action in (add, listing, remove, rotate, dead, replay):
        add_server_argument(action)
        action.add_argument("--token", help="the organiser token (default: $FRONTIER_TOKEN)")
        action.add_argument("--json", action="store_true", help="print the answer as JSON")


def _client(args: argparse.Namespace) -> WebhooksClient:
    return WebhooksClient(args.server, token=args.token or os.environ.get("FRONTIER_TOKEN"))


def _print(args: argparse.Namespace, answer: Any, text: str) -> int:
    if args.json:
        print(json.dumps(json_format.MessageToDict(answer, preserving_proto_field_name=True), sort_keys=True))
    elif text:
        print(text)
    return 0


def _line(hook: Any) -> str:
    target = f" {hook.target}" if hook.target else ""
    return (
        f"{hook.endpoint_id}  {hook.url}  {hook.scope}{target}  [{','.join(hook.events)}]  "
        f"owed {hook.owed}, dead {hook.dead}"
    )


def _add(args: argparse.Namespace) -> int:
    scope, target = (
        ("game", args.game)
        if args.game
        else ("tournament", args.tournament)
        if args.tournament
        else ("server", "")
    )
    events = [kind.strip() for kind in args.events.split(",") if kind.strip()]
    request = webhooks_pb2.AddWebhookRequest(url=args.url, scope=scope, target=target, events=events)
    with _client(args) as client:
        answer = client.hook("AddWebhook", request)
    chosen = ",".join(answer.webhook.events) if events else f"{','.join(DEFAULT_EVENTS)} (the default)"
    text = f"endpoint {answer.webhook.endpoint_id}: {chosen}\nsecret {answer.secret}  (shown once: keep it)"
    return _print(args, answer, text)


def _list(args: argparse.Namespace) -> int:
    with _client(args) as client:
        answer = client.hook("ListWebhooks", webhooks_pb2.ListWebhooksRequest())
    return _print(args, answer, "\n".join(_line(hook) for hook in answer.webhooks) or "no webhooks")


def _remove(args: argparse.Namespace) -> int:
    with _client(args) as client:
        answer = client.hook("RemoveWebhook", webhooks_pb2.RemoveWebhookRequest(endpoint_id=args.endpoint_id))
    return _print(args, answer, f"removed {args.endpoint_id}")


def _rotate(args: argparse.Namespace) -> int:
    request = webhooks_pb2.RotateWebhookSecretRequest(
        endpoint_id=args.endpoint_id, overlap_seconds=args.overlap
    )
    with _client(args) as client:
        answer = client.hook("RotateWebhookSecret", request)
    until = answer.previous_until
    text = f"secret {answer.secret}  (shown once: keep it)\nthe old one signs too until {until}"
    return _print(args, answer, text)


def _dead(args: argparse.Namespace) -> int:
    with _client(args) as client:
        answer = client.hook(
            "ListDeadDeliveries", webhooks_pb2.ListDeadDeliveriesRequest(endpoint_id=args.endpoint_id)
        )
    lines = [
        f"{d.message_id}  {d.event_type}  {d.game_id or '-'}  {d.attempts} attempts, {d.dead_at}: {d.error}"
        for d in answer.deliveries
    ]
    return _print(args, answer, "\n".join(lines) or "no dead-lettered deliveries")


def _replay(args: argparse.Namespace) -> int:
    request = webhooks_pb2.ReplayDeliveriesRequest(endpoint_id=args.endpoint_id, message_ids=args.message_ids)
    with _client(args) as client:
        answer = client.hook("ReplayDeliveries", request)
    return _print(args, answer, f"owed again: {len(answer.message_ids)} deliveries")
