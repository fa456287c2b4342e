"""(1) Command throughput end to end, with its two ceilings, and (2) cost against game length."""

from __future__ import annotations

import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from google.protobuf import wrappers_pb2

from engines.western_legends import options as western_legends_options
from service.client import Client
from tests.benchmarks.bench_common import Bot, CallSizes, Mode, Row, echo_process, log, percentile, run_for
from tests.benchmarks.echo_server import EchoClient

# Each client plays its own games back to back; clients rotate through the three games.
TABLES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("most-wanted", 4, {}),
    ("deadwood-1876", 4, {}),
    ("western-legends", 4, {}),
)
# The long game of the length figures: six seats, the highest round cap and legend-point target, and
# the rules-version-1 table options: under version 2 most random games end by legend points at
# 1,500-5,000 events, under version 1 they ran to 15,000-19,000 (4 of 4 simulated).
VERSION_1 = western_legends_options.LEGACY_V1
LONG_GAME: tuple[str, int, dict[str, Any]] = (
    "western-legends",
    6,
    {"max_rounds": 200, "target_lp": 25, **VERSION_1},
)
LONG_GAME_TRIES = 5


def service_rate(addresses: Sequence[str], clients: int, seconds: float, sizes: CallSizes) -> float:
    """Commands/s of `clients` bots on distinct games, spread round robin over `addresses`."""
    channels = [Client(addresses[i % len(addresses)]) for i in range(clients)]
    try:
        bots = [
            Bot(channels[i], TABLES[i % len(TABLES)][0], TABLES[i % len(TABLES)][1], seed=i, sizes=sizes)
            for i in range(clients)
        ]
        run_for(min(1.0, seconds / 4), [bot.step for bot in bots])  # warm up
        sizes.legal.clear()
        sizes.submit.clear()
        counts, elapsed = run_for(seconds, [bot.step for bot in bots])
        return sum(counts) / elapsed
    finally:
        for channel in channels:
            channel.close()


def echo_rate(folder: Path, clients: int, seconds: float, sizes: CallSizes) -> float:
    """Bot-loop equivalents/s on a bare echo server: two echo calls per command, each moving
    as many bytes as the bot's ListLegalCommands and SubmitCommand calls (request + response)."""
    legal = wrappers_pb2.BytesValue(value=b"x" * max(1, sizes.mean(sizes.legal) // 2))
    submit = wrappers_pb2.BytesValue(value=b"x" * max(1, sizes.mean(sizes.submit) // 2))
    with echo_process(folder) as server:
        echoes = [EchoClient(server.address) for _ in range(clients)]
        try:

            def worker(echo: EchoClient) -> Callable[[], None]:
                def one_command() -> None:
                    echo.echo(legal)
                    echo.echo(submit)

                return one_command

            workers = [worker(e) for e in echoes]
            run_for(min(1.0, seconds / 4), workers)
            counts, elapsed = run_for(seconds, workers)
            return sum(counts) / elapsed
        finally:
            for echo in echoes:
                echo.close()


def sqlite_settings(path: Path) -> dict[str, str]:
    """The settings the store's file really runs with, read back from it."""
    with sqlite3.connect(path) as connection:
        journal = connection.execute("PRAGMA journal_mode").fetchone()[0]
        synchronous = connection.execute("PRAGMA synchronous").fetchone()[0]
    return {"journal_mode": str(journal), "synchronous": str(synchronous)}


def stored_event_bytes(path: Path) -> int:
    with sqlite3.connect(path) as connection:
        (size,) = connection.execute("SELECT AVG(LENGTH(state)) FROM stored_events").fetchone()
    return int(size or 500)


def sqlite_rate(folder: Path, threads: int, seconds: float, row_bytes: int) -> tuple[float, str]:
    """Raw single-row durable commits: the store's table, WAL, SQLite's default synchronous
    (the eventsourcing library leaves it at FULL), a connection per thread."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "raw.sqlite"
    path.unlink(missing_ok=True)
    setup = sqlite3.connect(path, isolation_level=None)
    setup.execute("PRAGMA journal_mode=WAL")
    setup.execute(
        "CREATE TABLE stored_events (originator_id TEXT, originator_version INTEGER, topic TEXT, "
        "state BLOB, PRIMARY KEY (originator_id, originator_version))"
    )
    synchronous = setup.execute("PRAGMA synchronous").fetchone()[0]
    setup.close()
    blob = b"x" * row_bytes
    lock = threading.Lock()

    def worker() -> Callable[[], None]:
        connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10)
        originator = uuid.uuid4().hex
        version = iter(range(1, 10**9))

        def commit() -> None:
            with lock:  # as the library: one writer at a time in a process
                connection.execute("BEGIN")
                connection.execute(
                    "INSERT INTO stored_events VALUES (?,?,?,?)",
                    (originator, next(version), "service.core.store_events:CommandAccepted", blob),
                )
                connection.execute("COMMIT")

        return commit

    workers = [worker() for _ in range(threads)]
    run_for(0.5, workers)
    counts, elapsed = run_for(seconds, workers)
    return sum(counts) / elapsed, f"WAL, synchronous={synchronous}, {row_bytes}-byte rows"


def throughput_rows(
    mode: Mode,
    folder: Path,
    label: str,
    addresses: Sequence[str],
    store_ceiling: Callable[[int, int], tuple[float, str]],
    store_name: str,
    echo: dict[int, float] | None = None,
    row_bytes: Callable[[], int] = lambda: 500,
) -> tuple[list[Row], dict[int, float]]:
    """Commands/s with 1 and 8 clients against both ceilings; returns the rows and the echo ceilings."""
    rows: list[Row] = []
    echo = dict(echo or {})
    for clients in (1, 8):
        sizes = CallSizes()
        log(f"{label}: {clients} client(s), {mode.duration:.0f} s")
        rate = service_rate(addresses, clients, mode.duration, sizes)
        if clients not in echo:
            log(f"echo ceiling: {clients} client(s)")
            echo[clients] = echo_rate(folder / f"echo-{clients}", clients, mode.duration, sizes)
        store, store_note = store_ceiling(clients, row_bytes())
        lower = min(echo[clients], store)
        which = "echo" if echo[clients] <= store else store_name
        note = (
            f"echo {echo[clients]:,.0f}/s ({rate / echo[clients]:.0%}); "
            f"{store_name} {store:,.0f}/s ({rate / store:.0%}; {store_note}); "
            f"~{sizes.mean(sizes.legal)}+{sizes.mean(sizes.submit)} B per command"
        )
        rows.append(
            Row(
                "1 throughput",
                f"{label}, {clients} client{'s' if clients > 1 else ''}",
                rate,
                "commands/s",
                ceiling=lower,
                ceiling_name=f"lower ceiling ({which})",
                target=">= 50% of the lower ceiling",
                met=rate >= 0.5 * lower,
                note=note,
                extra={
                    "clients": clients,
                    "echo": echo[clients],
                    "store": store,
                    "store_settings": store_note,
                },
            )
        )
    return rows, echo


def length_rows(mode: Mode, address: str) -> list[Row]:
    """SubmitCommand round trip at game lengths (engine events in the game's record so far)."""
    samples: dict[int, list[float]] = {length: [] for length in mode.lengths}
    positions: dict[int, list[int]] = {length: [] for length in mode.lengths}
    game, seats, options = LONG_GAME
    with Client(address) as client:
        bot = Bot(client, game, seats, seed=7, options=options, count_setup=True)
        short = min(mode.lengths)
        # The shortest length: the first commands of fresh games (at most 10 per game).
        while len(samples[short]) < mode.latency_samples:
            bot.new_game()
            taken = 0
            while taken < 10 and len(samples[short]) < mode.latency_samples:
                if bot.length >= short:
                    positions[short].append(bot.version)
                    samples[short].append(bot.step())
                    taken += 1
                else:
                    bot.step()
        # The longer lengths: one long game, timing the commands after each length is reached.
        longer = sorted(length for length in mode.lengths if length != short)
        attempts = 0
        while longer and any(len(samples[length]) < mode.latency_samples for length in longer):
            attempts += 1
            if attempts > LONG_GAME_TRIES:
                raise RuntimeError(f"no long game reached the longest length in {LONG_GAME_TRIES} tries")
            for length in longer:
                samples[length].clear()
                positions[length].clear()
            bot.new_game()
            log(f"length: playing a {game} game with {options} to {longer[-1]:,} events")
            while not bot.finished and len(samples[longer[-1]]) < mode.latency_samples:
                at = bot.length
                version = bot.version
                elapsed = bot.step()
                for length in longer:
                    if at >= length and len(samples[length]) < mode.latency_samples:
                        samples[length].append(elapsed)
                        positions[length].append(version)
    rows = []
    base = percentile(samples[short], 50)
    for length in mode.lengths:
        p50, p99 = percentile(samples[length], 50) * 1000, percentile(samples[length], 99) * 1000
        first, last = min(positions[length]), max(positions[length])
        is_long = length == max(mode.lengths)
        rows.append(
            Row(
                "2 cost vs length",
                f"SubmitCommand at {length:,} events",
                p50,
                "ms p50",
                ceiling=None,
                target="p50 within 1.25x of the 10-event p50" if is_long else "",
                met=(p50 / 1000 <= 1.25 * base) if is_long else None,
                note=f"p99 {p99:.2f} ms; {len(samples[length])} commands at game versions {first}-{last}; "
                f"{p50 / (base * 1000):.2f}x the {short}-event p50",
                extra={"p99_ms": p99, "versions": [first, last]},
            )
        )
    return rows


def wait(seconds: float) -> None:
    time.sleep(seconds)
