"""The server answers standard health checks and reflection, and lists its games."""

from __future__ import annotations

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from engines.registry import game_ids
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from service.server import SERVICE_NAME, Running


def test_health_reports_serving(server: Running) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        for name in ("", SERVICE_NAME):
            reply = stub.Check(health_pb2.HealthCheckRequest(service=name), timeout=5)
            assert reply.status == health_pb2.HealthCheckResponse.SERVING


def test_reflection_lists_the_service(server: Running) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        request = reflection_pb2.ServerReflectionRequest(list_services="")
        (reply,) = list(stub.ServerReflectionInfo(iter([request]), timeout=5))
        names = {s.name for s in reply.list_services_response.service}
        assert SERVICE_NAME in names
        assert "grpc.health.v1.Health" in names


def test_list_game_types_names_every_engine(client: Client) -> None:
    reply = client.call("ListGameTypes", frontier_pb2.ListGameTypesRequest())
    assert [g.game for g in reply.games] == game_ids()
    for game in reply.games:
        assert 2 <= game.min_seats <= game.max_seats
