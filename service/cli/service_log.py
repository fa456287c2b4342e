"""`frontier log`: fetch the service log's checkpoint, and check the whole log as a monitor does.

`frontier log verify URL` fetches the checkpoint and every tile and entry bundle from a web viewer,
checks them against the signed root and against the checkpoint it saw last for that log (kept in a
state file, trust on first use as `go.sum` does), and with `--game FILE` that the game's checkpoint
is one of the log's entries. A rollback, a fork, an edited tile or a game the log never published
fails, saying which.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.request
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from replay.trust import cosignature, keys, log_audit, merkle, note, tlog
from replay.trust.checkpoint import CheckpointError, split_checkpoint

EXIT_FAILED, EXIT_UNREADABLE = 1, 2  # as `frontier audit`


def register(commands: Any) -> None:
    log = commands.add_parser(
        "log",
        help="fetch and check the service-wide log of every game's checkpoints (C2SP tlog-tiles)",
        description="Exit status: 0 passed, 1 a check failed (a rollback, a fork, an edited tile, a game "
        "not in the log), 2 unreadable input or a server that cannot be reached.",
    )
    actions = log.add_subparsers(required=True, metavar="ACTION")
    checkpoint = actions.add_parser("checkpoint", help="print the log's signed checkpoint note")
    checkpoint.add_argument("url", help="the web viewer's address, e.g. http://localhost:8080")
    checkpoint.set_defaults(run=_checkpoint)
    verify = actions.add_parser(
        "verify", help="check the whole log, that it extends the checkpoint seen before, and a game in it"
    )
    verify.add_argument("url", help="the web viewer's address, e.g. http://localhost:8080")
    verify.add_argument(
        "--key",
        required=True,
        help="the log's verifier key (name+hash+key, as `frontier key` prints it) or a public key FILE",
    )
    verify.add_argument(
        "--state",
        type=Path,
        help="where the last checkpoint seen of each log is kept (default: $FRONTIER_LOG_STATE, else "
        "~/.config/frontier/log_checkpoints)",
    )
    verify.add_argument("--game", type=Path, help="a signed match log whose checkpoint must be in the log")
    verify.add_argument(
        "--witness",
        action="append",
        default=[],
        metavar="KEY",
        help="a witness's verifier key (as `frontier witness` prints it); repeat for each witness trusted",
    )
    verify.add_argument(
        "--cosigned",
        type=Path,
        help="a checkpoint note cosigned by witnesses (`frontier witness -o`): the log must extend it, and "
        "with --game the game must be among the entries it covers",
    )
    verify.add_argument(
        "--quorum", type=int, default=1, help="how many of the --witness keys must have cosigned (default 1)"
    )
    verify.set_defaults(run=_verify)


def default_state(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    if env.get("FRONTIER_LOG_STATE"):
        return Path(env["FRONTIER_LOG_STATE"])
    return Path(env.get("HOME", "~")).expanduser() / ".config" / "frontier" / "log_checkpoints"


def fetcher(url: str) -> log_audit.Fetch:
    base = url.rstrip("/") + "/log/"

    def fetch(path: str) -> bytes:
        with urllib.request.urlopen(base + path, timeout=30) as reply:  # noqa: S310 (the user's address)
            return bytes(reply.read())

    return fetch


def _checkpoint(args: argparse.Namespace) -> int:
    try:
        print(fetcher(args.url)("checkpoint").decode(), end="")
    except (urllib.error.URLError, OSError) as error:
        print(f"error: cannot fetch the log's checkpoint from {args.url}: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    return 0


def _verify(args: argparse.Namespace) -> int:
    state_path = args.state or default_state()
    try:
        key = key_of(args.key)
        state = read_state(state_path)
        game_line = _game_checkpoint(args.game) if args.game is not None else None
        witnesses = [cosignature.parse_verifier_key(text) for text in args.witness]
        cosigned = None if args.cosigned is None else args.cosigned.read_text(encoding="utf-8")
        if (cosigned is None) != (not witnesses) or not 1 <= args.quorum <= max(len(witnesses), 1):
            raise ValueError(
                "--cosigned FILE and --witness KEY go together, with --quorum 1 to the keys given"
            )
    except (ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    fetch = fetcher(args.url)
    try:
        signed = fetch("checkpoint").decode("utf-8", "replace")
        origin = signed.split("\n", 1)[0]
        seen = _seen(state.get(origin), key, origin)
        checked = log_audit.check_log(fetch, key, seen)
        if game_line is not None:
            index = log_audit.check_game(checked.entries, checked.checkpoint, game_line)
        witnessed = None if cosigned is None else _witnessed(checked, key, cosigned, witnesses, args.quorum)
        if witnessed is not None and game_line is not None and index >= witnessed[0].size:
            raise tlog.LogError(
                f"no witness has seen the game's checkpoint: it is entry {index}, and the checkpoint the "
                f"witnesses cosigned covers {witnessed[0].size} entries"
            )
    except (urllib.error.URLError, OSError) as error:
        print(f"error: cannot fetch the log from {args.url}: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    except tlog.LogError as error:
        print(f"FAILED: {error}", file=sys.stderr)
        return EXIT_FAILED
    cp = checked.checkpoint
    state[cp.origin] = checked.note
    write_state(state_path, state)
    print(f"log {cp.origin}: {cp.size} entries, root {cp.root.hex()[:16]}..., signature and tiles check")
    if seen is None:
        print("  first checkpoint seen of this log: kept, to compare the next one against")
    else:
        print(f"  extends the checkpoint seen before at size {seen.size}: nothing rewritten or removed")
    if game_line is not None:
        print(f"  the game's checkpoint is entry {index} of the log")
    if witnessed is not None:
        names = ", ".join(witnessed[1])
        print(
            f"  witnessed at size {witnessed[0].size} by {names} ({args.quorum} of {len(witnesses)} required)"
        )
    return 0


def _witnessed(
    checked: log_audit.Checked,
    key: log_audit.LogKey,
    cosigned: str,
    witnesses: list[tuple[str, Ed25519PublicKey]],
    quorum: int,
) -> tuple[tlog.LogCheckpoint, list[str]]:
    """The cosigned checkpoint and its witnesses; LogError unless enough cosigned it and the log
    fetched now extends it (a witness saw this history, not another)."""
    found, names = log_audit.check_cosigned(cosigned, key, witnesses, quorum)
    hashes = [merkle.leaf_hash(entry) for entry in checked.entries]
    log_audit.check_extends(found, checked.checkpoint, hashes)
    return found, names


def key_of(text: str) -> log_audit.LogKey:
    if "+" in text and not Path(text).exists():
        try:
            return log_audit.parse_key(text)
        except note.NoteError as error:
            raise ValueError(f"--key: {error}") from None
    try:
        return log_audit.LogKey(keys.load_public_key(Path(text)))
    except keys.KeyFileError as error:
        raise ValueError(f"--key: {error}") from None


def _seen(signed: str | None, key: log_audit.LogKey, origin: str) -> tlog.LogCheckpoint | None:
    if signed is None:
        return None
    try:
        return tlog.open_checkpoint(signed, origin, key.public)
    except tlog.LogError as error:
        raise tlog.LogError(
            f"the checkpoint kept from before does not verify with this key: {error}"
        ) from None


def _game_checkpoint(path: Path) -> str:
    lines = path.read_text(encoding="utf-8").splitlines()
    try:
        _body, found = split_checkpoint(lines)
    except CheckpointError as error:
        raise ValueError(f"{path}: {error}") from None
    if found is None:
        raise ValueError(f"{path} carries no checkpoint, so nothing to find in the log")
    return found.to_line()


def read_state(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise ValueError(f"{path} is not a log state file (a JSON object of checkpoint notes)")
    return data


def write_state(path: Path, state: dict[str, str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(state, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    temporary.replace(path)
