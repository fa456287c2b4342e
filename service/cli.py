"""The `frontier` command: run the server, and talk to one like any client.

frontier serve [--data DIR] [--port N]
frontier bots --server HOST:PORT --game ID --players N --games K
frontier export --server HOST:PORT GAME_ID [-o FILE]
frontier import --server HOST:PORT FILE...
frontier audit FILE | --server HOST:PORT GAME_ID
frontier replay FILE
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

import grpc

from service.config import ConfigError, Settings

TOKEN_HELP = "a seat or organiser token (default: $FRONTIER_TOKEN)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.run(args)
        return result
    except grpc.RpcError as error:
        print(f"error: {error.code().name}: {error.details()}", file=sys.stderr)
        return 1
    except (ConfigError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="frontier", description="Frontier Ledger: game records you can audit."
    )
    commands = parser.add_subparsers(required=True, metavar="COMMAND")

    serve = commands.add_parser("serve", help="run the gRPC server (SQLite file store by default)")
    serve.add_argument(
        "--data", type=Path, help="folder for the SQLite store (default ./data or $FRONTIER_DATA)"
    )
    serve.add_argument("--port", type=int, help="port (default 50051 or $FRONTIER_PORT; 0 picks a free one)")
    serve.add_argument("--host", help="address to listen on (default 127.0.0.1 or $FRONTIER_HOST)")
    serve.add_argument(
        "--store",
        help="'sqlite' (default), 'memory', a postgres:// URL, or 'postgres' for $POSTGRES_* "
        "($FRONTIER_STORE)",
    )
    serve.add_argument("--redis", help="redis:// URL for live fan-out across servers ($FRONTIER_REDIS)")
    serve.add_argument("--organiser-token", help="token that sees everything ($FRONTIER_ORGANISER_TOKEN)")
    serve.add_argument(
        "--max-watchers",
        type=int,
        help="open WatchGame streams allowed; more get RESOURCE_EXHAUSTED (default 20000 or "
        "$FRONTIER_MAX_WATCHERS)",
    )
    serve.set_defaults(run=_serve)

    bots = commands.add_parser("bots", help="play full games with random legal-move bots over gRPC")
    bots.add_argument("--server", required=True, help="HOST:PORT")
    bots.add_argument("--game", required=True, help="game id, e.g. most-wanted")
    bots.add_argument("--players", type=int, required=True)
    bots.add_argument("--games", type=int, default=1)
    bots.add_argument("--seed", type=int, default=None, help="seed for the bots' choices")
    bots.add_argument("--tag", default="bots")
    bots.add_argument(
        "--lean",
        type=float,
        default=0.0,
        help="chance (0-1) of taking the first, most purposeful legal command; e.g. 0.7 ends Western "
        "Legends games by their LP goal rather than the round cap",
    )
    bots.set_defaults(run=_bots)

    export = commands.add_parser("export", help="write a game's match log")
    export.add_argument("--server", required=True)
    export.add_argument("game_id")
    export.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")
    export.add_argument("--token", help=TOKEN_HELP)
    export.set_defaults(run=_export)

    imp = commands.add_parser("import", help="re-validate match logs and store them on a server")
    imp.add_argument("--server", required=True)
    imp.add_argument("files", nargs="+", type=Path)
    imp.set_defaults(run=_import)

    audit = commands.add_parser("audit", help="verify a match log file, or a stored game on a server")
    audit.add_argument("target", help="a match log FILE, or a GAME_ID with --server")
    audit.add_argument("--server", help="HOST:PORT: audit a stored game there")
    audit.add_argument("--token", help=TOKEN_HELP)
    audit.set_defaults(run=_audit)

    replay = commands.add_parser("replay", help="print a match log as a step-by-step narrative")
    replay.add_argument("file", type=Path)
    replay.set_defaults(run=_replay)
    return parser


def _serve(args: argparse.Namespace) -> int:
    from service.server import create_server

    settings = Settings.from_env(
        data=args.data,
        port=args.port,
        host=args.host,
        store=args.store,
        redis=args.redis,
        organiser_token=args.organiser_token,
        max_watchers=args.max_watchers,
    )
    running = create_server(settings)
    where = f"store {settings.store}" + (f" in {settings.data}" if settings.store == "sqlite" else "")
    print(f"frontier serving on {settings.host}:{running.port} ({where})", flush=True)
    stopped = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopped.set())
    stopped.wait()
    running.stop()
    return 0


def _bots(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from service.client import Client, play_bot_game

    chooser = random.Random(args.seed)
    with Client(args.server) as client:
        for _ in tqdm(range(args.games), desc=f"{args.game} x{args.players}", unit="game", file=sys.stderr):
            game_id, _commands = play_bot_game(
                client, args.game, args.players, chooser=chooser, tag=args.tag, lean=args.lean
            )
            print(game_id, flush=True)
    return 0


def _export(args: argparse.Namespace) -> int:
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    with Client(args.server, token=args.token or os.environ.get("FRONTIER_TOKEN")) as client:
        response = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=args.game_id))
    if args.output:
        args.output.write_text(response.content)
    else:
        sys.stdout.write(response.content)
    if response.redacted:
        print("note: this log is redacted for your seat; it cannot be imported", file=sys.stderr)
    return 0


def _import(args: argparse.Namespace) -> int:
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    failures = 0
    with Client(args.server) as client:
        for path in args.files:
            try:
                response = client.call("ImportLog", frontier_pb2.ImportLogRequest(content=path.read_text()))
            except grpc.RpcError as error:
                failures += 1
                print(f"{path}: rejected: {error.code().name}: {error.details()}", file=sys.stderr)
            else:
                print(f"{path}: imported as {response.game_id} (version {response.version})")
    return 1 if failures else 0


def _audit(args: argparse.Namespace) -> int:
    if args.server:
        from service.client import Client
        from service.generated.frontier.v1 import frontier_pb2

        with Client(args.server, token=args.token or os.environ.get("FRONTIER_TOKEN")) as client:
            report = client.call("Audit", frontier_pb2.AuditRequest(game_id=args.target))
        print(report.markdown)
        return 0 if report.ok else 1
    from replay import logfile
    from replay.audit import build_report
    from replay.verify import verify

    try:
        header, entries, trailer = logfile.read_lines(Path(args.target).read_text().splitlines())
    except logfile.LogFormatError as error:
        print(f"{args.target}: not a valid match log: {error}", file=sys.stderr)
        return 1
    verification = verify(header, entries, trailer)
    print(build_report(header, entries, trailer, verification).to_markdown())
    return 0 if verification.ok else 1


def _replay(args: argparse.Namespace) -> int:
    from replay import logfile
    from replay.narrative import narrate

    try:
        header, entries, trailer = logfile.read_lines(args.file.read_text().splitlines())
    except logfile.LogFormatError as error:
        print(f"{args.file}: not a valid match log: {error}", file=sys.stderr)
        return 1
    for line in narrate(header, entries, trailer):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
