"""`frontier players ...`: the player registry (add, invite, join, list, show with history)."""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from service.cli.as_json import message_dict
from service.cli.server_option import add_server_argument
from service.client import Client
from service.generated.frontier.v1 import ladders_pb2, ladders_pb2_grpc

ORGANISER = "the organiser token (default: $FRONTIER_TOKEN)"


class PlayersClient(Client):
    """A client that also speaks `frontier.v1.Players` and `frontier.v1.Ladders`."""

    def __init__(self, address: str, *, token: str | None = None) -> None:
        super().__init__(address, token=token)
        self.players = ladders_pb2_grpc.PlayersStub(self.channel)
        self.ladders = ladders_pb2_grpc.LaddersStub(self.channel)

    def __enter__(self) -> PlayersClient:
        return self

    def players_call(self, method: str, request: Any) -> Any:
        return getattr(self.players, method)(request, metadata=self.metadata(), timeout=self.timeout)

    def ladders_call(self, method: str, request: Any) -> Any:
        return getattr(self.ladders, method)(request, metadata=self.metadata(), timeout=self.timeout)


def token_of(args: argparse.Namespace) -> str | None:
    token: str | None = getattr(args, "token", None) or os.environ.get("FRONTIER_TOKEN")
    return token


def register(commands: Any) -> None:
    """Add `players` to the `frontier` command's subparsers."""
    players = commands.add_parser("players", help="the player registry: add, invite, join, list, show")
    actions = players.add_subparsers(required=True, metavar="ACTION")

    add = actions.add_parser("add", help="register a player (organiser); prints the player id")
    add_server_argument(add)
    add.add_argument("display_name", help="the name shown for the player")
    add.add_argument("--public-key", default="", help="the player's Ed25519 public key, 64 hex digits")
    add.add_argument("--token", help=ORGANISER)
    add.add_argument("--json", action="store_true", help="print the player as JSON")
    add.set_defaults(run=_add)

    invite = actions.add_parser("invite", help="issue an invitation code (organiser); shown once")
    add_server_argument(invite)
    invite.add_argument("--token", help=ORGANISER)
    invite.set_defaults(run=_invite)

    join = actions.add_parser("join", help="register yourself with an invitation code; prints your id")
    add_server_argument(join)
    join.add_argument("code", help="the invitation code the organiser gave you")
    join.add_argument("display_name", help="the name shown for you")
    join.add_argument("--public-key", default="", help="your Ed25519 public key, 64 hex digits")
    join.add_argument("--json", action="store_true", help="print the player as JSON")
    join.set_defaults(run=_join)

    listing = actions.add_parser("list", help="every registered player, first registered first")
    add_server_argument(listing)
    listing.add_argument("--json", action="store_true", help="one JSON object per player")
    listing.set_defaults(run=_list)

    show = actions.add_parser("show", help="a player and their games across ladders and tournaments")
    add_server_argument(show)
    show.add_argument("player_id", help="the player's id, as `frontier players list` prints it")
    show.add_argument("--json", action="store_true", help="print the player and history as JSON")
    show.set_defaults(run=_show)


def _print_player(player: Any, as_json: bool) -> int:
    if as_json:
        print(json.dumps(message_dict(player), ensure_ascii=False))
    else:
        print(player.player_id)
    return 0


def _add(args: argparse.Namespace) -> int:
    request = ladders_pb2.AddPlayerRequest(display_name=args.display_name, public_key=args.public_key)
    with PlayersClient(args.server, token=token_of(args)) as client:
        return _print_player(client.players_call("AddPlayer", request), args.json)


def _invite(args: argparse.Namespace) -> int:
    with PlayersClient(args.server, token=token_of(args)) as client:
        print(client.players_call("InvitePlayer", ladders_pb2.InvitePlayerRequest()).code)
    return 0


def _join(args: argparse.Namespace) -> int:
    request = ladders_pb2.JoinWithInvitationRequest(
        code=args.code, display_name=args.display_name, public_key=args.public_key
    )
    with PlayersClient(args.server) as client:
        return _print_player(client.players_call("JoinWithInvitation", request), args.json)


def _list(args: argparse.Namespace) -> int:
    with PlayersClient(args.server) as client:
        listed = client.players_call("ListPlayers", ladders_pb2.ListPlayersRequest())
    for player in listed.players:
        if args.json:
            print(json.dumps(message_dict(player), ensure_ascii=False))
        else:
            print(f"{player.player_id}  {player.display_name}")
    return 0


def _show(args: argparse.Namespace) -> int:
    with PlayersClient(args.server) as client:
        shown = client.players_call(
            "GetPlayerHistory", ladders_pb2.GetPlayerRequest(player_id=args.player_id)
        )
    if args.json:
        print(json.dumps(message_dict(shown), indent=2, ensure_ascii=False))
        return 0
    player = shown.player
    key = f", key {player.public_key}" if player.public_key else ""
    print(
        f"{player.display_name} ({player.player_id}), registered {player.registered_at} by {player.via}{key}"
    )
    for game in shown.games:
        where = "season" if game.kind == "ladder" else "round"
        place = f"place {game.place}" if game.place else game.status
        print(
            f"  {game.kind} {game.event_name} {where} {game.season}  {game.game_id}  "
            f"seat {game.seat + 1}  {place}"
        )
    return 0
