"""`--server HOST:PORT`, one option for every command that talks to a server, with one default.

Given on the command line it wins; else $FRONTIER_SERVER; else `localhost:50051`, the port
`frontier serve` listens on by default. A command for which no --server means "work offline"
(`audit FILE`, `tournament verify FILE`) asks `server_or_default` only when it needs a server.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from pathlib import Path

from service.ops import tls

DEFAULT_SERVER = "localhost:50051"
SERVER_ENV = "FRONTIER_SERVER"
SERVER_HELP = f"the server, HOST:PORT (default: ${SERVER_ENV}, else {DEFAULT_SERVER})"
_DEFAULTED = "server_defaulted"


def add_server_argument(parser: argparse.ArgumentParser, help: str = SERVER_HELP) -> None:
    """`--server` whose absence means the documented default (resolved by `settle`)."""
    parser.add_argument("--server", metavar="HOST:PORT", help=help)
    parser.set_defaults(**{_DEFAULTED: True})
    _add_client_tls_arguments(parser)


def add_optional_server_argument(parser: argparse.ArgumentParser, help: str) -> None:
    """`--server` whose absence means something (no server): left None, `server_or_default` on need."""
    parser.add_argument("--server", metavar="HOST:PORT", help=help)
    _add_client_tls_arguments(parser)


def _add_client_tls_arguments(parser: argparse.ArgumentParser) -> None:
    """Every command that reaches a server can reach it over TLS (service/cli/operating.py `client_tls`)."""
    parser.add_argument(
        "--tls-ca",
        type=Path,
        metavar="FILE",
        help=f"reach the server over TLS, trusting this CA certificate (PEM) (${tls.CA_VARIABLE})",
    )
    parser.add_argument(
        "--tls",
        action="store_true",
        default=None,
        help=f"reach the server over TLS, trusting the system's CA store (${tls.ON_VARIABLE}=1)",
    )


def server_or_default(given: str | None, env: Mapping[str, str] | None = None) -> str:
    env = os.environ if env is None else env
    return given or env.get(SERVER_ENV) or DEFAULT_SERVER


def settle(args: argparse.Namespace) -> None:
    """Fill in `args.server` for a command whose --server has the default (after parsing)."""
    if getattr(args, _DEFAULTED, False):
        args.server = server_or_default(args.server)
