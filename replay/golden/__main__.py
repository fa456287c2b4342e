"""The corpus and fuzzing commands.

python -m replay.golden --write [--game GAME ...]   regenerate seeds/golden/ (after a rules_version bump)
python -m replay.golden [--check] [--game GAME ...]  replay the corpus; name each file's first difference
                                                    and each option value or command no game exercises
python -m replay.golden --fuzz GAMES [--out DIR]     GAMES random and adversarial playouts per game
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from replay.golden import corpus, fuzz


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m replay.golden", description=__doc__.splitlines()[0])
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help="regenerate the corpus files")
    action.add_argument("--check", action="store_true", help="replay the corpus (the default)")
    action.add_argument("--fuzz", type=int, metavar="GAMES", help="fuzz each game with GAMES playouts")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: all")
    parser.add_argument("--corpus", type=Path, default=corpus.CORPUS_DIR, help="the corpus folder")
    parser.add_argument("--out", type=Path, default=Path("fuzz-failures"), help="where failing logs go")
    args = parser.parse_args(argv)
    started = time.monotonic()
    if args.write:
        for path in corpus.write(args.corpus, args.game):
            print(path)
        return 0
    if args.fuzz is not None:
        findings = []
        for playout in fuzz.plan(args.fuzz, args.game):
            finding = fuzz.play(playout, args.out)
            if finding is not None:
                print(finding.report(), file=sys.stderr, flush=True)
                findings.append(finding)
        print(f"{args.fuzz} playouts per game, {len(findings)} findings, {time.monotonic() - started:.1f}s")
        return 1 if findings else 0
    differences = corpus.check(args.corpus, args.game) + corpus.uncovered(args.corpus, args.game)
    for difference in differences:
        print(difference, file=sys.stderr)
    print(f"golden corpus: {len(differences)} differences, {time.monotonic() - started:.1f}s")
    return 1 if differences else 0


if __name__ == "__main__":
    raise SystemExit(main())
