"""Attack: forking a delayed game shows its spectators what the delay still holds back.

A fork copies the source's history into its header, and the fork's own setup is public at once.
A finished source whose last steps are still inside its spectator delay would hand the fork's
spectators (and, through the fork's success, anyone asking) those steps and the end, early.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import grpc

from service.client import Client, play_game
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.helpers import failure, state
from tests.service.relays.test_fork import fork
from tests.service.relays.test_spectator_delay import delayed_game


def test_a_delayed_game_is_not_forked_before_its_end_is_public(client: Client, organiser: Client) -> None:
    source = delayed_game(client, 600)
    play_game(client, source.game_id, source.tokens, random.Random(7))
    over = state(client, source.game_id, ORGANISER)
    assert over.status == "finished" and over.version > 3
    assert state(client, source.game_id).version == 1  # the spectators' version

    def fork_at(version: int) -> Callable[[], Any]:
        return lambda: fork(organiser, source.game_id, version, 2)

    refusals = [failure(fork_at(version)) for version in (2, over.version - 1)]
    for refused in refusals:
        assert refused.code == grpc.StatusCode.FAILED_PRECONDITION and refused.reason == "SOURCE_IN_PROGRESS"
    # Refused alike whatever the version: the message tells nothing about how far the game went.
    assert refusals[0].message == refusals[1].message
    assert client.call("ListGames", frontier_pb2.ListGamesRequest(tag="what-if"), token=ORGANISER).games == []


def test_an_undelayed_finished_game_still_forks(client: Client, organiser: Client) -> None:
    """The guard's control: the same game without a delay forks at once."""
    source = delayed_game(client, 0)
    play_game(client, source.game_id, source.tokens, random.Random(7))
    forked = fork(organiser, source.game_id, 2, 2)
    assert state(client, forked.game_id).version == 1
