"""The server's own Python work per move, without the transport: where a move's CPU goes.

    .venv/bin/python -m tests.benchmarks.profile_move [--game G] [--games N] [--cprofile]

Plays random games in process on a real SQLite file (the server's settings), doing per move
what the server does for a Play table of one stream per seat: decode the command, submit it
(decide, fold, seal, save), answer the mover, and build every seat's watch update and push
(with its legal commands when it is to act), each serialised as gRPC would. Each part is
timed in process CPU (`time.process_time_ns`) and printed in microseconds per move; with
`--cprofile` the top functions follow. No gRPC: what the wire costs is the other half.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from engines.bot import random_command
from service.config import Settings
from service.core.auth import Caller
from service.core.commands import submit
from service.core.convert import command_from_proto, command_to_proto
from service.core.creation import create_game
from service.core.games import Games
from service.core.records import FINISHED
from service.core.root import Ledger
from service.core.watching import Watching
from service.generated.frontier.v1 import frontier_pb2
from service.play.session import answer, with_legal

PARTS = ("decode command", "submit", "answer mover", "watch updates", "pushes")


class Clock:
    """CPU nanoseconds spent per part."""

    def __init__(self) -> None:
        self.spent: dict[str, int] = defaultdict(int)
        self._part = ""
        self._started = 0

    def start(self, part: str) -> None:
        now = time.process_time_ns()
        if self._part:
            self.spent[self._part] += now - self._started
        self._part, self._started = part, now

    def stop(self) -> None:
        self.start("")


def play(app: Games, watching: Watching, game: str, seats: int, chooser: random.Random, clock: Clock) -> int:
    """One game to its end; returns its moves."""
    record, grants = create_game(app, game, seats, [f"bot {i + 1}" for i in range(seats)], {}, "profile")
    game_id = record.header.game_id
    callers = {seat: Caller(token) for seat, _, token in grants}
    moves = 0
    while record.status != FINISHED:
        seat = chooser.choice(record.engine.seats_to_act(record.state))
        command = random_command(record.engine, record.state, seat, chooser)
        assert command is not None
        request = command_to_proto(record.engine, command)  # the client's side: not timed
        clock.start("decode command")
        decoded = command_from_proto(app.engine_of(game_id), request)
        clock.start("submit")
        accepted = submit(app, game_id, callers[seat], f"c{moves}", None, decoded)
        clock.start("answer mover")
        answer(watching, accepted, callers[seat], seat, f"c{moves}").SerializeToString()
        entry = accepted.entry.to_json()
        for watcher, caller in callers.items():
            clock.start("watch updates")
            step = watching._update(game_id, entry, caller)
            if watcher == seat:
                continue  # the mover's own step went out as its answer
            clock.start("pushes")
            if watcher in step.seats_to_act and step.status != FINISHED:
                push = with_legal(
                    frontier_pb2.PlayUpdate(step=step), watching.latest(game_id, step.version), watcher
                )
            else:
                push = frontier_pb2.PlayUpdate(
                    seat=watcher, version=step.version, status=step.status, step=step
                )
                push.seats_to_act.extend(step.seats_to_act)
            push.SerializeToString()
        clock.stop()
        record = accepted.record
        moves += 1
    return moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else "")
    parser.add_argument("--game", default="most-wanted")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cprofile", action="store_true", help="also print the top functions (slower)")
    parser.add_argument("--sort", default="tottime", help="cProfile order: tottime or cumulative")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="frontier-move-") as folder:
        settings = Settings.from_env(data=Path(folder), store="sqlite")
        app = Games(env=settings.store_env())
        watching = Watching(Ledger(app), max_watchers=100)
        clock = Clock()
        chooser = random.Random(args.seed)
        profiler = cProfile.Profile(time.process_time_ns, 1e-9) if args.cprofile else None
        moves = 0
        started = time.process_time_ns()
        if profiler is not None:
            profiler.enable()
        for _ in range(args.games):
            moves += play(app, watching, args.game, args.seats, chooser, clock)
        if profiler is not None:
            profiler.disable()
        total = time.process_time_ns() - started
        watching.close()
    print(
        f"{args.game}, {args.seats} seats, {args.games} games, {moves} moves: "
        f"{total / moves / 1000:.0f} µs CPU per move"
    )
    for part in PARTS:
        print(f"  {clock.spent[part] / moves / 1000:7.1f} µs  {part}")
    if profiler is not None:
        pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
