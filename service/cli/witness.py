"""`frontier witness`: follow a service log, check it only ever grows, and cosign its checkpoints.

A witness is anyone's: its own Ed25519 key (made on first use), its own state file (the last
checkpoint it cosigned of each log). Each round it fetches the log's checkpoint, tiles and entries
(`frontier log verify`'s checks), and cosigns (c2sp.org/tlog-cosignature) only a checkpoint that
extends the one it cosigned before; a rollback or a fork -- the log showing it another history than
before, a split view -- is refused loudly, cosigned by nobody, and its state is left as it was.
The cosigned checkpoint is written to `--output` for the log's readers.
"""

from __future__ import annotations

import argparse
import sys
import time
import urllib.error
from pathlib import Path
from typing import Any

from replay.trust import cosignature, keys, log_audit, note, signer, tlog, witness_protocol
from service.cli import witness_serve
from service.cli.service_log import EXIT_FAILED, EXIT_UNREADABLE, fetcher, key_of, read_state, write_state


def register(commands: Any) -> None:
    witness = commands.add_parser(
        "witness",
        help="follow a service log and cosign each checkpoint that extends the last one it cosigned",
        description="Exit status (with --once): 0 cosigned, 1 the log rolled back or forked (refused, "
        "nothing cosigned), 2 unreadable input or a log that cannot be reached.",
    )
    witness.add_argument(
        "url", nargs="?", help="the log's web viewer address, e.g. http://localhost:8080 (not with --listen)"
    )
    witness.add_argument("--log-key", required=True, help="the log's verifier key, or its public key FILE")
    witness.add_argument(
        "--key", type=Path, required=True, help="the witness's private key (PEM), made if missing"
    )
    witness.add_argument(
        "--name", required=True, help="the witness's name: a schema-less URL, e.g. example.org/w1"
    )
    witness.add_argument("--state", type=Path, required=True, help="the last checkpoint cosigned of each log")
    witness.add_argument("-o", "--output", type=Path, help="where the cosigned checkpoint is written")
    witness.add_argument(
        "--listen",
        metavar="HOST:PORT",
        help="serve the witness protocol (POST /add-checkpoint) instead of following the log: the log "
        "pushes its checkpoints here (port 0: any free port)",
    )
    witness.add_argument(
        "--every", type=float, default=0.0, help="seconds between rounds (default: one round)"
    )
    witness.set_defaults(run=_witness)


def _witness(args: argparse.Namespace) -> int:
    try:
        log_key = key_of(args.log_key)
        key = keys.load_or_create(args.key)
        note.check_key_name(args.name)
    except (ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    key = keys.SigningKey(key.private, signer=signer.check_name(args.name))
    if (args.listen is None) == (args.url is None) or (args.listen is None) == (args.output is None):
        print("error: give the log's URL and -o FILE to follow it, or --listen HOST:PORT", file=sys.stderr)
        return EXIT_UNREADABLE
    print(f"witness {args.name}: {cosignature.verifier_key(args.name, key.public)}", file=sys.stderr)
    if args.listen is not None:
        return _listen(args, log_key, key)
    while True:
        status = _round(args, log_key, key)
        if args.every <= 0 or status == EXIT_FAILED:
            return status
        time.sleep(args.every)


def _listen(args: argparse.Namespace, log_key: log_audit.LogKey, key: keys.SigningKey) -> int:
    host, _colon, port = args.listen.rpartition(":")
    try:
        server = witness_serve.serve(
            witness_serve.Witness(log_key, args.name, key, args.state), host or "127.0.0.1", int(port)
        )
    except (ValueError, OSError) as error:
        print(f"error: cannot listen on {args.listen}: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    bound_host, bound_port = server.server_address[:2]
    print(f"witness listening on http://{bound_host!s}:{bound_port}{witness_protocol.PATH}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def _round(args: argparse.Namespace, log_key: log_audit.LogKey, key: keys.SigningKey) -> int:
    try:
        state = read_state(args.state)
        fetch = fetcher(args.url)
        origin = fetch("checkpoint").decode("utf-8", "replace").split("\n", 1)[0]
        cosigned = state.get(origin)
        seen = None if cosigned is None else tlog.open_checkpoint(cosigned, origin, log_key.public)
        checked = log_audit.check_log(fetch, log_key, seen)
    except tlog.LogError as error:  # a ValueError too: first
        split = str(error).startswith(("rollback", "fork"))
        said = (
            "REFUSED, SPLIT VIEW: the log is not consistent with the checkpoint this witness cosigned before"
            if split
            else "REFUSED: the log does not check"
        )
        print(f"{said} (log {origin} at {args.url}); nothing cosigned: {error}", file=sys.stderr)
        return EXIT_FAILED
    except (urllib.error.URLError, OSError, ValueError) as error:
        print(f"error: cannot read the log at {args.url}: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    signed = cosignature.cosign(checked.note, args.name, key, int(time.time()))
    args.output.write_text(signed, encoding="utf-8")
    state[checked.checkpoint.origin] = signed
    write_state(args.state, state)
    print(f"cosigned {checked.checkpoint.origin} at size {checked.checkpoint.size}")
    return 0
