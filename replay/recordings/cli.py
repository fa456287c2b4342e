"""`frontier expand RECORDING -o LOG`: a table's recording into a full tabletop match log."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from replay.logfile import write
from replay.recordings.expand import expand_text
from replay.recordings.problems import RecordingRejected


def register(commands: Any) -> None:
    """Add the `expand` subcommand to the `frontier` parser's subcommands."""
    expand = commands.add_parser(
        "expand", help="expand a table's recording (seeds/RECORDING.md) into a match log"
    )
    expand.add_argument("recording", type=Path, help="the recording file the arbiter wrote")
    expand.add_argument("-o", "--output", type=Path, required=True, help="the match log to write")
    expand.add_argument(
        "--lenient", action="store_true", help="report every problem in the file, not only the first"
    )
    expand.add_argument(
        "--json",
        action="store_true",
        help='print {"output", "commands", "status"}, or {"problems": [{"line", "code", "message"}]} on '
        "standard output when the recording is refused",
    )
    expand.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """0 when the log was written; 1 with each problem printed as `FILE:LINE: CODE: sentence`."""
    try:
        text = args.recording.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"{args.recording}: cannot read: {error}", file=sys.stderr)
        return 2
    try:
        expansion = expand_text(text, lenient=args.lenient)
    except RecordingRejected as rejected:
        if args.json:
            found = [{"line": p.line, "code": p.code, "message": p.message} for p in rejected.problems]
            print(json.dumps({"problems": found}, ensure_ascii=False))
        for problem in rejected.problems:
            print(f"{args.recording}:{problem.line}: {problem.code}: {problem.message}", file=sys.stderr)
        marked = sum(1 for problem in rejected.problems if problem.after)
        if marked:
            roots = len(rejected.problems) - marked
            print(
                f"{args.recording}: {roots} problem(s) to fix; {marked} more may follow from them (marked)",
                file=sys.stderr,
            )
        return 1
    write(args.output, expansion.header, expansion.entries, expansion.trailer)
    if args.json:
        made = {
            "output": str(args.output),
            "commands": len(expansion.entries),
            "status": expansion.trailer.status,
        }
        print(json.dumps(made))
    else:
        print(f"{args.output}: {len(expansion.entries)} commands, {expansion.trailer.status}")
    return 0
