"""The operator's command line: `serve`'s TLS, metrics and log flags, every client command's TLS
flags, and `frontier backup` / `frontier restore` of an SQLite data folder (docs/operating.md)."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from service.config import Settings
from service.ops import tls
from service.ops.logs import LOG_FORMATS, check_log_format, configure_logs

if TYPE_CHECKING:
    from service.ops.metrics_http import MetricsServer
    from service.server import Running

log = logging.getLogger("frontier.serve")


def add_serve_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument(
        "--tls-cert",
        type=Path,
        metavar="FILE",
        help="the server's certificate chain (PEM): the gRPC, WebSocket and HTTP ports then speak TLS "
        "only ($FRONTIER_TLS_CERT; with --tls-key)",
    )
    serve.add_argument(
        "--tls-key", type=Path, metavar="FILE", help="the certificate's private key (PEM) ($FRONTIER_TLS_KEY)"
    )
    serve.add_argument(
        "--metrics",
        type=int,
        metavar="PORT",
        help="serve Prometheus metrics at http://HOST:PORT/metrics and the health check at /healthz "
        "($FRONTIER_METRICS_PORT; 0 picks a free one)",
    )
    serve.add_argument(
        "--drain-seconds",
        type=_drain_seconds,
        metavar="SECONDS",
        help="on SIGTERM or Ctrl-C, how long the calls under way may finish and answer before the server "
        "stops; a write still running then is not stored (default 30; $FRONTIER_DRAIN_SECONDS)",
    )
    serve.add_argument(
        "--log-format",
        choices=LOG_FORMATS,
        help="'text' (default) or 'json': one JSON object a line on standard error ($FRONTIER_LOG_FORMAT)",
    )


def _drain_seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from 0 to 3600")
    return seconds


def serve_settings(args: argparse.Namespace) -> dict[str, object]:
    """The Settings overrides `serve`'s operator flags give (None: the environment's or the default)."""
    return {
        "tls_cert": args.tls_cert,
        "tls_key": args.tls_key,
        "metrics_port": args.metrics,
        "log_format": args.log_format,
        "drain_seconds": args.drain_seconds,
    }


class Operations:
    """What `serve` runs beside the server for its operator: logs, TLS, the metrics port."""

    def __init__(self, settings: Settings) -> None:
        from service.ops.metrics_http import bind_metrics

        check_log_format(settings.log_format)
        self.settings = settings
        self.tls = tls.server_tls(settings.tls_cert, settings.tls_key)
        self.tls_note = ", TLS" if self.tls else ""
        self.ws, self.http = ("wss", "https") if self.tls else ("ws", "http")
        port = settings.metrics_port
        self._bound = None if port is None else bind_metrics(settings.host, port)
        configure_logs(settings.log_format)  # last: a setting refused above leaves the logging as it was
        self.metrics: MetricsServer | None = None

    def start(self, running: Running) -> None:
        from service.ops.metrics_http import start_metrics

        if self._bound is not None:
            self.metrics = start_metrics(self._bound, running.app)
            print(f"metrics on http://{self.settings.host}:{self.metrics.port}/metrics", flush=True)
        log.info(
            "serving",
            extra={
                "port": running.port,
                "ws_port": running.ws_port,
                "metrics_port": self.metrics.port if self.metrics else None,
                "store": self.settings.store if self.settings.store in ("sqlite", "memory") else "postgres",
                "tls": self.tls is not None,
            },
        )

    def stop(self) -> None:
        log.info("stopping")
        if self.metrics is not None:
            self.metrics.stop()


@contextlib.contextmanager
def client_tls(args: argparse.Namespace) -> Iterator[None]:
    """While a command runs, its --tls-ca / --tls stand for the environment variables every client
    reads (service/ops/tls.py), so each of its connections uses them; the environment is put back."""
    chosen: dict[str, str] = {}
    if getattr(args, "tls_ca", None) is not None:
        chosen[tls.CA_VARIABLE] = str(args.tls_ca)
    if getattr(args, "tls", None):
        chosen[tls.ON_VARIABLE] = "1"
    before = {name: os.environ.get(name) for name in chosen}
    os.environ.update(chosen)
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def register(commands: Any) -> None:
    backup = commands.add_parser(
        "backup",
        help="copy a data folder's SQLite store, safely while its server runs, and its signing key",
        description="Writes OUT as a data folder of its own: a consistent copy of the store (SQLite's "
        "online backup: the server keeps serving) and the signing key. Restore with `frontier restore`, "
        "or serve it with --data OUT.",
    )
    backup.add_argument("--data", type=Path, help="the data folder (default ./data or $FRONTIER_DATA)")
    backup.add_argument("out", type=Path, metavar="OUT", help="a folder to create (it must not exist)")
    backup.set_defaults(run=_backup)

    restore = commands.add_parser(
        "restore",
        help="make a data folder from a backup (stop the server first, or restore into a new folder)",
    )
    restore.add_argument("backup", type=Path, metavar="BACKUP", help="a folder `frontier backup` wrote")
    restore.add_argument(
        "--data",
        type=Path,
        help="the data folder to fill; it must hold no store (default ./data or $FRONTIER_DATA)",
    )
    restore.set_defaults(run=_restore)


def _data(args: argparse.Namespace) -> Path:
    from service.config import DEFAULT_DATA

    return Path(args.data or os.environ.get("FRONTIER_DATA", DEFAULT_DATA))


def _backup(args: argparse.Namespace) -> int:
    from service.ops.backup import back_up

    copied = back_up(_data(args), args.out)
    print(f"backed up {copied.games} game(s) ({copied.events} stored events) to {args.out}", flush=True)
    if not copied.key:
        print(
            "note: no signing key in the data folder (--signing-key?): back that file up too", file=sys.stderr
        )
    return 0


def _restore(args: argparse.Namespace) -> int:
    from service.ops.backup import restore

    restored = restore(args.backup, _data(args))
    print(
        f"restored {restored.games} game(s) into {_data(args)}; start `frontier serve --data {_data(args)}`"
    )
    return 0
