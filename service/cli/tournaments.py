"""The organiser's `frontier` subcommands: `tournament ...`, `reissue`, `games`, and the bulk
forms of `export` and `audit` (a tournament, a tag, or many files at once).

People count from 1 (rounds, tables, seats in text); the API counts seats from 0.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import json_format
from google.protobuf.message import Message

from engines.wording import counted
from replay.numbering import step_name
from service.cli import bulk
from service.cli.as_json import message_dict
from service.cli.endings import add_clock_arguments
from service.cli.interrupted import resume_with, spelled
from service.cli.progress import Progress
from service.cli.rpc_errors import said
from service.cli.seats import seat_token_line
from service.cli.server_option import add_optional_server_argument, add_server_argument, server_or_default
from service.client import Client, play_game
from service.core.create_policy import TOURNAMENT_TAG_PREFIX
from service.core.tournaments.app import PLAYING
from service.core.tournaments.disclosure import DEAL_IN_PLAY
from service.generated.frontier.v1 import frontier_pb2, tournaments_pb2, tournaments_pb2_grpc

TOKEN_HELP = "a seat or organiser token (default: $FRONTIER_TOKEN)"


def _token(args: argparse.Namespace) -> str | None:
    token: str | None = getattr(args, "token", None) or os.environ.get("FRONTIER_TOKEN")
    return token


class TournamentClient(Client):
    """A client that also speaks `frontier.v1.Tournaments`."""

    def __init__(self, address: str, *, token: str | None = None) -> None:
        super().__init__(address, token=token)
        self.tournaments = tournaments_pb2_grpc.TournamentsStub(self.channel)

    def __enter__(self) -> TournamentClient:
        return self

    def tcall(self, method: str, request: Any) -> Any:
        return getattr(self.tournaments, method)(request, metadata=self.metadata(), timeout=self.timeout)


def register(commands: Any) -> None:
    """Add `tournament`, `reissue`, `games` and `watch` to the `frontier` command's subparsers."""
    tournament = commands.add_parser(
        "tournament", help="run a tournament: create, rounds, standings, ratings"
    )
    actions = tournament.add_subparsers(required=True, metavar="ACTION")

    create = actions.add_parser("create", help="create a tournament; prints its id")
    add_server_argument(create)
    create.add_argument("--name", required=True, help="the tournament's name, shown in listings")
    create.add_argument("--game", required=True, help="e.g. most-wanted")
    create.add_argument("--players", required=True, help="comma-separated distinct names")
    create.add_argument("--table-size", type=int, required=True, help="seats at each table")
    create.add_argument("--rounds", type=int, required=True, help="how many rounds are played")
    create.add_argument(
        "--format",
        default="swiss",
        choices=("swiss", "round-robin"),
        help="how tables are drawn: swiss (by standings) or round-robin (default swiss)",
    )
    create.add_argument("--option", action="append", default=[], metavar="NAME=JSON", help="a table option")
    create.add_argument("--tag", default="", help="tag of every game (default tournament:<id>)")
    create.add_argument(
        "--duplicate-deals",
        action="store_true",
        help="every table of a round with the same seat count plays the same deal",
    )
    add_clock_arguments(create, "every table")
    create.add_argument(
        "--private",
        action="store_true",
        help="seen by its players and the organiser only, its tables too, until `tournament publish`",
    )
    create.add_argument("--token", help="the organiser token (default: $FRONTIER_TOKEN)")
    create.add_argument("--json", action="store_true", help='print {"tournament_id", "seed_commitment"}')
    create.set_defaults(run=_create)

    start = actions.add_parser(
        "round",
        help="assign and create the next round's tables",
        description="With --bots, a round still in play (its run was stopped: Ctrl-C, kill -9) is resumed "
        "instead: its finished tables are kept, and bots play the others on with reissued seat tokens.",
    )
    add_server_argument(start)
    start.add_argument("tournament_id", help="the tournament, as `tournament create` printed it")
    start.add_argument(
        "--bots",
        action="store_true",
        help="play every table to the end with random bots (or resume the round in play)",
    )
    start.add_argument("--seed", type=int, default=None, help="seed for the bots' choices")
    start.add_argument(
        "--at",
        default="",
        metavar="TIME",
        help="schedule the round: its games exist now, but nobody moves and no clock runs before TIME "
        '(ISO 8601, "2026-12-08T19:30:00Z", or "+90s" from now)',
    )
    start.add_argument(
        "--tokens",
        type=Path,
        help="write the seat tokens to this JSON file (mode 0600; seats 0-based, as in the API)",
    )
    start.add_argument("--token", help="the organiser token (default: $FRONTIER_TOKEN)")
    start.add_argument(
        "--json",
        action="store_true",
        help='print {"round", "resumed", "tables": [{"table", "game_id", "players", "status", "commands"}]} '
        "(commands: played by the bots, else null); tokens only go to --tokens",
    )
    start.set_defaults(run=_round)

    for name, run, what in (
        ("show", _show, "rounds, tables and results (--json: the record `verify` checks)"),
        ("standings", _standings, "points and tie-breaks"),
        ("ratings", _ratings, "OpenSkill ratings (--json: every update with its model and constants)"),
    ):
        sub = actions.add_parser(name, help=what)
        add_server_argument(sub)
        sub.add_argument("tournament_id", help="the tournament, as `tournament create` printed it")
        sub.add_argument("--json", action="store_true", help="print it as JSON")
        sub.add_argument(
            "--token", help="the organiser's token shows deals still in play (default: $FRONTIER_TOKEN)"
        )
        sub.set_defaults(run=run)

    publish = actions.add_parser(
        "publish", help="make a private tournament and its tables public once every round is over"
    )
    add_server_argument(publish)
    publish.add_argument("tournament_id", help="the private tournament to publish")
    publish.add_argument("--token", help="the organiser token (default: $FRONTIER_TOKEN)")
    publish.set_defaults(run=_publish)

    check = actions.add_parser(
        "verify",
        help="recompute every round's tables from the record and its revealed seed",
        description="Exit status: 0 the tables are the seed's, 1 they differ, 2 unreadable input.",
    )
    check.add_argument(
        "source", help="a record FILE (`tournament show --json`) or a TOURNAMENT_ID with --server"
    )
    add_optional_server_argument(
        check, "with a TOURNAMENT_ID: the server (default: $FRONTIER_SERVER, else localhost:50051)"
    )
    check.set_defaults(run=_verify)

    reissue = commands.add_parser(
        "reissue",
        help="give a taken seat a new token (organiser only); the old one stops working",
        description="For a player who lost the seat's token: the server keeps only token hashes, so the "
        "token cannot be shown again. The reissue is stored with the game.",
    )
    add_server_argument(reissue)
    reissue.add_argument("game_id", help="the game whose seat gets a new token")
    reissue.add_argument("--seat", type=int, required=True, help="the seat, 1-based")
    reissue.add_argument("--token", help="the organiser token (default: $FRONTIER_TOKEN)")
    reissue.add_argument(
        "--json", action="store_true", help='print {"game_id", "seat", "player", "token"} (seat 0-based)'
    )
    reissue.set_defaults(run=_reissue)

    games = commands.add_parser("games", help="list games, filtered")
    add_server_argument(games)
    games.add_argument("--game", default="", help="only games of this game id, e.g. most-wanted")
    # "" (the default, not offered as a choice) lists games of every status
    games.add_argument(
        "--status",
        default="",
        choices=("in_progress", "finished"),
        help="only games in progress, or finished",
    )
    games.add_argument("--player", default="", help="only games with a seat of this name")
    games.add_argument("--tag", default="", help="only games with this tag")
    games.add_argument("--tournament", default="", help="the games of this tournament")
    games.add_argument("--json", action="store_true", help="one JSON object per game")
    games.set_defaults(run=_games)


def add_bulk_arguments(parser: argparse.ArgumentParser) -> None:
    """`--tournament`, `--tag` and `--json` for `export` and `audit`."""
    parser.add_argument("--tournament", help="every game of this tournament (with --server)")
    parser.add_argument("--tag", help="every game with this tag (with --server)")


# -- tournaments ------------------------------------------------------------------------------


def _create(args: argparse.Namespace) -> int:
    request = tournaments_pb2.CreateTournamentRequest(
        name=args.name,
        game=args.game,
        format=args.format,
        players=[p for p in (name.strip() for name in args.players.split(",")) if p],
        table_size=args.table_size,
        rounds=args.rounds,
        tag=args.tag,
        duplicate_deals=args.duplicate_deals,
        time_control=args.clock,
        timeout_policy=args.timeout_policy,
        private=args.private,
    )
    for option in args.option:
        key, _, value = option.partition("=")
        try:
            request.options.update({key: json.loads(value)})
        except json.JSONDecodeError:
            request.options.update({key: value})
    with TournamentClient(args.server, token=_token(args)) as client:
        made = client.tcall("CreateTournament", request)
    if args.json:
        print(json.dumps({"tournament_id": made.tournament_id, "seed_commitment": made.seed_commitment}))
        return 0
    print(made.tournament_id)
    print(f"seed commitment {made.seed_commitment}", file=sys.stderr)
    return 0


def _publish(args: argparse.Namespace) -> int:
    with TournamentClient(args.server, token=_token(args)) as client:
        shown = client.tcall(
            "PublishTournament", tournaments_pb2.GetTournamentRequest(tournament_id=args.tournament_id)
        )
    print(f"{shown.tournament_id} is public since {shown.published_at}, with its {len(shown.rounds)} rounds")
    return 0


def _round(args: argparse.Namespace) -> int:
    """Start the next round; with --bots, a round already started (its runner was stopped) plays on."""
    if args.bots and args.at:
        print("error: --bots plays at once; a scheduled round (--at) is played by its seats", file=sys.stderr)
        return 2
    if args.bots:  # running the same command again resumes the round
        resume_with(args, _round_command(args))
    say = _silent if args.json else print
    with TournamentClient(args.server, token=_token(args)) as client:
        shown = client.tcall(
            "GetTournament", tournaments_pb2.GetTournamentRequest(tournament_id=args.tournament_id)
        )
        resumed = args.bots and shown.status == PLAYING
        if resumed:
            number, tables = len(shown.rounds), shown.rounds[-1].tables
            say(f"Round {number} (resumed: finished tables are kept, the others play on)")
            grants = _reissued(client, [t for t in tables if t.status != "finished"])
        else:
            try:
                started = client.tcall(
                    "StartRound",
                    tournaments_pb2.StartRoundRequest(tournament_id=args.tournament_id, start_at=args.at),
                )
            except grpc.RpcError as error:
                if shown.status != PLAYING:
                    raise
                print(f"error: {said(error, args.server)}", file=sys.stderr)
                bots = ["tournament", "round", "--server", args.server, args.tournament_id, "--bots"]
                reissue = ["reissue", "--server", args.server, "GAME_ID", "--seat", "N"]
                print(f"to play it on with bots: {spelled(bots)}", file=sys.stderr)
                print(f"to give one seat a new token: {spelled(reissue)}", file=sys.stderr)
                return 1
            number, tables = started.round, started.tournament.rounds[started.round - 1].tables
            say(f"Round {number}")
            _say_start(say, client, started.seats)
            grants = [_grant(g.table, g.game_id, g.seat, g.player, g.token) for g in started.seats]
        for table in tables:
            seated = ", ".join(f"{seat + 1}. {name}" for seat, name in enumerate(table.players))
            done = "  (finished)" if table.status == "finished" else ""
            say(f"  table {table.number}  {table.game_id}  {seated}{done}")
        if args.tokens:
            _write_tokens(args.tokens, grants)
        played: dict[str, int] = {}
        if args.bots:
            tokens: dict[str, dict[int, str]] = {}
            for grant in grants:
                tokens.setdefault(grant["game_id"], {})[grant["seat"]] = grant["token"]
            chooser = random.Random(args.seed)
            with Progress(len(tokens), f"round {number}", "table") as bar:
                for table in tables:
                    if table.game_id in tokens:
                        played[table.game_id] = play_game(
                            client, table.game_id, tokens[table.game_id], chooser
                        )
                        bar.step()
                        if not args.json:
                            bar.say(f"  table {table.number} played: {played[table.game_id]} commands")
    if args.json:
        print(json.dumps(_round_json(number, resumed, tables, played), indent=2, ensure_ascii=False))
    return 0


def _silent(*_: object) -> None:
    """`print` for a command whose standard output is its JSON alone."""


def _round_json(number: int, resumed: bool, tables: Sequence[Any], played: dict[str, int]) -> dict[str, Any]:
    """The round as `tournament round --json` prints it (finished: as the tables stood at its start)."""
    rows = [
        {
            "table": table.number,
            "game_id": table.game_id,
            "players": list(table.players),
            "status": "finished" if table.game_id in played else table.status,
            "commands": played.get(table.game_id),
        }
        for table in tables
    ]
    return {"round": number, "resumed": resumed, "tables": rows}


def _round_command(args: argparse.Namespace) -> list[str]:
    """This `tournament round` command's arguments, the organiser token left out (it is a secret)."""
    command = ["tournament", "round", "--server", args.server, args.tournament_id, "--bots"]
    if args.seed is not None:
        command += ["--seed", str(args.seed)]
    if args.tokens:
        command += ["--tokens", str(args.tokens)]
    if getattr(args, "token", None):
        command += ["--token", "ORGANISER_TOKEN"]
    return command


def _reissued(client: TournamentClient, tables: Sequence[Any]) -> list[dict[str, Any]]:
    """New tokens for every seat of `tables`: the tokens of the run that started them are gone."""
    grants = []
    for table in tables:
        for seat in range(len(table.players)):
            answer = client.call(
                "ReissueSeatToken", frontier_pb2.ReissueSeatTokenRequest(game_id=table.game_id, seat=seat)
            )
            grants.append(_grant(table.number, table.game_id, seat, answer.seat.player, answer.seat.token))
    return grants


def _grant(table: int, game_id: str, seat: int, player: str, token: str) -> dict[str, Any]:
    """A seat's grant as the --tokens file holds it: every field named, seats 0-based as in the API."""
    return {"table": table, "game_id": game_id, "seat": seat, "player": player, "token": token}


def _write_tokens(path: Path, grants: list[dict[str, Any]]) -> None:
    # Seat tokens act as players: readable by the organiser only, even if the file existed.
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(descriptor, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        out.write(json.dumps(grants, indent=2) + "\n")


def _reissue(args: argparse.Namespace) -> int:
    request = frontier_pb2.ReissueSeatTokenRequest(game_id=args.game_id, seat=args.seat - 1)  # API: 0-based
    with TournamentClient(args.server, token=_token(args)) as client:
        seat = client.call("ReissueSeatToken", request).seat
    if args.json:
        print(
            json.dumps(
                {"game_id": args.game_id, "seat": seat.seat, "player": seat.player, "token": seat.token}
            )
        )
    else:
        print(seat_token_line(seat.seat, seat.player, seat.token))
    return 0


def _fetch(args: argparse.Namespace, method: str) -> Any:
    # The organiser's token (--token or FRONTIER_TOKEN) also shows results of deals still in play.
    with TournamentClient(args.server, token=_token(args)) as client:
        return client.tcall(method, tournaments_pb2.GetTournamentRequest(tournament_id=args.tournament_id))


def _show(args: argparse.Namespace) -> int:
    shown = _fetch(args, "GetTournament")
    if args.json:
        print(shown.record_json)
        return 0
    clock = f", clock {shown.time_control} ({shown.timeout_policy})" if shown.time_control else ""
    print(
        f"{shown.name}: {shown.game}, {shown.format}, tables of {shown.table_size}{clock}, "
        f"{len(shown.rounds)} of {shown.rounds_planned} rounds, {shown.status}"
    )
    print(f"seed commitment {shown.seed_commitment}" + (f"; seed {shown.seed}" if shown.seed else ""))
    for played in shown.rounds:
        print(f"Round {played.number}")
        for table in played.tables:
            result = (
                " > ".join(" = ".join(tier.players) for tier in table.result.ranking)
                if table.HasField("result")
                else "finished, result withheld until every table of its deal has finished"
                if table.status == DEAL_IN_PLAY
                else "in progress"
            )
            print(f"  table {table.number}  {table.game_id}  {', '.join(table.players)}  ->  {result}")
    if shown.duplicate_deals:
        print_deals(json.loads(shown.record_json).get("deals", []))
    return 0


def print_deals(deals: list[dict[str, Any]]) -> None:
    """Each deal's tables side by side: seat by seat, each table's player, place and score."""
    print("Duplicate deals (the same cards at every table of a deal; seats 1-based)")
    for deal in deals:
        print(f"Round {deal['round']}, deal {deal['deal']}")
        tables = deal["tables"]
        print(("  seat  " + "".join(f"{'table ' + str(t['table']):<28}" for t in tables)).rstrip())
        for seat in range(deal["seats"]):
            cells = []
            for t in tables:
                place = f"#{t['places'][seat]} {t['scores'][seat]:>3}" if t["places"] else "pending"
                cells.append(f"{t['players'][seat][:18]:<18} {place:<9}")
            print((f"  {seat + 1:>4}  " + "".join(cells)).rstrip())


def _print_json(message: Message) -> int:
    """The answer as the API's JSON, every field named (zeros too), numbers as numbers, for scripts."""
    print(json.dumps(message_dict(message), indent=2, ensure_ascii=False))
    return 0


def _standings(args: argparse.Namespace) -> int:
    table = _fetch(args, "GetStandings")
    if args.json:
        return _print_json(table)
    print(f"{'rank':>4}  {'player':20} {'points':>6} {'S-B':>7} {'scores':>7} {'h2h':>5} {'games':>5}")
    for row in table.standings:
        print(
            f"{row.rank:>4}  {row.player:20} {row.points:>6.1f} {row.sonneborn_berger:>7.2f} "
            f"{row.score_sum:>7} {row.head_to_head:>5.1f} {row.games:>5}"
        )
    print(f"({table.rules})")
    return 0


def _ratings(args: argparse.Namespace) -> int:
    ratings = _fetch(args, "GetRatings")
    if args.json:
        return _print_json(ratings)
    print(f"{'#':>3}  {'player':20} {'ordinal':>8} {'mu':>7} {'sigma':>6}")
    for number, row in enumerate(ratings.ratings, start=1):
        print(f"{number:>3}  {row.player:20} {row.ordinal:>8.2f} {row.mu:>7.2f} {row.sigma:>6.2f}")
    if ratings.updates:
        first = ratings.updates[0]
        constants = ", ".join(
            f"{k}={v}" for k, v in sorted(json_format.MessageToDict(first.constants).items())
        )
        print(f"({first.model}; {constants}; listed by ordinal = mu - 3 sigma)")
    return 0


def _verify(args: argparse.Namespace) -> int:
    from service.core.tournaments.verify import verify_record

    try:
        if args.server or not Path(args.source).exists():
            args.server = server_or_default(args.server)
            with TournamentClient(args.server) as client:
                text = client.tcall(
                    "GetTournament", tournaments_pb2.GetTournamentRequest(tournament_id=args.source)
                ).record_json
        else:
            text = Path(args.source).read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, ValueError) as error:
        print(f"{args.source}: not a tournament record: {error}", file=sys.stderr)
        return 2
    except RecursionError:  # the JSON parser's own depth limit: a file no server writes
        print(f"{args.source}: not a tournament record: its JSON is nested too deep", file=sys.stderr)
        return 2
    problems = verify_record(data)
    for problem in problems:
        where = f"round {problem.round}: " if problem.round else ""
        print(f"{where}{problem.code}: {problem.message}")
    if problems:
        return 1
    count = sum(len(r["tables"]) for r in data["rounds"])
    print(
        f"Tables verified: {counted(len(data['rounds']), 'round')}, {counted(count, 'table')} "
        f"{'is the one' if count == 1 else 'are the ones'} the revealed seed gives."
    )
    return 0


# -- games and watching ----------------------------------------------------------------------


def _games(args: argparse.Namespace) -> int:
    tag, members = args.tag, None
    if args.tournament:  # its games are the ones its record names, not whatever carries its tag
        tag, members = _tournament_games(args.server, args.tournament)
    with Client(args.server) as client:
        for game in _list_games(client, game=args.game, status=args.status, player=args.player, tag=tag):
            if members is not None and game.game_id not in members:
                continue
            if args.json:
                print(json.dumps(message_dict(game)))
            else:
                where = _position(game.version)
                starts = f"  starts at {game.starts_at}" if game.starts_at and game.version <= 1 else ""
                print(
                    f"{game.game_id}  {game.game:16} {game.status:12} {where:9} {game.tag}  "
                    f"{', '.join(p or f'seat {i + 1}' for i, p in enumerate(game.players))}{starts}"
                )
    return 0


def _position(version: int) -> str:
    """Where a listed game stands, as people number steps: "setup", "step 11" ("-" before its deal)."""
    return "-" if version < 1 else "setup" if version == 1 else step_name(version)


def _list_games(client: Client, **filters: str) -> Iterator[Any]:
    token = ""
    while True:
        page = client.call(
            "ListGames", frontier_pb2.ListGamesRequest(page_size=1000, page_token=token, **filters)
        )
        yield from page.games
        token = page.next_page_token
        if not token:
            return


def _tournament_games(server: str, tournament_id: str) -> tuple[str, set[str]]:
    """The tournament's tag and the game ids its record names for its tables."""
    with TournamentClient(server) as client:
        shown = client.tcall(
            "GetTournament", tournaments_pb2.GetTournamentRequest(tournament_id=tournament_id)
        )
    return shown.tag, {t.game_id for r in shown.rounds for t in r.tables}


# -- bulk export and audit ------------------------------------------------------------------------


def server_logs(args: argparse.Namespace) -> tuple[str, list[bulk.GameLog]]:
    """(tournament id or "", the logs) of --tournament or --tag from --server, in play order."""
    if not args.tournament and args.tag and args.tag.startswith(TOURNAMENT_TAG_PREFIX):
        # A tournament's own tag: its games are the ones its record names (service/core/create_policy.py).
        args.tournament = args.tag.removeprefix(TOURNAMENT_TAG_PREFIX)
    with TournamentClient(args.server, token=_token(args)) as client:
        if args.tournament:
            shown = client.tcall(
                "GetTournament", tournaments_pb2.GetTournamentRequest(tournament_id=args.tournament)
            )
            wanted = [
                (r.number, t.number, t.game_id, _seat_ranking(t)) for r in shown.rounds for t in r.tables
            ]
        else:
            wanted = [(0, 0, g.game_id, None) for g in _list_games(client, tag=args.tag)]
        logs = []
        with Progress(len(wanted), "fetch", "log") as bar:
            for round_number, table, game_id, ranking in wanted:
                content = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id)).content
                logs.append(
                    bulk.GameLog(
                        f"{args.server} {game_id}", game_id, content, round_number, table, ranking=ranking
                    )
                )
                bar.step()
    return (args.tournament or ""), logs


def _seat_ranking(table: Any) -> list[list[int]] | None:
    """The table's result as the tournament records it, in seats (None while the game is on)."""
    if table.status != "finished":
        return None
    seat = {name: index for index, name in enumerate(table.players)}
    return [[seat[name] for name in tier.players] for tier in table.result.ranking]


def export_many(args: argparse.Namespace) -> int:
    """`frontier export --tournament ID | --tag TAG`: one NDJSON record per game."""
    tournament_id, logs = server_logs(args)
    text = "".join(bulk.bundle_line(log, tournament_id) + "\n" for log in logs)
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    print(f"exported {counted(len(logs), 'game')}", file=sys.stderr)
    return 0


def audit_many(args: argparse.Namespace) -> int:
    """`frontier audit` over files, NDJSON bundles, game ids on a server, a --tournament or a --tag:
    one verdict per game."""
    if args.tournament or args.tag:
        args.server = server_or_default(args.server)  # its key is the one this audit trusts
        _, logs = server_logs(args)
    else:
        try:
            logs = _target_logs(args)
        except OSError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
    from replay.trust import keys
    from service.cli import log_policy
    from service.cli import trust as commands

    ring = bulk.KeyRing(args)
    try:
        with Progress(len(logs), "audit", "game") as bar:
            verdicts = bulk.check_deals(logs, [_counted(bar, bulk.audit_one(log, ring)) for log in logs])
    except keys.KeyFileError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except commands.Untrusted as error:
        print(f"error: {error}", file=sys.stderr)
        return 4
    in_log = log_policy.check_bundle(args, logs, verdicts, ring)
    if isinstance(in_log, int):
        return in_log
    verdicts, said = in_log
    print(bulk.report_json(verdicts) if args.json else bulk.report_text(verdicts), end="")
    for line in said:  # beside the JSON, never inside it
        print(line, file=sys.stderr if args.json else sys.stdout)
    return bulk.exit_status(verdicts)


def _target_logs(args: argparse.Namespace) -> list[bulk.GameLog]:
    """The logs of the audit's targets, in their order: files read here, game ids fetched from --server
    (audited here, trusting that server's key, as a --tag's games are)."""
    games = [target for target in args.targets if bulk.names_a_game(target)]
    fetched: dict[str, bulk.GameLog] = {}
    if games:
        args.server = server_or_default(args.server)
        with Client(args.server, token=_token(args)) as client:
            for game_id in games:
                fetched[game_id] = _stored_log(client, args.server, game_id)
    logs: list[bulk.GameLog] = []
    for target in args.targets:
        if target in fetched:
            logs.append(fetched[target])
        else:
            logs.extend(bulk.read_sources([Path(target)]))
    return logs


def _stored_log(client: Client, server: str, game_id: str) -> bulk.GameLog:
    """A stored game's log; a refusal is that game's `unreadable` verdict, saying why."""
    where = f"{server} {game_id}"
    try:
        content = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id)).content
    except grpc.RpcError as error:
        return bulk.GameLog(where, game_id, "", error=f"not exported: {said(error, server)}")
    return bulk.GameLog(where, game_id, content)


def _counted(bar: Progress, verdict: bulk.Verdict) -> bulk.Verdict:
    bar.step()
    return verdict


def is_bulk_audit(args: argparse.Namespace) -> bool:
    targets = args.targets
    return bool(
        args.tournament
        or args.tag
        or args.json
        or len(targets) > 1
        or any(t.endswith(".ndjson") for t in targets)
    )


def _say_start(say: Callable[[str], object], client: TournamentClient, grants: Sequence[Any]) -> None:
    """Say when a scheduled round's games start (every game of the round starts at once)."""
    if not grants:
        return
    game = client.call("GetState", frontier_pb2.GetStateRequest(game_id=grants[0].game_id))
    if game.starts_at:
        say(f"starts at {game.starts_at}: no seat moves and no clock runs before")
