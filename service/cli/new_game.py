"""`frontier new GAME`: create a game for people to play, with its seats' tokens (CreateGame)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from service.cli.endings import add_clock_arguments
from service.cli.seats import seat_token_line
from service.cli.server_option import add_server_argument

# "" (the default, not offered as a choice) leaves the policy to the server: off
TAKEBACK_POLICIES = ("off", "consent", "organiser")


def register(commands: Any) -> None:
    new = commands.add_parser(
        "new", help="create a game for people to play; prints its id and each seat's token"
    )
    new.add_argument("game", help="the game to play: most-wanted, deadwood-1876 or western-legends")
    new.add_argument(
        "--players",
        default="",
        metavar="NAMES",
        help="comma-separated names of the seats taken now, in seat order (seat 1 first)",
    )
    new.add_argument(
        "--seats",
        type=int,
        help="how many seats (default: one per name in --players); the rest stay open for `frontier claim`",
    )
    add_takeback_argument(new)
    add_clock_arguments(new, "the game")
    new.add_argument("--tag", default="", help="a tag the game is listed under (`frontier games --tag`)")
    new.add_argument(
        "--private",
        action="store_true",
        help="seen by its seats and the organiser only, until the organiser publishes it (frontier publish)",
    )
    add_server_argument(new)
    new.add_argument(
        "--token",
        help="the organiser's token, where the server lets only the organiser create games or the game "
        "waits for the organiser (default: $FRONTIER_TOKEN)",
    )
    new.add_argument(
        "--json",
        action="store_true",
        help='print {"game_id", "seed_commitment", "seats": [{"seat", "player", "token"}]} (seats 0-based)',
    )
    new.set_defaults(run=run_new)


def add_takeback_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--takeback-policy",
        default="",
        choices=TAKEBACK_POLICIES,
        help="who grants a seat's takeback: 'off' (the default: none), 'consent' (every other seat still "
        "in) or 'organiser' (docs/games-that-end.md, Takebacks)",
    )


def run_new(args: argparse.Namespace) -> int:
    from service.client import Client, stored_once
    from service.generated.frontier.v1 import frontier_pb2

    players = [name.strip() for name in args.players.split(",") if name.strip()]
    seats = args.seats if args.seats is not None else len(players)
    if seats < 1:
        print("error: give the seats: --players NAME,NAME,... or --seats N", file=sys.stderr)
        return 2
    request = frontier_pb2.CreateGameRequest(
        game=args.game,
        seats=seats,
        players=players,
        tag=args.tag,
        time_control=args.clock,
        timeout_policy=args.timeout_policy,
        takeback_policy=args.takeback_policy,
        private=args.private,
    )
    with Client(args.server, token=args.token or os.environ.get("FRONTIER_TOKEN")) as client:
        reply = stored_once(client, "CreateGame", request)
    if args.json:
        tokens = [{"seat": s.seat, "player": s.player, "token": s.token} for s in reply.seats]
        print(
            json.dumps({"game_id": reply.game_id, "seed_commitment": reply.seed_commitment, "seats": tokens})
        )
        return 0
    print(reply.game_id)
    for seat in reply.seats:
        print(seat_token_line(seat.seat, seat.player, seat.token))
    return 0
