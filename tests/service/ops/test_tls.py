"""TLS on every port of a real `frontier serve`: the CLI and the Python client reach each one with a
private CA's certificate, and a plaintext client is refused on each."""

from __future__ import annotations

import http.client
import os
import random
import subprocess
import sys
import urllib.error
import urllib.request

import grpc
import pytest
import websockets

from service.client import Client, play_bot_game
from service.generated.frontier.v1 import frontier_pb2
from service.ops.tls import ClientTls
from service.ws_client import PlaySocket, seat_sockets
from tests.service.ops.certificates import Certificates
from tests.service.ops.serving import Served
from tests.service.test_node_client import play as play_in_node
from tests.service.wsplay.apart import run_apart


def frontier(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "service.cli", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )


def test_the_cli_plays_over_grpc_and_websocket_with_tls_and_audits_with_the_ca_from_the_environment(
    served: Served, certificates: Certificates
) -> None:
    bots = frontier(
        "bots", "--server", served.grpc, "--tls-ca", str(certificates.ca), "--ws", served.ws,
        "--game", "most-wanted", "--players", "2", "--games", "1", "--seed", "3",
    )  # fmt: skip
    assert bots.returncode == 0, bots.stderr
    (game_id,) = bots.stdout.split()
    audit = frontier("audit", "--server", served.grpc, game_id, env={"FRONTIER_TLS_CA": str(certificates.ca)})
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert "passed" in audit.stdout.lower()


def test_the_cli_without_tls_is_refused_and_says_so(served: Served) -> None:
    games = frontier("games", "--server", served.grpc)
    assert games.returncode != 0
    assert "UNAVAILABLE" in games.stderr


def test_the_python_client_plays_over_grpc_and_websocket_with_tls(
    served: Served, certificates: Certificates, monkeypatch: pytest.MonkeyPatch
) -> None:
    tls = ClientTls(enabled=True, ca=certificates.ca)
    monkeypatch.setenv("FRONTIER_TLS_CA", str(certificates.ca))  # what the WebSocket client trusts
    with Client(served.grpc, tls=tls) as client:
        game_id, commands = play_bot_game(
            client, "deadwood-1876", 2, chooser=random.Random(4), open_stream=seat_sockets(served.ws)
        )
        assert commands > 0
        state = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id))
        assert state.status == "finished"


def test_the_web_viewer_answers_over_https(served: Served, certificates: Certificates) -> None:
    context = ClientTls(enabled=True, ca=certificates.ca).ssl_context()
    with urllib.request.urlopen(served.http, context=context, timeout=30) as page:
        assert page.status == 200
        assert b"<html" in page.read().lower()


def test_a_plaintext_client_is_refused_on_every_port(served: Served) -> None:
    with Client(served.grpc, tls=ClientTls(enabled=False), timeout=5) as plain:
        with pytest.raises(grpc.RpcError) as refused:
            plain.call("ListGames", frontier_pb2.ListGamesRequest())
        assert refused.value.code() == grpc.StatusCode.UNAVAILABLE

    async def open_plain_socket() -> None:
        await PlaySocket.open(served.ws.replace("wss://", "ws://"), "no-game", None)

    with pytest.raises((websockets.exceptions.WebSocketException, OSError)):
        run_apart(open_plain_socket())
    with pytest.raises((http.client.HTTPException, OSError)) as closed:
        urllib.request.urlopen(served.http.replace("https://", "http://"), timeout=10).read()
    assert not isinstance(closed.value, urllib.error.HTTPError), "no page is served without TLS"


def test_a_client_that_trusts_only_the_system_store_is_refused(served: Served) -> None:
    with Client(served.grpc, tls=ClientTls(enabled=True), timeout=5) as untrusting:
        with pytest.raises(grpc.RpcError) as refused:
            untrusting.call("ListGames", frontier_pb2.ListGamesRequest())
        assert refused.value.code() == grpc.StatusCode.UNAVAILABLE


def test_the_node_example_plays_over_tls_with_the_ca_from_the_environment(
    served: Served, certificates: Certificates
) -> None:
    trusted = {**os.environ, "FRONTIER_TLS_CA": str(certificates.ca)}
    summary = play_in_node(served.grpc, "most-wanted", 3, env=trusted)
    assert summary["status"] == "finished"
    # The same client without the CA is refused: it does not fall back to plaintext.
    untrusted = {key: value for key, value in os.environ.items() if not key.startswith("FRONTIER_TLS")}
    with pytest.raises(AssertionError, match="UNAVAILABLE|14"):
        play_in_node(served.grpc, "most-wanted", 3, env=untrusted)
