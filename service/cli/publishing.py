"""`frontier publish GAME`: make a private game public once it is over, as the organiser (PublishGame)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from service.cli.server_option import add_server_argument


def register(commands: Any) -> None:
    publish = commands.add_parser(
        "publish", help="as the organiser, make a private game (`frontier new --private`) public once over"
    )
    publish.add_argument("game_id", help="the private game to publish")
    add_server_argument(publish)
    publish.add_argument("--token", help="the organiser's token (default: $FRONTIER_TOKEN)")
    publish.set_defaults(run=run_publish)


def run_publish(args: argparse.Namespace) -> int:
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    request = frontier_pb2.PublishGameRequest(game_id=args.game_id)
    with Client(args.server, token=args.token or os.environ.get("FRONTIER_TOKEN")) as client:
        reply = client.call("PublishGame", request)
    print(f"{reply.game_id} is public since {reply.published_at}")
    return 0
