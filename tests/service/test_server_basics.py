"""The server answers standard health checks and reflection, and lists its games."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from engines.registry import game_ids
from service.client import Client
from service.config import Settings
from service.generated.frontier.v1 import frontier_pb2
from service.server import SERVICE_NAME, Running, create_server
from tests.service.helpers import create


def test_health_reports_serving(server: Running) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        for name in ("", SERVICE_NAME, "frontier.v1.Tournaments", "frontier.v1.Webhooks"):
            reply = stub.Check(health_pb2.HealthCheckRequest(service=name), timeout=5)
            assert reply.status == health_pb2.HealthCheckResponse.SERVING


def test_reflection_lists_the_service(server: Running) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        request = reflection_pb2.ServerReflectionRequest(list_services="")
        (reply,) = list(stub.ServerReflectionInfo(iter([request]), timeout=5))
        names = {s.name for s in reply.list_services_response.service}
        assert SERVICE_NAME in names
        assert "frontier.v1.Webhooks" in names
        assert "grpc.health.v1.Health" in names


def test_list_game_types_names_every_engine(client: Client) -> None:
    reply = client.call("ListGameTypes", frontier_pb2.ListGameTypesRequest())
    assert [g.game for g in reply.games] == game_ids()
    for game in reply.games:
        assert 2 <= game.min_seats <= game.max_seats


def test_a_second_server_on_a_busy_port_fails_and_the_first_keeps_every_call(
    server: Running, client: Client, tmp_path: Path
) -> None:
    create(client, "most-wanted" if "most-wanted" in game_ids() else game_ids()[0])
    env = {**os.environ, "FRONTIER_DATA": str(tmp_path / "second")}
    second = subprocess.run(
        [sys.executable, "-m", "service.cli", "serve", "--port", str(server.port)],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert second.returncode == 2
    assert second.stdout == ""
    assert second.stderr.strip() == (
        f"error: cannot listen on 127.0.0.1:{server.port}: the port is already in use"
    )
    # Every call still reaches the first server (with port reuse, fresh connections were split).
    for _ in range(20):
        with Client(f"127.0.0.1:{server.port}") as fresh:
            listed = fresh.call("ListGames", frontier_pb2.ListGamesRequest())
            assert len(listed.games) == 1


def test_create_server_on_a_busy_port_is_an_os_error(server: Running, tmp_path: Path) -> None:
    with pytest.raises(OSError, match="already in use"):
        create_server(Settings(data=tmp_path / "other", port=server.port))
