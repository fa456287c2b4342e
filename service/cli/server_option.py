"""`--server HOST:PORT`, one option for every command that talks to a server, with one default.

Given on the command line it wins; else $FRONTIER_SERVER; else `localhost:50051`, the port
`frontier serve` listens on by default. A command for which no --server means "work offline"
(`audit FILE`, `tournament verify FILE`) asks `server_or_default` only when it needs a server.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping

DEFAULT_SERVER = "localhost:50051"
SERVER_ENV = "FRONTIER_SERVER"
SERVER_HELP = f"the server, HOST:PORT (default: ${SERVER_ENV}, else {DEFAULT_SERVER})"
_DEFAULTED = "server_defaulted"


def add_server_argument(parser: argparse.ArgumentParser, help: str = SERVER_HELP) -> None:
    """`--server` whose absence means the documented default (resolved by `settle`)."""
    parser.add_argument("--server", metavar="HOST:PORT", help=help)
    parser.set_defaults(**{_DEFAULTED: True})


def add_optional_server_argument(parser: argparse.ArgumentParser, help: str) -> None:
    """`--server` whose absence means something (no server): left None, `server_or_default` on need."""
    parser.add_argument("--server", metavar="HOST:PORT", help=help)


def server_or_default(given: str | None, env: Mapping[str, str] | None = None) -> str:
    env = os.environ if env is None else env
    return given or env.get(SERVER_ENV) or DEFAULT_SERVER


def settle(args: argparse.Namespace) -> None:
    """Fill in `args.server` for a command whose --server has the default (after parsing)."""
    if getattr(args, _DEFAULTED, False):
        args.server = server_or_default(args.server)
