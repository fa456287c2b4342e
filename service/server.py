"""Build and run the gRPC server: the Frontier servicer plus health and reflection."""

from __future__ import annotations

import errno
import socket
from concurrent import futures
from dataclasses import dataclass

import grpc
from eventsourcing.persistence import PersistenceError
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from engines.registry import game_ids
from service.config import ConfigError, Settings
from service.fanout import Broker, LocalBroker
from service.games import Games
from service.generated.frontier.v1 import frontier_pb2, frontier_pb2_grpc
from service.servicer import Servicer

SERVICE_NAME = frontier_pb2.DESCRIPTOR.services_by_name["FrontierLedger"].full_name


@dataclass
class Running:
    server: grpc.Server
    port: int
    app: Games

    def stop(self, grace: float | None = 1.0) -> None:
        self.server.stop(grace).wait()
        self.app.broker.close()
        self.app.close()


def create_server(settings: Settings) -> Running:
    """Start serving on settings.host:settings.port (0 picks a free port) and return it.

    An unreachable PostgreSQL or Redis is one ConfigError here, not a trace later.
    """
    _require_free_port(settings.host, settings.port)
    broker = _broker(settings)
    try:
        app = Games(env=settings.store_env(), broker=broker)
        app.recorder.max_notification_id()
    except PersistenceError as error:
        broker.close()
        raise ConfigError(f"cannot use the event store {settings.store!r}: {error}") from None
    # Import every engine now: the first game of each kind otherwise paid for the import
    # inside a client's call (measured: ~10% of a 10 s load run's samples in importlib).
    game_ids()
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=settings.workers, thread_name_prefix="frontier"),
        options=[
            ("grpc.max_receive_message_length", settings.max_message_bytes),
            ("grpc.max_send_message_length", settings.max_message_bytes),
            # gRPC sets SO_REUSEPORT by default: a second server on a busy port would start
            # and the kernel would split the clients between the two.
            ("grpc.so_reuseport", 0),
        ],
    )
    frontier_pb2_grpc.add_FrontierLedgerServicer_to_server(Servicer(app, settings.organiser_token), server)
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name, reflection.SERVICE_NAME),
        server,
    )
    try:
        port = server.add_insecure_port(f"{settings.host}:{settings.port}")
    except RuntimeError:  # taken between the check above and here
        port = 0
    if port == 0:
        app.close()
        broker.close()
        raise OSError(f"cannot listen on {settings.host}:{settings.port}: is another server using it?")
    server.start()
    for name in ("", SERVICE_NAME):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return Running(server, port, app)


def _require_free_port(host: str, port: int) -> None:
    """Fail before opening the store, with one line, when the port is taken.

    gRPC's own bind failure is a RuntimeError plus a core log line; this check gives
    the reason in words. It binds the way gRPC does (SO_REUSEADDR, no SO_REUSEPORT).
    """
    if port == 0:
        return
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise OSError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise OSError(f"cannot listen on {host}:{port}: the port is already in use") from None
            raise OSError(f"cannot listen on {host}:{port}: {error.strerror}") from None


def _broker(settings: Settings) -> Broker:
    if not settings.redis:
        return LocalBroker()
    import redis

    from service.redis_fanout import RedisBroker

    try:
        return RedisBroker(settings.redis)
    except redis.RedisError as error:
        raise ConfigError(f"cannot reach Redis at {settings.redis}: {error}") from None
