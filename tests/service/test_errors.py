"""Bad input gets the right status and a clear message, appends nothing, and the server keeps serving."""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import grpc
import pytest

from engines.registry import get_engine
from service.client import Client
from service.core.convert import GAME_FIELDS
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, available_games
from tests.service.helpers import Game, RpcFailure, create, failure, legal, state, submit
from tools.reasons import error_classes, service_reasons

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


# -- who is calling: every RPC against every kind of bad token --------------------------------

SERVICE = frontier_pb2.DESCRIPTOR.services_by_name["FrontierLedger"]
ROOT = Path(__file__).resolve().parents[2]
MALFORMED = [("authorization", "Basic abc")]
UNAUTHENTICATED = grpc.StatusCode.UNAUTHENTICATED
PERMISSION_DENIED = grpc.StatusCode.PERMISSION_DENIED
# Calls on a game that read the token: a token that is not of that game is refused.
READS_TOKEN = {
    "SubmitCommand", "GetState", "ListLegalCommands", "WatchGame", "Replay", "ExportLog", "Audit",
    "ProveInclusion", "Play", "RelayLine", "RevealSeed", "GetRelay", "ReissueSeatToken", "Resign",
    "RequestTakeback", "AnswerTakeback",
}  # fmt: skip
# With an organiser token configured, only the organiser may import: any other token is refused.
ORGANISER_ONLY = {
    "ImportLog", "ExpandRecording", "StartRelay", "ForkGame", "EndGame", "UpgradeRules", "PublishGame",
}  # fmt: skip
# Calls that act on no game's secrets need no token: one is ignored, but its header must be well formed.
# FollowEvents takes the seat tokens it follows in its request; the header only names the organiser.
IGNORES_TOKEN = {"ListGameTypes", "CreateGame", "ClaimSeat", "ListGames", "GetSigningKey", "FollowEvents"}


def test_the_token_lists_name_every_rpc() -> None:
    assert set(SERVICE.methods_by_name) == READS_TOKEN | IGNORES_TOKEN | ORGANISER_ONLY
    assert not READS_TOKEN & IGNORES_TOKEN and not ORGANISER_ONLY & (READS_TOKEN | IGNORES_TOKEN)


def _requests(client: Client, game: Game) -> dict[str, Any]:
    """A well-formed request for every RPC, on `game` where it takes one."""
    seat = state(client, game.game_id, game.tokens[0]).seats_to_act[0]
    command = legal(client, game, seat).commands[0]
    return {
        "ListGameTypes": frontier_pb2.ListGameTypesRequest(),
        "CreateGame": frontier_pb2.CreateGameRequest(game=game.game, seats=len(game.tokens)),
        "ClaimSeat": frontier_pb2.ClaimSeatRequest(game_id=game.game_id, player="late", seat=seat),
        "SubmitCommand": frontier_pb2.SubmitCommandRequest(
            game_id=game.game_id, command_id="same-id", command=command
        ),
        "GetState": frontier_pb2.GetStateRequest(game_id=game.game_id),
        "ListLegalCommands": frontier_pb2.ListLegalCommandsRequest(game_id=game.game_id),
        "ListGames": frontier_pb2.ListGamesRequest(),
        "WatchGame": frontier_pb2.WatchGameRequest(game_id=game.game_id),
        "Replay": frontier_pb2.ReplayRequest(game_id=game.game_id),
        "ExportLog": frontier_pb2.ExportLogRequest(game_id=game.game_id),
        "ImportLog": frontier_pb2.ImportLogRequest(content=" "),
        "ExpandRecording": frontier_pb2.ExpandRecordingRequest(content=" "),
        "Audit": frontier_pb2.AuditRequest(game_id=game.game_id),
        "GetSigningKey": frontier_pb2.GetSigningKeyRequest(),
        "ProveInclusion": frontier_pb2.ProveInclusionRequest(game_id=game.game_id, version=1),
        "Play": frontier_pb2.PlayRequest(game_id=game.game_id),
        "StartRelay": frontier_pb2.StartRelayRequest(header=" "),
        "RelayLine": frontier_pb2.RelayLineRequest(
            game_id=game.game_id, line='{"seat": 0, "command": {"kind": "pass"}}', expected_version=1
        ),
        "GetRelay": frontier_pb2.GetRelayRequest(game_id=game.game_id),
        "ForkGame": frontier_pb2.ForkGameRequest(game_id=game.game_id, version=1),
        "ReissueSeatToken": frontier_pb2.ReissueSeatTokenRequest(game_id=game.game_id, seat=seat),
        "RevealSeed": frontier_pb2.RevealSeedRequest(game_id=game.game_id, client_seed="a seed"),
        "Resign": frontier_pb2.ResignRequest(game_id=game.game_id),
        "EndGame": frontier_pb2.EndGameRequest(game_id=game.game_id, abandon=True, reason="closing"),
        "RequestTakeback": frontier_pb2.RequestTakebackRequest(game_id=game.game_id),
        "AnswerTakeback": frontier_pb2.AnswerTakebackRequest(game_id=game.game_id, accept=True),
        "UpgradeRules": frontier_pb2.UpgradeRulesRequest(game_id=game.game_id),
        "FollowEvents": frontier_pb2.FollowEventsRequest(seat_tokens=[game.tokens[0]]),
        "PublishGame": frontier_pb2.PublishGameRequest(game_id=game.game_id),
    }


def _outcome(client: Client, method: str, request: Any, metadata: list[tuple[str, str]]) -> RpcFailure | None:
    """None when the call succeeds, else its failure; a stream is read to its first message."""
    rpc: Callable[..., Any] = getattr(client.stub, method)

    def call() -> Any:
        if SERVICE.methods_by_name[method].server_streaming:
            sent = iter([request]) if SERVICE.methods_by_name[method].client_streaming else request
            stream = rpc(sent, metadata=metadata, timeout=10)
            try:
                return next(stream)
            finally:
                stream.cancel()
        return rpc(request, metadata=metadata, timeout=10)

    try:
        call()
    except grpc.RpcError:
        return failure(call)
    return None


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("method", sorted(SERVICE.methods_by_name))
def test_every_rpc_refuses_a_malformed_or_unknown_token_the_same_way(
    client: Client, game: str, method: str
) -> None:
    g = create(client, game)
    other = create(client, game)
    request = _requests(client, g)[method]
    anonymous = _outcome(client, method, request, [])
    malformed = _outcome(client, method, request, MALFORMED)
    assert malformed is not None
    assert (malformed.code, malformed.reason) == (UNAUTHENTICATED, "BAD_AUTHORIZATION"), method
    for token in ("not-a-token-of-any-game", other.tokens[0]):
        outcome = _outcome(client, method, request, client.metadata(token))
        if method in READS_TOKEN:
            assert outcome is not None, f"{method} accepted a token that is not of its game"
            assert (outcome.code, outcome.reason) == (UNAUTHENTICATED, "UNKNOWN_TOKEN"), method
            assert "token" in outcome.message
        elif method in ORGANISER_ONLY:
            assert outcome is not None, f"{method} accepted a token that is not the organiser's"
            assert (outcome.code, outcome.reason) == (PERMISSION_DENIED, "ORGANISER_REQUIRED"), method
        else:  # the token is ignored: the same answer as without one
            assert (outcome and outcome.code) == (anonymous and anonymous.code), method
    if method == "SubmitCommand":
        assert anonymous is not None and (anonymous.code, anonymous.reason) == (
            UNAUTHENTICATED,
            "TOKEN_REQUIRED",
        )
    assert_unchanged(client, g, 1)


@pytest.mark.parametrize("header", ["Bearer", "Bearer   ", "bearer", "Token abc", "abc"])
def test_each_malformed_header_is_unauthenticated_and_says_what_to_send(client: Client, header: str) -> None:
    g = create(client, GAMES[0])
    error = failure(
        lambda: client.stub.GetState(
            frontier_pb2.GetStateRequest(game_id=g.game_id), metadata=[("authorization", header)], timeout=10
        )
    )
    assert (error.code, error.reason) == (UNAUTHENTICATED, "BAD_AUTHORIZATION")
    assert "Bearer <token>" in error.message


def test_two_authorization_headers_are_unauthenticated(client: Client) -> None:
    g = create(client, GAMES[0])
    headers = [("authorization", f"Bearer {g.tokens[0]}"), ("authorization", f"Bearer {ORGANISER}")]
    error = failure(
        lambda: client.stub.GetState(
            frontier_pb2.GetStateRequest(game_id=g.game_id), metadata=headers, timeout=10
        )
    )
    assert (error.code, error.reason) == (UNAUTHENTICATED, "BAD_AUTHORIZATION")


def test_the_organiser_holds_no_seat_so_cannot_submit(client: Client) -> None:
    g = create(client, GAMES[0])
    seat = state(client, g.game_id, g.tokens[0]).seats_to_act[0]
    request = frontier_pb2.SubmitCommandRequest(
        game_id=g.game_id, command_id="o", command=legal(client, g, seat).commands[0]
    )
    error = failure(lambda: client.call("SubmitCommand", request, token=ORGANISER))
    assert (error.code, error.reason) == (grpc.StatusCode.PERMISSION_DENIED, "NOT_A_SEAT")
    assert_unchanged(client, g, 1)


# -- a body that is not a message ----------------------------------------------------------------

NOT_A_MESSAGE = [b"\xff", b"\x0a\xff\x01", b"\x08\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80"]


@pytest.mark.parametrize("body", NOT_A_MESSAGE)
@pytest.mark.parametrize("method", sorted(SERVICE.methods_by_name))
def test_a_body_that_is_not_a_message_is_invalid_argument(
    client: Client, server: Any, method: str, body: bytes
) -> None:
    path = f"/{SERVICE.full_name}/{method}"
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        if SERVICE.methods_by_name[method].server_streaming:
            call: Callable[[], Any] = lambda: list(channel.unary_stream(path)(body, timeout=10))  # noqa: E731
        else:
            call = lambda: channel.unary_unary(path)(body, timeout=10)  # noqa: E731
        error = failure(call)
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_REQUEST"), method
    assert f"not a valid {method} request message" in error.message
    assert client.call("ListGames", frontier_pb2.ListGamesRequest()).games == []  # nothing stored


def test_health_checks_also_refuse_a_body_that_is_not_a_message(server: Any) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        error = failure(lambda: channel.unary_unary("/grpc.health.v1.Health/Check")(b"\xff", timeout=10))
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_REQUEST")


# -- every status and reason is documented -------------------------------------------------------


def _status_table() -> dict[str, str]:
    """The manual's status table (docs/api.md): status name -> the row's text."""
    readme = (ROOT / "docs" / "api.md").read_text()
    section = readme.split("## Statuses", 1)[1].split("\n#", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = line.split("|")
        if len(cells) > 3:
            for name in re.findall(r"`([A-Z_]+)`", cells[1]):
                rows[name] = "|".join(cells[2:])
    return rows


def test_the_manual_lists_every_status_and_every_reason_raised() -> None:
    table = _status_table()
    reasons = service_reasons()
    assert sum(len(r) for r in reasons.values()) >= 30  # the scan finds the reasons
    # ... in every package that answers calls: tournaments' validation and recordings' refusal too
    assert {"BAD_FORMAT", "TOURNAMENT_NOT_FOUND", "RECORDING_REJECTED"} <= set().union(*reasons.values())
    for cls in error_classes():
        assert cls.status.name in table, f"{cls.__name__}'s {cls.status.name} is not in docs/api.md"
    for status, names in reasons.items():
        for reason in names:
            assert f"`{reason}`" in table[status], f"{reason} ({status}) is not in docs/api.md's table"
    for status in ("ALREADY_EXISTS", "UNAVAILABLE", "DATA_LOSS", "RESOURCE_EXHAUSTED", "OK", "CANCELLED"):
        assert status in table
