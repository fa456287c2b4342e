"""`frontier rules check` and `frontier rules upgrade`: stored games and newer rules versions.

`check` re-runs every game of a server (or every log file given) under the current engine's
newest rules version (replay/rerun.py), from its setup migrated where the version pair declares a
migration (engines/migrations.py), and reports per game: plays the same, or the first command
(step and seat) whose events or legality would differ. It changes nothing. `upgrade` asks the
server to move one game in progress to the newest rules, which it does only when the game's
history re-runs identically under them, recording the setup migration in its upgrade line.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engines.wording import counted
from replay import logfile
from replay.numbering import step_name
from replay.recordings.sniff import expand_hint, is_recording
from replay.rerun import INVALID, Rerun, rerun
from replay.verify import Problem
from service.cli.log_files import why_unreadable
from service.cli.progress import Progress
from service.cli.server_option import (
    DEFAULT_SERVER,
    SERVER_ENV,
    add_optional_server_argument,
    add_server_argument,
    server_or_default,
)
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2

TOKEN_HELP = "the organiser token (default: $FRONTIER_TOKEN)"


def register(commands: Any) -> None:
    """Add `rules check` and `rules upgrade` to the `frontier` command's subparsers."""
    rules = commands.add_parser("rules", help="stored games and newer rules versions: check, upgrade")
    actions = rules.add_subparsers(required=True, metavar="ACTION")

    check = actions.add_parser(
        "check",
        help="re-run stored games under the newest rules versions: plays the same, or the first command "
        "where play would differ (changes nothing)",
    )
    check.add_argument("files", nargs="*", type=Path, metavar="FILE", help="match logs (instead of --server)")
    add_optional_server_argument(
        check, f"check every game this server stores (without FILEs: ${SERVER_ENV}, else {DEFAULT_SERVER})"
    )
    check.add_argument("--token", help=TOKEN_HELP + "; needed for whole logs of games in progress")
    check.add_argument("--game", help="only games of this game id, e.g. deadwood-1876")
    check.add_argument("--tag", help="only games with this tag")
    check.add_argument(
        "--json", action="store_true", help="one JSON object: every game's verdict and a summary"
    )
    check.set_defaults(run=run_check)

    upgrade = actions.add_parser(
        "upgrade",
        help="move a game in progress to the newest rules version (organiser; only if its history re-runs)",
    )
    upgrade.add_argument("game_id", help="the game in progress to upgrade")
    add_server_argument(upgrade)
    upgrade.add_argument("--token", help=TOKEN_HELP)
    upgrade.set_defaults(run=run_upgrade)


def _token(args: argparse.Namespace) -> str | None:
    token: str | None = args.token or os.environ.get("FRONTIER_TOKEN")
    return token


def run_check(args: argparse.Namespace) -> int:
    if args.server and args.files:
        print("error: give either --server or match-log files", file=sys.stderr)
        return 2
    if not args.files:
        args.server = server_or_default(args.server)
    fetch: Callable[[str], Source]
    with contextlib.ExitStack() as stack:
        if args.server:
            client = stack.enter_context(Client(args.server, token=_token(args)))
            names, fetch = _stored_games(client, args), functools.partial(_exported, client)
        else:
            names, fetch = [str(path) for path in args.files], _read_file
        bar = stack.enter_context(Progress(len(names), "rules check", "game"))
        verdicts = []
        for name in names:
            verdicts.append(_judged(fetch(name)))
            bar.step()
    verdicts = [verdict for verdict in verdicts if _wanted(verdict, args)]
    print(report_json(verdicts) if args.json else report_text(verdicts))
    return 0


def run_upgrade(args: argparse.Namespace) -> int:
    with Client(args.server, token=_token(args)) as client:
        reply = client.call("UpgradeRules", frontier_pb2.UpgradeRulesRequest(game_id=args.game_id))
    print(
        f"{args.game_id}: upgraded from {reply.from_rules} to {reply.to_rules} at {step_name(reply.version)}"
    )
    return 0


# A log to judge: where it came from, its text (None: the reason it could not be had), and
# whether it was withheld only for want of the organiser's token (not a broken log).
Source = tuple[str, str | None, str, bool]

# A game the server exports redacted: its rules were not judged, so it is not "invalid".
WITHOUT_TOKEN = "unreadable_without_token"
STATUS_WORDS = {WITHOUT_TOKEN: "unreadable without the organiser token"}


def _read_file(path: str) -> Source:
    try:
        return path, Path(path).read_text(encoding="utf-8"), "", False
    except (OSError, UnicodeDecodeError) as error:
        return (
            path,
            None,
            why_unreadable(error) if isinstance(error, OSError) else f"not UTF-8: {error}",
            False,
        )


def _stored_games(client: Client, args: argparse.Namespace) -> list[str]:
    """The ids of the stored games --game and --tag select, every page of them."""
    ids: list[str] = []
    token = ""
    while True:
        request = frontier_pb2.ListGamesRequest(
            page_size=1000, page_token=token, game=args.game or "", tag=args.tag or ""
        )
        page = client.call("ListGames", request)
        ids.extend(game.game_id for game in page.games)
        token = page.next_page_token
        if not token:
            return ids


def _exported(client: Client, game_id: str) -> Source:
    exported = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id))
    if exported.redacted:  # hidden information left out: the rules cannot re-run it
        return game_id, None, "the export is redacted: give the organiser's --token", True
    return game_id, exported.content, "", False


def _judged(source: Source) -> tuple[str, Rerun]:
    name, text, error, withheld = source
    if withheld:
        return name, Rerun(name, "", "", "", WITHOUT_TOKEN, Problem(1, 1, "REDACTED", error))
    if text is not None:
        try:
            return name, rerun(*logfile.read_text(text))
        except logfile.LogFormatError as unreadable:
            recording = is_recording(text.encode("utf-8"))
            error = expand_hint(name) if recording else f"not a valid match log: {unreadable}"
    return name, Rerun("", "", "", "", INVALID, Problem(1, 1, "UNREADABLE", error))


def _wanted(verdict: tuple[str, Rerun], args: argparse.Namespace) -> bool:
    """A file's game passes --game and --tag here (a server filters its own list)."""
    if args.server:
        return True
    rerun = verdict[1]
    return (not args.game or rerun.game == args.game) and (not args.tag or rerun.tag == args.tag)


def summary(verdicts: Sequence[tuple[str, Rerun]]) -> dict[str, int]:
    counts = Counter(rerun.status for _, rerun in verdicts)
    return {"games": len(verdicts), **dict(sorted(counts.items()))}


def report_json(verdicts: Sequence[tuple[str, Rerun]]) -> str:
    games = [{"source": name, **rerun.to_json()} for name, rerun in verdicts]
    return json.dumps({"games": games, "summary": summary(verdicts)}, ensure_ascii=False, indent=1)


def report_text(verdicts: Sequence[tuple[str, Rerun]]) -> str:
    lines = [f"{name}: {rerun.summary()}" for name, rerun in verdicts]
    counts = summary(verdicts)
    parts = [
        f"{count} {STATUS_WORDS.get(status, status)}" for status, count in counts.items() if status != "games"
    ]
    lines.append(f"{counted(counts['games'], 'game')} checked: {', '.join(parts) or 'none'}")
    return "\n".join(lines)
