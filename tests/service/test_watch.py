"""WatchGame: catch-up from a version, then live, each step exactly once, ending with the game."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from service.client import Client
from service.core.fanout import LocalBroker, Update
from service.generated.frontier.v1 import frontier_pb2, frontier_pb2_grpc
from service.server import Running
from tests.conftest import ORGANISER, available_games, start_server
from tests.service.helpers import create, failure, play_steps, state

GAMES = available_games()


@pytest.mark.parametrize("game", GAMES)
def test_watch_catches_up_then_follows_live_until_the_end(client: Client, game: str) -> None:
    g = create(client, game)
    chooser = random.Random(4)
    reached = play_steps(client, g, 5, chooser)
    received: list[Any] = []

    def watch() -> None:
        request = frontier_pb2.WatchGameRequest(game_id=g.game_id, from_version=3)
        for update in client.stub.WatchGame(request, metadata=client.metadata(ORGANISER), timeout=120):
            received.append(update)

    watcher = threading.Thread(target=watch)
    watcher.start()
    final = play_steps(client, g, 100_000, chooser)
    watcher.join(timeout=120)
    assert not watcher.is_alive(), "the stream should end when the game ends"
    assert reached >= 3
    assert [u.version for u in received] == list(range(4, final + 1))
    assert received[-1].status == "finished"
    assert state(client, g.game_id, ORGANISER).status == "finished"


def test_watching_a_finished_game_from_the_start_gets_every_step_finished_last(client: Client) -> None:
    g = create(client, GAMES[0])
    final = play_steps(client, g, 100_000, random.Random(5))
    request = frontier_pb2.WatchGameRequest(game_id=g.game_id)
    received = list(client.stub.WatchGame(request, timeout=60))
    assert [u.version for u in received] == list(range(1, final + 1))
    assert [u.status for u in received] == ["in_progress"] * (final - 1) + ["finished"]


# -- many watchers: a stream costs no thread ---------------------------------------------------


class AsyncWatchers:
    """`count` WatchGame streams over a few channels, run by a grpc.aio client on its own loop."""

    def __init__(
        self, address: str, game_id: str, count: int, channels: int = 4, stagger: float = 0.0
    ) -> None:
        self.address, self.game_id, self.count, self.channels = address, game_id, count, channels
        self.stagger = stagger  # seconds between one stream's opening and the next
        self.versions: list[list[int]] = [[] for _ in range(count)]
        self.failures: list[BaseException] = []
        self.loop = asyncio.new_event_loop()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self.loop.run_until_complete, args=(self._main(),))

    def __enter__(self) -> AsyncWatchers:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout=60)

    def received_at_least(self, version: int) -> int:
        return sum(1 for v in self.versions if v and v[-1] >= version)

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        channels = [grpc.aio.insecure_channel(self.address) for _ in range(self.channels)]
        stubs = [frontier_pb2_grpc.FrontierLedgerStub(c) for c in channels]
        tasks = []
        for i in range(self.count):
            tasks.append(asyncio.ensure_future(self._watch(stubs[i % len(stubs)], i)))
            if self.stagger:
                await asyncio.sleep(self.stagger)
        await self._stop.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for channel in channels:
            await channel.close()

    async def _watch(self, stub: frontier_pb2_grpc.FrontierLedgerStub, index: int) -> None:
        request = frontier_pb2.WatchGameRequest(game_id=self.game_id, from_version=0)
        try:
            async for update in stub.WatchGame(request):
                if not update.notice:
                    self.versions[index].append(update.version)
        except asyncio.CancelledError:
            raise
        except BaseException as error:  # noqa: BLE001 - kept for the test's assertion
            self.failures.append(error)


def wait_until(condition: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.fixture
def crowded(tmp_path: Path) -> Iterator[Running]:
    """A server that lets one address (this test's) hold a thousand spectators' streams."""
    running = start_server(tmp_path / "data", max_spectators_per_address=1000)
    yield running
    running.stop()


@pytest.fixture
def crowded_client(crowded: Running) -> Iterator[Client]:
    with Client(f"127.0.0.1:{crowded.port}") as client:
        yield client


def test_a_thousand_watchers_get_every_step_once_while_other_calls_are_answered(
    crowded: Running, crowded_client: Client
) -> None:
    server, client = crowded, crowded_client
    g = create(client, GAMES[0])
    address = f"127.0.0.1:{server.port}"
    chooser = random.Random(11)
    with AsyncWatchers(address, g.game_id, 1000) as watchers:
        assert wait_until(lambda: watchers.received_at_least(1) == 1000, 120), watchers.failures[:3]
        with grpc.insecure_channel(address) as channel:
            health = health_pb2_grpc.HealthStub(channel)
            version = 1
            for _ in range(15):
                # Every other kind of call is still answered while 1,000 streams are open.
                reply = health.Check(health_pb2.HealthCheckRequest(service=""), timeout=10)
                assert reply.status == health_pb2.HealthCheckResponse.SERVING
                assert state(client, g.game_id, g.tokens[0]).version == version
                version = play_steps(client, g, 1, chooser)
                if state(client, g.game_id).status == "finished":
                    break
        assert wait_until(lambda: watchers.received_at_least(version) == 1000, 120)
    assert not watchers.failures
    for versions in watchers.versions:
        assert versions == list(range(1, version + 1))  # every step, in order, exactly once


def test_beyond_the_cap_a_new_watcher_is_resource_exhausted(tmp_path: Path) -> None:
    running = start_server(tmp_path / "data", max_watchers=3)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            g = create(client, GAMES[0])
            request = frontier_pb2.WatchGameRequest(game_id=g.game_id)
            streams = [client.stub.WatchGame(request, timeout=60) for _ in range(3)]
            for stream in streams:
                assert next(stream).version == 1
            refused = failure(lambda: next(client.stub.WatchGame(request, timeout=10)))
            assert (refused.code, refused.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_WATCHERS")
            assert "3 watch streams" in refused.message and "--max-watchers" in refused.message
            # Other calls go on, and a closed stream frees its place.
            assert state(client, g.game_id).version == 1
            streams[0].cancel()
            assert wait_until(lambda: running.servicer.watching.active == 2, 10)
            again = client.stub.WatchGame(request, timeout=60)
            assert next(again).version == 1
            for stream in [*streams[1:], again]:
                stream.cancel()
            assert wait_until(lambda: not running.app.broker.has_watchers(g.game_id), 10)  # type: ignore[attr-defined]
    finally:
        running.stop()


def test_a_watcher_that_never_reads_does_not_hold_up_the_others() -> None:
    """Updates fan out in batches; a batch waits for its watchers to come back, but never forever."""
    broker = LocalBroker()

    async def run() -> list[int]:
        loop = asyncio.get_running_loop()
        stuck = broker.watch("g", loop)  # subscribed first: in the first batch, and never reads
        readers = [broker.watch("g", loop) for _ in range(1_000)]
        received: list[int] = []

        async def read(subscription: Any) -> None:
            for _ in range(3):
                update = await subscription.next(timeout=10)
                assert update is not None
                received.append(update.version)

        tasks = [asyncio.ensure_future(read(r)) for r in readers]
        await asyncio.sleep(0)
        for version in (2, 3, 4):
            await loop.run_in_executor(None, broker.publish, Update("g", {"version": version}, False))
        await asyncio.wait_for(asyncio.gather(*tasks), 30)
        stuck.close()
        return received

    received = asyncio.run(run())
    assert sorted(received) == sorted([2, 3, 4] * 1_000)


def test_watchers_joining_while_commands_land_miss_no_step(crowded: Running, crowded_client: Client) -> None:
    """A step saved while a watcher joins reaches it from the store or live, never from neither."""
    server, client = crowded, crowded_client
    g = create(client, GAMES[0])
    chooser = random.Random(5)
    version = 1
    with AsyncWatchers(f"127.0.0.1:{server.port}", g.game_id, 300, stagger=0.01) as watchers:
        deadline = time.monotonic() + 4
        while time.monotonic() < deadline and state(client, g.game_id).status != "finished":
            version = play_steps(client, g, 1, chooser)
        # No step follows the last one: a watcher that missed it would wait for ever.
        assert wait_until(lambda: watchers.received_at_least(version) == 300, 60), watchers.failures[:3]
    assert not watchers.failures
    for versions in watchers.versions:
        assert versions == list(range(1, version + 1))
