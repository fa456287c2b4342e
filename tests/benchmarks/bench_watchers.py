"""(7) Many watchers: unary p99 (GetState) with 0, 1,000 and 10,000 open WatchGame streams, and delivery.

The server runs in its own process (`frontier serve`); the watchers in another (this module run
as a script: a grpc.aio client holding every stream over a few connections), so the process
that times GetState does nothing else. A bot plays one command every PACE seconds while a
prober thread calls GetState back to back; delivery latency runs from the moment a command is
sent to the moment each watcher has it (CLOCK_MONOTONIC is shared by the processes). With
10,000 watchers a delivery is one message to each of 10,000 streams, so its p99 includes the
watcher process reading all of them on the same 2 cores.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import grpc

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2, frontier_pb2_grpc
from tests.benchmarks.bench_common import PYTHON, ROOT, Mode, Row, log, percentile, server_process

GAME = ("western-legends", 4, {"max_rounds": 200})
STREAMS_PER_CONNECTION = 1_000
PACE = 2.0  # seconds between commands: a delivery to 10,000 watchers takes ~1 s here
SETTLE = 10.0  # seconds to wait after the last command for its deliveries (10,000 take seconds here)
UNARY_TARGET_MS = 100.0


# -- the watcher process ---------------------------------------------------------------------


async def _hold(address: str, game_id: str, count: int) -> tuple[dict[int, list[float]], int]:
    """Open `count` streams, say "ready" once all have the game's first step, record arrivals."""
    connections = -(-count // STREAMS_PER_CONNECTION)
    channels = [
        grpc.aio.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])
        for _ in range(connections)
    ]
    stubs = [frontier_pb2_grpc.FrontierLedgerStub(c) for c in channels]
    arrivals: dict[int, list[float]] = {}
    joined = resumed = 0
    all_joined, failed = asyncio.Event(), asyncio.Event()

    async def watch(index: int) -> None:
        nonlocal joined, resumed
        last = 0
        while True:
            request = frontier_pb2.WatchGameRequest(game_id=game_id, from_version=last)
            call = stubs[index % connections].WatchGame(request)
            try:
                async for update in call:
                    if update.notice:
                        continue
                    arrivals.setdefault(update.version, []).append(time.monotonic())
                    last = update.version
                    if update.version == 1:
                        joined += 1
                        if joined == count:
                            all_joined.set()
                return
            except grpc.aio.AioRpcError as error:
                # A client resumes a broken stream from the last version it has (the contract).
                if error.code() not in (grpc.StatusCode.CANCELLED, grpc.StatusCode.UNAVAILABLE):
                    print(f"watcher {index}: {error.code().name}: {error.details()}", file=sys.stderr)
                    failed.set()
                    return
                resumed += 1

    tasks = [asyncio.ensure_future(watch(i)) for i in range(count)]
    await asyncio.wait(
        [asyncio.ensure_future(all_joined.wait()), asyncio.ensure_future(failed.wait())],
        return_when=asyncio.FIRST_COMPLETED,
    )
    print("ready" if all_joined.is_set() else "failed", flush=True)
    # Until the benchmark closes our stdin.
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for channel in channels:
        await channel.close()
    return arrivals, resumed


def _watcher_main(argv: list[str]) -> int:
    address, game_id, count = argv[0], argv[1], int(argv[2])
    arrivals, resumed = asyncio.run(_hold(address, game_id, count))
    times = {str(version): at for version, at in arrivals.items()}
    print(json.dumps({"arrivals": times, "resumed": resumed}), flush=True)
    return 0


# -- the benchmark -----------------------------------------------------------------------------


def _auth(token: str) -> list[tuple[str, str]]:
    return [("authorization", f"Bearer {token}")]


def _create(client: Client) -> tuple[str, dict[int, str]]:
    game, seats, options = GAME
    players = [f"bot {i}" for i in range(seats)]
    request = frontier_pb2.CreateGameRequest(game=game, seats=seats, players=players)
    request.options.update(options)
    created = client.call("CreateGame", request)
    return created.game_id, {grant.seat: grant.token for grant in created.seats}


def _play(client: Client, game_id: str, tokens: dict[int, str], commands: int) -> dict[int, float]:
    """Play `commands` random legal commands at PACE; the send time of each version."""
    chooser = random.Random(7)
    sent: dict[int, float] = {}
    state = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id), token=tokens[0])
    to_act = list(state.seats_to_act)
    for _ in range(commands):
        began = time.monotonic()
        seat = chooser.choice(to_act)
        legal = client.call(
            "ListLegalCommands", frontier_pb2.ListLegalCommandsRequest(game_id=game_id), token=tokens[seat]
        )
        at = time.monotonic()
        reply = client.call(
            "SubmitCommand",
            frontier_pb2.SubmitCommandRequest(
                game_id=game_id,
                command_id=uuid.uuid4().hex,
                expected_version=legal.version,
                command=chooser.choice(list(legal.commands)),
            ),
            token=tokens[seat],
        )
        sent[reply.version] = at
        to_act = list(reply.seats_to_act)
        if reply.status == "finished":
            break
        time.sleep(max(0.0, PACE - (time.monotonic() - began)))
    return sent


def _probe(address: str, game_id: str, stop: threading.Event, latencies: list[float]) -> None:
    with Client(address) as client:
        request = frontier_pb2.GetStateRequest(game_id=game_id)
        while not stop.is_set():
            began = time.perf_counter()
            client.call("GetState", request, timeout=30)
            latencies.append(time.perf_counter() - began)
            time.sleep(0.01)  # a steady stream of calls, not a flood from one client


def _measure(address: str, count: int, commands: int, server_rss: Any) -> Row:
    with Client(address) as client:
        game_id, tokens = _create(client)
        watchers: subprocess.Popen[str] | None = None
        rss_before = server_rss()
        if count:
            watchers = subprocess.Popen(
                [PYTHON, "-m", "tests.benchmarks.bench_watchers", address, game_id, str(count)],
                cwd=ROOT,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            assert watchers.stdout is not None
            joined = time.monotonic()
            line = watchers.stdout.readline()
            if line.strip() != "ready":
                watchers.kill()
                raise RuntimeError(f"the watcher process did not get ready: {line!r}")
            log(f"{count} watchers joined in {time.monotonic() - joined:.1f} s")
        rss_with = server_rss()
        stop, latencies = threading.Event(), list[float]()
        prober = threading.Thread(target=_probe, args=(address, game_id, stop, latencies))
        prober.start()
        try:
            sent = _play(client, game_id, tokens, commands)
            time.sleep(SETTLE)
        finally:
            stop.set()
            prober.join()
        deliveries: list[float] = []
        resumed = 0
        if watchers is not None:
            out, _ = watchers.communicate(input="", timeout=300)
            reported = json.loads(out.strip().splitlines()[-1])
            arrivals, resumed = reported["arrivals"], reported["resumed"]
            for version, at in sent.items():
                times = arrivals.get(str(version), [])
                deliveries += [t - at for t in times]
                deliveries += [float("inf")] * (count - len(times))  # a missed delivery counts as late
    p99 = percentile(latencies, 99) * 1000
    note = f"GetState p50 {percentile(latencies, 50) * 1000:.1f} ms over {len(latencies):,} calls"
    extra: dict[str, Any] = {"getstate_p50_ms": percentile(latencies, 50) * 1000, "watchers": count}
    if count:
        delivery_p50, delivery_p99 = percentile(deliveries, 50) * 1000, percentile(deliveries, 99) * 1000
        per_stream = (rss_with - rss_before) / count
        note += (
            f"; delivery p50 {delivery_p50:.0f} ms, p99 {delivery_p99:.0f} ms "
            f"({len(deliveries):,} deliveries of {len(sent)} commands); "
            f"server RSS +{per_stream / 1024:.0f} KiB per stream; {resumed} streams resumed after CANCELLED"
        )
        extra.update(
            delivery_p50_ms=delivery_p50,
            delivery_p99_ms=delivery_p99,
            rss_per_stream=per_stream,
            resumed=resumed,
        )
    return Row(
        "7 watchers",
        f"GetState p99, {count:,} watchers",
        p99,
        "ms p99",
        target=f"p99 < {UNARY_TARGET_MS:.0f} ms",
        met=p99 < UNARY_TARGET_MS,
        note=note,
        extra=extra,
    )


def watcher_rows(mode: Mode, folder: Path) -> list[Row]:
    rows = []
    for count in mode.watcher_counts:
        with server_process(folder / f"watchers-{count}") as server:
            log(f"GetState under {count} watchers")
            rows.append(_measure(server.address, count, mode.watcher_commands, server.rss))
    return rows


if __name__ == "__main__":
    sys.exit(_watcher_main(sys.argv[1:]))
