"""Attack: read a secret out of a webhook delivery.

Whoever runs the URL an organiser registers receives every delivery, so a delivery must show no
more than a spectator may see: no seat's hand or other hidden event content, no other seat's
command, no draw, no line salt, no state hash, no seed before the end (the seed is not sent at
all). Every body a receiver got for whole bot games of every game is read and checked against the
organiser's full log: each move's events must be exactly the engine's spectator redaction of the
stored ones, and no secret string of the full log may appear anywhere in any body. A gate that
refuses every caller leaves deliveries that name versions and nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engines.base import SPECTATOR
from engines.codec import encode
from engines.registry import get_engine
from service.cli.webhooks import WebhooksClient
from service.client import Client, play_game
from service.core.records import FINISHED, decode_events
from service.core.webhooks.registry import EVENT_TYPES
from service.core.webhooks.settings import WebhookSettings
from service.generated.frontier.v1 import frontier_pb2, webhooks_pb2
from service.server import Running
from tests.attacks.test_every_read_channel_asks_the_gate import RefuseAll
from tests.conftest import ORGANISER, available_games, start_server
from tests.service.helpers import create, move_at_random
from tests.service.test_games_that_end import exported
from tests.service.webhooks.receiver import Got, Receiver, finished, receiving

FAST = WebhookSettings(allow_private=True, poll=0.05, retries=(0.05,), timeout=5.0)


@pytest.fixture
def hooked(tmp_path: Path) -> Iterator[Running]:
    running = start_server(tmp_path / "data", webhooks=FAST)
    yield running
    running.stop()


def delivered_game(server: Running, receiver: Receiver, game: str, seed: int) -> tuple[str, list[Got]]:
    with WebhooksClient(f"127.0.0.1:{server.port}", token=ORGANISER) as hooks:
        hooks.hook("AddWebhook", webhooks_pb2.AddWebhookRequest(url=receiver.url, events=list(EVENT_TYPES)))
    with Client(f"127.0.0.1:{server.port}") as client:
        made = create(client, game)
        play_game(client, made.game_id, made.tokens, random.Random(seed))
    return made.game_id, receiver.wait_for(finished(made.game_id))


def secrets_of(log: list[dict[str, Any]]) -> set[str]:
    """Every string of the full log a spectator must not get from a game in progress."""
    found: set[str] = set()
    for line in log:
        for key in ("salt", "seed", "state_hash"):
            if isinstance(line.get(key), str) and len(line[key]) >= 16:
                found.add(line[key])
    return found


@pytest.mark.parametrize("game", available_games())
def test_no_delivery_carries_what_a_spectator_could_not_see(hooked: Running, game: str) -> None:
    with receiving() as receiver:
        game_id, got = delivered_game(hooked, receiver, game, seed=7)
        with Client(f"127.0.0.1:{hooked.port}") as client:
            log = exported(client, game_id)
    engine = get_engine(game)
    stored = {line["version"]: line for line in log if line.get("type") == "entry"}
    secrets = secrets_of(log)
    assert secrets, "the full log has salts and a seed to look for"
    moves = 0
    hidden_somewhere = False
    for delivery in got:
        body = delivery.body.decode()
        leaked = [secret for secret in secrets if secret in body]
        assert not leaked, f"{delivery.message['type']} carries a secret of the full log"
        message = delivery.message
        assert "seed" not in message["data"] and "state_hash" not in body
        if message["type"] != "game.move":
            continue
        moves += 1
        line = message["data"]["line"]
        entry = stored[message["data"]["version"]]
        expected = [encode(engine.redact(e, SPECTATOR)) for e in decode_events(game, entry["events"])]
        assert line["events"] == expected, f"version {entry['version']} shows more than a spectator sees"
        hidden_somewhere = hidden_somewhere or expected != entry["events"]
        assert line["command"] is None and line["draws"] == [] and line["salt"] is None
    assert moves == len(stored), "every move was delivered"
    assert hidden_somewhere or game == "deadwood-1876", "the game hid something that the check covered"


def test_a_gate_that_refuses_everyone_leaves_deliveries_with_no_line(hooked: Running) -> None:
    hooked.ledger.install_gate(
        RefuseAll(
            hooked.app, hooked.ledger.public_views, hooked.ledger.closed_deals, hooked.ledger.tournament_app
        )
    )
    chooser = random.Random(8)
    with receiving() as receiver:
        with WebhooksClient(f"127.0.0.1:{hooked.port}", token=ORGANISER) as hooks:
            hooks.hook(
                "AddWebhook", webhooks_pb2.AddWebhookRequest(url=receiver.url, events=list(EVENT_TYPES))
            )
        with Client(f"127.0.0.1:{hooked.port}") as client:
            made = create(client, available_games()[0])
        for _ in range(2000):  # the seats play in the core: every read channel is shut
            if hooked.app.get(made.game_id).status == FINISHED:
                break
            move_at_random(hooked.app, made.game_id, made.tokens, chooser.randrange(1 << 30))
        got = receiver.wait_for(finished(made.game_id))
    lines = [g.message["data"] for g in got if g.message["type"] in ("game.started", "game.move")]
    assert len(lines) > 2 and all(data["line"] is None for data in lines)
    assert all(g.message["data"]["outcome"] is None for g in got if g.message["type"] == "game.finished")


def test_no_delivery_tells_of_a_private_game(hooked: Running) -> None:
    """A private game's receivers are outsiders: not even its creation is delivered."""
    game = available_games()[0]
    with receiving() as receiver:
        with WebhooksClient(f"127.0.0.1:{hooked.port}", token=ORGANISER) as hooks:
            hooks.hook(
                "AddWebhook", webhooks_pb2.AddWebhookRequest(url=receiver.url, events=list(EVENT_TYPES))
            )
        with Client(f"127.0.0.1:{hooked.port}") as client:
            seats = get_engine(game).min_seats
            made = client.call(
                "CreateGame",
                frontier_pb2.CreateGameRequest(
                    game=game, seats=seats, players=[f"p{i}" for i in range(seats)], private=True
                ),
            )
            play_game(client, made.game_id, {s.seat: s.token for s in made.seats}, random.Random(9))
            public = create(client, game)  # delivered after the private game's events were looked at
            play_game(client, public.game_id, public.tokens, random.Random(10))
        got = receiver.wait_for(finished(public.game_id))
    assert got and not [g.message["type"] for g in got if made.game_id in g.body.decode()]
