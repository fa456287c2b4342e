"""`frontier fork GAME --at VERSION` and `frontier relay RECORDING`: the relay package's commands."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

TOKEN_HELP = "the organiser token (default: $FRONTIER_TOKEN)"


def register(commands: Any) -> None:
    fork = commands.add_parser("fork", help="fork a stored game at a version into a new live game")
    fork.add_argument("game_id")
    fork.add_argument("--at", type=int, required=True, metavar="VERSION", help="the version to fork from")
    fork.add_argument("--players", default="", help="comma-separated names of the seats taken now")
    fork.add_argument("--tag", default="", help="a tag for listings")
    fork.add_argument("--delay", type=int, default=0, help="spectator delay in seconds (default 0)")
    fork.add_argument("--server", default="localhost:50051")
    fork.add_argument("--token", help=TOKEN_HELP)
    fork.set_defaults(run=run_fork)


def _token(args: argparse.Namespace) -> str | None:
    token: str | None = args.token or os.environ.get("FRONTIER_TOKEN")
    return token


def run_fork(args: argparse.Namespace) -> int:
    """Print the new game's id, its origin and the seat tokens (JSON), as CreateGame's answer."""
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    players = [name.strip() for name in args.players.split(",") if name.strip()]
    request = frontier_pb2.ForkGameRequest(
        game_id=args.game_id,
        version=args.at,
        players=players,
        tag=args.tag,
        spectator_delay_seconds=args.delay,
    )
    with Client(args.server, token=_token(args)) as client:
        reply = client.call("ForkGame", request)
    origin = reply.forked_from
    print(f"{reply.game_id}: forked from {origin.game_id} at version {origin.version}", file=sys.stderr)
    tokens = [{"seat": s.seat, "player": s.player, "token": s.token} for s in reply.seats]
    print(json.dumps({"game_id": reply.game_id, "seed_commitment": reply.seed_commitment, "seats": tokens}))
    return 0
