"""How long `frontier rules check` takes over a server's store of bot games and the seeds' logs.

    python -m tests.benchmarks.bench_rules_check --server HOST:PORT --token ORGANISER [--games 200]

Imports `--games` bot games into the server (the three games in turn; every third round of
them recorded under an older rules version the engine keeps; every other one cut short), then times one
`frontier rules check --server` over the whole store and one over every match log in `seeds/`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import uuid
from dataclasses import replace
from pathlib import Path
from typing import Any

from engines.base import options_as_recorded
from engines.registry import get_engine
from engines.simulate import playout
from replay.forgeries import reseal
from replay.logfile import write_lines
from replay.verify import build_record
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2

ROOT = Path(__file__).resolve().parents[2]
# (game, seats, options, an older rules version the engine keeps)
TABLES: tuple[tuple[str, int, dict[str, Any], str], ...] = (
    ("most-wanted", 4, {}, "most-wanted/2"),
    ("deadwood-1876", 3, {}, "deadwood-1876/2"),
    ("western-legends", 3, {"max_rounds": 6}, "western-legends/2"),
)
CUT = 30  # commands kept in a game cut short


def bot_log(number: int) -> str:
    """The match log of bot game `number`: its table by turn, older rules every third round of tables."""
    game, seats, raw, older = TABLES[number % len(TABLES)]
    engine = get_engine(game)
    rules = older if (number // len(TABLES)) % 3 == 1 else engine.rules_version
    complete, stored = options_as_recorded(engine, raw, rules)
    game_id = str(
        uuid.uuid5(uuid.NAMESPACE_URL, f"https://frontier-ledger.invalid/bench/rules-check/{number}")
    )
    seed = f"rules-check-{number}".encode()
    played = []
    for step in playout(
        engine, seats, seed=seed, game_id=game_id, options=complete, bot_seed=number, lean=0.7
    ):
        played.append(step)
        if number % 2 and len(played) > CUT:
            break
    players = [f"bot {seat + 1}" for seat in range(seats)]
    header, entries, trailer = build_record(
        game_id, game, complete, seats, players, "rules-check", seed, played
    )
    if rules != engine.rules_version:  # as that version's server stored it
        return (
            "\n".join(
                write_lines(*reseal(replace(header, options=stored, rules_version=rules), entries, trailer))
            )
            + "\n"
        )
    return "\n".join(write_lines(header, entries, trailer)) + "\n"


def fill_store(client: Client, games: int) -> None:
    """Import `games` bot games into the server `client` talks to (as its organiser)."""
    for number in range(games):
        client.call("ImportLog", frontier_pb2.ImportLogRequest(content=bot_log(number)))


def seed_logs() -> list[Path]:
    """Every match log in seeds/: the sample logs and the conformance corpus's good and failing logs."""
    found = [*ROOT.glob("seeds/logs/*/*.jsonl"), *ROOT.glob("seeds/conformance/*/*.jsonl")]
    return sorted(found)


def timed_check(*args: str) -> tuple[float, dict[str, Any]]:
    """Seconds one `frontier rules check ... --json` takes, and its summary."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", "rules", "check", *args, "--json"],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    summary: dict[str, Any] = json.loads(done.stdout)["summary"]
    return time.perf_counter() - started, summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--token", required=True, help="the server's organiser token")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with Client(args.server, token=args.token) as client:
        fill_store(client, args.games)
    print(f"imported {args.games} bot games in {time.perf_counter() - started:.1f} s")
    seconds, summary = timed_check("--server", args.server, "--token", args.token)
    print(f"rules check over the store: {seconds:.1f} s, {summary}")
    files = seed_logs()
    seconds, summary = timed_check(*map(str, files))
    print(f"rules check over {len(files)} logs in seeds/: {seconds:.1f} s, {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
