"""(6) Resident memory of the server process per active game in its cache."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from service.client import Client
from tests.benchmarks.bench_commands import TABLES
from tests.benchmarks.bench_common import Bot, Mode, Row, log, server_process

LOADERS = 4


def memory_rows(mode: Mode, folder: Path) -> list[Row]:
    with server_process(folder / "memory-data") as server:
        clients = [Client(server.address) for _ in range(LOADERS)]
        # Warm up: every engine imported and every code path run once before the baseline.
        for i, (game, seats, _options) in enumerate(TABLES):
            bot = Bot(clients[0], game, seats, seed=i)
            for _ in range(mode.memory_commands):
                bot.step()
        time.sleep(0.5)
        base = server.rss()
        log(f"memory: {mode.memory_games:,} games of up to {mode.memory_commands} commands each")
        numbers = iter(range(mode.memory_games))
        lock = threading.Lock()
        played = [0] * LOADERS

        def loader(index: int) -> None:
            while True:
                with lock:
                    number = next(numbers, None)
                if number is None:
                    return
                game, seats, _options = TABLES[number % len(TABLES)]
                bot = Bot(clients[index], game, seats, seed=number)
                bot.new_game()
                for _ in range(mode.memory_commands):
                    if bot.finished:
                        break
                    bot.step()
                    played[index] += 1

        threads = [threading.Thread(target=loader, args=(i,)) for i in range(LOADERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        time.sleep(0.5)
        after = server.rss()
        for client in clients:
            client.close()
    per_game = (after - base) / mode.memory_games
    return [
        Row(
            "6 memory",
            f"server RSS per active game ({mode.memory_games:,} games in its cache)",
            per_game / 1024,
            "KiB/game",
            note=f"RSS {base / 2**20:.1f} MiB after warm-up, {after / 2**20:.1f} MiB with the games; "
            f"{sum(played):,} commands (up to {mode.memory_commands} per game); server in its own process",
        )
    ]
