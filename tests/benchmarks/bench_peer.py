"""(9) Against the peer: boardgame.io's own server, side by side with ours in the same run.

Two play models:
- one driver per match: it holds every seat of its match and waits for each move's answer
  (round trip per move), 1 and 8 matches at once;
- one client per seat of 4-seat games: each acts when a push from the server says it is its
  turn, 1 and 4 games at once.

The peer is boardgame.io (pinned in peer/package-lock.json, installed with `npm ci` into a
cache folder when missing) hosting a counter on its in-memory storage; its drivers are
boardgame.io's own client in Node. Ours are the real games (Most Wanted and Deadwood 1876) on
the SQLite store, every command durable, played through the Play protocol (one message per move)
by asyncio drivers in this process, over both of its transports on one server: the gRPC stream
and a WebSocket (service/wsplay/). The rows interleave peer and ours in rounds and report medians; where
Node is missing they say so and are skipped.

The durable peer is the same boardgame.io server on `bgio-postgres` (every move committed to a
private PostgreSQL with fsync on, started here as section 1's), compared in the same rounds with ours
playing Most Wanted durably on SQLite and on that PostgreSQL.

The same game on both sides: ours also plays the peer's counter (tests/benchmarks/counter_game.py),
served only because the benchmark starts its servers with `--engine`, so its rows measure the
service alone: on SQLite over both transports against the in-memory peer, and on SQLite and
PostgreSQL against the durable peer.

The floor: in the same rounds the counter also plays on tests/benchmarks/floor_server.py, a bare
durable Python gRPC server of the Play protocol's shape (one SQLite row per move, nothing else), so
each row can tell how far the floor itself is from the peer and how far ours is from the floor.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import random
import shutil
import statistics
import subprocess
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import grpc

from service.generated.frontier.v1 import frontier_pb2, frontier_pb2_grpc
from service.ws_client import PlaySocket
from tests.benchmarks import counter_game
from tests.benchmarks.bench_commands import sqlite_settings
from tests.benchmarks.bench_common import ORGANISER, PYTHON, Mode, Row, Spawned, log, percentile
from tests.benchmarks.bench_floor import floor_targets
from tests.benchmarks.bench_postgres import private_postgres
from tests.servers import postgres_available

PEER = Path(__file__).resolve().parent / "peer"
OURS = ("most-wanted", "deadwood-1876")
TRANSPORTS = ("grpc", "ws")  # the Play protocol over a gRPC stream, and over a WebSocket
SEATS = 4
ROUNDS = 3
# (model, label, matches at once): the four rows of the comparison table.
MODELS: tuple[tuple[str, str, int], ...] = (
    ("driver", "one driver per match, 1 match", 1),
    ("driver", "one driver per match, 8 matches", 8),
    ("seats", "one client per seat, 4 seats, 1 game", 1),
    ("seats", "one client per seat, 4 seats, 4 games", 4),
)
DURABLE_GAME = "most-wanted"  # ours against the durable peer: the real rules, every command durable
DURABLE_PEER = "boardgame.io on PostgreSQL"
OURS_ON_POSTGRES = f"{DURABLE_GAME} on PostgreSQL"
COUNTER = counter_game.GAME_ID  # the peer's game on ours, served by the benchmark's servers only
COUNTER_ENGINE = f"{counter_game.__name__}:ENGINE"
COUNTER_ON_POSTGRES = f"{COUNTER} on PostgreSQL"
FLOOR = "the floor"  # the counter on a bare durable Python gRPC server (floor_server.py)


@dataclass
class Run:
    """One measured window: moves, seconds, latencies and the server's CPU time spent in it."""

    moves: int
    seconds: float
    p50_ms: float
    cpu_seconds: float
    refused: int = 0

    @property
    def rate(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    @property
    def cpu_ms_per_move(self) -> float:
        return 1000 * self.cpu_seconds / self.moves if self.moves else 0.0


def cache_folder() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    lock = hashlib.sha256((PEER / "package-lock.json").read_bytes()).hexdigest()[:16]
    return base / "frontier-bench" / f"peer-{lock}"


def install_peer() -> tuple[Path | None, str]:
    """The peer's node_modules (installed from the lock file when missing), or why there is none."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        return None, "Node.js (node and npm) is not installed here: the peer rows are skipped"
    folder = cache_folder()
    modules = folder / "node_modules"
    if not all((modules / name / "package.json").exists() for name in ("boardgame.io", "bgio-postgres")):
        log(f"peer: npm ci into {folder}")
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy(PEER / name, folder / name)
        done = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"],
            cwd=folder,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            shutil.rmtree(modules, ignore_errors=True)
            return None, f"npm ci failed ({done.stderr.strip().splitlines()[-1:]}): the peer rows are skipped"
    return modules, ""


def node_env(modules: Path) -> dict[str, str]:
    return {"NODE_PATH": str(modules), "NODE_ENV": "production"}


def peer_run(
    server: Spawned, modules: Path, model: str, count: int, seconds: float, durable: bool = False
) -> Run:
    """boardgame.io's own clients against its server, in a Node process of their own."""
    command = ["node", str(PEER / "driver.js"), server.address, model, str(count), str(seconds)]
    command += ["durable"] if durable else []
    env = {**os.environ, **node_env(modules)}
    driver = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    assert driver.stdout is not None
    first = driver.stdout.readline()
    if first.strip() != "measuring":
        driver.kill()
        raise RuntimeError(f"the peer's driver did not start: {first!r}")
    cpu_before = server.cpu_seconds()
    result = json.loads(driver.stdout.readline())
    cpu_after = server.cpu_seconds()
    driver.wait(timeout=30)
    return Run(result["moves"], result["seconds"], result["p50_ms"], cpu_after - cpu_before)


# -- ours: asyncio drivers on the Play stream ---------------------------------------------


@dataclass
class Tally:
    measuring: bool = False
    latencies: list[float] = field(default_factory=list)
    refused: int = 0

    def count(self, started: float) -> None:
        if self.measuring:
            self.latencies.append(time.perf_counter() - started)


def bearer(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


def seats_of(game: str, model: str) -> int:
    """Seats per game: the counter's as the peer's driver seats it (one, when one driver holds a match)."""
    return 1 if game == COUNTER and model == "driver" else SEATS


async def new_game(stub: Any, game: str, seats: int = SEATS) -> tuple[str, dict[int, str]]:
    request = frontier_pb2.CreateGameRequest(
        game=game, seats=seats, players=[f"bot {i + 1}" for i in range(seats)], tag="bench-peer"
    )
    created = await stub.CreateGame(request, timeout=30)
    return created.game_id, {grant.seat: grant.token for grant in created.seats}


class Seat(Protocol):
    """One seat's Play stream, whatever carries it."""

    async def send(self, request: frontier_pb2.PlayRequest) -> None: ...

    async def next(self) -> Any:
        """The stream's next message about the game (notices skipped); None when the server ended it."""

    def close(self) -> None: ...


class GrpcSeat:
    def __init__(self, stub: Any, game_id: str, token: str) -> None:
        self.call = stub.Play(metadata=bearer(token))
        self.opening = frontier_pb2.PlayRequest(game_id=game_id)

    async def send(self, request: frontier_pb2.PlayRequest) -> None:
        await self.call.write(request)

    async def next(self) -> Any:
        while True:
            update = await self.call.read()
            if update is grpc.aio.EOF:
                return None
            if update.version or update.command_id:
                return update

    def close(self) -> None:
        self.call.cancel()


class SocketSeat:
    def __init__(self, socket: PlaySocket) -> None:
        self.socket = socket

    async def send(self, request: frontier_pb2.PlayRequest) -> None:
        await self.socket.send(request)

    async def next(self) -> Any:
        while True:
            update = await self.socket.receive()
            if update is None or update.version or update.command_id:
                return update

    def close(self) -> None:
        self.socket.connection.transport.abort()  # as cancelling a call: no closing handshake


OpenSeat = Callable[[str, str], Awaitable[Seat]]


def grpc_seats(stub: Any) -> OpenSeat:
    async def open_seat(game_id: str, token: str) -> Seat:
        seat = GrpcSeat(stub, game_id, token)
        await seat.send(seat.opening)
        return seat

    return open_seat


def socket_seats(url: str) -> OpenSeat:
    async def open_seat(game_id: str, token: str) -> Seat:
        return SocketSeat(await PlaySocket.open(url, game_id, token))

    return open_seat


async def drive_match(
    stub: Any, open_seat: OpenSeat, game: str, chooser: random.Random, tally: Tally
) -> None:
    """One driver holding every seat of its match: choose, send, wait for the answer, again."""
    while True:
        game_id, tokens = await new_game(stub, game, seats_of(game, "driver"))
        calls: dict[int, Seat] = {}
        try:
            for seat, token in tokens.items():
                calls[seat] = await open_seat(game_id, token)
            latest = {seat: await call.next() for seat, call in calls.items()}
            version, status, to_act = latest[0].version, latest[0].status, list(latest[0].seats_to_act)
            while status != "finished":
                for seat in to_act:  # the pushes that bring each seat to act its legal commands
                    while latest[seat].version < version:
                        latest[seat] = await calls[seat].next()
                ready = [seat for seat in to_act if latest[seat].legal_commands]
                if not ready:
                    why = f"no seat to act ({to_act}) was told its legal commands"
                    raise RuntimeError(f"game {game_id} at version {version}: {why}")
                seat = chooser.choice(ready)
                command = chooser.choice(list(latest[seat].legal_commands))
                command_id = uuid.uuid4().hex
                started = time.perf_counter()
                request = frontier_pb2.PlayRequest(command_id=command_id, command=command)
                request.expected_version = version
                await calls[seat].send(request)
                while True:
                    update = await calls[seat].next()
                    if update.command_id == command_id:
                        break
                    latest[seat] = update
                if update.HasField("error"):
                    raise RuntimeError(f"a legal command was refused: {update.error}")
                tally.count(started)
                latest[seat] = update
                version, status, to_act = update.version, update.status, list(update.seats_to_act)
        finally:
            for call in calls.values():
                call.close()


async def play_seat(
    open_seat: OpenSeat, game_id: str, token: str, chooser: random.Random, tally: Tally
) -> None:
    """One seat's client: it acts whenever its stream says it may, until the server ends the game."""
    call = await open_seat(game_id, token)
    try:
        newest: Any = None
        acted_at = -1  # the version our last command was chosen at
        pending: tuple[str, float] | None = None
        while True:
            update = await call.next()
            if update is None:
                return
            if pending is not None and update.command_id == pending[0]:
                if update.HasField("error"):
                    tally.refused += 1  # another seat's move made it illegal (simultaneous phases)
                else:
                    tally.count(pending[1])
                pending = None
            if not update.HasField("error") and (newest is None or update.version >= newest.version):
                newest = update
            if pending is None and newest is not None and newest.legal_commands and newest.version > acted_at:
                acted_at = newest.version
                command_id = uuid.uuid4().hex
                # No expected version: in a phase where several seats act at once, each command
                # stays legal after the others' (the server decides it against the newest state).
                request = frontier_pb2.PlayRequest(
                    command_id=command_id, command=chooser.choice(list(newest.legal_commands))
                )
                pending = (command_id, time.perf_counter())
                await call.send(request)
    finally:
        call.close()


async def seat_table(stub: Any, open_seat: OpenSeat, game: str, chooser: random.Random, tally: Tally) -> None:
    """A table of one client per seat; a new game once the last one ends."""
    while True:
        game_id, tokens = await new_game(stub, game)
        seats = [
            play_seat(open_seat, game_id, token, random.Random(chooser.random()), tally)
            for token in tokens.values()
        ]
        await asyncio.gather(*seats)


@dataclass
class Ours:
    """Our server, serving Play over gRPC (address) and over WebSocket (url)."""

    process: Spawned
    url: str

    def cpu_seconds(self) -> float:
        return self.process.cpu_seconds()

    def __enter__(self) -> Ours:
        return self

    def __exit__(self, *exc: object) -> None:
        self.process.stop()


def ours_process(data: Path, store: str = "sqlite") -> Ours:
    """`frontier serve` with --ws-port, as users run it, serving the counter too; it prints the
    socket's URL second."""
    command = [
        PYTHON,
        "-m",
        "service.cli",
        "serve",
        "--data",
        str(data),
        "--port",
        "0",
        "--ws-port",
        "0",
    ]
    command += ["--engine", COUNTER_ENGINE]
    process = Spawned(command + ["--store", store, "--organiser-token", ORGANISER], data / "server.log")
    assert process.process.stdout is not None
    line = process.process.stdout.readline()
    if "WebSocket on " not in line:
        process.stop()
        raise RuntimeError(f"the server printed no WebSocket address: {line!r}")
    return Ours(process, line.split("WebSocket on ", 1)[1].split()[0])


async def _ours(server: Ours, transport: str, model: str, game: str, count: int, seconds: float) -> Run:
    tally = Tally()
    async with grpc.aio.insecure_channel(server.process.address) as channel:
        stub = frontier_pb2_grpc.FrontierLedgerStub(channel)
        open_seat = grpc_seats(stub) if transport == "grpc" else socket_seats(server.url)
        play: Callable[[Any, OpenSeat, str, random.Random, Tally], Awaitable[None]]
        play = drive_match if model == "driver" else seat_table
        tasks = [
            asyncio.ensure_future(play(stub, open_seat, game, random.Random(i), tally)) for i in range(count)
        ]
        try:
            await asyncio.sleep(1.0)  # warm up, as the peer's driver does
            for task in tasks:
                if task.done():
                    task.result()  # a driver that failed fails the row
            cpu_before = server.cpu_seconds()
            tally.measuring = True
            began = time.perf_counter()
            await asyncio.sleep(seconds)
            tally.measuring = False
            elapsed = time.perf_counter() - began
            cpu_after = server.cpu_seconds()
            for task in tasks:
                if task.done():
                    task.result()
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
    p50 = percentile(tally.latencies, 50) * 1000
    return Run(len(tally.latencies), elapsed, p50, cpu_after - cpu_before, tally.refused)


def floor_process(data: Path) -> Ours:
    """The floor server (floor_server.py) in its own process; it serves gRPC only."""
    command = [PYTHON, "-m", "tests.benchmarks.floor_server", "--data", str(data)]
    return Ours(Spawned(command, data.parent / f"{data.name}.log"), url="")


def ours_run(server: Ours, model: str, game: str, count: int, seconds: float, transport: str = "grpc") -> Run:
    return asyncio.run(_ours(server, transport, model, game, count, seconds))


# -- the rows --------------------------------------------------------------------------------


def median_run(runs: list[Run]) -> Run:
    return Run(
        moves=int(statistics.median(r.moves for r in runs)),
        seconds=statistics.median(r.seconds for r in runs),
        p50_ms=statistics.median(r.p50_ms for r in runs),
        cpu_seconds=statistics.median(r.cpu_seconds for r in runs),
        refused=int(statistics.median(r.refused for r in runs)),
    )


def peer_rows(mode: Mode, folder: Path) -> list[Row]:
    modules, why = install_peer()
    if modules is None:
        return [Row("9 vs peer", f"{label}: boardgame.io", 0.0, "", note=why) for _, label, _ in MODELS]
    seconds = 8.0 if mode.full else 3.0
    results: dict[tuple[str, ...], list[Run]] = {}
    with (
        Spawned(["node", str(PEER / "server.js")], folder / "peer.log", env=node_env(modules)) as peer,
        ours_process(folder / "peer-ours-data") as ours,
        floor_process(folder / "peer-floor-data") as floor,
        durable_contenders(modules, folder) as (durable, not_durable),
    ):
        durability = sqlite_settings(folder / "peer-ours-data" / "frontier.sqlite")
        for round_number in range(1, ROUNDS + 1):
            for model, label, count in MODELS:
                log(f"vs peer, round {round_number}/{ROUNDS}: {label}")
                results.setdefault((label, "peer"), []).append(peer_run(peer, modules, model, count, seconds))
                for game in (*OURS, COUNTER):
                    for transport in TRANSPORTS:  # alternately, in the same window
                        run = ours_run(ours, model, game, count, seconds, transport)
                        results.setdefault((label, game, transport), []).append(run)
                results.setdefault((label, FLOOR), []).append(ours_run(floor, model, COUNTER, count, seconds))
                for name, contender in durable.items():
                    results.setdefault((label, name), []).append(contender(model, count, seconds))
    rows = []
    settings = ", ".join(f"{k}={v}" for k, v in durability.items())
    for _, label, _ in MODELS:
        peer_run_ = median_run(results[(label, "peer")])
        for game in (*OURS, COUNTER):
            for transport in TRANSPORTS:
                rows.append(_row(label, game, transport, results, peer_run_, seconds, settings))
        rows.append(floor_row(label, results, peer_run_))
        rows += durable_rows(label, results, seconds, not_durable)
        rows += counter_durable_rows(label, results, not_durable)
    targets = floor_targets(results, OURS, COUNTER, TRANSPORTS, FLOOR)
    for row in targets:
        log(f"{row.name}: {row.note} (target {row.target})")
    return rows + targets


Contender = Callable[[str, int, float], Run]  # (model, matches at once, seconds) -> the measured window


@contextlib.contextmanager
def durable_contenders(modules: Path, folder: Path) -> Iterator[tuple[dict[str, Contender], str]]:
    """The durable peer and ours on one private PostgreSQL, by name; none, and why, without PostgreSQL."""
    if not postgres_available():
        yield {}, "no PostgreSQL binary (scripts/provide-test-servers --servers-only installs one)"
        return
    with (
        private_postgres() as postgres,
        Spawned(
            ["node", str(PEER / "server.js"), postgres.url], folder / "peer-pg.log", env=node_env(modules)
        ) as peer,
        ours_process(folder / "peer-ours-pg-data", store=postgres.url) as ours,
    ):

        def durable_peer(model: str, count: int, seconds: float) -> Run:
            return peer_run(peer, modules, model, count, seconds, durable=True)

        def ours_on_postgres(model: str, count: int, seconds: float) -> Run:
            return ours_run(ours, model, DURABLE_GAME, count, seconds)

        def counter_on_postgres(model: str, count: int, seconds: float) -> Run:
            return ours_run(ours, model, COUNTER, count, seconds)

        yield (
            {
                DURABLE_PEER: durable_peer,
                OURS_ON_POSTGRES: ours_on_postgres,
                COUNTER_ON_POSTGRES: counter_on_postgres,
            },
            "",
        )


def durable_rows(
    label: str, results: dict[tuple[str, ...], list[Run]], seconds: float, why_not: str
) -> list[Row]:
    """Ours, durable on SQLite and on PostgreSQL, against the durable peer (target: 2x)."""
    if why_not:
        return [Row("9 vs peer", f"{label}: ours ÷ {DURABLE_PEER}", 0.0, "", note=why_not)]
    peer = median_run(results[(label, DURABLE_PEER)])
    rows = [
        Row(
            "9 vs peer",
            f"{label}: {DURABLE_PEER}",
            peer.rate,
            "moves/s",
            note=f"bgio-postgres 1.0.16, fsync on; p50 {peer.p50_ms:.2f} ms; server CPU per move "
            f"{peer.cpu_ms_per_move:.2f} ms; medians of {ROUNDS} interleaved rounds of {seconds:.0f} s",
            extra={"peer_rounds": [vars(r) for r in results[(label, DURABLE_PEER)]]},
        )
    ]
    for store, key in (("SQLite", (label, DURABLE_GAME, "grpc")), ("PostgreSQL", (label, OURS_ON_POSTGRES))):
        rows.append(_versus_durable(label, DURABLE_GAME, store, results[key], peer))
    return rows


def counter_durable_rows(label: str, results: dict[tuple[str, ...], list[Run]], why_not: str) -> list[Row]:
    """Ours playing the peer's own game, durable on SQLite and on PostgreSQL, against the durable peer."""
    if why_not:
        return []  # durable_rows says why
    peer = median_run(results[(label, DURABLE_PEER)])
    keys = (("SQLite", (label, COUNTER, "grpc")), ("PostgreSQL", (label, COUNTER_ON_POSTGRES)))
    return [_versus_durable(label, COUNTER, store, results[key], peer) for store, key in keys]


def _versus_durable(label: str, game: str, store: str, runs: list[Run], peer: Run) -> Row:
    run = median_run(runs)
    ratio = run.rate / peer.rate if peer.rate else 0.0
    return Row(
        "9 vs peer",
        f"{label}: {game} on {store} ÷ {DURABLE_PEER}",
        run.rate,
        "moves/s",
        ceiling=peer.rate,
        ceiling_name=f"{DURABLE_PEER}, same run",
        target=">= 2x the durable peer",
        met=ratio >= 2.0,
        note=f"ours/peer {ratio:.2f}; p50 {run.p50_ms:.2f} ms vs {peer.p50_ms:.2f} ms; server CPU "
        f"per move {run.cpu_ms_per_move:.2f} ms vs {peer.cpu_ms_per_move:.2f} ms; over gRPC Play",
        extra={"ratio_to_peer": ratio, "rounds": [vars(r) for r in runs]},
    )


REAL_GAME_RATIO = 0.3  # Most Wanted and Deadwood with their full rules, durable, against a counter in memory
CPU_MS_PER_MOVE = 0.5
SAME_GAME_RATIO = 0.5  # the counter on both sides: the service alone, durable, against the peer in memory


def _target(game: str, ratio: float, cpu_ms_per_move: float) -> tuple[str, bool]:
    """The row's target and whether it is met."""
    if game == COUNTER:
        return f">= {SAME_GAME_RATIO}x the peer, the same game", ratio >= SAME_GAME_RATIO
    # The real games against the in-memory peer's trivial one, and the server's CPU per move.
    target = f">= {REAL_GAME_RATIO}x the peer, <= {CPU_MS_PER_MOVE} ms server CPU per move"
    return target, ratio >= REAL_GAME_RATIO and cpu_ms_per_move <= CPU_MS_PER_MOVE


def floor_row(label: str, results: dict[tuple[str, ...], list[Run]], peer: Run) -> Row:
    """The floor against the peer, and ours against the floor: no target, it says where a target lies."""
    runs = results[(label, FLOOR)]
    floor = median_run(runs)
    ratio = floor.rate / peer.rate if peer.rate else 0.0
    ours = {
        game + (" over WebSocket" if transport == "ws" else ""): _floor_ratio(results[key], floor)
        for game in (*OURS, COUNTER)
        for transport in TRANSPORTS
        if (key := (label, game, transport)) in results
    }
    return Row(
        "9 vs peer",
        f"{label}: {FLOOR} (a bare durable Python gRPC server, counter) ÷ peer",
        floor.rate,
        "moves/s",
        ceiling=peer.rate,
        ceiling_name="boardgame.io 0.50.2, in memory",
        note=(
            f"floor/peer {ratio:.2f}; p50 {floor.p50_ms:.2f} ms; server CPU per move "
            f"{floor.cpu_ms_per_move:.2f} ms; ours ÷ floor: "
            + ", ".join(f"{name} {value:.2f}" for name, value in ours.items())
        ),
        extra={"ratio_to_peer": ratio, "ours_to_floor": ours, "rounds": [vars(r) for r in runs]},
    )


def _floor_ratio(runs: list[Run], floor: Run) -> float:
    return median_run(runs).rate / floor.rate if floor.rate else 0.0


def _row(
    label: str,
    game: str,
    transport: str,
    results: dict[tuple[str, ...], list[Run]],
    peer_run_: Run,
    seconds: float,
    settings: str,
) -> Row:
    runs = results[(label, game, transport)]
    run = median_run(runs)
    ratio = run.rate / peer_run_.rate if peer_run_.rate else 0.0
    # The gRPC rows keep their old names, so results compare across runs.
    name = f"{label}: {game}" + (" over WebSocket" if transport == "ws" else "")
    target, met = _target(game, ratio, run.cpu_ms_per_move)
    return Row(
        "9 vs peer",
        name,
        run.rate,
        "moves/s",
        ceiling=peer_run_.rate,
        ceiling_name="boardgame.io 0.50.2, in memory",
        target=target,
        met=met,
        note=(
            f"ours/peer {ratio:.2f}; p50 {run.p50_ms:.2f} ms vs peer {peer_run_.p50_ms:.2f} ms; "
            f"server CPU per move {run.cpu_ms_per_move:.2f} ms vs peer "
            f"{peer_run_.cpu_ms_per_move:.2f} ms; {run.refused} refused (overtaken); "
            f"medians of {ROUNDS} interleaved rounds of {seconds:.0f} s; SQLite {settings}"
        ),
        extra={
            "transport": transport,
            "ratio_to_peer": ratio,
            "p50_ms": run.p50_ms,
            "peer_p50_ms": peer_run_.p50_ms,
            "server_cpu_ms_per_move": run.cpu_ms_per_move,
            "peer_server_cpu_ms_per_move": peer_run_.cpu_ms_per_move,
            "rounds": [vars(r) for r in runs],
            "peer_rounds": [vars(r) for r in results[(label, "peer")]],
        },
    )
