"""`frontier audit --log URL [--witness KEY ... --quorum K]`: the audited game in the service log.

After the game's own checks, the service log at URL is fetched and checked whole
(replay/trust/log_audit.py): its checkpoint must extend the last one this reader saw of that log
(kept beside the pinned keys, trust on first use as `go.sum`; a rollback or a fork fails naming both
sizes), the game's checkpoint must be one of its entries, and with a witness policy at least K of
the given witnesses must have cosigned the checkpoint served, so the game is in a tree they saw.
"""

from __future__ import annotations

import argparse
import os
import sys
import urllib.error
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from replay.trust import cosignature, known_keys, log_audit, note, tlog
from service.cli.service_log import fetcher, read_state, write_state

PASSED, FAILED, UNREADABLE = 0, 1, 2


def add_log_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--log",
        metavar="URL",
        help="the web viewer whose service log must hold the game's checkpoint (e.g. http://host:8080)",
    )
    parser.add_argument(
        "--witness",
        action="append",
        default=[],
        metavar="KEY",
        help="with --log: a witness's verifier key (as `frontier witness` prints it); repeat for each",
    )
    parser.add_argument(
        "--quorum", type=int, help="with --witness: how many of them must have cosigned (default 1)"
    )
    parser.add_argument(
        "--log-state",
        type=Path,
        help="the last log checkpoint seen of each log (default: log_checkpoints beside the pinned keys)",
    )


def check(args: argparse.Namespace, game_line: str | None, public: Ed25519PublicKey | None) -> int | None:
    """None without --log; else the exit status, after saying what the log showed."""
    if args.log is None:
        if args.witness or args.quorum is not None:
            print("error: --witness and --quorum go with --log URL", file=sys.stderr)
            return UNREADABLE
        return None
    quorum = 1 if args.quorum is None else args.quorum
    try:
        witnesses = [cosignature.parse_verifier_key(text) for text in args.witness]
    except note.NoteError as error:
        print(f"error: --witness: {error}", file=sys.stderr)
        return UNREADABLE
    if witnesses and not 1 <= quorum <= len(witnesses):
        print(f"error: --quorum is 1 to the {len(witnesses)} witness keys given", file=sys.stderr)
        return UNREADABLE
    if game_line is None or public is None:
        print("FAILED: the game carries no checkpoint signed by a trusted key to find in the log")
        return FAILED
    state_path = args.log_state or _default_state(args.known_keys)
    key = log_audit.LogKey(public)
    fetch = fetcher(args.log)
    try:
        state = read_state(state_path)
        signed = fetch("checkpoint").decode("utf-8", "replace")
        origin = log_audit.origin_of(signed, key)
        kept = state.get(origin)
        seen = None if kept is None else tlog.open_checkpoint(kept, origin, public)
        checked = log_audit.check_log(fetch, key, seen)
        index = log_audit.check_game(checked.entries, checked.checkpoint, game_line)
        names = log_audit.check_cosigned(checked.note, key, witnesses, quorum)[1] if witnesses else []
    except tlog.LogError as error:
        print(f"FAILED: the service log at {args.log}: {error}")
        return FAILED
    except (urllib.error.URLError, OSError, ValueError) as error:
        print(f"error: cannot read the service log at {args.log}: {error}", file=sys.stderr)
        return UNREADABLE
    state[origin] = checked.note
    write_state(state_path, state)
    size = checked.checkpoint.size
    print(f"In the service log {origin}: entry {index} of {size}", end="")
    print("" if seen is None else f", extending the checkpoint seen before at size {seen.size}", end="")
    print(" (first checkpoint seen of this log: kept)." if seen is None else ".")
    if witnesses:
        print(f"Witnessed at size {size} by {', '.join(names)} ({quorum} of {len(witnesses)} required).")
    return PASSED


def _default_state(pins: Path | None) -> Path:
    if os.environ.get("FRONTIER_LOG_STATE"):
        return Path(os.environ["FRONTIER_LOG_STATE"])
    return (pins or known_keys.default_path()).with_name("log_checkpoints")
