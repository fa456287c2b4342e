"""The API over Connect on the web port: the same answers and errors as over gRPC, on a real server.

Connect calls are made by hand (urllib, and once the `curl` binary), as a browser's fetch or curl
makes them; each is compared with the same call over gRPC.
"""

from __future__ import annotations

import http.client
import json
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf import json_format

from service.generated.frontier.v1 import frontier_pb2, tournaments_pb2
from service.grpc_api.connect.endpoints import served_methods
from tests.conftest import ORGANISER
from tests.service.helpers import failure
from tests.service.web import connect_client as connect
from tests.service.web.api_site import ApiSite, api_site

GAME = "most-wanted"
JSON_HEADERS = {"Content-Type": "application/json"}


@pytest.fixture
def site(tmp_path: Path) -> Iterator[ApiSite]:
    with api_site(tmp_path / "data") as running:
        yield running


def parsed(answer: connect.Answer, message: Any) -> Any:
    assert answer.status == 200, answer.body
    return json_format.Parse(answer.body, message, ignore_unknown_fields=False)


def play_until(site: ApiSite, game_id: str, tokens: dict[int, str], version: int) -> None:
    """Legal commands over gRPC until the game reaches `version` (or ends)."""
    while True:
        state = site.client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id), token=ORGANISER)
        if state.version >= version or state.status == "finished":
            return
        seat = state.seats_to_act[0]
        legal = site.client.call(
            "ListLegalCommands", frontier_pb2.ListLegalCommandsRequest(game_id=game_id), token=tokens[seat]
        )
        request = frontier_pb2.SubmitCommandRequest(
            game_id=game_id, command_id=uuid.uuid4().hex, command=legal.commands[0]
        )
        site.client.call("SubmitCommand", request, token=tokens[seat])


def new_game(site: ApiSite, version: int = 1) -> tuple[str, dict[int, str]]:
    request = frontier_pb2.CreateGameRequest(game=GAME, seats=2, players=["ann", "bob"])
    made = site.client.call("CreateGame", request, token=ORGANISER)
    tokens = {s.seat: s.token for s in made.seats}
    play_until(site, made.game_id, tokens, version)
    return made.game_id, tokens


def test_json_calls_answer_as_grpc_does(site: ApiSite) -> None:
    types = parsed(connect.unary(site.url, "ListGameTypes", {}), frontier_pb2.ListGameTypesResponse())
    assert types == site.client.call("ListGameTypes", frontier_pb2.ListGameTypesRequest())

    made = connect.unary(site.url, "CreateGame", {"game": GAME, "seats": 2}, ORGANISER).json()
    game_id = made["gameId"]
    stored = site.client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id))
    assert (stored.game, stored.version, list(stored.open_seats)) == (GAME, int(made["version"]), [0, 1])

    tokens = {}
    for seat, player in enumerate(["ann", "bob"]):
        claim = {"gameId": game_id, "player": player, "seat": seat}
        claimed = connect.unary(site.url, "ClaimSeat", claim).json()["seat"]
        assert (claimed.get("seat", 0), claimed["player"]) == (seat, player)
        tokens[seat] = claimed["token"]
    state = site.client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id), token=tokens[0])
    assert state.viewer_seat == 0 and list(state.open_seats) == []

    seat = state.seats_to_act[0]
    legal = connect.unary(site.url, "ListLegalCommands", {"gameId": game_id}, tokens[seat]).json()
    command_id = uuid.uuid4().hex
    submit = {"gameId": game_id, "commandId": command_id, "command": legal["commands"][0]}
    submitted = parsed(
        connect.unary(site.url, "SubmitCommand", submit, tokens[seat]), frontier_pb2.SubmitCommandResponse()
    )
    assert submitted.version == state.version + 1 and not submitted.duplicate
    # The same command id over gRPC is the same command: stored once, answered as the first.
    again = json_format.ParseDict(submit, frontier_pb2.SubmitCommandRequest())
    retried = site.client.call("SubmitCommand", again, token=tokens[seat])
    assert retried.duplicate and retried.version == submitted.version

    for token in (None, tokens[0], ORGANISER):
        exported = connect.unary(site.url, "ExportLog", {"gameId": game_id}, token)
        over_grpc = site.client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=token)
        assert parsed(exported, frontier_pb2.ExportLogResponse()) == over_grpc
    audited = connect.unary(site.url, "Audit", {"gameId": game_id}, ORGANISER)  # a game in progress
    assert parsed(audited, frontier_pb2.AuditReport()) == site.client.call(
        "Audit", frontier_pb2.AuditRequest(game_id=game_id), token=ORGANISER
    )


def test_errors_are_grpcs_statuses_as_connect_codes(site: ApiSite) -> None:
    game_id, tokens = new_game(site)
    other_id, other_tokens = new_game(site)
    bad_calls: list[tuple[str, dict[str, Any], str | None]] = [
        ("CreateGame", {"game": "no-such-game", "seats": 2}, ORGANISER),
        ("CreateGame", {"game": GAME, "seats": 99}, ORGANISER),
        ("ClaimSeat", {"gameId": str(uuid.uuid4()), "player": "cy"}, None),
        ("ClaimSeat", {"gameId": game_id, "player": "cy"}, None),  # no open seat
        ("SubmitCommand", {"gameId": game_id, "commandId": "c1", "command": {}}, other_tokens[0]),
        ("SubmitCommand", {"gameId": game_id, "commandId": "c2", "command": {}}, tokens[1]),
        ("ExportLog", {"gameId": "not-an-id"}, None),
        ("ExportLog", {"gameId": other_id}, tokens[0]),  # a token of another game
        ("Audit", {"gameId": str(uuid.uuid4())}, None),
        ("Audit", {"gameId": game_id}, tokens[0]),  # in progress: the organiser's only
        ("ListGameTypes", {}, "  "),  # a malformed authorization header
    ]
    for method, body, token in bad_calls:
        over_connect = connect.failure(connect.unary(site.url, method, body, token))
        request = json_format.ParseDict(body, getattr(frontier_pb2, f"{method}Request")())
        over_grpc = failure(lambda m=method, r=request, t=token: site.client.call(m, r, token=t))  # type: ignore[misc]
        assert over_connect.code == over_grpc.code.name.lower(), (method, body)
        assert over_connect.message == over_grpc.message
        assert (over_connect.reason, over_connect.metadata) == (over_grpc.reason, over_grpc.metadata)
        assert over_connect.reason, f"{method}: no ErrorInfo in the Connect error's details"


def test_a_body_that_is_not_a_message_is_invalid_argument_as_over_grpc(site: ApiSite) -> None:
    garbage = b"\xff\xff\xff\x0f"
    raw = site.client.channel.unary_unary("/frontier.v1.FrontierLedger/ExportLog")
    over_grpc = failure(lambda: raw(garbage))
    over_connect = connect.failure(connect.post(site.url, "ExportLog", garbage, "application/proto"))
    assert over_connect.code == "invalid_argument" == over_grpc.code.name.lower()
    assert (over_connect.message, over_connect.reason) == (over_grpc.message, over_grpc.reason)
    for body in (b"{not json", b'{"gameId": 5}', b'{"gameid": "x"}', b"[" * 100_000):
        refused = connect.failure(connect.post(site.url, "ExportLog", body, "application/json"))
        assert (refused.code, refused.reason) == ("invalid_argument", "MALFORMED_REQUEST"), body[:20]
        assert refused.message.startswith("the request body is not a valid ExportLog request message")


def test_replay_and_watch_stream_over_connect(site: ApiSite) -> None:
    game_id, tokens = new_game(site, version=6)
    for token in (None, tokens[1], ORGANISER):
        steps, end = connect.stream(site.url, "Replay", {"gameId": game_id}, token)
        expected = list(site.client.stub.Replay(frontier_pb2.ReplayRequest(game_id=game_id), **_auth(token)))
        assert end == {} and len(steps) == len(expected) >= 6
        assert [json_format.ParseDict(s, frontier_pb2.ReplayStep()) for s in steps] == expected
        watched = connect.first_messages(site.url, "WatchGame", {"gameId": game_id}, len(expected), token)
        updates = site.client.stub.WatchGame(frontier_pb2.WatchGameRequest(game_id=game_id), **_auth(token))
        over_grpc = [next(updates) for _ in watched]
        updates.cancel()
        assert [json_format.ParseDict(u, frontier_pb2.GameUpdate()) for u in watched] == over_grpc

    _steps, end = connect.stream(site.url, "Replay", {"gameId": game_id, "toVersion": 999})
    refused = connect.error_of(end["error"])
    assert (refused.code, refused.reason) == ("invalid_argument", "VERSION_OUT_OF_RANGE")


def test_a_binary_connect_call_answers_as_grpc(site: ApiSite) -> None:
    answer = connect.post(site.url, "ListGameTypes", b"", "application/proto")
    assert answer.status == 200 and answer.headers["content-type"] == "application/proto"
    listed = frontier_pb2.ListGameTypesResponse.FromString(answer.body)
    assert listed == site.client.call("ListGameTypes", frontier_pb2.ListGameTypesRequest())


def test_a_grpc_web_call_answers_as_grpc(site: ApiSite) -> None:
    messages, trailers = connect.grpc_web(site.url, "ListGameTypes", b"")
    assert trailers["grpc-status"] == "0" and len(messages) == 1
    answer = frontier_pb2.ListGameTypesResponse.FromString(messages[0])
    assert answer == site.client.call("ListGameTypes", frontier_pb2.ListGameTypesRequest())

    request = frontier_pb2.ExportLogRequest(game_id=str(uuid.uuid4()))
    messages, trailers = connect.grpc_web(site.url, "ExportLog", request.SerializeToString())
    over_grpc = failure(lambda: site.client.call("ExportLog", request))
    assert messages == [] and trailers["grpc-status"] == str(over_grpc.code.value[0])
    assert "grpc-status-details-bin" in trailers


def test_plain_grpc_on_the_web_port_is_refused_in_words(
    site: ApiSite, caplog: pytest.LogCaptureFixture
) -> None:
    """HTTP/1.1 has no trailers for gRPC: the call is refused, once, with no traceback in the log."""
    for content_type in ("application/grpc", "application/grpc+proto", "application/grpc-web-text"):
        refused = connect.post(site.url, "ListGameTypes", connect.envelope(b""), content_type)
        assert refused.status == 415, content_type
    refused = connect.post(site.url, "ListGameTypes", connect.envelope(b""), "application/grpc")
    assert "call the server's gRPC port" in connect.failure(refused).message
    assert not [record for record in caplog.records if record.exc_info], "a traceback was logged"


def test_every_unary_and_server_streaming_method_is_served(site: ApiSite) -> None:
    """The endpoint table comes from the services' descriptors: a method added to proto/ is served
    with nothing written for it, and the client-streaming Play is left to its WebSocket."""
    methods = served_methods((frontier_pb2.DESCRIPTOR, tournaments_pb2.DESCRIPTOR))
    assert len(methods) > 30
    for path, method in methods.items():
        service, name = path.strip("/").split("/")
        if method.server_streaming:
            answer = connect.post(
                site.url, name, connect.envelope(b"{}"), "application/connect+json", service=service
            )
        else:
            answer = connect.unary(site.url, name, {}, service=service)
        served = answer.status != 404
        assert served == (not method.client_streaming), (path, answer.status, answer.body[:200])


def test_curl_calls_the_api(site: ApiSite) -> None:
    curl = shutil.which("curl")
    if curl is None:
        pytest.skip("no curl binary on this machine")
    url = f"{site.url}/frontier.v1.FrontierLedger/ListGameTypes"
    done = subprocess.run(
        [curl, "-sS", "-X", "POST", "-H", "Content-Type: application/json", "-d", "{}", url],
        capture_output=True,
        timeout=30,
        check=True,
    )
    listed = json_format.Parse(done.stdout, frontier_pb2.ListGameTypesResponse())
    assert listed == site.client.call("ListGameTypes", frontier_pb2.ListGameTypesRequest())
    url = f"{site.url}/frontier.v1.FrontierLedger/ExportLog"
    body = json.dumps({"gameId": str(uuid.uuid4())})
    written = "%{http_code}"
    coded = subprocess.run(
        [curl, "-sS", "-w", written, "-H", "Content-Type: application/json", "-d", body, url],
        capture_output=True,
        timeout=30,
        check=True,
        text=True,
    )
    assert coded.stdout.endswith("404") and json.loads(coded.stdout[:-3])["code"] == "not_found"


def _auth(token: str | None) -> dict[str, Any]:
    return {"metadata": (("authorization", f"Bearer {token}"),)} if token else {}


def test_grpc_status_codes_named_alike() -> None:
    """Every gRPC code has a Connect code of the same name but CANCELLED (Connect spells it CANCELED)."""
    from connectrpc.code import Code

    for code in grpc.StatusCode:
        if code not in (grpc.StatusCode.OK, grpc.StatusCode.CANCELLED):
            assert Code[code.name].value == code.name.lower()


def test_calls_on_a_kept_alive_connection_wait_for_no_delayed_ack(site: ApiSite) -> None:
    """Each answer left in two writes and, with Nagle's algorithm on, waited 40 ms for the client's
    delayed ACK: 10 calls on one connection took >= 0.4 s (44 ms a call), now ~2 ms a call."""
    connection = http.client.HTTPConnection("127.0.0.1", site.http.port, timeout=30)
    try:
        started = time.monotonic()
        for _ in range(10):
            connection.request("POST", f"/{connect.SERVICE}/ListGameTypes", b"{}", JSON_HEADERS)
            reply = connection.getresponse()
            assert reply.status == 200 and reply.read()
        elapsed = time.monotonic() - started
    finally:
        connection.close()
    assert elapsed < 0.35, f"10 calls took {elapsed:.2f} s"
