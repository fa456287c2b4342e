"""A command chosen from an older update: its refusal keeps its code and tells the client what to do."""

from __future__ import annotations

import random
from functools import partial

import grpc
import pytest

from service.client import Client
from service.core.moved_on import NOT_NOW
from tests.conftest import ORGANISER
from tests.service.helpers import create, failure, failure_of, legal, state, submit
from tests.service.play.test_play_stream import opened, take

GAMES = ("most-wanted", "deadwood-1876", "western-legends")
HINT = "the game has moved on: wait for the next update"


@pytest.mark.parametrize("game", GAMES)
def test_a_command_from_an_older_update_is_refused_with_what_to_do(client: Client, game: str) -> None:
    g = create(client, game, 3)
    chooser = random.Random(7)
    current = state(client, g.game_id, ORGANISER)
    for _ in range(300):  # until a seat's earlier legal command is refused as not for now
        seat = chooser.choice(list(current.seats_to_act))
        earlier = legal(client, g, seat)
        command = chooser.choice(list(earlier.commands))
        submit(client, g, seat, command)
        stale = failure(partial(submit, client, g, seat, command, expected_version=earlier.version))
        assert (stale.code, stale.reason) == (grpc.StatusCode.ABORTED, "STALE_VERSION")
        assert HINT in stale.message and "legal commands" in stale.message
        current = state(client, g.game_id, ORGANISER)
        if current.status == "finished":
            break
        try:
            submit(client, g, seat, command)
        except grpc.RpcError as error:
            refused = failure_of(error)
            if refused.reason in NOT_NOW:
                assert refused.code == grpc.StatusCode.FAILED_PRECONDITION
                assert HINT in refused.message, refused.message
                assert refused.metadata["rule"]
                return
        current = state(client, g.game_id, ORGANISER)
    pytest.fail("no earlier command was refused as meant for another moment")


def test_the_play_stream_answers_a_stale_version_with_what_to_do(client: Client) -> None:
    g = create(client, "most-wanted", 3)
    before = state(client, g.game_id, ORGANISER)
    actor = before.seats_to_act[0]
    command = legal(client, g, actor).commands[0]
    stream, inbox = opened(client, g, actor)
    try:
        take(inbox)
        stream.send("first", command, before.version)
        assert not take(inbox, command_id="first").HasField("error")
        stream.send("again", command, before.version)
        error = take(inbox, command_id="again").error
        assert (error.code, error.reason) == ("ABORTED", "STALE_VERSION")
        assert HINT in error.message
    finally:
        stream.close()
