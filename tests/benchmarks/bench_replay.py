"""(3) Replay and audit against the rate of merely decoding the log lines, and (4) import at volume."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

from tqdm import tqdm

from engines.registry import get_engine
from engines.simulate import playout
from replay import logfile
from replay.record import DealLine, Entry
from replay.verify import build_record, steps, verify
from service.client import Client
from service.config import Settings
from service.core.exchange import import_log
from service.core.games import Games
from service.core.records import project_game
from service.core.root import Ledger
from service.generated.frontier.v1 import frontier_pb2
from tests.benchmarks.bench_common import ORGANISER, Mode, Row, log, server_process

# The corpus: the three games in turn; Western Legends with a 10-round cap to keep the corpus quick to make.
CORPUS_TABLES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("most-wanted", 4, {}),
    ("deadwood-1876", 4, {}),
    ("western-legends", 4, {"max_rounds": 10}),
)
CORPUS_VERSION = 1  # bump when the corpus tables or log making change
# Replay and audit: each game at its default length.
REPLAY_TABLES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("most-wanted", 4, {}),
    ("deadwood-1876", 4, {}),
    ("western-legends", 4, {}),
)


def bot_log(game: str, seats: int, options: dict[str, Any], number: int) -> str:
    """One finished bot game as match-log text (seed revealed), reproducible from `number`."""
    engine = get_engine(game)
    seed = number.to_bytes(8, "big") * 4
    game_id = str(UUID(int=number + (1 << 122)))
    played = list(playout(engine, seats, seed=seed, game_id=game_id, options=options, bot_seed=number))
    players = [f"bot {i + 1}" for i in range(seats)]
    record = build_record(game_id, game, engine.options(options), seats, players, "bench", seed, played)
    return "\n".join(logfile.write_lines(*record)) + "\n"


def _corpus_log(number: int) -> str:
    game, seats, options = CORPUS_TABLES[number % len(CORPUS_TABLES)]
    return bot_log(game, seats, options, number)


def corpus(folder: Path, count: int) -> list[str]:
    """`count` bot match logs, made once and kept in `folder` (they are reproducible from their numbers)."""
    folder.mkdir(parents=True, exist_ok=True)
    missing = [n for n in range(count) if not (folder / f"{n:05d}.log").exists()]
    if missing:
        log(f"import: making {len(missing)} bot match logs in {folder}")
        with ProcessPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            for number, text in zip(missing, pool.map(_corpus_log, missing, chunksize=8), strict=True):
                (folder / f"{number:05d}.log").write_text(text)
    return [(folder / f"{n:05d}.log").read_text() for n in range(count)]


@dataclass
class Timing:
    seconds: float = 0.0
    events: int = 0
    lines: int = 0


def _timed(works: list[tuple[Callable[[], object], Timing]], repeats: int) -> None:
    """Add to each timing the best of `repeats` runs of its work in this process's CPU time:
    the machine is shared, and other processes' load would otherwise count (all of this
    work, the store's reads included, runs in this process). The works take turns, one run
    each per round, so a change in the machine's load reaches the ceiling and the figures
    divided by it alike."""
    best = [float("inf")] * len(works)
    for _ in range(repeats):
        for index, (work, _timing) in enumerate(works):
            started = time.process_time()
            work()
            best[index] = min(best[index], time.process_time() - started)
    for (_work, timing), seconds in zip(works, best, strict=True):
        timing.seconds += seconds


def count_events(text: str) -> tuple[int, int]:
    """(engine events, lines) of a match log."""
    header, entries, _ = logfile.read_lines(text.splitlines())
    events = sum(len(e.events) for e in entries if isinstance(e, (Entry, DealLine)))
    return len(header.setup_events) + events, 1 + len(entries) + 1


def replay_rows(mode: Mode, folder: Path) -> list[Row]:
    rows: list[Row] = []
    for game, seats, options in REPLAY_TABLES:
        logs = [bot_log(game, seats, options, 10_000 + i) for i in range(mode.replay_games)]
        store = Games(env=Settings(data=folder / f"replay-{game}").store_env())
        gate = Ledger(store).gate
        for text in logs:
            import_log(store, gate, text)
        decode, from_log, from_store, audit = Timing(), Timing(), Timing(), Timing()
        repeats = 10 if mode.full else 5
        for text in logs:
            events, lines = count_events(text)
            split = text.splitlines()
            for timing in (decode, from_log, from_store, audit):
                timing.events += events
                timing.lines += lines

            def decoded(split: list[str] = split) -> None:
                [json.loads(line) for line in split]

            def rebuild(split: list[str] = split) -> None:
                header, entries, _ = logfile.read_lines(split)
                for _step in steps(header, entries):
                    pass

            uid = UUID(json.loads(split[0])["game_id"])

            def rebuild_stored(uid: UUID = uid, store: Games = store) -> None:
                store.forget(uid)
                store.repository.get(uid, projector_func=project_game)

            def audited(split: list[str] = split) -> None:
                bodies: list[str | None] = []  # what each entry's hash covers, where the reader has it
                header, entries, trailer = logfile.read_lines(split, bodies=bodies)
                assert verify(header, entries, trailer, bodies=bodies).ok

            _timed(
                [(decoded, decode), (rebuild, from_log), (rebuild_stored, from_store), (audited, audit)],
                repeats,
            )
        store.close()
        ceiling = decode.events / decode.seconds
        games = len(logs)
        per_game = f"{decode.events // games:,} events in {decode.lines // games} lines"
        for name, timing, target in (
            ("rebuild from the log file", from_log, 0.50),
            ("rebuild from the store (cache miss)", from_store, 0.50),
            ("audit (re-run, re-derive, chain)", audit, 0.25),
        ):
            rate = timing.events / timing.seconds
            rows.append(
                Row(
                    "3 replay and audit",
                    f"{game}: {name}",
                    rate,
                    "events/s",
                    ceiling=ceiling,
                    ceiling_name="json.loads of the same lines",
                    target=f">= {target:.0%} of the ceiling" if target else "",
                    met=(rate >= target * ceiling) if target else None,
                    note=f"{len(logs)} games of ~{per_game}; {timing.lines / timing.seconds:,.0f} lines/s; "
                    f"best of {repeats} runs each, taking turns with the ceiling; process CPU time",
                )
            )
    return rows


def import_rows(mode: Mode, folder: Path, corpus_folder: Path, importers: int = 2) -> list[Row]:
    logs = corpus(corpus_folder, mode.import_logs)
    events = sum(count_events(text)[0] for text in logs)
    with server_process(folder / "import-data") as server:
        clients = [Client(server.address, token=ORGANISER) for _ in range(importers)]
        bar = tqdm(total=len(logs), desc="import", unit="game", file=sys.stderr)
        lock = threading.Lock()
        queue = list(reversed(logs))
        failures: list[str] = []

        def importer(client: Client) -> None:
            while True:
                with lock:
                    if not queue:
                        return
                    text = queue.pop()
                try:
                    client.call("ImportLog", frontier_pb2.ImportLogRequest(content=text), timeout=120)
                except Exception as error:  # noqa: BLE001 -- reported below
                    failures.append(repr(error))
                bar.update(1)

        started = time.perf_counter()
        threads = [threading.Thread(target=importer, args=(c,)) for c in clients]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
        bar.close()
        for client in clients:
            client.close()
    if failures:
        raise RuntimeError(f"{len(failures)} imports failed, first: {failures[0]}")
    return [
        Row(
            "4 import",
            f"import {len(logs):,} bot match logs ({importers} concurrent importers)",
            len(logs) / elapsed,
            "games/s",
            note=f"{events / elapsed:,.0f} events/s; {elapsed:.1f} s; every log re-verified and stored "
            "in one transaction; corpus: Most Wanted, Deadwood 1876, Western Legends (10 rounds) in turn",
        )
    ]


def corpus_folder_default(results: Path) -> Path:
    """The bot corpus is kept next to the results so later runs need not make it again."""
    return results / f"corpus-{CORPUS_VERSION}"
