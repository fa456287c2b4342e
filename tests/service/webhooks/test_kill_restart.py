"""Kill -9 the server mid-game: after its restart, every delivery it owed arrives; none is lost.

The receiver refuses for a while, so deliveries are owed (stored, not yet answered 2xx) when the
server is killed. A delivery may arrive twice (the kill fell between the receiver's answer and the
store's note of it), as the Standard Webhooks specification allows: then with the same webhook-id
and the same body.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from standardwebhooks import Webhook

from service.cli.webhooks import WebhooksClient
from service.client import Client, play_game
from service.core.webhooks.registry import EVENT_TYPES
from service.generated.frontier.v1 import webhooks_pb2
from tests.conftest import ORGANISER
from tests.service.helpers import create, play_steps
from tests.service.webhooks.receiver import Got, Receiver, finished, receiving

ROOT = Path(__file__).resolve().parents[3]
RETRIES = ",".join(["0.1"] * 200)  # nothing is dead-lettered while the receiver refuses


class Server:
    def __init__(self, data: Path) -> None:
        self.data = data
        self.process: subprocess.Popen[str] | None = None
        self.address = ""

    def start(self) -> None:
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "FRONTIER_WEBHOOK_PRIVATE": "1",
            "FRONTIER_WEBHOOK_POLL": "0.05",
            "FRONTIER_WEBHOOK_RETRIES": RETRIES,
        }
        command = [sys.executable, "-m", "service.cli", "serve", "--port", "0", "--data", str(self.data)]
        command += ["--organiser-token", ORGANISER]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        match = re.search(r"serving on (\S+:\d+)", line)
        assert match, f"the server printed no address: {line!r}"
        self.address = match.group(1)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)


def wait_until(done: object, receiver: Receiver, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():  # type: ignore[operator]
        assert time.monotonic() < deadline, "the server never tried to deliver"
        time.sleep(0.02)


def test_deliveries_owed_at_a_kill_9_arrive_after_the_restart(tmp_path: Path) -> None:
    server = Server(tmp_path / "data")
    server.start()
    try:
        with receiving() as receiver:
            with WebhooksClient(server.address, token=ORGANISER) as hooks:
                secret = hooks.hook(
                    "AddWebhook", webhooks_pb2.AddWebhookRequest(url=receiver.url, events=list(EVENT_TYPES))
                ).secret
            with Client(server.address) as client:
                game = create(client, "most-wanted")
                play_steps(client, game, 4, random.Random(1))
            receiver.wait_for(lambda got: sum(g.message["type"] == "game.move" for g in got) >= 4)
            receiver.status = 503
            refused_before = len(receiver.got)
            with Client(server.address) as client:
                reached = play_steps(client, game, 8, random.Random(2))
            # Refused attempts arrive: what they carry is owed and stored before any attempt.
            wait_until(lambda: len(receiver.got) > refused_before + 2, receiver)
            server.kill()
            receiver.status = 204
            server.start()
            with Client(server.address) as client:
                play_game(client, game.game_id, game.tokens, random.Random(3))
            got = receiver.wait_for(finished(game.game_id))
            for delivery in got:
                Webhook(secret).verify(delivery.body, delivery.headers)
            first: dict[str, Got] = {}  # each message's first arrival, in arrival order
            for delivery in got:
                earlier = first.setdefault(delivery.id, delivery)
                assert earlier.body == delivery.body, "a repeat is the same message, byte for byte"
            unique = list(first.values())
            versions = [d.message["data"]["version"] for d in unique if d.message["type"] == "game.move"]
            assert versions == list(range(2, versions[-1] + 1)), "no move lost, none out of order"
            assert versions[-1] > reached, "the game went on after the restart"
            assert [d.message["type"] for d in unique][:2] == ["game.created", "game.started"]
    finally:
        server.kill()
