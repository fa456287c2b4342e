"""Benchmark two revisions in one run, interleaved, and print each figure's ratio: after ÷ before.

    python -m tools.bench_compare REV [--rounds 3] [--only throughput replay ...]

REV (e.g. a commit before a redesign) is checked out into a worktree of its own with its own
virtualenv; then each round runs `scripts/bench`'s sections once in each tree, alternating which
goes first, so a noisy machine weighs on both alike. Each figure is the median over the rounds,
and the ratio is this tree's median over REV's: about 1 is "within noise", and the spread of the
rounds (min-max ratio of one tree against itself) says how much noise there was.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SECTIONS = ("throughput", "replay", "fanout", "memory")
# Figures where less is better: their ratio is inverted so that > 1 always means "after is faster".
LOWER_IS_BETTER = ("ms", "MiB", "KiB", "s")


def prepare(rev: str, trees: Path) -> Path:
    """A worktree of `rev` with its virtualenv set up (made once, reused by later runs)."""
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", rev], capture_output=True, text=True, check=True
    ).stdout.strip()
    tree = trees / commit
    if not tree.exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commit], check=True)
    subprocess.run([str(tree / "scripts" / "setup"), "dev"], check=True)
    return tree


def bench(tree: Path, sections: list[str], out: Path) -> list[dict[str, object]]:
    """One run of the benchmark sections in `tree`; its rows."""
    out.mkdir(parents=True, exist_ok=True)
    command = [str(tree / ".venv" / "bin" / "python"), "-m", "tests.benchmarks.bench_main"]
    subprocess.run([*command, "--only", *sections, "--out", str(out)], cwd=tree, check=True)
    (result,) = sorted(out.glob("*.json"))
    rows: list[dict[str, object]] = json.loads(result.read_text())["rows"]
    return rows


def table(runs: dict[str, list[list[dict[str, object]]]], before: str, after: str) -> str:
    figures: dict[tuple[str, str], dict[str, list[float]]] = {}
    units: dict[tuple[str, str], str] = {}
    for label, rounds in runs.items():
        for rows in rounds:
            for row in rows:
                key = (str(row["section"]), str(row["name"]))
                value = float(row["value"])  # type: ignore[arg-type]
                if value > 0:
                    figures.setdefault(key, {}).setdefault(label, []).append(value)
                    units[key] = str(row["unit"])
    lines = [
        f"| § | figure | unit | before ({before}), median | after ({after}), median | after ÷ before "
        "(> 1: after is better) | spread of the rounds, before / after |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for key, by_label in figures.items():
        if before not in by_label or after not in by_label:
            continue
        old, new = statistics.median(by_label[before]), statistics.median(by_label[after])
        better = old / new if re.split(r"[/ ]", units[key])[0] in LOWER_IS_BETTER else new / old
        spread = " / ".join(f"{max(v) / min(v):.2f}" for v in (by_label[before], by_label[after]))
        lines.append(
            f"| {key[0]} | {key[1]} | {units[key]} | {old:.4g} | {new:.4g} | {better:.2f} | {spread} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_compare", description=__doc__.split("\n")[0])
    parser.add_argument(
        "rev", help="the revision to compare this tree with (e.g. the commit before a change)"
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", nargs="+", default=list(DEFAULT_SECTIONS), help="benchmark sections")
    parser.add_argument("--trees", type=Path, default=Path.home() / ".cache" / "frontier-bench" / "trees")
    args = parser.parse_args(argv)
    out = ROOT / "bench-results" / f"compare-{time.strftime('%Y-%m-%dT%H-%M-%S')}"
    trees = {"before": prepare(args.rev, args.trees), "after": ROOT}
    runs: dict[str, list[list[dict[str, object]]]] = {"before": [], "after": []}
    for round_number in range(args.rounds):
        order = ("before", "after") if round_number % 2 == 0 else ("after", "before")
        for label in order:
            print(f"round {round_number + 1}: {label}", file=sys.stderr, flush=True)
            runs[label].append(bench(trees[label], args.only, out / f"{label}-{round_number + 1}"))
    text = table(runs, "before", "after")
    (out / "compare.md").write_text(f"{args.rev} (before) against this tree (after)\n\n{text}")
    print(text)
    print(f"wrote {out / 'compare.md'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
