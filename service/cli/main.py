"""The `frontier` command: run the server, and talk to one like any client.

frontier serve [--data DIR] [--port N] [--http PORT] [--ws-port N]
frontier bots --server HOST:PORT --game ID --players N --games K [--player-entropy] [--ws URL]
frontier claim --server HOST:PORT GAME_ID [--seat N] [--name NAME] [--client-seed TEXT] [--wait SECONDS]
frontier reveal --server HOST:PORT GAME_ID --seat N --token TOKEN --client-seed TEXT
frontier export --server HOST:PORT GAME_ID [-o FILE]
frontier import --server HOST:PORT [--token ORGANISER] FILE...
frontier audit FILE [--key PUB | --server HOST:PORT] | --server HOST:PORT GAME_ID | --proof FILE [--key PUB]
frontier prove --server HOST:PORT GAME_ID VERSION [-o FILE]
frontier replay FILE [--html -o FILE.html [--seat N | --public]]
frontier tournament create|round|show|standings|ratings|verify ...   (service/cli/tournaments.py)
frontier games --server HOST:PORT [filters]; frontier watch --server HOST:PORT GAME_ID
frontier reissue --server HOST:PORT GAME_ID --seat N   (the organiser: a seat's new token)
frontier export --server HOST:PORT --tournament ID | --tag TAG [-o FILE.ndjson]
frontier audit FILE... | BUNDLE.ndjson | --server HOST:PORT --tournament ID | --tag TAG [--json]
frontier rules check [--game G] [--tag T] [--server HOST:PORT | FILE...] [--json]
frontier rules upgrade --server HOST:PORT GAME_ID   (the organiser: newer rules for a game in progress)
frontier key --server HOST:PORT [-o FILE.pem] [--json]   (the server's public key, to publish)
frontier new GAME --players NAMES [--takeback-policy consent|organiser] [--clock ...]
frontier takeback ask|accept|decline|show GAME_ID [--to-step STEP] [--token TOKEN]
frontier webhooks add|list|remove|rotate|dead|replay ...   (service/cli/webhooks.py)
"""

from __future__ import annotations

import argparse
import faulthandler
import json
import os
import random
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import urlparse

import grpc

from replay.numbering import step_name
from replay.recordings import cli as recording_cli
from replay.recordings.sniff import expand_hint, is_recording
from service.cli import bulk, operating
from service.cli import endings as endings_cli
from service.cli import ladders as ladders_cli
from service.cli import new_game as new_game_cli
from service.cli import players as players_cli
from service.cli import publishing as publishing_cli
from service.cli import relay as relay_cli
from service.cli import rules as rules_cli
from service.cli import service_log as service_log_cli
from service.cli import signing_key as key_cli
from service.cli import takebacks as takebacks_cli
from service.cli import tournaments as organiser
from service.cli import watch as watch_cli
from service.cli import webhooks as webhooks_cli
from service.cli import witness as witness_cli
from service.cli.data_lock import DataFolderLock, hold_data_folder
from service.cli.interrupted import EXIT_INTERRUPTED, interrupted_line, leaving
from service.cli.log_files import cannot_read, not_a_log, why_unreadable
from service.cli.log_policy import add_log_arguments
from service.cli.progress import Progress
from service.cli.rpc_errors import details, said, unreachable, unreached_hint
from service.cli.seats import seat_token_line
from service.cli.server_option import (
    add_optional_server_argument,
    add_server_argument,
    server_or_default,
    settle,
)
from service.cli.trust import add_trust_arguments
from service.config import ConfigError, Settings, private_data_folder, redact_url
from service.core import stream_slots

TOKEN_HELP = "a seat or organiser token (default: $FRONTIER_TOKEN)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args: argparse.Namespace | None = None
    try:
        args = parser.parse_args(argv)
        settle(args)
        with operating.client_tls(args):
            try:
                result: int = args.run(args)
            except grpc.RpcError as error:  # said while --tls/--tls-ca hold: the hint weighs them
                print(f"error: {said(error, getattr(args, 'server', None))}", file=sys.stderr)
                return 1
        return result
    except KeyboardInterrupt:  # Ctrl-C: one line saying how to continue, never a traceback
        print(interrupted_line(args), file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `frontier replay LOG | head`: the reader left, nothing went wrong
        sys.stderr.close()
        return 0
    except (ConfigError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def installed_version() -> str:
    """The installed package's version, as `pip show frontier-ledger` gives it."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("frontier-ledger")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: every command, its options and their help (docs/cli.md is made from it)."""
    parser = argparse.ArgumentParser(
        prog="frontier",
        description="Frontier Ledger: game records you can audit. Commands that talk to a server take "
        "--server HOST:PORT; without it they use $FRONTIER_SERVER, else localhost:50051.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {installed_version()}")
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
    serve.add_argument(
        "--store-replica",
        action="append",
        help="a streaming replica's postgres:// URL that serves replays, exports and audits; once per "
        "database of --store, or once for all ($FRONTIER_STORE_REPLICAS, comma-separated)",
    )
    serve.add_argument("--redis", help="redis:// URL for live fan-out across servers ($FRONTIER_REDIS)")
    serve.add_argument(
        "--organiser-token",
        help="token that sees everything; prefer $FRONTIER_ORGANISER_TOKEN: a flag is readable by every "
        "local user (/proc/PID/cmdline). At least 32 characters, 10 of them different",
    )
    serve.add_argument(
        "--signing-key",
        type=Path,
        help="Ed25519 private key (PEM) that signs checkpoints ($FRONTIER_SIGNING_KEY; default: "
        "signing-key.pem in the data folder, made on first start)",
    )
    serve.add_argument(
        "--signer-name",
        help="the name checkpoints are signed as, shown by every audit ($FRONTIER_SIGNER_NAME; default: "
        "this machine's host name; servers sharing a key share it)",
    )
    serve.add_argument(
        "--open-import",
        action="store_true",
        default=None,
        help="let anyone import logs even with an organiser token set ($FRONTIER_OPEN_IMPORT=1)",
    )
    serve.add_argument(
        "--open-create",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="let anyone create games (the default; --no-open-create or $FRONTIER_OPEN_CREATE=0: "
        "only the organiser creates)",
    )
    serve.add_argument(
        "--http",
        type=int,
        metavar="PORT",
        help="also serve the web replay viewer on this port ($FRONTIER_HTTP_PORT; 0 picks a free one)",
    )
    serve.add_argument(
        "--trusted-proxy",
        metavar="ADDR",
        help="the reverse proxy's address (comma-separated list, or '*') whose X-Forwarded-For the web "
        "viewer believes; off by default: the client's own address counts ($FRONTIER_TRUSTED_PROXY)",
    )
    serve.add_argument(
        "--witness",
        action="append",
        metavar="URL",
        help="a witness (c2sp.org/tlog-witness, e.g. `frontier witness --listen`) the log's checkpoints are "
        "pushed to, whose cosignatures /log/checkpoint then carries; repeat for more "
        "($FRONTIER_WITNESSES, comma-separated)",
    )
    serve.add_argument(
        "--cors-origin",
        action="append",
        metavar="ORIGIN",
        help="a site (https://host[:port]) whose pages may call the API on the --http port; repeat for "
        "more; none by default: other sites' pages are refused ($FRONTIER_CORS_ORIGINS, comma-separated)",
    )
    serve.add_argument(
        "--ws-port",
        type=int,
        metavar="N",
        help="also serve Play over WebSocket at ws://HOST:N/v1/play ($FRONTIER_WS_PORT; 0 picks a free one)",
    )
    serve.add_argument(
        "--max-watchers",
        type=int,
        help="spectators' (token-less) watch streams allowed; more get RESOURCE_EXHAUSTED; seats'"
        " streams are never counted here (default 20000 or $FRONTIER_MAX_WATCHERS)",
    )
    caps = stream_slots.StreamLimits()
    for flag, default, what in (
        ("--max-spectators-per-address", caps.spectators_per_address, "spectators' streams per address"),
        ("--max-spectators-per-game", caps.spectators_per_game, "spectators' watch streams of one game"),
        ("--max-streams-per-seat", caps.streams_per_seat, "Play and watch streams one seat token may hold"),
    ):
        env = "FRONTIER_" + flag.removeprefix("--").replace("-", "_").upper()
        serve.add_argument(flag, type=int, metavar="N", help=f"{what} (default {default} or ${env})")
    serve.add_argument(
        "--engine",
        action="append",
        metavar="MODULE:ATTR",
        help="also serve the engine object at this import path, for trying an engine that has no protos "
        "yet: its commands travel as JSON in Command.json (repeatable; $FRONTIER_ENGINES, comma-separated; "
        "none by default)",
    )
    operating.add_serve_arguments(serve)
    serve.set_defaults(run=_serve)

    bots = commands.add_parser("bots", help="play full games with random legal-move bots over gRPC")
    add_server_argument(bots)
    bots.add_argument("--game", required=True, help="game id, e.g. most-wanted")
    bots.add_argument(
        "--players",
        metavar="N|NAMES",
        help="the seats: comma-separated distinct names, as `tournament create --players` takes, or a "
        "count (the seats are then 'bot 1', 'bot 2', ...)",
    )
    bots.add_argument("--names", metavar="NAMES", help="comma-separated names of the seats (as --players)")
    bots.add_argument(
        "--games", type=int, default=1, help="how many games to play, one after another (default 1)"
    )
    bots.add_argument("--seed", type=int, default=None, help="seed for the bots' choices")
    bots.add_argument("--tag", default="bots", help="the tag the games are listed under (default bots)")
    bots.add_argument(
        "--lean",
        type=float,
        default=0.0,
        help="chance (0-1) of taking the first, most purposeful legal command; e.g. 0.7 ends Western "
        "Legends games by their LP goal rather than the round cap",
    )
    bots.add_argument(
        "--player-entropy",
        action="store_true",
        help="deal each game only when every bot has claimed its seat with a client seed of its own",
    )
    bots.add_argument(
        "--ws",
        metavar="URL",
        help="play each seat over WebSocket at URL (e.g. ws://localhost:50052/v1/play, a server's "
        "--ws-port); games are still created over gRPC at --server",
    )
    bots.add_argument(
        "--seat-keys",
        metavar="DIR",
        help="each bot claims its seat with its own Ed25519 key, DIR/seat-N.pem (made there if absent), "
        "and signs every command with it: the log then shows the server wrote none of their moves",
    )
    endings_cli.add_clock_arguments(bots, "each game")
    bots.add_argument("--json", action="store_true", help='one JSON object per game: {"game_id", "commands"}')
    bots.set_defaults(run=_bots)

    claim = commands.add_parser("claim", help="take a seat in a game; prints the seat's token")
    add_server_argument(claim)
    claim.add_argument("game_id", help="the game, as `bots` or `games` print it")
    claim.add_argument("--seat", type=int, help="the seat, 1-based (default: the lowest open seat)")
    claim.add_argument("--name", default="", help="your name, recorded in the game's log")
    claim.add_argument(
        "--client-seed",
        help="your client seed for a player-entropy game (default: 32 random bytes drawn here); "
        "the server sees its commitment first, so a seed it can guess is a seed it knows",
    )
    claim.add_argument(
        "--seat-key",
        metavar="FILE",
        help="claim with this Ed25519 key (PEM; made and kept there, mode 0600, if absent): every command "
        "the seat sends must then carry its signature, so the server cannot move in its name",
    )
    claim.add_argument(
        "--wait",
        type=float,
        default=600.0,
        help="in a game whose seats commit, then reveal: how long to wait for the other seats' "
        "commitments before revealing your seed (default 600 s)",
    )
    claim.add_argument(
        "--json",
        action="store_true",
        help='print {"game_id", "seat", "token", "client_seed"} (seat 0-based, as in the API); the reveal\'s '
        "news goes to standard error",
    )
    claim.set_defaults(run=_claim)

    reveal = commands.add_parser(
        "reveal", help="reveal the client seed your seat committed to (when `claim` stopped waiting)"
    )
    add_server_argument(reveal)
    reveal.add_argument("game_id", help="the game whose seat you claimed")
    reveal.add_argument("--seat", type=int, required=True, help="your seat, 1-based")
    reveal.add_argument("--token", required=True, help="your seat's token")
    reveal.add_argument("--client-seed", required=True, help="the seed `claim` printed")
    reveal.add_argument("--wait", type=float, default=600.0, help="seconds to wait for open seats")
    reveal.set_defaults(run=_reveal)

    export = commands.add_parser("export", help="write a game's match log")
    add_server_argument(export)
    export.add_argument("game_id", nargs="?", help="the game to export (or many: --tournament, --tag)")
    organiser.add_bulk_arguments(export)
    export.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")
    export.add_argument("--token", help=TOKEN_HELP)
    export.set_defaults(run=_export)

    imp = commands.add_parser("import", help="re-validate match logs and store them on a server")
    add_server_argument(imp)
    imp.add_argument(
        "files",
        nargs="+",
        type=Path,
        metavar="FILE",
        help="match logs (a recording: run `frontier expand` on it first)",
    )
    imp.add_argument("--token", help="the organiser token, which imports need (default: $FRONTIER_TOKEN)")
    imp.add_argument(
        "--json",
        action="store_true",
        help='one JSON object per file on standard output: {"file", "game_id", "version"} or {"file", '
        '"status": "rejected" | "unreadable" | "unreachable", "error"}',
    )
    imp.set_defaults(run=_import)

    audit = commands.add_parser(
        "audit",
        help="verify a match log file and its signature, an inclusion proof, or a stored game on a server",
        description="Exit status: 0 passed, 1 a check failed, 2 unreadable input (or a server that cannot "
        "be reached), 3 the log verifies but the game is not finished (no finished trailer: incomplete), "
        "4 the rules pass but no trusted signature covers the log (unsigned, a key not trusted, or a "
        "pinned key that changed). Many games: the worst, in the order 1, 2, 4, 3.",
    )
    audit.add_argument(
        "targets",
        nargs="*",
        metavar="target",
        help="match log FILEs or .ndjson bundles, or a GAME_ID stored on --server (not with --proof)",
    )
    organiser.add_bulk_arguments(audit)
    audit.add_argument("--json", action="store_true", help="one verdict per game and a summary, as JSON")
    add_optional_server_argument(
        audit,
        "with a FILE, the server whose signing key to trust (fetched, pinned on first use; never "
        "$FRONTIER_SERVER: trust is asked for); with a GAME_ID, --tournament or --tag, the server to "
        "audit on (default: $FRONTIER_SERVER, else localhost:50051)",
    )
    audit.add_argument("--proof", type=Path, help="an inclusion proof file from `frontier prove`")
    add_trust_arguments(audit)
    add_log_arguments(audit)
    audit.add_argument("--token", help=TOKEN_HELP)
    audit.set_defaults(run=_audit)

    prove = commands.add_parser("prove", help="fetch a signed proof that one line is in a game's record")
    add_server_argument(prove)
    prove.add_argument("game_id", help="the stored game whose inclusion to prove")
    prove.add_argument(
        "version", type=int, help="the line to prove: 1 = the header, V = the entry of version V"
    )
    prove.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")
    prove.add_argument("--token", help=TOKEN_HELP)
    prove.set_defaults(run=_prove)

    replay = commands.add_parser("replay", help="print a match log as a step-by-step narrative")
    replay.add_argument("file", type=Path, help="a match log file (`frontier export` writes one)")
    replay.add_argument(
        "--html", action="store_true", help="write the web viewer for this game as one self-contained file"
    )
    replay.add_argument("-o", "--output", type=Path, help="with --html: the file to write (default: stdout)")
    whose = replay.add_mutually_exclusive_group()
    whose.add_argument("--seat", type=int, help="with --html: show the game as seat N (1-based) sees it")
    whose.add_argument("--public", action="store_true", help="with --html: show only public information")
    replay.add_argument(
        "--log",
        metavar="URL",
        help="with --html: the web viewer whose service log holds the game; the page carries its cosigned "
        "checkpoint and the game's entry, and checks them against the witness keys its reader gives",
    )
    replay.set_defaults(run=_replay)
    organiser.register(commands)
    watch_cli.register(commands)
    players_cli.register(commands)
    ladders_cli.register(commands)
    recording_cli.register(commands)
    relay_cli.register(commands)
    endings_cli.register(commands)
    new_game_cli.register(commands)
    publishing_cli.register(commands)
    takebacks_cli.register(commands)
    rules_cli.register(commands)
    key_cli.register(commands)
    service_log_cli.register(commands)
    witness_cli.register(commands)
    operating.register(commands)
    webhooks_cli.register(commands)
    return parser


def _serve(args: argparse.Namespace) -> int:
    from service.ops.collector import tune_collector
    from service.server import create_server

    # A crash in native code (gRPC, SQLite) leaves every thread's Python traceback on standard error:
    # the process's own (a caller's replacement for sys.stderr, such as a test's capture, has no file).
    if sys.__stderr__ is not None:
        faulthandler.enable(file=sys.__stderr__)

    settings = Settings.from_env(
        data=args.data,
        port=args.port,
        host=args.host,
        store=args.store,
        store_replicas=tuple(args.store_replica) if args.store_replica else None,
        redis=args.redis,
        organiser_token=args.organiser_token,
        signing_key=args.signing_key,
        signer_name=args.signer_name,
        open_import=args.open_import,
        open_create=args.open_create,
        http_port=args.http,
        trusted_proxy=args.trusted_proxy,
        cors_origins=tuple(args.cors_origin) if args.cors_origin else None,
        witnesses=tuple(args.witness) if args.witness else None,
        ws_port=args.ws_port,
        max_watchers=args.max_watchers,
        max_spectators_per_address=args.max_spectators_per_address,
        max_spectators_per_game=args.max_spectators_per_game,
        max_streams_per_seat=args.max_streams_per_seat,
        engines=tuple(args.engine) if args.engine else None,
        **operating.serve_settings(args),
    )
    if args.organiser_token:
        print(
            "warning: --organiser-token is readable by every user of this machine in the process list; "
            "set FRONTIER_ORGANISER_TOKEN in the environment instead",
            file=sys.stderr,
            flush=True,
        )
    if args.store and "://" in args.store and urlparse(args.store).password:
        print(
            "warning: the PostgreSQL password in --store is readable by every user of this machine in the "
            "process list; leave it out of the URL and set PGPASSWORD or a PGPASSFILE instead",
            file=sys.stderr,
            flush=True,
        )
    operations = operating.Operations(settings)  # JSON logs before the first line is logged
    folder = _hold_sqlite_folder(settings)
    running = create_server(settings)
    tune_collector()  # the engines and tables are loaded: frozen out of every collection
    where = f"store {redact_url(settings.store)}"  # never the password
    where += f" in {settings.data}" if settings.store == "sqlite" else ""
    print(f"frontier serving on {settings.host}:{running.port} ({where}{operations.tls_note})", flush=True)
    if running.ws_port is not None:
        print(
            f"Play over WebSocket on {operations.ws}://{settings.host}:{running.ws_port}/v1/play", flush=True
        )
    http = None
    if settings.http_port is not None:
        from service.grpc_api.connect.front import ConnectFront
        from service.web.server import start_http

        try:
            http = start_http(
                running.ledger,
                settings.organiser_token,
                settings.host,
                settings.http_port,
                failures=running.servicer.failures,  # one count of wrong tokens per address
                tls=operations.tls,
                signing_key=running.servicer.signing_key,  # the exported logs are the server's
                trusted_proxy=settings.trusted_proxy,
                # Connect and gRPC-Web: the gRPC server's own handlers, under its size limit
                api=ConnectFront(running.served, settings.max_message_bytes) if running.served else None,
                cors_origins=settings.cors_origins,
                witnesses=settings.witnesses,
                witness_every=settings.witness_every,
            )
        except ConfigError:
            running.stop()
            raise
        print(f"web viewer on {operations.http}://{settings.host}:{http.port}/", flush=True)
    operations.start(running)
    stopped = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopped.set())
    stopped.wait()
    operations.stop()
    if http is not None:
        http.stop()
    running.stop()
    if folder is not None:
        folder.release()
    return 0


def _hold_sqlite_folder(settings: Settings) -> DataFolderLock | None:
    """A SQLite store's folder is one server's: a second `serve` on it refuses, naming the first."""
    if settings.store != "sqlite":
        return None
    private_data_folder(settings.data)
    return hold_data_folder(settings.data)


def _bots(args: argparse.Namespace) -> int:
    from service.client import Client, play_bot_game

    try:
        names = seat_names(args.players, args.names)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    chooser = random.Random(args.seed)
    keys = seat_keys(Path(args.seat_keys), len(names)) if args.seat_keys else {}
    open_stream = None
    if args.ws:
        from service.ws_client import seat_sockets

        open_stream = seat_sockets(args.ws)
    with Client(args.server) as client, Progress(args.games, f"{args.game} x{len(names)}", "game") as bar:
        for _ in range(args.games):
            game_id, commands = play_bot_game(
                client,
                args.game,
                len(names),
                chooser=chooser,
                tag=args.tag,
                lean=args.lean,
                player_entropy=args.player_entropy,
                open_stream=open_stream,
                time_control=args.clock,
                timeout_policy=args.timeout_policy,
                names=names,
                created_as=lambda game_id: leaving(args, game_id),
                keys=keys,
            )
            leaving(args, None)  # this one is over: Ctrl-C before the next is created leaves none
            bar.step()
            bar.say(json.dumps({"game_id": game_id, "commands": commands}) if args.json else game_id)
    return 0


def seat_keys(folder: Path, seats: int) -> dict[int, Any]:
    """Each seat's key, `folder`/seat-N.pem (1-based), made there if absent."""
    from service.seat_key import load_or_create

    folder.mkdir(parents=True, exist_ok=True)
    return {seat: load_or_create(folder / f"seat-{seat + 1}.pem") for seat in range(seats)}


def seat_names(players: str | None, names: str | None) -> list[str]:
    """The seats' names from `--players` (a count or names) and `--names`; ValueError if they disagree."""
    listed = [name.strip() for name in (names or "").split(",") if name.strip()]
    if players and not players.strip().isdigit():
        if listed and listed != [name.strip() for name in players.split(",") if name.strip()]:
            raise ValueError("--players and --names name different seats")
        listed = listed or [name.strip() for name in players.split(",") if name.strip()]
    elif players:
        count = int(players)
        if listed and len(listed) != count:
            raise ValueError(f"--players {count} but --names gives {len(listed)} names")
        listed = listed or [f"bot {seat + 1}" for seat in range(count)]
    if not listed:
        raise ValueError("give the seats: --players N, or --players (or --names) NAME,NAME,...")
    if len(set(listed)) != len(listed):
        raise ValueError("the seats' names must differ")
    return listed


def _claim(args: argparse.Namespace) -> int:
    import grpc

    from service.client import Client, claim_seat

    seat = None if args.seat is None else args.seat - 1  # people count seats from 1, the API from 0
    public = ""
    if args.seat_key:
        from service.seat_key import SeatKeyError, load_or_create, public_hex

        try:
            public = public_hex(load_or_create(Path(args.seat_key)))
        except (SeatKeyError, OSError) as error:
            print(f"error: {error}", file=sys.stderr)
            return EXIT_UNREADABLE
    with Client(args.server) as client:
        try:
            taken, token = claim_seat(
                client, args.game_id, args.name, seat, args.client_seed, seat_key=public
            )
        except grpc.RpcError as error:
            print(f"error: {details(error, args.server)}", file=sys.stderr)
            return 1
        seed = client.client_seeds.get((args.game_id, taken))
        if args.json:  # seats 0-based, as in the API and every JSON the CLI prints
            claimed = {"game_id": args.game_id, "seat": taken, "token": token, "client_seed": seed}
            print(json.dumps(claimed), flush=True)
        else:
            print(seat_token_line(taken, "", token), flush=True)
        if seed is None:
            return 0
        return _reveal_now(
            client,
            args.game_id,
            taken,
            token,
            seed,
            args.wait,
            args.server,
            sys.stderr if args.json else None,
        )


def _reveal(args: argparse.Namespace) -> int:
    from service.client import Client

    with Client(args.server) as client:
        return _reveal_now(
            client, args.game_id, args.seat - 1, args.token, args.client_seed, args.wait, args.server
        )


def reveal_command(server: str, game_id: str, seat: int, token: str, seed: str) -> str:
    """The `frontier reveal` command for `seat` (0-based), as a user would type it.

    `--token=...` keeps a token that starts with "-" (a url-safe token does, one time in 64) from
    reading as an option.
    """
    return (
        f"frontier reveal --server {server} {game_id} --seat {seat + 1} --token={token} --client-seed {seed}"
    )


def _reveal_now(
    client: Any,
    game_id: str,
    seat: int,
    token: str,
    seed: str,
    wait: float,
    server: str,
    report: TextIO | None = None,
) -> int:
    """Reveal `seat`'s committed client seed once every seat has committed (commit, then reveal);
    say how it went on `report` (default standard output)."""
    import grpc

    from service.client import reveal_seed

    client.client_seeds[(game_id, seat)] = seed
    later = f"reveal it later with: {reveal_command(server, game_id, seat, token, seed)}"
    try:
        answer = reveal_seed(client, game_id, seat, token, wait=wait)
    except TimeoutError:
        print(f"seats are still open after {wait:g} s; {later}", file=sys.stderr)
        return 1
    except grpc.RpcError as error:
        print(f"error: {details(error, server)}; {later}", file=sys.stderr)
        return 1
    if answer is not None:
        dealt = "dealt" if answer.status != "waiting" else f"waiting for seat(s) {_seats(answer)} to reveal"
        print(f"client seed revealed; the game is {dealt}", file=report or sys.stdout)
    return 0


def _seats(answer: Any) -> str:
    return ", ".join(str(seat + 1) for seat in answer.awaiting_reveal)


def _export(args: argparse.Namespace) -> int:
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    if args.tournament or args.tag:
        return organiser.export_many(args)
    if not args.game_id:
        print("error: give a GAME_ID, --tournament ID or --tag TAG", file=sys.stderr)
        return 2
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
    from service.client import Client, stored_once
    from service.generated.frontier.v1 import frontier_pb2

    failures = 0
    with (
        Client(args.server, token=args.token or os.environ.get("FRONTIER_TOKEN")) as client,
        Progress(len(args.files), "import", "log") as bar,
    ):
        for number, path in enumerate(args.files):
            try:
                raw = path.read_bytes()
                if is_recording(raw):  # the server would say "line 1: not JSON"; say what to run
                    failures += 1
                    bar.say(_imported(args, path, "rejected", expand_hint(str(path))), file=_refusals(args))
                    bar.step()
                    continue
                content = raw.decode("utf-8")
                response = stored_once(client, "ImportLog", frontier_pb2.ImportLogRequest(content=content))
            except OSError as error:
                failures += 1
                bar.say(_imported(args, path, "unreadable", why_unreadable(error)), file=_refusals(args))
            except UnicodeDecodeError as error:
                failures += 1
                why = f"not UTF-8 (byte {error.start + 1}); see frontier audit"
                bar.say(_imported(args, path, "rejected", why), file=_refusals(args))
            except grpc.RpcError as error:
                if unreachable(error):  # no file was judged: say so once, not "rejected" for each
                    left = len(args.files) - number
                    why = f"{unreached_hint(args.server)} ({left} of {len(args.files)} logs not imported)"
                    bar.say(_imported(args, path, "unreachable", why), file=_refusals(args))
                    return EXIT_UNREADABLE
                failures += 1
                bar.say(_imported(args, path, "rejected", said(error, args.server)), file=_refusals(args))
            else:
                imported = {"file": str(path), "game_id": response.game_id, "version": response.version}
                line = f"{path}: imported as {response.game_id} (it stands at {step_name(response.version)})"
                bar.say(json.dumps(imported) if args.json else line)
            bar.step()
    return 1 if failures else 0


def _imported(args: argparse.Namespace, path: Path, status: str, why: str) -> str:
    """One file's refusal: `FILE: STATUS: WHY`, or with --json {"file", "status", "error"}."""
    if args.json:
        return json.dumps({"file": str(path), "status": status, "error": why})
    return f"{path}: {status}: {why}"


def _refusals(args: argparse.Namespace) -> TextIO:
    """Where a refusal goes: standard error, or with --json standard output beside the imports."""
    return sys.stdout if args.json else sys.stderr


# `frontier audit` exit statuses, by verdict (2 is also argparse's status for bad usage).
AUDIT_EXIT = {"passed": 0, "failed": 1, "incomplete": 3}
EXIT_UNREADABLE = 2


def _audit(args: argparse.Namespace) -> int:
    from service.cli import trust as commands

    if args.log is not None and args.proof:
        print("error: --log checks match logs, not an inclusion proof (--proof)", file=sys.stderr)
        return EXIT_UNREADABLE
    if args.proof:
        if args.targets:
            print("error: --proof checks one proof file; give no logs or game ids with it", file=sys.stderr)
            return EXIT_UNREADABLE
        return commands.audit_proof(args)
    if organiser.is_bulk_audit(args):
        return organiser.audit_many(args)
    args.target = args.targets[0] if args.targets else None
    if not args.target:
        print("error: give a match log FILE, a GAME_ID with --server, or --proof FILE", file=sys.stderr)
        return 2
    if Path(args.target).is_file() or not (args.server or bulk.names_a_game(args.target)):
        return commands.audit_file(args)
    if args.log is not None:  # the server audits it: no log here to look for
        print(
            "error: --log checks match log FILEs and bundles (or --tournament, --tag): export the game first",
            file=sys.stderr,
        )
        return EXIT_UNREADABLE
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    server = server_or_default(args.server)
    try:
        with Client(server, token=args.token or os.environ.get("FRONTIER_TOKEN")) as client:
            report = client.call("Audit", frontier_pb2.AuditRequest(game_id=args.target))
    except grpc.RpcError as error:  # nothing was audited: exit 2, never the "a check failed" status
        print(f"error: {said(error, server)}", file=sys.stderr)
        return EXIT_UNREADABLE
    print(report.markdown)
    return AUDIT_EXIT.get(report.verdict, 1)


def _prove(args: argparse.Namespace) -> int:
    from service.cli import trust as commands

    return commands.prove(args, args.token or os.environ.get("FRONTIER_TOKEN"))


def _replay(args: argparse.Namespace) -> int:
    if args.html:
        return _replay_html(args)
    if args.seat is not None or args.public or args.output or args.log:
        print("error: --seat, --public, --log and -o go with --html", file=sys.stderr)
        return EXIT_UNREADABLE
    from replay import logfile
    from replay.narrative import narrate
    from replay.trust.checkpoint import CheckpointError
    from replay.trust.signed_log import read_signed

    try:
        content = args.file.read_bytes()
    except OSError as error:
        print(cannot_read(args.file, error), file=sys.stderr)
        return EXIT_UNREADABLE
    try:
        header, entries, trailer, _checkpoint = read_signed(logfile.decode_lines(content))
    except (logfile.LogFormatError, CheckpointError) as error:
        print(not_a_log(args.file, content, error), file=sys.stderr)
        return EXIT_UNREADABLE
    for line in narrate(header, entries, trailer):
        print(line)
    return 0


def _replay_html(args: argparse.Namespace) -> int:
    from engines.base import SPECTATOR
    from service.web.offline import LogRefused, html_from_log

    if args.seat is not None and args.seat < 1:
        print(f"error: --seat counts seats from 1, as people do; {args.seat} is not a seat", file=sys.stderr)
        return EXIT_UNREADABLE
    viewer = SPECTATOR if args.public else None if args.seat is None else args.seat - 1
    try:
        content = args.file.read_bytes()
        evidence = None if args.log is None else _log_evidence(args.log, content)
        page = html_from_log(content, viewer, evidence)
    except OSError as error:
        print(cannot_read(args.file, error), file=sys.stderr)
        return EXIT_UNREADABLE
    except LogRefused as error:
        print(
            expand_hint(str(args.file)) if is_recording(content) else f"{args.file}: {error}", file=sys.stderr
        )
        return 1
    if args.output:
        args.output.write_text(page, encoding="utf-8")
    else:
        sys.stdout.write(page)
    return 0


def _log_evidence(url: str, content: bytes) -> dict[str, Any]:
    """The service log's evidence for the game in `content` (LogRefused if there is none)."""
    import urllib.error

    from replay import logfile
    from replay.trust import tlog
    from replay.trust.checkpoint import CheckpointError, split_checkpoint
    from service.cli import log_policy
    from service.web.offline import LogRefused

    try:
        _body, signed = split_checkpoint(logfile.decode_lines(content))
        if signed is None:
            raise LogRefused("the log carries no checkpoint to find in the service log")
        return log_policy.evidence(url, signed.to_line())
    except (logfile.LogFormatError, CheckpointError, tlog.LogError) as error:
        raise LogRefused(f"the service log at {url}: {error}") from None
    except urllib.error.URLError as error:
        raise OSError(f"cannot read the service log at {url}: {error.reason}") from None


if __name__ == "__main__":
    sys.exit(main())
