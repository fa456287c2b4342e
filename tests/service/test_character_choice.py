"""DW-SETUP-2 over gRPC: a seat playing online chooses its own character (`character_choice="chosen"`)."""

from __future__ import annotations

import json
from functools import partial

import grpc

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.service.helpers import Game, create, failure, legal, state, submit


def choices(client: Client, game: Game, seat: int) -> list[str]:
    return [c.deadwood_1876.choose_character.character for c in legal(client, game, seat).commands]


def test_DW_SETUP_2_each_seat_chooses_a_free_character_and_a_taken_one_is_refused(client: Client) -> None:
    game = create(client, "deadwood-1876", 3, character_choice="chosen")
    first = choices(client, game, 0)
    assert len(first) == 9 and choices(client, game, 1) == []
    taken = legal(client, game, 0).commands[2]
    submit(client, game, 0, taken)
    name = taken.deadwood_1876.choose_character.character
    assert name not in choices(client, game, 1) and len(choices(client, game, 1)) == 8
    refused = failure(partial(submit, client, game, 1, taken))
    assert (refused.code, refused.reason, refused.metadata["rule"]) == (
        grpc.StatusCode.FAILED_PRECONDITION,
        "CHARACTER_TAKEN",
        "DW-SETUP-2",
    )
    submit(client, game, 1, legal(client, game, 1).commands[0])
    submit(client, game, 2, legal(client, game, 2).commands[0])
    after = state(client, game.game_id, game.tokens[0])
    assert list(after.seats_to_act) == [0, 1, 2]  # the pass of DW-SETUP-6 follows the choice


def test_DW_SETUP_2_chosen_with_named_characters_is_a_bad_option(client: Client) -> None:
    request = frontier_pb2.CreateGameRequest(game="deadwood-1876", seats=2)
    request.options.update({"character_choice": "chosen", "characters": ["Sol Star"]})
    error = failure(partial(client.call, "CreateGame", request))
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_OPTION")
    assert "DW-SETUP-2" in error.message


def test_DW_SETUP_2_a_chosen_game_is_recorded_under_the_version_that_added_the_choice(
    client: Client, organiser: Client
) -> None:
    game = create(client, "deadwood-1876", 2, character_choice="chosen")
    exported = organiser.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game.game_id))
    header = json.loads(exported.content.splitlines()[0])
    assert (header["rules_version"], header["options"]["character_choice"]) == ("deadwood-1876/4", "chosen")
    request = frontier_pb2.CreateGameRequest(
        game="deadwood-1876", seats=2, players=["a", "b"], rules_version="deadwood-1876/3"
    )
    request.options.update({"character_choice": "chosen"})
    error = failure(partial(organiser.call, "CreateGame", request))
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_OPTION")
    assert "character_choice came with rules version deadwood-1876/4" in error.message
