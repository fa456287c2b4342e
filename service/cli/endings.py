"""`frontier resign GAME` and `frontier end-game GAME`: ending a game by a ruling (docs/games-that-end.md)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from replay.numbering import ranking_text, step_name
from service.cli.server_option import add_server_argument

TOKEN_HELP = "the organiser token (default: $FRONTIER_TOKEN)"
# "" (the default, not offered as a choice) leaves the policy to the server: forfeit
TIMEOUT_POLICIES = ("forfeit", "autopilot", "pause")


def add_clock_arguments(parser: argparse.ArgumentParser, games: str) -> None:
    """`--clock` and `--timeout-policy` for a command that creates `games` (e.g. "each game")."""
    parser.add_argument(
        "--clock",
        default="",
        metavar="TIME_CONTROL",
        help=f"a clock for {games}: '10m+5s', '30s/move', '2d/move' (default: none)",
    )
    parser.add_argument(
        "--timeout-policy",
        default="",
        choices=TIMEOUT_POLICIES,
        help="what a timeout does (default forfeit; docs/games-that-end.md)",
    )


def register(commands: Any) -> None:
    resign = commands.add_parser("resign", help="resign your seat: it is out, and the server plays its turns")
    resign.add_argument("game_id", help="the game you resign from")
    resign.add_argument("--token", help="your seat's token (default: $FRONTIER_TOKEN)")
    add_server_argument(resign)
    resign.set_defaults(run=run_resign)

    end = commands.add_parser(
        "end-game", help="end a game as the organiser: adjudicated with a ranking, or abandoned"
    )
    end.add_argument("game_id", help="the game to end")
    add_ending_arguments(end, required=True)
    add_server_argument(end)
    end.add_argument("--token", help=TOKEN_HELP)
    end.set_defaults(run=run_end_game)


def add_ending_arguments(parser: argparse.ArgumentParser, *, required: bool) -> None:
    """`--result RANKING` or `--abandon`, and `--reason`: how an `EndGame` ends a game."""
    how = parser.add_mutually_exclusive_group(required=required)
    how.add_argument(
        "--result",
        metavar="RANKING",
        help="the ranking, best first, seats 1-based: '2,1,3' (one seat per place) or '2,1=3' (1 and 3 tied)",
    )
    how.add_argument("--abandon", action="store_true", help="end it without a result")
    parser.add_argument("--reason", required=required, help="why: it goes into the record")


def ranking(text: str) -> list[list[int]]:
    """'2,1=3' -> [[1], [0, 2]]: places separated by commas, tied seats by '=', 1-based to 0-based."""
    try:
        return [[int(seat) - 1 for seat in place.split("=")] for place in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--result {text!r}: write seats 1-based, e.g. '2,1,3' or '2,1=3'"
        ) from None


def run_resign(args: argparse.Namespace) -> int:
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    token = args.token or os.environ.get("FRONTIER_TOKEN")
    if not token:
        print(
            "error: resign needs your seat's token: pass --token TOKEN or set $FRONTIER_TOKEN",
            file=sys.stderr,
        )
        return 2
    with Client(args.server, token=token) as client:
        reply = client.call("Resign", frontier_pb2.ResignRequest(game_id=args.game_id))
    print(_said(reply))
    return 0


def run_end_game(args: argparse.Namespace) -> int:
    return end_game(args, args.game_id)


def end_game(args: argparse.Namespace, game_id: str) -> int:
    """`EndGame` for `game_id` as `args` say (`--result` or `--abandon`, `--reason`, `--token`)."""
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    try:
        result = [] if args.abandon else ranking(args.result)
    except argparse.ArgumentTypeError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    request = frontier_pb2.EndGameRequest(
        game_id=game_id,
        abandon=args.abandon,
        result=[frontier_pb2.SeatGroup(seats=tier) for tier in result],
        reason=args.reason,
    )
    token = args.token or os.environ.get("FRONTIER_TOKEN")
    with Client(args.server, token=token) as client:
        reply = client.call("EndGame", request)
    print(_said(reply))
    return 0


def _said(reply: Any) -> str:
    """ "step 11, finished: adjudicated: the hall closed; ranking 2,1=3 (seats from 1)" """
    said = f"{step_name(reply.version)}, {reply.status}"
    if reply.status == "finished":
        said += f": {reply.outcome.reason}"
        tiers = [list(tier.seats) for tier in reply.outcome.ranking]
        said += f"; ranking {ranking_text(tiers)} (seats from 1)" if tiers else ""
    return said
