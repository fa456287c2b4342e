"""(5) Live fan-out: watchers on one game, delivery latency from append to receipt."""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from typing import Any

import grpc

from service.generated.frontier.v1 import frontier_pb2, frontier_pb2_grpc
from tests.benchmarks.bench_common import Mode, Row, log, percentile

GAME: tuple[str, int, dict[str, Any]] = ("western-legends", 4, {"max_rounds": 200})
WATCHERS_PER_CHANNEL = 10
# Not timed: the first commands after the watchers join warm up connections and caches.
WARM_UP = 5
MIN_INTERVAL = 0.02  # at most 50 commands/s: a fast bot table, not a flood


def _auth(token: str) -> list[tuple[str, str]]:
    return [("authorization", f"Bearer {token}")]


async def _fanout(
    play_address: str, watch_address: str, watchers: int, commands: int
) -> tuple[list[float], list[float]]:
    """(delivery latencies, SubmitCommand round trips) in seconds."""
    play_channel = grpc.aio.insecure_channel(play_address)
    stub = frontier_pb2_grpc.FrontierLedgerStub(play_channel)
    channels = [grpc.aio.insecure_channel(watch_address) for _ in range(-(-watchers // WATCHERS_PER_CHANNEL))]
    game, seats, options = GAME
    request = frontier_pb2.CreateGameRequest(
        game=game, seats=seats, players=[f"bot {i}" for i in range(seats)]
    )
    request.options.update(options)
    created = await stub.CreateGame(request)
    tokens = {grant.seat: grant.token for grant in created.seats}
    received: dict[int, int] = {}
    arrived: dict[int, list[float]] = {}
    complete: dict[int, asyncio.Event] = {}

    def event_for(version: int) -> asyncio.Event:
        return complete.setdefault(version, asyncio.Event())

    async def watch(channel: grpc.aio.Channel) -> None:
        watcher = frontier_pb2_grpc.FrontierLedgerStub(channel)
        call = watcher.WatchGame(frontier_pb2.WatchGameRequest(game_id=created.game_id, from_version=0))
        async for update in call:
            if update.notice:
                continue
            now = time.perf_counter()
            arrived.setdefault(update.version, []).append(now)
            received[update.version] = received.get(update.version, 0) + 1
            if received[update.version] == watchers:
                event_for(update.version).set()

    tasks = [asyncio.create_task(watch(channels[i // WATCHERS_PER_CHANNEL])) for i in range(watchers)]
    await asyncio.wait_for(event_for(1).wait(), 30)
    chooser = random.Random(5)
    latencies: list[float] = []
    round_trips: list[float] = []
    state = await stub.GetState(
        frontier_pb2.GetStateRequest(game_id=created.game_id), metadata=_auth(tokens[0])
    )
    to_act = list(state.seats_to_act)
    for number in range(commands + WARM_UP):
        began = time.perf_counter()
        seat = chooser.choice(to_act)
        legal = await stub.ListLegalCommands(
            frontier_pb2.ListLegalCommandsRequest(game_id=created.game_id), metadata=_auth(tokens[seat])
        )
        sent = time.perf_counter()
        reply = await stub.SubmitCommand(
            frontier_pb2.SubmitCommandRequest(
                game_id=created.game_id,
                command_id=uuid.uuid4().hex,
                expected_version=legal.version,
                command=chooser.choice(list(legal.commands)),
            ),
            metadata=_auth(tokens[seat]),
        )
        round_trip = time.perf_counter() - sent
        await asyncio.wait_for(event_for(reply.version).wait(), 30)
        delivered = [at - sent for at in arrived.pop(reply.version)]
        if number >= WARM_UP:
            round_trips.append(round_trip)
            latencies.extend(delivered)
        to_act = list(reply.seats_to_act)
        if reply.status == "finished":
            break
        await asyncio.sleep(max(0.0, MIN_INTERVAL - (time.perf_counter() - began)))
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for channel in [play_channel, *channels]:
        await channel.close()
    return latencies, round_trips


def fanout_rows(mode: Mode, label: str, play_address: str, watch_address: str) -> list[Row]:
    rows = []
    for watchers in mode.watchers:
        log(f"{label}: fan-out to {watchers} watcher(s)")
        latencies, round_trips = asyncio.run(
            _fanout(play_address, watch_address, watchers, mode.watch_commands)
        )
        p50, p99 = percentile(latencies, 50) * 1000, percentile(latencies, 99) * 1000
        target = watchers == max(mode.watchers)
        rows.append(
            Row(
                "5 fan-out",
                f"{label}, {watchers} watcher{'s' if watchers > 1 else ''}",
                p99,
                "ms p99",
                target="p99 < 50 ms" if target else "",
                met=p99 < 50 if target else None,
                note=f"p50 {p50:.2f} ms; {len(latencies):,} deliveries of {len(round_trips)} commands; "
                f"SubmitCommand round trip p50 {percentile(round_trips, 50) * 1000:.2f} ms",
                extra={"p50_ms": p50},
            )
        )
    return rows
