"""`frontier ladder ...`: rated ladders and their seasons; `export` and `verify` recompute the tables
from the games' logs alone (service/core/ladders/verify.py)."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from replay import logfile
from replay.trust import keys
from replay.trust.signed_log import read_signed
from service.cli import bulk
from service.cli import trust as commands
from service.cli.endings import add_clock_arguments
from service.cli.players import ORGANISER, PlayersClient, token_of
from service.cli.server_option import add_optional_server_argument, add_server_argument, server_or_default
from service.client import play_game
from service.core.ladders.verify import LogResult, verify_ladder
from service.generated.frontier.v1 import frontier_pb2, ladders_pb2


def register(commands_: Any) -> None:
    """Add `ladder` to the `frontier` command's subparsers."""
    ladder = commands_.add_parser("ladder", help="rated ladders: create, pair games, show, seasons, verify")
    actions = ladder.add_subparsers(required=True, metavar="ACTION")

    create = actions.add_parser("create", help="create a ladder (organiser); prints its id")
    add_server_argument(create)
    create.add_argument("--name", required=True, help="the ladder's name, as its leaderboard shows it")
    create.add_argument("--game", required=True, help="e.g. most-wanted")
    create.add_argument("--option", action="append", default=[], metavar="NAME=JSON", help="a game option")
    add_clock_arguments(create, "every game")
    create.add_argument(
        "--period",
        type=int,
        default=0,
        metavar="SECONDS",
        help="the inactivity rating period (default a day)",
    )
    create.add_argument("--token", help=ORGANISER)
    create.set_defaults(run=_create)

    pair = actions.add_parser("pair", help="a new game of the ladder for registered players (organiser)")
    add_server_argument(pair)
    pair.add_argument("ladder_id", help="the ladder's id, as `frontier ladder create` printed it")
    pair.add_argument("--players", required=True, help="comma-separated player ids, by seat")
    pair.add_argument("--bots", action="store_true", help="play it to the end with random bots")
    pair.add_argument("--seed", type=int, default=None, help="seed for the bots' choices")
    pair.add_argument(
        "--at",
        default="",
        metavar="TIME",
        help='schedule the game: nobody moves and no clock runs before TIME (ISO 8601 or "+90s" from now)',
    )
    pair.add_argument("--token", help=ORGANISER)
    pair.set_defaults(run=_pair)

    show = actions.add_parser("show", help="the open season's leaderboard (--json: the record verify checks)")
    add_server_argument(show)
    show.add_argument("ladder_id", help="the ladder's id, as `frontier ladder create` printed it")
    show.add_argument("--json", action="store_true", help="print the leaderboard as JSON")
    show.set_defaults(run=_show)

    end = actions.add_parser("season-end", help="archive the season's final table, open the next (organiser)")
    add_server_argument(end)
    end.add_argument("ladder_id", help="the ladder's id, as `frontier ladder create` printed it")
    end.add_argument("--token", help=ORGANISER)
    end.set_defaults(run=_season_end)

    export = actions.add_parser("export", help="the ladder's record and every finished game's log, as NDJSON")
    add_server_argument(export)
    export.add_argument("ladder_id", help="the ladder's id, as `frontier ladder create` printed it")
    export.add_argument("-o", "--output", type=Path, help="write here (default: standard output)")
    export.set_defaults(run=_export)

    check = actions.add_parser(
        "verify",
        help="recompute the leaderboard and archived seasons from an export's logs",
        description="Exit status: 0 every table is the one the logs give, 1 a log or table fails, "
        "2 unreadable input, 4 the key to trust could not be settled.",
    )
    check.add_argument("source", type=Path, help="a file `frontier ladder export` wrote")
    add_optional_server_argument(
        check,
        "the server whose signing key to trust (fetched, pinned on first use; never $FRONTIER_SERVER "
        "nor localhost:50051: trust is asked for); without it, --key or the pinned keys",
    )
    commands.add_trust_arguments(check)
    check.set_defaults(run=_verify)


def _create(args: argparse.Namespace) -> int:
    request = ladders_pb2.CreateLadderRequest(
        name=args.name,
        game=args.game,
        time_control=args.clock,
        timeout_policy=args.timeout_policy,
        period_seconds=args.period,
    )
    for option in args.option:
        key, _, value = option.partition("=")
        try:
            request.options.update({key: json.loads(value)})
        except json.JSONDecodeError:
            request.options.update({key: value})
    with PlayersClient(args.server, token=token_of(args)) as client:
        print(client.ladders_call("CreateLadder", request).ladder_id)
    return 0


def _pair(args: argparse.Namespace) -> int:
    if args.bots and args.at:
        print("error: --bots plays at once; a scheduled game (--at) is played by its seats", file=sys.stderr)
        return 2
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    request = ladders_pb2.PairLadderGameRequest(ladder_id=args.ladder_id, players=players, start_at=args.at)
    with PlayersClient(args.server, token=token_of(args)) as client:
        paired = client.ladders_call("PairLadderGame", request)
        print(paired.game_id)
        tokens = {seat.seat: seat.token for seat in paired.seats}
        if args.bots:
            played = play_game(client, paired.game_id, tokens, random.Random(args.seed))
            print(f"played: {played} commands", file=sys.stderr)
        else:
            for seat in paired.seats:  # seat tokens go to their players only; the organiser hands them on
                print(f"seat {seat.seat + 1}  {seat.player_id}  {seat.token}", file=sys.stderr)
    return 0


def _show(args: argparse.Namespace) -> int:
    with PlayersClient(args.server) as client:
        shown = client.ladders_call("GetLadder", ladders_pb2.GetLadderRequest(ladder_id=args.ladder_id))
    if args.json:
        print(shown.record_json)
        return 0
    print(f"{shown.name}: {shown.game}, season {shown.season}, {shown.games_in_play} games in play")
    print(f"{'#':>3}  {'player':24} {'ordinal':>8} {'mu':>7} {'sigma':>6} {'games':>5}  last played")
    for row in shown.table:
        print(
            f"{row.rank:>3}  {row.display_name[:24]:24} {row.ordinal:>8.2f} {row.mu:>7.2f} {row.sigma:>6.2f} "
            f"{row.games:>5}  {row.last_played}"
        )
    print(f"(as of {shown.as_of}; listed by ordinal = mu - 3 sigma; sigma grows while a player is idle)")
    return 0


def _season_end(args: argparse.Namespace) -> int:
    with PlayersClient(args.server, token=token_of(args)) as client:
        shown = client.ladders_call("EndSeason", ladders_pb2.GetLadderRequest(ladder_id=args.ladder_id))
    print(f"season {shown.season - 1} archived; season {shown.season} is open")
    return 0


def _export(args: argparse.Namespace) -> int:
    with PlayersClient(args.server) as client:
        shown = client.ladders_call("GetLadder", ladders_pb2.GetLadderRequest(ladder_id=args.ladder_id))
        record = json.loads(shown.record_json)
        lines = [json.dumps({"ladder": record}, sort_keys=True)]
        for game in record["games"]:
            if game["finished_at"] is not None:
                log = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game["game_id"])).content
                lines.append(json.dumps({"game_id": game["game_id"], "log": log}))
    text = "".join(line + "\n" for line in lines)
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    print(f"exported the ladder and {len(lines) - 1} finished games", file=sys.stderr)
    return 0


def _verify(args: argparse.Namespace) -> int:
    try:
        record, logs = _read_export(args.source)
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
        print(f"{args.source}: not a ladder export: {error}", file=sys.stderr)
        return 2
    if args.server:
        args.server = server_or_default(args.server)
    ring = bulk.KeyRing(args)
    results: dict[str, LogResult] = {}
    failed = 0
    try:
        for log in logs:
            verdict = bulk.audit_one(log, ring)
            if verdict.verdict != bulk.PASSED:
                failed += 1
                print(f"game {log.game_id}: {verdict.verdict}: {verdict.rules}; {verdict.signature}")
                continue
            results[log.game_id] = _result(log.text)
    except keys.KeyFileError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except commands.Untrusted as error:
        print(f"error: {error}", file=sys.stderr)
        return 4
    problems = verify_ladder(record, results)
    for problem in problems:
        if problem.code == "LOG_MISSING" and failed:
            continue  # its log was named above
        where = f"game {problem.game_id}: " if problem.game_id else ""
        print(f"{where}{problem.code}: {problem.message}")
    if failed or problems:
        return 1
    seasons = len(record["seasons"])
    print(
        f"Ladder verified: {len(results)} games' logs pass, and the leaderboard"
        + (f" and {seasons} archived season tables" if seasons else "")
        + " are the ones they give."
    )
    return 0


def _read_export(path: Path) -> tuple[dict[str, Any], list[bulk.GameLog]]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not lines:
        raise ValueError("the file is empty")
    record = json.loads(lines[0])["ladder"]
    if not isinstance(record, dict):
        raise ValueError("its first line holds no ladder record")
    logs = []
    for number, line in enumerate(lines[1:], start=2):
        entry = json.loads(line)
        logs.append(bulk.GameLog(f"{path}:{number}", str(entry["game_id"]), str(entry["log"])))
    return record, logs


def _result(text: str) -> LogResult:
    """The result a log that passed its audit records in its trailer."""
    header, _, trailer, _ = read_signed(logfile.split_lines(text))
    outcome = trailer.outcome if trailer is not None else None
    ranking = outcome.get("ranking") if isinstance(outcome, dict) else None
    tiers: tuple[tuple[int, ...], ...] = ()
    if isinstance(ranking, list):
        tiers = tuple(tuple(int(str(s)) for s in tier) for tier in ranking if isinstance(tier, list))
    ended = str(outcome.get("ended", "")) if isinstance(outcome, dict) else ""
    return LogResult(tiers, ended, header.tag, header.seats)
