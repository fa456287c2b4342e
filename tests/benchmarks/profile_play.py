"""Where the server's time goes under the Play path: py-spy samples the server while bots play.

    .venv/bin/python -m tests.benchmarks.profile_play [--model driver|seats] [--matches N] [--seconds S]
        [--transport grpc|ws]

(PROFILE_NATIVE=1 adds py-spy's --native: the C frames of grpc.aio and protobuf too.)

Runs `frontier serve` (SQLite, durable), drives Most Wanted games through Play streams as the
peer benchmark does, records the server with py-spy (only samples of the thread holding the GIL:
the Python work that serialises the server) and prints the share of each part of the code,
attributing each sample to the innermost frame outside the standard library. It also prints the
CPU per move of each kind of the server's threads (from /proc, by the names the server gives them):
the event loop's, each worker pool's, gRPC's own.
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from tests.benchmarks.bench_peer import TRANSPORTS, ours_process, ours_run

# File prefixes (as py-spy names them, relative to sys.path), tried in order.
PARTS: tuple[tuple[str, str], ...] = (
    ("engines/", "rules engines (legal commands, decide, codec)"),
    ("eventsourcing/sqlite", "eventsourcing: SQLite recorder"),
    ("eventsourcing/", "eventsourcing: application, mapper"),
    ("grpc", "gRPC Python"),
    ("google/protobuf/", "protobuf runtime (Python side)"),
    ("service/play/legal", "legal commands: encoding"),
    ("service/play/session", "Play stream: its messages"),
    ("service/core/convert", "protobuf <-> JSON conversion"),
    ("service/core/typed", "typed event messages"),
    ("service/core/views", "redaction and event encoding"),
    ("service/core/watching", "watch updates (pushes)"),
    ("service/core/records", "record folding"),
    ("service/core/games", "games application (submit, cache)"),
    ("service/core/commands", "games application (submit, cache)"),
    ("service/core/deciding", "games application (submit, cache)"),
    ("service/core/ledger_lines", "games application (submit, cache)"),
    ("service/core/fanout", "fan-out"),
    # The loop's own frame: what runs under it without Python frames is grpc.aio's Cython core.
    ("service/server", "event loop: grpc.aio core and asyncio"),
    ("websockets/", "WebSocket (websockets library)"),
    ("service/wsplay/", "WebSocket Play front (wsplay)"),
    ("service/", "service, other"),
    ("replay/", "log lines, hashes"),
    ("rfc8785/", "canonical JSON (rfc8785)"),
)


def part_of(stack: str) -> str:
    """The part of the innermost project or library frame of a collapsed py-spy stack."""
    for frame in reversed(stack.split(";")):
        path = frame.rpartition("(")[2].partition(":")[0]
        for prefix, name in PARTS:
            if path.startswith(prefix):
                return name
    return "threads waiting, waking (standard library only)"


def shares(raw: Path) -> list[tuple[str, float]]:
    counts: collections.Counter[str] = collections.Counter()
    for line in raw.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if stack and count.isdigit():
            counts[part_of(stack)] += int(count)
    total = sum(counts.values()) or 1
    return [(name, count / total) for name, count in counts.most_common()]


def thread_cpu_seconds(pid: int) -> dict[int, tuple[str, float]]:
    """Each thread's name and user plus system CPU time so far, by thread id, from /proc."""
    spent: dict[int, tuple[str, float]] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            name, rest = (task / "stat").read_text().split(" (", 1)[1].rsplit(")", 1)
        except OSError:  # the thread ended meanwhile
            continue
        fields = rest.split()
        spent[int(task.name)] = (name, (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))
    return spent


def cpu_by_kind(
    before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]
) -> dict[str, float]:
    """CPU seconds spent between two readings by kind of thread: its name without a pool's number."""
    kinds: dict[str, float] = {}
    for tid, (name, spent) in after.items():
        kind = name.rstrip("0123456789").rstrip("_-") or name
        kinds[kind] = kinds.get(kind, 0.0) + spent - before.get(tid, (name, 0.0))[1]
    return dict(sorted(kinds.items(), key=lambda item: -item[1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else "")
    parser.add_argument("--model", choices=("driver", "seats"), default="driver")
    parser.add_argument("--matches", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--game", default="most-wanted")
    parser.add_argument("--transport", choices=TRANSPORTS, default="grpc", help="Play over gRPC or WebSocket")
    parser.add_argument("--raw", type=Path, help="keep py-spy's collapsed stacks in this file")
    args = parser.parse_args()
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    folder = Path(tempfile.mkdtemp(prefix="frontier-profile-"))
    raw = folder / "profile.txt"
    try:
        with ours_process(folder / "data") as server:
            pid = server.process.pid
            command = [spy, "record", "--pid", str(pid), "--duration", str(int(args.seconds) + 1)]
            command += ["--format", "raw", "--gil", "--rate", "200", "--output", str(raw)]
            if os.environ.get("PROFILE_NATIVE"):
                command.append("--native")
            recorder = threading.Thread(
                target=subprocess.run, args=(command,), kwargs={"capture_output": True}
            )
            recorder.start()
            before = thread_cpu_seconds(pid)
            run = ours_run(server, args.model, args.game, args.matches, args.seconds, args.transport)
            after = thread_cpu_seconds(pid)
            recorder.join()
            if args.raw:
                shutil.copy(raw, args.raw)
        print(
            f"{args.model}, {args.matches} at once, {args.game} over {args.transport}: "
            f"{run.rate:,.0f} moves/s, "
            f"p50 {run.p50_ms:.2f} ms, server CPU {run.cpu_ms_per_move:.2f} ms per move"
        )
        for name, share in shares(raw):
            print(f"{share:6.1%}  {name}")
        # The threads are named for the system (service/core/thread_names.py): the event loop,
        # each worker pool, and gRPC's own C threads.
        kinds = cpu_by_kind(before, after)
        per_move = [
            f"{kind} {1000 * spent / max(run.moves, 1):.2f}" for kind, spent in kinds.items() if spent > 0
        ]
        print(f"CPU per move (ms) by thread: {', '.join(per_move)}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
