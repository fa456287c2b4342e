"""Rules version 2 options over gRPC: chosen at creation, checked against the table, refused clearly."""

from __future__ import annotations

import json

import grpc

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.service.helpers import create, failure, state


def test_a_named_first_seat_outside_the_table_is_a_bad_option_and_creates_nothing(client: Client) -> None:
    before = client.call("ListGames", frontier_pb2.ListGamesRequest()).games
    request = frontier_pb2.CreateGameRequest(game="most-wanted", seats=3)
    request.options.update({"first_player": "named", "first_seat": 5})
    error = failure(lambda: client.call("CreateGame", request))
    assert (error.code, error.reason, error.metadata["field"]) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_OPTION",
        "options",
    )
    assert "first_seat must name one of the seats 0 to 2, not 5" in error.message
    assert len(client.call("ListGames", frontier_pb2.ListGamesRequest()).games) == len(before)


def test_the_named_youngest_player_starts_and_chosen_characters_are_dealt(client: Client) -> None:
    game = create(client, "most-wanted", 3, first_player="named", first_seat=2)
    assert json.loads(state(client, game.game_id).view_json)["active"] == 2
    chosen = ["Calamity Jane", "Sol Star"]
    deadwood = create(client, "deadwood-1876", 3, characters=chosen)
    players = json.loads(state(client, deadwood.game_id).view_json)["players"]
    assert [p["character"] for p in players] == [*chosen, "Wild Bill Hickok"]
