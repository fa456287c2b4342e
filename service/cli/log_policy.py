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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from replay import logfile
from replay.trust import cosignature, keys, known_keys, log_audit, merkle, note, tlog
from replay.trust.checkpoint import CheckpointError
from replay.trust.signed_log import read_signed
from service.cli import bulk
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


@dataclass(frozen=True)
class Seen:
    """The service log as this audit fetched and checked it."""

    origin: str
    checked: log_audit.Checked
    before: tlog.LogCheckpoint | None  # the checkpoint seen of it before, if any
    cosigned_by: list[str]
    policy: str  # "1 of 2 required", or "" without witnesses

    def found(self, game_line: str) -> str:
        """Where the game is in the log, for its report; LogError if it is not there."""
        index = log_audit.check_game(self.checked.entries, self.checked.checkpoint, game_line)
        said = f"entry {index} of {self.checked.checkpoint.size}"
        return said + (f", witnessed by {', '.join(self.cosigned_by)}" if self.policy else "")

    def lines(self) -> list[str]:
        size = self.checked.checkpoint.size
        head = f"The service log {self.origin} checks at size {size}"
        if self.before is None:
            head += " (first checkpoint seen of this log: kept)."
        else:
            head += f", extending the checkpoint seen before at size {self.before.size}."
        if not self.policy:
            return [head]
        return [head, f"Witnessed at size {size} by {', '.join(self.cosigned_by)} ({self.policy})."]


def policy(args: argparse.Namespace) -> tuple[list[tuple[str, Ed25519PublicKey]], int] | None:
    """The witness keys and quorum asked for; None without --log; ValueError saying what is wrong."""
    if args.log is None:
        if args.witness or args.quorum is not None:
            raise ValueError("--witness and --quorum go with --log URL")
        return None
    quorum = 1 if args.quorum is None else args.quorum
    try:
        witnesses = [cosignature.parse_verifier_key(text) for text in args.witness]
    except note.NoteError as error:
        raise ValueError(f"--witness: {error}") from None
    if witnesses and not 1 <= quorum <= len(witnesses):
        raise ValueError(f"--quorum is 1 to the {len(witnesses)} witness keys given")
    return witnesses, quorum


def fetch_log(
    args: argparse.Namespace,
    public: Ed25519PublicKey,
    witnesses: list[tuple[str, Ed25519PublicKey]],
    quorum: int,
) -> Seen:
    """The log at --log, checked whole and against the checkpoint seen of it before (then kept in its
    place); LogError if it does not hold, OSError or ValueError if it cannot be read."""
    state_path = args.log_state or _default_state(args.known_keys)
    key = log_audit.LogKey(public)
    fetch = fetcher(args.log)
    state = read_state(state_path)
    signed = fetch("checkpoint").decode("utf-8", "replace")
    origin = log_audit.origin_of(signed, key)
    kept = state.get(origin)
    before = None if kept is None else tlog.open_checkpoint(kept, origin, public)
    checked = log_audit.check_log(fetch, key, before)
    state[origin] = checked.note  # seen, and consistent with all seen before: the next must extend it
    write_state(state_path, state)
    names = log_audit.check_cosigned(checked.note, key, witnesses, quorum)[1] if witnesses else []
    said = f"{quorum} of {len(witnesses)} required" if witnesses else ""
    return Seen(origin, checked, before, names, said)


def check(args: argparse.Namespace, game_line: str | None, public: Ed25519PublicKey | None) -> int | None:
    """None without --log; else the exit status, after saying what the log showed."""
    try:
        asked = policy(args)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return UNREADABLE
    if asked is None:
        return None
    if game_line is None or public is None:
        print("FAILED: the game carries no checkpoint signed by a trusted key to find in the log")
        return FAILED
    try:
        seen = fetch_log(args, public, *asked)
        where = seen.found(game_line)
    except tlog.LogError as error:
        print(f"FAILED: the service log at {args.log}: {error}")
        return FAILED
    except (urllib.error.URLError, OSError, ValueError) as error:
        print(f"error: cannot read the service log at {args.log}: {error}", file=sys.stderr)
        return UNREADABLE
    print(f"In the service log {seen.origin}: {where}.")
    for line in seen.lines():
        print(line)
    return PASSED


def check_bundle(
    args: argparse.Namespace, logs: Sequence[bulk.GameLog], verdicts: list[bulk.Verdict], ring: bulk.KeyRing
) -> tuple[list[bulk.Verdict], list[str]] | int:
    """Each game of a bundle (or many files) found in the log at --log: a game it does not hold, or
    whose checkpoint no trusted key signed, fails saying so; the lines to print about the log; or
    the exit status after saying why the log could not be checked (no --log: nothing changes)."""
    try:
        asked = policy(args)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return UNREADABLE
    if asked is None:
        return verdicts, []
    signed = [_signed_line(log, ring) for log in logs]
    public = next((found[1] for found in signed if found is not None), None)
    if public is None:
        print("FAILED: no game carries a checkpoint signed by a trusted key to find in the log")
        return FAILED
    try:
        seen = fetch_log(args, public, *asked)
    except tlog.LogError as error:
        print(f"FAILED: the service log at {args.log}: {error}")
        return FAILED
    except (urllib.error.URLError, OSError, ValueError) as error:
        print(f"error: cannot read the service log at {args.log}: {error}", file=sys.stderr)
        return UNREADABLE
    checked = []
    for found, verdict in zip(signed, verdicts, strict=True):
        if verdict.verdict != bulk.UNREADABLE:
            try:
                if found is None or found[1] != public:
                    raise tlog.LogError("its checkpoint is not signed by the log's key")
                where = f"in the service log: {seen.found(found[0])}"
            except tlog.LogError as error:
                where = f"not in the service log: {error}"
                verdict = replace(verdict, verdict=bulk.FAILED)
            verdict = replace(verdict, signature=f"{verdict.signature}; {where}")
        checked.append(verdict)
    return checked, seen.lines()


def _signed_line(log: bulk.GameLog, ring: bulk.KeyRing) -> tuple[str, Ed25519PublicKey] | None:
    """The game's checkpoint line and the trusted key that signed it, if one did."""
    try:
        _header, _entries, _trailer, signed = read_signed(logfile.split_lines(log.text))
    except (logfile.LogFormatError, CheckpointError):
        return None
    if log.error or signed is None:
        return None
    for trusted in ring.trusted(signed.key_id):
        if keys.key_id(trusted.public) == signed.key_id:
            return signed.to_line(), trusted.public
    return None


def evidence(url: str, game_line: str) -> dict[str, Any]:
    """What a published page needs to check the game against a witness policy by itself: the log's
    checkpoint note as served (with its cosignatures), the game's entry and its inclusion path.
    Nothing here is trusted: the page checks the note's signatures and the path against its root.
    LogError if the log does not hold the game; OSError or ValueError if it cannot be read."""
    fetch = fetcher(url)
    signed = fetch("checkpoint").decode("utf-8", "replace")
    size = tlog.parse_checkpoint(note.split(signed)[0]).size
    entries = log_audit.fetch_entries(fetch, size)
    wanted = game_line.strip().encode()
    if wanted not in entries:
        raise tlog.LogError(f"the game's checkpoint is not among the log's {size} entries")
    index = entries.index(wanted)
    path = merkle.inclusion_path(entries, index)
    return {"note": signed, "index": index, "path": [node.hex() for node in path]}


def _default_state(pins: Path | None) -> Path:
    if os.environ.get("FRONTIER_LOG_STATE"):
        return Path(os.environ["FRONTIER_LOG_STATE"])
    return (pins or known_keys.default_path()).with_name("log_checkpoints")
