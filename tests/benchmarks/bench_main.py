"""Run the benchmark suite and write bench-results/<timestamp>.json and .md.

./scripts/bench            # short mode, about 4 minutes
./scripts/bench --full     # every figure at full size, PostgreSQL rows included
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tests.benchmarks.bench_commands import (
    length_rows,
    sqlite_rate,
    sqlite_settings,
    stored_event_bytes,
    throughput_rows,
)
from tests.benchmarks.bench_common import ROOT, Mode, Row, log, server_process

SECTIONS = ("throughput", "length", "replay", "import", "fanout", "watchers", "memory", "postgres", "peer")


def _format(value: float) -> str:
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def markdown(rows: Sequence[Row], meta: dict[str, Any]) -> str:
    lines = [
        f"# Frontier Ledger benchmarks — {meta['mode']} mode, {meta['started']}",
        "",
        f"{meta['machine']}; load average {meta['load_before']} before, {meta['load_after']} after; "
        f"{meta['seconds']:.0f} s.",
        "",
        "| § | figure | value | ceiling | ratio | target | met | notes |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in rows:
        ceiling = f"{_format(row.ceiling)} ({row.ceiling_name})" if row.ceiling is not None else ""
        ratio = f"{row.ratio:.0%}" if row.ratio is not None else ""
        met = {True: "PASS", False: "**MISS**", None: ""}[row.met]
        value = f"{_format(row.value)} {row.unit}" if row.unit else ""
        cells = [row.section, row.name, value, ceiling, ratio, row.target, met, row.note]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines) + "\n"


def guarded(section: str, work: Callable[[], list[Row]]) -> list[Row]:
    """The section's rows; if it fails, one row that says how, and the other sections still run."""
    try:
        return work()
    except Exception as error:  # noqa: BLE001 - any failure of one section is reported, not fatal
        log(f"{section}: failed: {error!r}")
        return [Row(section, f"{section} rows", 0.0, "", met=False, note=f"failed: {error!r}")]


def keep_logs(folder: Path, into: Path) -> list[Path]:
    """Copy every log under `folder` (servers', peers') into `into`, keeping their relative paths:
    a failed section's servers are gone with the run's temporary folder, their logs need not be."""
    kept = []
    for log_file in sorted(folder.rglob("*.log")):
        target = into / log_file.relative_to(folder)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(log_file, target)
        kept.append(target)
    return kept


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="scripts/bench", description=__doc__.split("\n")[0] if __doc__ else ""
    )
    parser.add_argument(
        "--full", action="store_true", help="full mode (~15 minutes) instead of short (~4 minutes)"
    )
    parser.add_argument("--only", nargs="+", choices=SECTIONS, help="run only these sections")
    parser.add_argument("--out", type=Path, default=ROOT / "bench-results", help="folder for the results")
    args = parser.parse_args(argv)
    mode = Mode.long() if args.full else Mode.short()
    if not mode.full and args.only and "postgres" in args.only:
        mode.postgres = True
    sections = set(args.only or SECTIONS)
    started = time.strftime("%Y-%m-%dT%H-%M-%S")
    began = time.perf_counter()
    load_before = os.getloadavg()
    folder = Path(tempfile.mkdtemp(prefix="frontier-bench-"))
    rows: list[Row] = []
    echo: dict[int, float] = {}
    sqlite: dict[int, float] = {}  # commands/s of one SQLite server by clients, for the PostgreSQL rows
    try:

        def run(name: str, work: Callable[[], list[Row]]) -> None:
            if name in sections:
                rows.extend(guarded(name, work))

        if sections & {"throughput", "length"}:
            with server_process(folder / "sqlite-data") as server:
                store_file = folder / "sqlite-data" / "frontier.sqlite"

                def sqlite_ceiling(threads: int, row_bytes: int) -> tuple[float, str]:
                    return sqlite_rate(folder / "raw-sqlite", threads, mode.duration, row_bytes)

                def throughput() -> list[Row]:
                    found, echo_found = throughput_rows(
                        mode,
                        folder,
                        "SQLite, 1 server",
                        [server.address],
                        sqlite_ceiling,
                        "sqlite3",
                        row_bytes=lambda: stored_event_bytes(store_file),
                    )
                    echo.update(echo_found)
                    sqlite.update({row.extra["clients"]: row.value for row in found})
                    settings = sqlite_settings(store_file)
                    for row in found:
                        row.extra["store_file_settings"] = settings
                    return found

                run("throughput", throughput)
                run("length", lambda: length_rows(mode, server.address))
        from tests.benchmarks.bench_replay import corpus_folder_default, import_rows, replay_rows

        run("replay", lambda: replay_rows(mode, folder))
        run("import", lambda: import_rows(mode, folder, corpus_folder_default(args.out)))
        if "fanout" in sections:
            from tests.benchmarks.bench_fanout import fanout_rows

            with server_process(folder / "fanout-data") as server:
                at = server.address
                rows.extend(guarded("fanout", lambda: fanout_rows(mode, "SQLite, 1 server", at, at)))
        if "watchers" in sections:
            from tests.benchmarks.bench_watchers import watcher_rows

            rows.extend(guarded("watchers", lambda: watcher_rows(mode, folder)))
        from tests.benchmarks.bench_memory import memory_rows

        run("memory", lambda: memory_rows(mode, folder))
        if "postgres" in sections:
            if mode.postgres:
                from tests.benchmarks.bench_postgres import postgres_rows

                rows.extend(guarded("postgres", lambda: postgres_rows(mode, folder, echo, sqlite)))
            else:
                rows.append(Row("1 throughput", "PostgreSQL rows", 0.0, "", note="full mode only (--full)"))
        if "peer" in sections:
            if mode.full or (args.only and "peer" in args.only):
                from tests.benchmarks.bench_peer import peer_rows

                rows.extend(guarded("peer", lambda: peer_rows(mode, folder)))
            else:
                rows.append(Row("9 vs peer", "boardgame.io rows", 0.0, "", note="--full or --only peer"))
    finally:
        if any(row.note.startswith("failed:") for row in rows):
            kept = keep_logs(folder, args.out / f"{started}-logs")
            log(f"a section failed: its logs ({len(kept)}) are kept in {args.out / f'{started}-logs'}")
        shutil.rmtree(folder, ignore_errors=True)
    meta = {
        "mode": "full" if mode.full else "short",
        "started": started,
        "seconds": time.perf_counter() - began,
        "machine": f"{platform.node()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "load_before": " ".join(f"{x:.2f}" for x in load_before),
        "load_after": " ".join(f"{x:.2f}" for x in os.getloadavg()),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    base = args.out / started
    base.with_suffix(".json").write_text(
        json.dumps({"meta": meta, "rows": [row.to_json() for row in rows]}, indent=2) + "\n"
    )
    table = markdown(rows, meta)
    base.with_suffix(".md").write_text(table)
    print(table)
    log(f"wrote {base}.json and {base}.md")
    return 1 if any(row.met is False for row in rows) and os.environ.get("FRONTIER_BENCH_STRICT") else 0


if __name__ == "__main__":
    sys.exit(main())
