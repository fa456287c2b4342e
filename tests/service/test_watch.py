"""WatchGame: catch-up from a version, then live, each step exactly once, ending with the game."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, available_games
from tests.service.helpers import create, play_steps, state

GAMES = available_games()


@pytest.mark.parametrize("game", GAMES)
def test_watch_catches_up_then_follows_live_until_the_end(client: Client, game: str) -> None:
    g = create(client, game)
    chooser = random.Random(4)
    reached = play_steps(client, g, 5, chooser)
    received: list[Any] = []

    def watch() -> None:
        request = frontier_pb2.WatchGameRequest(game_id=g.game_id, from_version=3)
        for update in client.stub.WatchGame(request, metadata=client.metadata(ORGANISER), timeout=120):
            received.append(update)

    watcher = threading.Thread(target=watch)
    watcher.start()
    final = play_steps(client, g, 100_000, chooser)
    watcher.join(timeout=120)
    assert not watcher.is_alive(), "the stream should end when the game ends"
    assert reached >= 3
    assert [u.version for u in received] == list(range(4, final + 1))
    assert received[-1].status == "finished"
    assert state(client, g.game_id, ORGANISER).status == "finished"
