"""Webhooks over a real server: a whole bot game signed and in order, dead letters, rotation, bad URLs.

The receiver is a tiny HTTP server on a real port (receiver.py); every signature is checked with the
`standardwebhooks` library, as a receiver written by anyone would check it.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf.message import Message
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from service.cli.tournaments import TournamentClient
from service.cli.webhooks import WebhooksClient
from service.client import Client, play_game
from service.core.webhooks.registry import EVENT_TYPES
from service.core.webhooks.settings import WebhookSettings
from service.generated.frontier.v1 import frontier_pb2, webhooks_pb2
from service.server import Running
from tests.conftest import ORGANISER, start_server
from tests.service.helpers import Game, create, failure, play_steps
from tests.service.tournaments import helpers as tournaments
from tests.service.webhooks.receiver import Got, Receiver, finished, receiving

GAME = "most-wanted"
NOBODY = "00000000-0000-4000-8000-000000000000"  # no game, tournament or endpoint has this id
FAST = WebhookSettings(allow_private=True, poll=0.05, retries=(0.05, 0.05), timeout=5.0)


@pytest.fixture
def hooked(tmp_path: Path) -> Iterator[Running]:
    running = start_server(tmp_path / "data", webhooks=FAST)
    yield running
    running.stop()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with receiving() as r:
        yield r


def hooks(server: Running, token: str | None = ORGANISER) -> WebhooksClient:
    return WebhooksClient(f"127.0.0.1:{server.port}", token=token)


def add(server: Running, url: str, *events: str, target: str = "") -> Any:
    with hooks(server) as client:
        request = webhooks_pb2.AddWebhookRequest(url=url, target=target, events=list(events))
        return client.hook("AddWebhook", request)


def play_one(server: Running, seed: int = 1) -> Game:
    with Client(f"127.0.0.1:{server.port}") as client:
        game = create(client, GAME)
        play_game(client, game.game_id, game.tokens, random.Random(seed))
    return game


def of_game(got: list[Got], game_id: str) -> list[dict[str, Any]]:
    return [g.message for g in got if g.message["data"].get("game_id") == game_id]


def test_a_whole_bot_game_arrives_signed_and_in_order(hooked: Running, receiver: Receiver) -> None:
    added = add(hooked, receiver.url, *EVENT_TYPES)
    game = play_one(hooked)
    got = receiver.wait_for(finished(game.game_id))
    for delivery in got:  # as any receiver would check it
        Webhook(added.secret).verify(delivery.body, delivery.headers)
    assert len({g.id for g in got}) == len(got), "a message id names one message"
    messages = of_game(got, game.game_id)
    kinds = [m["type"] for m in messages]
    assert kinds[:2] == ["game.created", "game.started"] and kinds[-1] == "game.finished"
    versions = [m["data"]["version"] for m in messages if m["type"] == "game.move"]
    assert versions == list(range(2, versions[-1] + 1)), "every move, once, in order"
    assert messages[-1]["data"]["version"] == versions[-1] and messages[-1]["data"]["outcome"], messages[-3:]


def test_a_tampered_or_unsigned_delivery_does_not_verify(hooked: Running, receiver: Receiver) -> None:
    """The receiver's check is real: another secret, or a changed body, fails it."""
    added = add(hooked, receiver.url)
    game = play_one(hooked)
    delivery = receiver.wait_for(finished(game.game_id))[-1]
    Webhook(added.secret).verify(delivery.body, delivery.headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(add(hooked, receiver.url).secret).verify(delivery.body, delivery.headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(added.secret).verify(delivery.body.replace(b"game", b"gamE"), delivery.headers)


def test_a_failing_receivers_deliveries_are_dead_lettered_and_replay(
    hooked: Running, receiver: Receiver
) -> None:
    receiver.status = 500
    added = add(hooked, receiver.url)
    game = play_one(hooked)
    endpoint = added.webhook.endpoint_id
    request = webhooks_pb2.ListDeadDeliveriesRequest(endpoint_id=endpoint)
    with hooks(hooked) as client:
        deadline = time.monotonic() + 30
        while True:
            dead = list(client.hook("ListDeadDeliveries", request).deliveries)
            if any(d.event_type == "game.finished" for d in dead):
                break
            assert time.monotonic() < deadline, f"not dead-lettered: {[d.event_type for d in dead]}"
            time.sleep(0.05)
        assert [d.event_type for d in dead] == ["game.created", "game.started", "game.finished"]
        assert all(d.attempts == 1 + len(FAST.retries) and d.error.startswith("HTTP 500") for d in dead)
        refused = [g for g in receiver.got if g.status == 500]
        assert len(refused) == len(dead) * (1 + len(FAST.retries)), "each retried on the schedule"
        assert {g.id for g in refused} == {d.message_id for d in dead}, "a retry keeps its webhook-id"
        receiver.status = 204
        replayed = client.hook("ReplayDeliveries", webhooks_pb2.ReplayDeliveriesRequest(endpoint_id=endpoint))
        assert list(replayed.message_ids) == [d.message_id for d in dead]
        got = receiver.wait_for(finished(game.game_id))
        assert [g.id for g in got] == [d.message_id for d in dead], "the same messages, in order"
        assert [g.body.decode() for g in got] == [d.body for d in dead], "byte for byte"
        for delivery in got:
            Webhook(added.secret).verify(delivery.body, delivery.headers)
        assert not client.hook("ListDeadDeliveries", request).deliveries
        missing = failure(
            lambda: client.hook(
                "ReplayDeliveries",
                webhooks_pb2.ReplayDeliveriesRequest(endpoint_id=endpoint, message_ids=["msg_nothing"]),
            )
        )
        assert (missing.code, missing.reason) == (grpc.StatusCode.NOT_FOUND, "DELIVERY_NOT_FOUND")


def test_a_rotated_secret_and_the_old_one_both_sign_during_the_overlap(
    hooked: Running, receiver: Receiver
) -> None:
    added = add(hooked, receiver.url)
    endpoint = added.webhook.endpoint_id
    with hooks(hooked) as client:
        rotated = client.hook(
            "RotateWebhookSecret",
            webhooks_pb2.RotateWebhookSecretRequest(endpoint_id=endpoint, overlap_seconds=1.5),
        )
        assert rotated.webhook.signing_secrets == 2 and rotated.secret != added.secret
        during = play_one(hooked, seed=2)
        for delivery in receiver.wait_for(finished(during.game_id)):
            Webhook(added.secret).verify(delivery.body, delivery.headers)  # receivers not switched yet
            Webhook(rotated.secret).verify(delivery.body, delivery.headers)  # and those that have
            assert len(delivery.headers["webhook-signature"].split(" ")) == 2
        time.sleep(1.6)  # the overlap is over
        listed = client.hook("ListWebhooks", webhooks_pb2.ListWebhooksRequest()).webhooks
        assert [w.signing_secrets for w in listed] == [1]
        after = play_one(hooked, seed=3)
        for delivery in of_got(receiver.wait_for(finished(after.game_id)), after.game_id):
            Webhook(rotated.secret).verify(delivery.body, delivery.headers)
            with pytest.raises(WebhookVerificationError):
                Webhook(added.secret).verify(delivery.body, delivery.headers)


def test_a_delayed_games_lines_arrive_once_spectators_may_see_them(
    hooked: Running, receiver: Receiver
) -> None:
    add(hooked, receiver.url, *EVENT_TYPES)
    with Client(f"127.0.0.1:{hooked.port}") as client:
        request = frontier_pb2.CreateGameRequest(
            game=GAME, seats=2, players=["a", "b"], spectator_delay_seconds=1
        )
        reply = client.call("CreateGame", request)
        game = Game(reply.game_id, GAME, {g.seat: g.token for g in reply.seats})
        play_steps(client, game, 3, random.Random(6))
    got = receiver.wait_for(lambda got: sum(g.message["type"] == "game.move" for g in got) >= 3)
    created = next(g for g in got if g.message["type"] == "game.created")
    assert created.message["data"]["spectator_delay"] == 1
    for delivery in got:
        if delivery.message["type"] in ("game.started", "game.move"):
            stored = datetime.fromisoformat(delivery.message["timestamp"]).timestamp()
            assert delivery.at >= stored + 1, "a delayed game's line arrived before spectators could see it"


def of_got(got: list[Got], game_id: str) -> list[Got]:
    return [g for g in got if g.message["data"].get("game_id") == game_id]


def test_a_game_scoped_endpoint_gets_that_game_only(hooked: Running, receiver: Receiver) -> None:
    with Client(f"127.0.0.1:{hooked.port}") as client:
        watched, other = create(client, GAME), create(client, GAME)
        add(hooked, receiver.url, "game.move", "game.finished", target=watched.game_id)
        play_game(client, other.game_id, other.tokens, random.Random(4))
        play_game(client, watched.game_id, watched.tokens, random.Random(5))
    got = receiver.wait_for(finished(watched.game_id))
    assert {g.message["data"]["game_id"] for g in got} == {watched.game_id}
    assert {g.message["type"] for g in got} == {"game.move", "game.finished"}


@pytest.mark.parametrize(
    ("url", "reason", "said"),
    [
        ("ftp://example.com/hook", "WEBHOOK_BAD_URL", "starts with http:// or https://"),
        ("file:///etc/passwd", "WEBHOOK_BAD_URL", "starts with http:// or https://"),
        ("http:///hook", "WEBHOOK_BAD_URL", "names no host"),
        ("https://user:pw@example.com/", "WEBHOOK_BAD_URL", "user name or password"),
        ("http://127.0.0.1:9/hook", "WEBHOOK_PRIVATE_ADDRESS", "FRONTIER_WEBHOOK_PRIVATE=1"),
        ("http://[::1]/hook", "WEBHOOK_PRIVATE_ADDRESS", "FRONTIER_WEBHOOK_PRIVATE=1"),
        ("http://169.254.169.254/latest/meta-data", "WEBHOOK_PRIVATE_ADDRESS", "FRONTIER_WEBHOOK_PRIVATE=1"),
        ("http://10.1.2.3/hook", "WEBHOOK_PRIVATE_ADDRESS", "FRONTIER_WEBHOOK_PRIVATE=1"),
    ],
)
def test_a_bad_url_is_refused_clearly_and_nothing_is_registered(
    server: Running, url: str, reason: str, said: str
) -> None:
    """`server` allows no private address (the default); `hooked` allows them, the scheme rules stay."""
    refused = failure(lambda: add(server, url))
    assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, reason)
    assert said in refused.message
    with hooks(server) as client:
        assert not client.hook("ListWebhooks", webhooks_pb2.ListWebhooksRequest()).webhooks


def test_bad_registrations_say_what_is_wrong(hooked: Running, receiver: Receiver) -> None:
    cases: list[tuple[Callable[[], Any], grpc.StatusCode, str]] = [
        (
            lambda: add(hooked, receiver.url, "game.exploded"),
            grpc.StatusCode.INVALID_ARGUMENT,
            "WEBHOOK_UNKNOWN_EVENT",
        ),
        (
            lambda: add(hooked, receiver.url, target="not-a-game"),
            grpc.StatusCode.INVALID_ARGUMENT,
            "BAD_GAME_ID",
        ),
        (
            lambda: add(hooked, receiver.url, target=NOBODY),
            grpc.StatusCode.NOT_FOUND,
            "GAME_NOT_FOUND",
        ),
    ]
    scoped = [
        (webhooks_pb2.AddWebhookRequest(url=receiver.url, scope="planet"), "BAD_WEBHOOK_SCOPE"),
        (
            webhooks_pb2.AddWebhookRequest(url=receiver.url, scope="server", target=NOBODY),
            "BAD_WEBHOOK_SCOPE",
        ),
        (
            webhooks_pb2.AddWebhookRequest(url=receiver.url, scope="tournament", target="x"),
            "BAD_TOURNAMENT_ID",
        ),
    ]
    with hooks(hooked) as client:
        for request, reason in scoped:
            cases.append(
                (
                    functools.partial(client.hook, "AddWebhook", request),
                    grpc.StatusCode.INVALID_ARGUMENT,
                    reason,
                )
            )
        cases.append(
            (
                functools.partial(
                    client.hook,
                    "AddWebhook",
                    webhooks_pb2.AddWebhookRequest(url=receiver.url, scope="tournament", target=NOBODY),
                ),
                grpc.StatusCode.NOT_FOUND,
                "TOURNAMENT_NOT_FOUND",
            )
        )
        for call, code, reason in cases:
            refused = failure(call)
            assert (refused.code, refused.reason) == (code, reason), refused
            assert refused.message
        assert not client.hook("ListWebhooks", webhooks_pb2.ListWebhooksRequest()).webhooks, "nothing stored"
        asked: list[tuple[str, Message, str, str]] = [
            (
                "RemoveWebhook",
                webhooks_pb2.RemoveWebhookRequest(endpoint_id="x"),
                "INVALID_ARGUMENT",
                "BAD_WEBHOOK_ID",
            ),
            (
                "RemoveWebhook",
                webhooks_pb2.RemoveWebhookRequest(endpoint_id=NOBODY),
                "NOT_FOUND",
                "WEBHOOK_NOT_FOUND",
            ),
            (
                "ListDeadDeliveries",
                webhooks_pb2.ListDeadDeliveriesRequest(endpoint_id=NOBODY),
                "NOT_FOUND",
                "WEBHOOK_NOT_FOUND",
            ),
            (
                "ReplayDeliveries",
                webhooks_pb2.ReplayDeliveriesRequest(endpoint_id=NOBODY),
                "NOT_FOUND",
                "WEBHOOK_NOT_FOUND",
            ),
        ]
        for method, message, code, reason in asked:
            refused = failure(functools.partial(client.hook, method, message))
            assert (refused.code.name, refused.reason) == (code, reason), (method, refused)
        endpoint = add(hooked, receiver.url).webhook.endpoint_id
        for overlap in (-1.0, 31 * 24 * 3600.0):
            rotation = webhooks_pb2.RotateWebhookSecretRequest(endpoint_id=endpoint, overlap_seconds=overlap)
            refused = failure(functools.partial(client.hook, "RotateWebhookSecret", rotation))
            assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_WEBHOOK_OVERLAP")
        (listed,) = client.hook("ListWebhooks", webhooks_pb2.ListWebhooksRequest()).webhooks
        assert listed.signing_secrets == 1, "a refused rotation changes nothing"


def test_only_the_organiser_manages_webhooks(hooked: Running, receiver: Receiver) -> None:
    for token in (None, "someone-else-entirely-0123456789abcdef"):
        with hooks(hooked, token) as someone:
            listing = functools.partial(someone.hook, "ListWebhooks", webhooks_pb2.ListWebhooksRequest())
            refused = failure(listing)
        assert refused.code in (grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.PERMISSION_DENIED)
        assert refused.reason in ("ORGANISER_REQUIRED", "UNKNOWN_TOKEN")
    with hooks(hooked, None) as anyone:
        refused = failure(lambda: anyone.hook("AddWebhook", webhooks_pb2.AddWebhookRequest(url=receiver.url)))
    assert refused.reason == "ORGANISER_REQUIRED"
    with hooks(hooked) as client:
        assert not client.hook("ListWebhooks", webhooks_pb2.ListWebhooksRequest()).webhooks


def test_a_tournament_endpoint_hears_its_games_and_each_round_once(
    hooked: Running, receiver: Receiver
) -> None:
    address = f"127.0.0.1:{hooked.port}"
    with TournamentClient(address, token=ORGANISER) as organiser, receiving() as scoped:
        made = tournaments.create(organiser, players=4, table_size=2, rounds=2)
        with Client(address) as client:  # a game outside the tournament: not its endpoint's
            other = create(client, GAME)
        add(hooked, receiver.url, "game.finished", "tournament.round_finished")
        with hooks(hooked) as client:
            request = webhooks_pb2.AddWebhookRequest(
                url=scoped.url,
                scope="tournament",
                target=made.tournament_id,
                events=["game.finished", "tournament.round_finished"],
            )
            endpoint = client.hook("AddWebhook", request).webhook
        assert (endpoint.scope, endpoint.target) == ("tournament", made.tournament_id)
        tournaments.run(organiser, made.tournament_id, rounds=2)
        with Client(address) as client:
            play_game(client, other.game_id, other.tokens, random.Random(9))
        everything = receiver.wait_for(finished(other.game_id))
        theirs = scoped.wait_for(
            lambda got: sum(g.message["type"] == "tournament.round_finished" for g in got) == 2
        )
        time.sleep(0.3)  # anything else for the scoped endpoint would have arrived by now
        theirs = scoped.accepted()
    rounds = [g.message["data"] for g in theirs if g.message["type"] == "tournament.round_finished"]
    assert [r["round"] for r in rounds] == [1, 2] and all(len(r["games"]) == 2 for r in rounds)
    assert all(r["tournament_id"] == made.tournament_id for r in rounds)
    tables = {game for r in rounds for game in r["games"]}
    assert {g.message["data"]["game_id"] for g in theirs if g.message["type"] == "game.finished"} == tables
    server_wide = {
        g.message["data"].get("game_id") for g in everything if g.message["type"] == "game.finished"
    }
    assert server_wide == tables | {other.game_id}
    assert [
        g.message["data"]["round"] for g in everything if g.message["type"] == "tournament.round_finished"
    ] == [
        1,
        2,
    ]
