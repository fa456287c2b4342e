"""The hot path's targets against the floor (floor_server.py), each a row with its ratio and PASS/MISS.

Ratios of one run only: ours and the floor measured in the same interleaved rounds, on the same
loaded machine. Side by side (8 matches; 4 games with a client per seat), over both transports:
the counter at least 0.7x the floor, Most Wanted and Deadwood at least 0.5x. One game at a time:
the counter at least 0.8x. And the server's CPU per Most Wanted move at most twice the floor's per
counter move.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence

from tests.benchmarks.bench_common import Row

Results = Mapping[tuple[str, ...], Sequence[object]]  # (label, contender...) -> its rounds
SECTION = "9 vs floor"
SIDE_BY_SIDE = ("one driver per match, 8 matches", "one client per seat, 4 seats, 4 games")
ONE_AT_A_TIME = ("one driver per match, 1 match", "one client per seat, 4 seats, 1 game")
COUNTER_SIDE_BY_SIDE = 0.7
GAMES_SIDE_BY_SIDE = 0.5
COUNTER_ONE_AT_A_TIME = 0.8
CPU_TIMES_FLOOR = 2.0
CPU_GAME = "most-wanted"


def verdict(met: bool) -> str:
    return "PASS" if met else "MISS"


def floor_targets(
    results: Results,
    games: Sequence[str],
    counter: str,
    transports: Sequence[str],
    floor: str,
) -> list[Row]:
    """One row per target the run holds figures for: ours over the floor, of the same rounds."""
    rows = []
    for labels, targets in (
        (SIDE_BY_SIDE, {counter: COUNTER_SIDE_BY_SIDE, **dict.fromkeys(games, GAMES_SIDE_BY_SIDE)}),
        (ONE_AT_A_TIME, {counter: COUNTER_ONE_AT_A_TIME}),
    ):
        for label in labels:
            if (label, floor) not in results:
                continue
            floor_rate = _median(results[(label, floor)], "rate")
            for game, least in targets.items():
                for transport in transports:
                    runs = results.get((label, game, transport))
                    if not runs:
                        continue
                    rate = _median(runs, "rate")
                    ratio = rate / floor_rate if floor_rate else 0.0
                    over = " over WebSocket" if transport == "ws" else ""
                    rows.append(
                        Row(
                            SECTION,
                            f"{label}: {game}{over} ÷ the floor",
                            rate,
                            "moves/s",
                            ceiling=floor_rate,
                            ceiling_name="the floor, same run",
                            target=f">= {least}x the floor",
                            met=ratio >= least,
                            note=f"{ratio:.2f}x the floor: {verdict(ratio >= least)}",
                        )
                    )
            rows += _cpu_row(results, label, floor, counter)
    return rows


def _cpu_row(results: Results, label: str, floor: str, counter: str) -> list[Row]:
    runs = results.get((label, CPU_GAME, "grpc"))
    if not runs:
        return []
    ours = _median(runs, "cpu_ms_per_move")
    floors = _median(results[(label, floor)], "cpu_ms_per_move")
    times = ours / floors if floors else float("inf")
    met = times <= CPU_TIMES_FLOOR
    return [
        Row(
            SECTION,
            f"{label}: server CPU per {CPU_GAME} move ÷ the floor's per {counter} move",
            ours,
            "ms",
            ceiling=floors,
            ceiling_name="the floor, same run",
            target=f"<= {CPU_TIMES_FLOOR}x the floor's",
            met=met,
            note=f"{times:.2f}x the floor's CPU per move: {verdict(met)}",
        )
    ]


def _median(runs: Sequence[object], figure: str) -> float:
    return statistics.median(float(getattr(run, figure)) for run in runs)
