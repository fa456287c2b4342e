"""Build and run the gRPC server: the Frontier servicer plus health and reflection.

The server is a `grpc.aio` server on an event loop of its own thread: unary handlers
stay plain functions run in a pool of worker threads, while a WatchGame stream is an
async generator on the loop and holds no thread, so thousands of watchers do not take
the workers that every other call needs. With `ws_port`, Play over WebSocket (service/wsplay/)
runs on that same loop and shares its Play streams, watchers and broker.
"""

from __future__ import annotations

import asyncio
import errno
import socket
import threading
import time
from concurrent import futures
from dataclasses import dataclass

import grpc
import websockets.asyncio.server
from eventsourcing.persistence import PersistenceError
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from engines.registry import game_ids
from service.config import DEFAULT_DRAIN_SECONDS, ConfigError, Settings, redact_secrets, redact_url
from service.core.clocks.downtime import resume_clocks
from service.core.clocks.heartbeat import HEARTBEAT_FILE, Heartbeat
from service.core.clocks.keeper import ClockKeeper
from service.core.fanout import Broker, LocalBroker
from service.core.games import Games
from service.core.jobs import Jobs
from service.core.rate_limit import TokenFailures
from service.core.root import Ledger
from service.core.shards import ShardsMismatch
from service.core.thread_names import name_os_thread
from service.extra_engines import register_engines
from service.generated.frontier.v1 import frontier_pb2, frontier_pb2_grpc
from service.grpc_api.drain import CallDrain
from service.grpc_api.ladders import register as register_ladders
from service.grpc_api.request_guard import MalformedRequestGuard
from service.grpc_api.served import ServedMethods
from service.grpc_api.servicer import Servicer
from service.grpc_api.tournaments import register as register_tournaments
from service.grpc_api.webhooks import register as register_webhooks
from service.ops.tls import server_tls
from service.organiser_token import check_organiser_token
from service.wsplay.server import PlaySockets

SERVICE_NAME = frontier_pb2.DESCRIPTOR.services_by_name["FrontierLedger"].full_name
STREAMS_PER_CONNECTION_MARGIN = 1_000  # unary calls beside a connection full of watch streams
Started = tuple[grpc.aio.Server, int, "websockets.asyncio.server.Server | None"]


@dataclass
class Running:
    server: grpc.aio.Server
    port: int
    ledger: Ledger  # the core, built once here and handed to every front end (service/core/root.py)
    servicer: Servicer
    loop: asyncio.AbstractEventLoop
    thread: threading.Thread
    workers: Jobs
    ws_server: websockets.asyncio.server.Server | None = None
    ws_port: int | None = None  # Play over WebSocket, when served
    clocks: ClockKeeper | None = None  # records timeouts (service/core/clocks/)
    calls: CallDrain | None = None  # the unary calls under way, drained at a stop
    drain_seconds: float = DEFAULT_DRAIN_SECONDS
    served: ServedMethods | None = None  # the gRPC handlers, for Connect on the web port

    @property
    def app(self) -> Games:
        return self.ledger.games

    def stop(self, grace: float | None = 1.0) -> None:
        """Drain the unary calls under way (up to `drain_seconds`), then stop; `grace` is the streams'."""
        if self.calls is not None:
            self.calls.drain(self.app.write_cut, self.drain_seconds)
        if self.loop.is_running():
            if self.ws_server is not None:  # its sockets are told "going away" (1001)
                closing = asyncio.run_coroutine_threadsafe(_close_sockets(self.ws_server), self.loop)
                closing.result(timeout=(grace or 0) + 30)
            stopping = asyncio.run_coroutine_threadsafe(self.server.stop(grace), self.loop)
            stopping.result(timeout=(grace or 0) + 30)
            self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=30)
        # The pools' running jobs end before the store closes under them (10 s in all).
        deadline = time.monotonic() + 10.0
        self.workers.stop(deadline)
        self.servicer.watching.close(deadline)
        self.servicer.plays.close(deadline)
        if self.clocks is not None:
            self.clocks.stop()
        self.ledger.webhooks.stop()  # after the attempt under way, before the store closes
        self.app.broker.close()
        self.app.close()


def create_server(settings: Settings) -> Running:
    """Start serving on settings.host:settings.port (0 picks a free port) and return it.

    A busy port, an unreachable PostgreSQL or Redis is one clear error here, not a trace later.
    """
    check_organiser_token(settings.organiser_token)  # a guessable token stops us before anything starts
    signing_key = settings.load_signing_key()  # a bad key file stops us before anything starts
    server_tls(settings.tls_cert, settings.tls_key)  # so does a TLS certificate that cannot be used
    register_engines(settings.engines)  # none unless asked for: a game id not shipped stays refused
    _require_free_port(settings.host, settings.port)
    if settings.ws_port is not None:
        _require_free_port(settings.host, settings.ws_port)
    broker = _broker(settings)
    try:
        app = Games(env=settings.store_env(), broker=broker)
        app.recorder.max_notification_id()
    except ShardsMismatch as error:  # the databases listed in another order or number than before
        broker.close()
        raise ConfigError(f"--store: {error}") from None
    except PersistenceError as error:
        broker.close()
        store = redact_url(settings.store)  # never the password: errors reach logs and terminals
        message = redact_secrets(str(error), ",".join((settings.store, *settings.store_replicas)))
        raise ConfigError(f"cannot use the event store {store!r}: {message}") from None
    # Import every engine now: the first game of each kind otherwise paid for the import
    # inside a client's call (measured: ~10% of a 10 s load run's samples in importlib).
    game_ids()
    heartbeat = _heartbeat(settings)
    if heartbeat is not None:  # before the port opens: no command meets a clock that ran while we were down
        resume_clocks(app, heartbeat.last())
    ledger = Ledger(
        app,
        settings.organiser_token,
        open_create=settings.open_create,
        open_import=settings.open_import,
        webhooks=settings.webhooks,
    )
    servicer = Servicer(
        ledger,
        settings.max_watchers,
        signing_key=signing_key,
        failures=TokenFailures(settings.token_failures, seat_token=app.index.holds_seat_token),
        stream_limits=settings.stream_limits(),
    )
    workers = Jobs(max_workers=settings.workers, thread_name_prefix="frontier")
    loop = asyncio.new_event_loop()
    started: futures.Future[Started] = futures.Future()
    calls = CallDrain()
    # The drain outermost: it counts a call from its arrival, its wait for a worker included.
    served = ServedMethods(None, (calls, MalformedRequestGuard()), loop)
    thread = threading.Thread(
        target=_run_loop,
        args=(loop, settings, servicer, workers, served, started),
        name="frontier-loop",
        daemon=True,
    )
    thread.start()
    try:
        server, port, ws_server = started.result(timeout=60)
    except BaseException:
        thread.join(timeout=10)
        servicer.watching.close()
        servicer.plays.close()
        workers.stop()
        broker.close()
        app.close()
        raise
    ws_port = _bound_port(ws_server) if ws_server is not None else None
    clocks = ClockKeeper(app, heartbeat=heartbeat)
    ledger.webhooks.worker.start()  # what was owed before a restart is sent from now on
    return Running(
        server,
        port,
        ledger,
        servicer,
        loop,
        thread,
        workers,
        ws_server,
        ws_port,
        clocks,
        calls,
        settings.drain_seconds,
        served,
    )


def _heartbeat(settings: Settings) -> Heartbeat | None:
    """The clock keeper's heartbeat, on a store of this server's own (service/core/clocks/downtime.py)."""
    return Heartbeat(settings.data / HEARTBEAT_FILE) if settings.store == "sqlite" else None


def _run_loop(
    loop: asyncio.AbstractEventLoop,
    settings: Settings,
    servicer: Servicer,
    workers: Jobs,
    served: ServedMethods,
    started: futures.Future[Started],
) -> None:
    name_os_thread()
    asyncio.set_event_loop(loop)
    # `asyncio.to_thread` (WatchGame's and Replay's store reads) runs in the workers too, so a
    # stop waits for those jobs as for the others.
    loop.set_default_executor(workers)
    try:
        server, port = loop.run_until_complete(_start(settings, servicer, workers, served))
    except BaseException as error:
        started.set_exception(error)
        loop.close()
        return
    ws_server = None
    if settings.ws_port is not None:
        sockets = PlaySockets(servicer.plays, settings.organiser_token, settings.ws_limits, servicer.failures)
        tls = server_tls(settings.tls_cert, settings.tls_key)
        serving = sockets.serve(settings.host, settings.ws_port, tls.ssl_context() if tls else None)
        try:
            ws_server = loop.run_until_complete(serving)
        except BaseException as error:
            loop.run_until_complete(server.stop(None))
            started.set_exception(error)
            loop.close()
            return
    started.set_result((server, port, ws_server))
    try:
        loop.run_forever()
    finally:
        # What is left ends on its own loop: streams still suspended (not later, in a garbage
        # collection on whichever thread runs it), and the tasks of callbacks other threads
        # scheduled as the loop stopped, such as a sync handler's hand-over of its next item,
        # whose thread would otherwise wait for ever.
        loop.run_until_complete(_end_leftover_tasks())
        loop.close()


async def _start(
    settings: Settings, servicer: Servicer, workers: Jobs, served: ServedMethods
) -> tuple[grpc.aio.Server, int]:
    server = grpc.aio.server(
        migration_thread_pool=workers,
        interceptors=list(served.interceptors),
        options=[
            ("grpc.max_receive_message_length", settings.max_message_bytes),
            ("grpc.max_send_message_length", settings.max_message_bytes),
            # gRPC sets SO_REUSEPORT by default: a second server on a busy port would start
            # and the kernel would split the clients between the two.
            ("grpc.so_reuseport", 0),
            # A transport bound, not a per-client cap (service/core/stream_slots.py counts spectators per
            # address and seats per token): one connection may carry a bot runner's many seats, or a
            # proxy's many spectators, and a refused stream ends at once.
            ("grpc.max_concurrent_streams", settings.max_watchers + STREAMS_PER_CONNECTION_MARGIN),
            # gRPC cancels calls that wait for the server loop to take them beyond 1,000 (and
            # all beyond 3,000): thousands of watchers joining at once got CANCELLED.
            ("grpc.server.max_pending_requests", settings.max_watchers + STREAMS_PER_CONNECTION_MARGIN),
            (
                "grpc.server.max_pending_requests_hard_limit",
                settings.max_watchers + STREAMS_PER_CONNECTION_MARGIN,
            ),
        ],
    )
    served.server = server  # each handler passes through it to the server, and is kept
    frontier_pb2_grpc.add_FrontierLedgerServicer_to_server(servicer, served)
    tournaments_name = register_tournaments(served, servicer.ledger, servicer.failures)
    players_name, ladders_name = register_ladders(served, servicer.ledger, servicer.failures)
    webhooks_name = register_webhooks(served, servicer.ledger, servicer.failures)
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection(
        (
            SERVICE_NAME,
            tournaments_name,
            players_name,
            ladders_name,
            webhooks_name,
            health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
            reflection.SERVICE_NAME,
        ),
        server,
    )
    address, tls = f"{settings.host}:{settings.port}", server_tls(settings.tls_cert, settings.tls_key)
    try:
        port = (
            server.add_secure_port(address, tls.grpc_credentials())
            if tls
            else server.add_insecure_port(address)
        )
    except RuntimeError:  # taken between the check before and here
        port = 0
    if port == 0:
        raise OSError(f"cannot listen on {settings.host}:{settings.port}: is another server using it?")
    await server.start()
    names = ("", SERVICE_NAME, tournaments_name, players_name, ladders_name, webhooks_name)
    for name in names:
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)

    def taking_writes(ok: bool) -> None:  # a store that refuses writes cannot do the service's work
        status = health_pb2.HealthCheckResponse.SERVING if ok else health_pb2.HealthCheckResponse.NOT_SERVING
        for name in names:
            health_servicer.set(name, status)

    servicer.app.writes.listen(taking_writes)
    return server, port


async def _end_leftover_tasks() -> None:
    leftovers = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    for task in leftovers:
        task.cancel()
    if leftovers:
        await asyncio.wait(leftovers, timeout=10)
    await asyncio.get_running_loop().shutdown_asyncgens()


async def _close_sockets(ws_server: websockets.asyncio.server.Server) -> None:
    ws_server.close()
    await ws_server.wait_closed()


def _bound_port(ws_server: websockets.asyncio.server.Server) -> int:
    port: int = ws_server.sockets[0].getsockname()[1]
    return port


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

    from service.core.redis_fanout import RedisBroker

    try:
        return RedisBroker(settings.redis)
    except redis.RedisError as error:
        where, why = redact_url(settings.redis), redact_secrets(str(error), settings.redis)
        raise ConfigError(f"cannot reach Redis at {where}: {why}") from None
