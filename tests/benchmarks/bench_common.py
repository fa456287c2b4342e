"""Shared pieces of the benchmark suite: result rows, percentiles, server processes, bots."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import grpc

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2

ORGANISER = "bench-organiser-Zt1x5mQ8vR2kLp7wN4cY9dHs3gJ6bF0e"
ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


@dataclass
class Row:
    """One reported figure, with the ceiling it is compared with (if any) and its target."""

    section: str
    name: str
    value: float
    unit: str
    ceiling: float | None = None
    ceiling_name: str = ""
    target: str = ""
    met: bool | None = None
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ratio(self) -> float | None:
        if self.ceiling is None or self.ceiling == 0:
            return None
        return self.value / self.ceiling

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["ratio"] = self.ratio
        return data


@dataclass
class Mode:
    full: bool
    duration: float  # seconds per throughput measurement
    latency_samples: int  # commands timed per game length
    lengths: tuple[int, ...]
    replay_games: int  # games per game type for replay/audit
    import_logs: int
    watch_commands: int
    watchers: tuple[int, ...]
    memory_games: int
    memory_commands: int  # commands played in each game of the memory figure
    postgres: bool
    watcher_counts: tuple[int, ...] = (0, 1_000, 10_000)  # open WatchGame streams while GetState is timed
    watcher_commands: int = 10  # commands played (one a second) under each count

    @classmethod
    def short(cls) -> Mode:
        return cls(
            full=False,
            duration=4.0,
            latency_samples=100,
            lengths=(10, 1_000, 10_000),
            replay_games=3,
            import_logs=100,
            watch_commands=60,
            watchers=(1, 10, 100),
            memory_games=1_000,
            memory_commands=4,
            postgres=False,
        )

    @classmethod
    def long(cls) -> Mode:
        return cls(
            full=True,
            duration=15.0,
            latency_samples=400,
            lengths=(10, 1_000, 10_000),
            replay_games=10,
            import_logs=1_000,
            watch_commands=300,
            watchers=(1, 10, 100),
            memory_games=1_000,
            memory_commands=20,
            postgres=True,
            watcher_commands=30,
        )


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100), nearest rank; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def rss_bytes(pid: int) -> int:
    """Resident set size of a process, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


class Spawned:
    """A child process that prints `... serving on HOST:PORT` once ready; stopped by its own pid."""

    def __init__(self, command: list[str], log_path: Path, env: dict[str, str] | None = None) -> None:
        log_path.parent.mkdir(parents=True, exist_ok=True)
        self.log = log_path.open("w")
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
        self.process = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.PIPE, stderr=self.log, text=True, env=env
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if "serving on" not in line:
            self.stop()
            raise RuntimeError(f"{' '.join(command[:3])} did not start: {line!r} (see {log_path})")
        self.address = line.split("serving on ", 1)[1].split()[0]

    @property
    def pid(self) -> int:
        return self.process.pid

    def rss(self) -> int:
        return rss_bytes(self.pid)

    def cpu_seconds(self) -> float:
        """User plus system CPU time the process has used so far, from /proc."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def __enter__(self) -> Spawned:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def server_process(data: Path, *, store: str = "sqlite", redis: str | None = None) -> Spawned:
    """`frontier serve` in its own process, as users run it."""
    command = [PYTHON, "-m", "service.cli", "serve", "--data", str(data), "--port", "0"]
    command += ["--store", store, "--organiser-token", ORGANISER]
    # Every benchmark watcher comes from this one address: lift the per-address cap, not the pool's.
    command += ["--max-spectators-per-address", "1000000"]
    if redis:
        command += ["--redis", redis]
    return Spawned(command, data / "server.log")


def echo_process(folder: Path) -> Spawned:
    return Spawned([PYTHON, "-m", "tests.benchmarks.echo_server"], folder / "echo.log")


@dataclass
class CallSizes:
    """Bytes on the wire per bot call, to size the echo ceiling like the real calls."""

    legal: list[int] = field(default_factory=list)  # ListLegalCommands request + response
    submit: list[int] = field(default_factory=list)  # SubmitCommand request + response

    def mean(self, values: list[int]) -> int:
        return int(sum(values) / len(values)) if values else 200


class Bot:
    """Plays one game at a time with random legal commands, timing every SubmitCommand."""

    def __init__(
        self,
        client: Client,
        game: str,
        seats: int,
        *,
        seed: int,
        options: dict[str, Any] | None = None,
        sizes: CallSizes | None = None,
        count_setup: bool = False,
    ) -> None:
        self.client = client
        self.game = game
        self.seats = seats
        self.options = options or {}
        self.chooser = random.Random(seed)
        self.sizes = sizes
        self.count_setup = count_setup
        self.game_id = ""
        self.tokens: dict[int, str] = {}
        self.to_act: list[int] = []
        self.finished = True
        self.length = 0  # engine events in the game's record so far
        self.version = 0

    def new_game(self) -> None:
        request = frontier_pb2.CreateGameRequest(
            game=self.game, seats=self.seats, players=[f"bot {i + 1}" for i in range(self.seats)], tag="bench"
        )
        if self.options:
            request.options.update(self.options)
        created = self.client.call("CreateGame", request)
        self.game_id = created.game_id
        self.tokens = {grant.seat: grant.token for grant in created.seats}
        self.length = 0
        if self.count_setup:  # the setup's events: the first update a watcher gets
            watch = self.client.stub.WatchGame(
                frontier_pb2.WatchGameRequest(game_id=self.game_id, from_version=0),
                metadata=self.client.metadata(ORGANISER),
                timeout=30,
            )
            self.length = len(next(iter(watch)).events)
            watch.cancel()
        state = self.client.call(
            "GetState", frontier_pb2.GetStateRequest(game_id=self.game_id), token=ORGANISER
        )
        self.to_act = list(state.seats_to_act)
        self.finished = state.status == "finished"
        self.version = state.version

    def step(self) -> float:
        """Play one command (a new game first if needed); return the SubmitCommand round trip in seconds."""
        if self.finished:
            self.new_game()
        seat = self.to_act[self.chooser.randrange(len(self.to_act))]
        legal_request = frontier_pb2.ListLegalCommandsRequest(game_id=self.game_id)
        legal = self.client.call("ListLegalCommands", legal_request, token=self.tokens[seat])
        request = frontier_pb2.SubmitCommandRequest(
            game_id=self.game_id,
            command_id=uuid.uuid4().hex,
            expected_version=legal.version,
            command=legal.commands[self.chooser.randrange(len(legal.commands))],
        )
        started = time.perf_counter()
        reply = self.client.call("SubmitCommand", request, token=self.tokens[seat])
        elapsed = time.perf_counter() - started
        if self.sizes is not None:
            self.sizes.legal.append(legal_request.ByteSize() + legal.ByteSize())
            self.sizes.submit.append(request.ByteSize() + reply.ByteSize())
        self.to_act = list(reply.seats_to_act)
        self.finished = reply.status == "finished"
        self.length += len(reply.events)
        self.version = reply.version
        return elapsed


def run_for(seconds: float, workers: Sequence[Callable[[], object]]) -> tuple[list[int], float]:
    """Call each worker in its own thread repeatedly for `seconds`; return calls per worker and time taken."""
    counts = [0] * len(workers)
    start = threading.Barrier(len(workers) + 1)
    stop = threading.Event()
    errors: list[BaseException] = []

    def loop(index: int, work: Callable[[], object]) -> None:
        start.wait()
        try:
            while not stop.is_set():
                work()
                counts[index] += 1
        except (grpc.RpcError, RuntimeError, AssertionError) as error:
            errors.append(error)
            stop.set()

    threads = [threading.Thread(target=loop, args=(i, w), daemon=True) for i, w in enumerate(workers)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    stop.wait(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    if errors:
        raise RuntimeError(f"a benchmark worker failed: {errors[0]!r}") from errors[0]
    return counts, elapsed


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)
