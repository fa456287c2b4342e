"""Bad input gets the right status and a clear message, appends nothing, and the server keeps serving."""

from __future__ import annotations

import random
import uuid

import grpc
import pytest

from engines.registry import get_engine
from service.client import Client
from service.convert import GAME_FIELDS
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, available_games
from tests.service.helpers import Game, create, failure, legal, state, submit

GAMES = available_games()


def assert_unchanged(client: Client, game: Game, version: int) -> None:
    assert state(client, game.game_id, ORGANISER).version == version  # nothing appended, still serving


def test_unknown_game_type_is_not_found(client: Client) -> None:
    request = frontier_pb2.CreateGameRequest(game="poker", seats=2)
    error = failure(lambda: client.call("CreateGame", request))
    assert (error.code, error.reason) == (grpc.StatusCode.NOT_FOUND, "UNKNOWN_GAME")
    assert "poker" in error.message


def test_unknown_game_id_is_not_found(client: Client) -> None:
    error = failure(lambda: state(client, str(uuid.uuid4())))
    assert (error.code, error.reason) == (grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND")


def test_a_game_id_that_is_not_a_uuid_is_invalid(client: Client) -> None:
    error = failure(lambda: state(client, "not-a-uuid"))
    assert (error.code, error.metadata["field"]) == (grpc.StatusCode.INVALID_ARGUMENT, "game_id")


@pytest.mark.parametrize("game", GAMES)
def test_bad_seat_count_and_bad_option_are_invalid(client: Client, game: str) -> None:
    engine = get_engine(game)
    too_many = frontier_pb2.CreateGameRequest(game=game, seats=engine.max_seats + 1)
    error = failure(lambda: client.call("CreateGame", too_many))
    assert (error.code, error.metadata["field"]) == (grpc.StatusCode.INVALID_ARGUMENT, "seats")
    bad_option = frontier_pb2.CreateGameRequest(game=game, seats=engine.min_seats)
    bad_option.options.update({"no_such_option": 1})
    error = failure(lambda: client.call("CreateGame", bad_option))
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_OPTION")
    assert "no_such_option" in error.message


@pytest.mark.parametrize("game", GAMES)
def test_a_command_for_another_game_is_invalid_and_names_the_field(client: Client, game: str) -> None:
    g = create(client, game)
    seat = state(client, g.game_id, g.tokens[0]).seats_to_act[0]
    other = next(field for gid, field in GAME_FIELDS.items() if gid != game)
    command = frontier_pb2.Command()
    getattr(command, other).SetInParent()
    error = failure(lambda: submit(client, g, seat, command))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT
    assert error.metadata["field"] == f"command.{other}"
    empty = failure(lambda: submit(client, g, seat, frontier_pb2.Command()))
    assert (empty.code, empty.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "MISSING_COMMAND")
    assert_unchanged(client, g, 1)


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_command_fails_its_precondition_with_the_rule(client: Client, game: str) -> None:
    g = create(client, game, get_engine(game).min_seats)
    chooser = random.Random(3)
    current = state(client, g.game_id, ORGANISER)
    for _ in range(200):  # find a moment when some seat is not to act
        idle = [s for s in g.tokens if s not in current.seats_to_act]
        if idle:
            break
        seat = chooser.choice(list(current.seats_to_act))
        submit(client, g, seat, chooser.choice(list(legal(client, g, seat).commands)))
        current = state(client, g.game_id, ORGANISER)
    else:
        pytest.skip("every seat was always to act")
    actor = current.seats_to_act[0]
    command = legal(client, g, actor).commands[0]
    error = failure(lambda: submit(client, g, idle[0], command))
    assert error.code == grpc.StatusCode.FAILED_PRECONDITION
    assert error.reason and error.reason.isupper()
    assert error.metadata["rule"]
    assert error.message
    assert_unchanged(client, g, current.version)


@pytest.mark.parametrize("game", GAMES)
def test_missing_and_wrong_tokens(client: Client, game: str) -> None:
    g = create(client, game)
    seat = state(client, g.game_id, g.tokens[0]).seats_to_act[0]
    command = legal(client, g, seat).commands[0]
    request = frontier_pb2.SubmitCommandRequest(game_id=g.game_id, command_id="x", command=command)
    missing = failure(lambda: client.stub.SubmitCommand(request, timeout=10))
    assert (missing.code, missing.reason) == (grpc.StatusCode.UNAUTHENTICATED, "TOKEN_REQUIRED")
    wrong = failure(lambda: client.call("SubmitCommand", request, token="not-a-seat-token"))
    assert (wrong.code, wrong.reason) == (grpc.StatusCode.PERMISSION_DENIED, "NOT_A_SEAT")
    other_game = create(client, game)
    foreign = failure(lambda: client.call("SubmitCommand", request, token=other_game.tokens[seat]))
    assert foreign.code == grpc.StatusCode.PERMISSION_DENIED
    malformed = failure(
        lambda: client.stub.SubmitCommand(request, metadata=[("authorization", "Basic abc")], timeout=10)
    )
    assert malformed.code == grpc.StatusCode.UNAUTHENTICATED
    assert_unchanged(client, g, 1)


@pytest.mark.parametrize("game", GAMES)
def test_an_oversized_message_is_resource_exhausted(client: Client, game: str) -> None:
    g = create(client, game)
    seat = state(client, g.game_id, g.tokens[0]).seats_to_act[0]
    command = legal(client, g, seat).commands[0]
    request = frontier_pb2.SubmitCommandRequest(
        game_id=g.game_id, command_id="x" * (17 * 1024 * 1024), command=command
    )
    error = failure(lambda: client.call("SubmitCommand", request, token=g.tokens[seat]))
    assert error.code == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert_unchanged(client, g, 1)


@pytest.mark.parametrize("game", GAMES)
def test_an_overlong_command_id_is_invalid(client: Client, game: str) -> None:
    g = create(client, game)
    seat = state(client, g.game_id, g.tokens[0]).seats_to_act[0]
    command = legal(client, g, seat).commands[0]
    error = failure(lambda: submit(client, g, seat, command, command_id="x" * 500))
    assert (error.code, error.metadata["field"]) == (grpc.StatusCode.INVALID_ARGUMENT, "command_id")
    assert_unchanged(client, g, 1)
