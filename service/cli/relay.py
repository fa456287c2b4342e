"""`frontier fork GAME --at VERSION` and `frontier relay RECORDING`: the relay package's commands."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from replay.numbering import step_name
from service.cli.endings import add_clock_arguments, add_ending_arguments, end_game
from service.cli.interrupted import resume_with, spelled
from service.cli.rpc_errors import said
from service.cli.server_option import add_server_argument

TOKEN_HELP = "the organiser token (default: $FRONTIER_TOKEN)"
FOLLOW_POLL_SECONDS = 1.0


def register(commands: Any) -> None:
    fork = commands.add_parser("fork", help="fork a stored game at a version into a new live game")
    fork.add_argument("game_id", help="the stored game to fork")
    fork.add_argument("--at", type=int, required=True, metavar="VERSION", help="the version to fork from")
    fork.add_argument("--players", default="", help="comma-separated names of the seats taken now")
    fork.add_argument("--tag", default="", help="a tag for listings")
    fork.add_argument("--delay", type=int, default=0, help="spectator delay in seconds (default 0)")
    add_clock_arguments(fork, "the fork")
    add_server_argument(fork)
    fork.add_argument("--token", help=TOKEN_HELP)
    fork.add_argument(
        "--json",
        action="store_true",
        help='print {"game_id", "seed_commitment", "seats": [{"seat", "player", "token"}]} (seats 0-based)',
    )
    fork.set_defaults(run=run_fork)

    relay = commands.add_parser(
        "relay", help="relay a table game live: send a recording's lines one by one as they are written"
    )
    relay.add_argument(
        "recording",
        type=Path,
        nargs="?",
        help="the recording file the arbiter writes (seeds/RECORDING.md); none with --close",
    )
    relay.add_argument("--delay", type=int, default=0, help="spectator delay in seconds (default 0)")
    relay.add_argument(
        "--follow", action="store_true", help="keep reading lines appended to the file until the game ends"
    )
    relay.add_argument(
        "--resume",
        metavar="GAME",
        help="continue relay GAME instead of starting a new one: the file's lines it has stored already are "
        "checked against it and skipped (with its relay token or the organiser's)",
    )
    relay.add_argument(
        "--close",
        metavar="GAME",
        help="end relay GAME: --abandon, or --result with the table's ranking; with --reason (and its relay "
        "token or the organiser's)",
    )
    add_ending_arguments(relay, required=False)
    add_server_argument(relay)
    relay.add_argument("--token", help="the relay's token or the organiser's (default: $FRONTIER_TOKEN)")
    relay.set_defaults(run=run_relay)


def _token(args: argparse.Namespace) -> str | None:
    token: str | None = args.token or os.environ.get("FRONTIER_TOKEN")
    return token


def run_fork(args: argparse.Namespace) -> int:
    """Print the new game's id and its seats' tokens (--json: as CreateGame answers); the origin to stderr."""
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    players = [name.strip() for name in args.players.split(",") if name.strip()]
    request = frontier_pb2.ForkGameRequest(
        game_id=args.game_id,
        version=args.at,
        players=players,
        tag=args.tag,
        spectator_delay_seconds=args.delay,
        time_control=args.clock,
        timeout_policy=args.timeout_policy,
    )
    with Client(args.server, token=_token(args)) as client:
        reply = client.call("ForkGame", request)
    origin = reply.forked_from
    at = f"{step_name(origin.version)} (version {origin.version})"
    print(f"{reply.game_id}: forked from {origin.game_id} at {at}", file=sys.stderr)
    if args.json:
        tokens = [{"seat": s.seat, "player": s.player, "token": s.token} for s in reply.seats]
        print(
            json.dumps({"game_id": reply.game_id, "seed_commitment": reply.seed_commitment, "seats": tokens})
        )
        return 0
    print(reply.game_id)
    for seat in reply.seats:  # people count seats from 1; `--token=` keeps a token starting "-" whole
        print(
            f"seat {seat.seat + 1}" + (f" ({seat.player})" if seat.player else "") + f": token {seat.token}"
        )
    return 0


def _command_lines(path: Path) -> list[tuple[int, str]]:
    """(file line number, text) of every line that is not a note or blank."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(n, line) for n, line in enumerate(lines, start=1) if line.strip() and not line.startswith("#")]


def run_relay(args: argparse.Namespace) -> int:
    """0 once every line is relayed (and, with --follow, the game is over); 1 at a refused line or a
    file that disagrees with the relay it resumes; 2 for a file without a header."""
    import grpc

    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    if args.close:
        return _close(args)
    if args.recording is None or args.abandon or args.result or args.reason:
        print("error: relay a RECORDING file, or end a relay with --close GAME", file=sys.stderr)
        return 2
    if args.resume and args.delay:
        print("error: --delay is set when a relay starts; leave it out with --resume", file=sys.stderr)
        return 2
    lines = _command_lines(args.recording)
    if not lines:
        print(f"{args.recording}: no header line", file=sys.stderr)
        return 2
    with Client(args.server, token=_token(args)) as client:
        header_number, header = lines[0]
        try:
            if args.resume:
                stored = client.call("GetRelay", frontier_pb2.GetRelayRequest(game_id=args.resume))
                game_id, token = args.resume, _token(args)
                version, status, sent = stored.version, stored.status, 1 + len(stored.lines)
            else:
                started = client.call(
                    "StartRelay",
                    frontier_pb2.StartRelayRequest(header=header, spectator_delay_seconds=args.delay),
                )
                game_id, token = started.game_id, started.relay_token
                version, status, sent = started.version, "in_progress", 1
        except grpc.RpcError as error:
            print(f"{args.recording}:{header_number}: {said(error, args.server)}", file=sys.stderr)
            return 1
        resume = _resume_command(args, game_id, None if args.resume else token)
        resume_with(args, resume)
        if args.resume:
            disagreement = _disagreement(args.recording, lines, stored.header, list(stored.lines))
            if disagreement:
                print(f"{disagreement}; relay {game_id} is unchanged", file=sys.stderr)
                return 1
            print(f"resuming relay {game_id}: the file's first {sent} lines are the ones it stored")
        else:
            print(f"relaying {args.recording} as game {game_id} (relay token {token})")
        while True:
            for number, line in lines[sent:]:
                request = frontier_pb2.RelayLineRequest(game_id=game_id, line=line, expected_version=version)
                try:
                    reply = client.call("RelayLine", request, token=token)
                except grpc.RpcError as error:
                    print(f"{args.recording}:{number}: {said(error, args.server)}", file=sys.stderr)
                    print(f"fix line {number}, then continue with: {spelled(resume)}", file=sys.stderr)
                    return 1
                version, status, sent = reply.version, reply.status, sent + 1
                over = " (game over)" if status == "finished" else ""
                print(f"{args.recording}:{number}: version {version}{over}", flush=True)
            if not args.follow or status == "finished":
                return 0
            time.sleep(FOLLOW_POLL_SECONDS)
            lines = _command_lines(args.recording)


def _close(args: argparse.Namespace) -> int:
    """End the relay as the table ended: abandoned, or finished with the table's ranking."""
    if args.recording is not None or args.resume or args.follow or args.delay:
        print("error: --close takes only GAME, --abandon or --result, --reason and --token", file=sys.stderr)
        return 2
    if not (args.abandon or args.result) or not args.reason:
        print("error: --close needs --abandon or --result RANKING, and --reason", file=sys.stderr)
        return 2
    return end_game(args, args.close)


def _resume_command(args: argparse.Namespace, game_id: str, relay_token: str | None) -> list[str]:
    """The `frontier relay` command that continues this relay (a secret token given is left out)."""
    command = ["relay", str(args.recording), "--resume", game_id, "--server", args.server]
    if args.follow:
        command.append("--follow")
    if relay_token:  # shown when the relay started; it acts for this relay only
        command.append(f"--token={relay_token}")
    elif args.token:
        command += ["--token", "TOKEN"]
    return command


def _disagreement(path: Path, lines: list[tuple[int, str]], header: str, stored: list[str]) -> str:
    """Where the file differs from the relay's stored header and lines, or "" if it agrees."""
    if lines[0][1].strip() != header:
        return f"{path}:{lines[0][0]}: the header is not the one the relay was started with"
    for version, ((number, line), kept) in enumerate(zip(lines[1:], stored, strict=False), start=2):
        if line.strip() != kept:
            return f"{path}:{number}: differs from the line the relay stored as version {version}: {kept}"
    if len(lines) - 1 < len(stored):
        return f"{path}: has {len(lines) - 1} command lines; the relay has stored {len(stored)}"
    return ""
