"""Webhooks with two servers over one PostgreSQL store: an endpoint registered on one hears the other's games.

Both servers follow the same notification log and the same outboxes: a delivery is owed once
(the store's optimistic concurrency refuses a second writer), and one sent by both arrives with the
same webhook-id and body, as the Standard Webhooks specification allows.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from standardwebhooks import Webhook

from service.cli.webhooks import WebhooksClient
from service.client import Client, play_game
from service.config import Settings
from service.core.webhooks.registry import EVENT_TYPES
from service.core.webhooks.settings import WebhookSettings
from service.generated.frontier.v1 import webhooks_pb2
from service.server import Running, create_server
from tests.conftest import ORGANISER
from tests.servers import Postgres
from tests.service.helpers import create
from tests.service.webhooks.receiver import Got, finished, receiving

FAST = WebhookSettings(allow_private=True, poll=0.05, retries=(0.05,), timeout=5.0)


@pytest.fixture
def two_servers(postgres: Postgres, tmp_path: Path) -> Iterator[tuple[Running, Running]]:
    def one(folder: str) -> Running:
        settings = Settings(
            data=tmp_path / folder, port=0, store=postgres.url, organiser_token=ORGANISER, webhooks=FAST
        )
        return create_server(settings)

    a, b = one("a"), one("b")
    yield a, b
    a.stop()
    b.stop()


def test_an_endpoint_registered_on_one_server_hears_a_game_played_on_another(
    two_servers: tuple[Running, Running],
) -> None:
    a, b = two_servers
    with receiving() as receiver, WebhooksClient(f"127.0.0.1:{a.port}", token=ORGANISER) as hooks:
        added = hooks.hook(
            "AddWebhook", webhooks_pb2.AddWebhookRequest(url=receiver.url, events=list(EVENT_TYPES))
        )
        try:
            with Client(f"127.0.0.1:{b.port}") as client:
                game = create(client, "most-wanted")
                play_game(client, game.game_id, game.tokens, random.Random(1))
            got = receiver.wait_for(finished(game.game_id))
        finally:  # the session's store outlives this test: its other servers owe this URL nothing
            hooks.hook(
                "RemoveWebhook", webhooks_pb2.RemoveWebhookRequest(endpoint_id=added.webhook.endpoint_id)
            )
    first: dict[str, Got] = {}
    for delivery in got:
        Webhook(added.secret).verify(delivery.body, delivery.headers)
        assert first.setdefault(delivery.id, delivery).body == delivery.body
    mine = [d.message for d in first.values() if d.message["data"].get("game_id") == game.game_id]
    versions = [m["data"]["version"] for m in mine if m["type"] == "game.move"]
    assert versions == list(range(2, versions[-1] + 1))
    assert [m["type"] for m in mine][:2] == ["game.created", "game.started"]
