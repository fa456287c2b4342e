"""Rules version 3 options over gRPC: an option the table's size cannot play is refused, naming the rule."""

from __future__ import annotations

from functools import partial

import grpc

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.service.helpers import failure


def test_DW_RND_2_three_main_rounds_at_8_seats_is_a_bad_option_and_creates_nothing(client: Client) -> None:
    before = client.call("ListGames", frontier_pb2.ListGamesRequest()).games
    for options in ({"main_rounds": 3}, {"characters": ["Wild Bill Hickok", "Calamity Jane", "Alma Garret"]}):
        request = frontier_pb2.CreateGameRequest(game="deadwood-1876", seats=8)
        request.options.update(options)
        error = failure(partial(client.call, "CreateGame", request))
        assert (error.code, error.reason, error.metadata["field"]) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "BAD_OPTION",
            "options",
        )
        assert "DW-RND-2" in error.message or "'Alma Garret' is not a character" in error.message
    assert len(client.call("ListGames", frontier_pb2.ListGamesRequest()).games) == len(before)
