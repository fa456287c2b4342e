"""Attack: a read channel that decides for itself what a caller may see.

The visibility gate (`service.core.visibility`) is the one place that decides what a caller may
see of a game or a tournament. A channel that asked something else -- or nothing -- would keep
showing its answer whatever the gate says. So every read channel is enumerated (the gRPC methods
of every service the server offers, found by reflection; the frames Play over WebSocket takes;
the web viewer's routes), each must be classified as a read channel or as one that shows no game
data (a new one fails until it is), and then, on a real server holding a game in progress, a
finished one, a delayed one and a table of a duplicate deal still in play, a gate that refuses
everything is installed: every read channel must answer a spectator, a seat and the organiser
with the gate's refusal or with nothing. With the real gate the same calls answer. And no module
but the gate asks the facts it decides on (a duplicate deal in play, a tournament's open deals).

The gate renders, too: with a gate that lets everyone look but renders nothing, no channel shows
an event, a view, a command, a log line or a hash, and no service module but the gate's
renderings calls an engine's `view` or `redact`.
"""

from __future__ import annotations

import ast
import asyncio
import json
import random
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf.descriptor_pool import DescriptorPool
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

from engines.base import Engine, Event, Seat
from service.cli.players import PlayersClient
from service.cli.tournaments import TournamentClient
from service.client import play_game
from service.config import MAX_MESSAGE_BYTES
from service.core.auth import Caller
from service.core.errors import PermissionDenied
from service.core.ladders.desk import LadderProgress
from service.core.listing import Summary
from service.core.records import GameRecord
from service.core.rendering import Rendering
from service.core.tournaments.app import Progress
from service.core.visibility import Gate, Sight
from service.generated.frontier.v1 import frontier_pb2, ladders_pb2, ladders_pb2_grpc, tournaments_pb2
from service.grpc_api.connect.front import ConnectFront
from service.server import Running
from service.web.app import create_app
from service.web.server import RunningHttp, start_http
from service.ws_client import PlaySocket
from tests.conftest import ORGANISER, requires_most_wanted, start_server
from tests.service.helpers import Game, create, failure_of
from tests.service.tournaments import helpers as tournaments
from tests.service.web import connect_client, http_client
from tests.service.wsplay.apart import run_apart

SHUT = "GATE_SHUT"
SHUT_MESSAGE = "this gate shows nothing to anyone"

# Every method of every service the server offers, by service: a read channel (what it answers is
# as the gate shows it), or why it shows no game data that the gate would decide.
READ_METHODS = {
    "frontier.v1.FrontierLedger": {
        "GetState",
        "ListLegalCommands",  # a seat's legal commands show its hand
        "ListGames",
        "WatchGame",
        "Replay",
        "ExportLog",
        "Audit",
        "ProveInclusion",
        "Play",
        "SubmitCommand",  # a write whose answer carries the step's events
        "ForkGame",  # copies its source's history into the new game
        "FollowEvents",  # every game of a tournament, a player or some seats, rendered for the reader
    },
    "frontier.v1.Tournaments": {
        "GetTournament",
        "GetStandings",
        "GetRatings",
        "CreateTournament",  # writes, answering the tournament
        "StartRound",
        "PublishTournament",  # a write, answering the tournament
    },
    "frontier.v1.Ladders": {
        "GetLadder",
        "CreateLadder",  # writes, answering the ladder
        "EndSeason",
    },
    "frontier.v1.Players": {"GetPlayerHistory"},  # the player's games with their places
}
NO_GAME_DATA = {
    "frontier.v1.FrontierLedger": {
        "ListGameTypes": "the games this server offers",
        "CreateGame": "the caller's new game: its id, commitment and seat tokens",
        "ClaimSeat": "the claimed seat's token",
        # What the new token then shows is asked of the gate on every read, as for any seat's token.
        "ReissueSeatToken": "a seat's new token, for the organiser only",
        "RevealSeed": "the revealing seat's own game version and status",
        "ImportLog": "the importer's own log, as stored",
        "ExpandRecording": "the expansion of the caller's own recording",
        "StartRelay": "the relay's new game and relay token",
        "RelayLine": "the relay's version and status after its own line",
        "GetRelay": "the relay's own lines, for the relay token or the organiser that sent them",
        "GetSigningKey": "the server's public key",
        "Resign": "the resigning seat's own game: version, status, result (a seat sees its game live)",
        "EndGame": "the organiser's ruling: version, status, result (the organiser sees every game)",
        "RequestTakeback": "the asking seat's own game: version, status, the request (nothing secret)",
        "AnswerTakeback": "the answering party's game: version, status, the request (nothing secret)",
        "UpgradeRules": "the organiser's upgrade: the version made, both rules versions (nothing secret)",
        "PublishGame": "the organiser's publication: the game's id and when (others refused first)",
    },
    "frontier.v1.Ladders": {"PairLadderGame": "the organiser's new game: its id and seat tokens"},
    "frontier.v1.Players": {
        "AddPlayer": "the registered player: id, name, key",
        "InvitePlayer": "a new invitation code, for the organiser only",
        "JoinWithInvitation": "the joining player's own record",
        "GetPlayer": "a player's id, name and key",
        "ListPlayers": "the registered players' ids, names and keys",
    },
    # The organiser's webhook endpoints. A delivery's body is rendered by the gate for a spectator when
    # it is owed (service/core/webhooks/payloads.py; tests/attacks/test_webhook_secrecy.py installs
    # this refusing gate there): the dead-letter list shows those bodies as they were sent.
    "frontier.v1.Webhooks": {
        "AddWebhook": "the organiser's new endpoint and its secret",
        "ListWebhooks": "the organiser's endpoints",
        "RemoveWebhook": "nothing",
        "RotateWebhookSecret": "the organiser's endpoint and its new secret",
        "ListDeadDeliveries": "bodies the gate rendered for a spectator when they were owed",
        "ReplayDeliveries": "the ids of the deliveries owed again",
    },
    "grpc.health.v1.Health": {name: "the server's health" for name in ("Check", "List", "Watch")},
    "grpc.reflection.v1alpha.ServerReflection": {"ServerReflectionInfo": "the server's schema"},
}
# What a Play frame (over gRPC and WebSocket alike) may carry, and where the gate decides it.
PLAY_FIELDS = {
    "game_id": "opens the stream: the gate is asked before anything is pushed",
    "from_version": "opens the stream",
    "token": "opens the stream (WebSocket)",
    "command_id": "a command: its answer and every push are as the gate shows them",
    "command": "a command",
    "expected_version": "a command",
    "reveal_client_seed": "a seat's own seed, on a stream the gate has opened",
    "seat_signature": "a seat's own signature of its command, which its log line shows to every reader",
}
READ_ROUTES = {
    "/",
    "/games/{game_id}",
    "/api/games/{game_id}/steps",
    "/api/games/{game_id}/log",
    "/tournaments",
    "/tournaments/{tournament_id}",
    "/log/checkpoint",
    "/log/tile/{path:path}",
}
# The service log shows every game alike to everyone: asked per caller all the same.
LOG_ROUTES = {"/log/checkpoint": "/log/checkpoint", "/log/tile/{path:path}": "/log/tile/entries/000.p/1"}
NO_GAME_DATA_ROUTES = {
    "/login": "the organiser's sign-in form",
    "/logout": "forgets the sign-in",
    "/healthz": "the server's health",
    "/verify": "checks a log the reader gives, in the reader's browser",
}


class RefuseAll(Gate):
    """A gate that shows nothing to anyone: every decision refuses, every listing is empty."""

    def sight(self, record: GameRecord, caller: Caller, now: datetime | None = None) -> Sight:
        raise PermissionDenied(SHUT, SHUT_MESSAGE)

    def audit(self, record: GameRecord, caller: Caller) -> GameRecord:
        raise PermissionDenied(SHUT, SHUT_MESSAGE)

    def public_record(self, record: GameRecord, now: datetime | None = None) -> GameRecord:
        raise PermissionDenied(SHUT, SHUT_MESSAGE)

    def deal_closed(self, record: GameRecord) -> bool:
        return False

    def hides(self, record: GameRecord, caller: Caller) -> bool:
        # Whether a game exists shows nothing of it: what is known of it is refused below.
        return False

    def admit(self, record: GameRecord, caller: Caller) -> None:
        raise PermissionDenied(SHUT, SHUT_MESSAGE)

    def games(
        self, caller: Caller, *, game: str, status: str, player: str, tag: str, after: int, limit: int
    ) -> list[Summary]:
        return []

    def tournament(self, progress: Progress, caller: Caller) -> Progress:
        raise PermissionDenied(SHUT, SHUT_MESSAGE)

    def ladder(self, progress: LadderProgress, caller: Caller) -> LadderProgress:
        raise PermissionDenied(SHUT, SHUT_MESSAGE)


@dataclass(frozen=True)
class Outcome:
    kind: str  # "shown", "nothing" (an empty listing) or "refused"
    reason: str = ""


NOTHING = Outcome("nothing")


def test_the_refusing_gate_overrides_every_decision_of_the_gate() -> None:
    decisions = {name for name in vars(Gate) if not name.startswith("_")}
    assert decisions <= set(vars(RefuseAll)), "a decision the test gate would still answer"


def test_every_grpc_method_is_classified(server: Running) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        database = ProtoReflectionDescriptorDatabase(channel)
        pool = DescriptorPool(database)
        offered = {
            service: {method.name for method in pool.FindServiceByName(service).methods}
            for service in database.get_services()
        }
    classified = {
        service: READ_METHODS.get(service, set()) | set(NO_GAME_DATA.get(service, {}))
        for service in READ_METHODS.keys() | NO_GAME_DATA.keys()
    }
    assert offered == classified
    for service, methods in READ_METHODS.items():
        assert not methods & set(NO_GAME_DATA.get(service, {}))


def test_every_play_frame_field_is_classified() -> None:
    assert {field.name for field in frontier_pb2.PlayRequest.DESCRIPTOR.fields} == set(PLAY_FIELDS)


def test_every_web_route_is_classified(server: Running) -> None:
    paths = {route.path for route in create_app(server.ledger, ORGANISER).routes}  # type: ignore[attr-defined]
    assert paths == READ_ROUTES | set(NO_GAME_DATA_ROUTES)
    assert not READ_ROUTES & set(NO_GAME_DATA_ROUTES)


# -- the house: a real server holding every kind of game, its web viewer and its WebSocket -------------


@dataclass
class House:
    running: Running
    http: RunningHttp
    client: TournamentClient  # sends the token it is given, else none
    organiser: TournamentClient
    games: dict[str, Game]  # in progress, finished, delayed, a duplicate deal's table in play
    tournament_id: str
    ladder_id: str  # a ladder with one finished game
    player_id: str  # a registered player who played it

    @property
    def web(self) -> str:
        return f"http://127.0.0.1:{self.http.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.running.ws_port}/v1/play"


@pytest.fixture
def house(tmp_path: Path) -> Iterator[House]:
    running = start_server(tmp_path / "data", ws_port=0)
    assert running.served is not None
    http = start_http(
        running.ledger,
        ORGANISER,
        "127.0.0.1",
        0,
        signing_key=running.servicer.signing_key,
        api=ConnectFront(running.served, MAX_MESSAGE_BYTES),
    )
    client = TournamentClient(f"127.0.0.1:{running.port}")
    organiser = TournamentClient(f"127.0.0.1:{running.port}", token=ORGANISER)
    try:
        live = create(client, "most-wanted", 4)
        finished = create(client, "most-wanted", 2)
        play_game(client, finished.game_id, finished.tokens, random.Random(3))
        delayed = client.call(
            "CreateGame",
            frontier_pb2.CreateGameRequest(
                game="most-wanted", seats=2, players=["p0", "p1"], spectator_delay_seconds=600
            ),
        )
        held = Game(delayed.game_id, "most-wanted", {s.seat: s.token for s in delayed.seats})
        _submit(client, held, *_to_act(client, held))  # a step its spectators do not see yet
        private = client.call(
            "CreateGame",
            frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["p0", "p1"], private=True),
        )
        made = tournaments.create(
            organiser, players=8, table_size=4, rounds=1, format="round-robin", duplicate_deals=True
        )
        started = tournaments.start_round(organiser, made.tournament_id)
        table = started.seats[0].game_id
        games = {
            "in progress": live,
            "finished": finished,
            "delayed": held,
            "deal in play": Game(
                table, "most-wanted", {g.seat: g.token for g in started.seats if g.game_id == table}
            ),
            "private": Game(private.game_id, "most-wanted", {s.seat: s.token for s in private.seats}),
        }
        ladder_id, player_id = _ladder_with_a_game(f"127.0.0.1:{running.port}")
        yield House(running, http, client, organiser, games, made.tournament_id, ladder_id, player_id)
    finally:
        organiser.close()
        client.close()
        http.stop()
        running.stop()


def _ladder_with_a_game(address: str) -> tuple[str, str]:
    with PlayersClient(address, token=ORGANISER) as organiser:
        players = [
            organiser.players_call("AddPlayer", ladders_pb2.AddPlayerRequest(display_name=name)).player_id
            for name in ("Ann", "Bob")
        ]
        ladder = organiser.ladders_call(
            "CreateLadder", ladders_pb2.CreateLadderRequest(name="Club", game="most-wanted")
        ).ladder_id
        paired = organiser.ladders_call(
            "PairLadderGame", ladders_pb2.PairLadderGameRequest(ladder_id=ladder, players=players)
        )
        play_game(organiser, paired.game_id, {s.seat: s.token for s in paired.seats}, random.Random(5))
    return ladder, players[0]


CALLERS = ("spectator", "seat", "organiser")


def _token(who: str, game: Game) -> str | None:
    return {"spectator": None, "seat": game.tokens[0], "organiser": ORGANISER}[who]


def _grpc(call: Callable[[], Any], listing: Callable[[Any], bool] | None = None) -> Outcome:
    try:
        answer = call()
    except grpc.RpcError as error:
        return Outcome("refused", failure_of(error).reason)
    return NOTHING if listing is not None and not listing(answer) else Outcome("shown")


def _first(stream: Any) -> Any:
    try:
        return next(iter(stream))
    finally:
        stream.cancel()


def _game_channels(house: House, game_id: str, token: str | None) -> dict[str, Callable[[], Any]]:
    client, metadata = house.client, house.client.metadata(token)
    stub = client.stub
    return {
        "GetState": lambda: stub.GetState(frontier_pb2.GetStateRequest(game_id=game_id), metadata=metadata),
        "ListLegalCommands": lambda: stub.ListLegalCommands(
            frontier_pb2.ListLegalCommandsRequest(game_id=game_id), metadata=metadata
        ),
        "WatchGame": lambda: _first(
            stub.WatchGame(frontier_pb2.WatchGameRequest(game_id=game_id), metadata=metadata, timeout=20)
        ),
        "Replay": lambda: list(stub.Replay(frontier_pb2.ReplayRequest(game_id=game_id), metadata=metadata)),
        "ExportLog": lambda: stub.ExportLog(
            frontier_pb2.ExportLogRequest(game_id=game_id), metadata=metadata
        ),
        "Audit": lambda: stub.Audit(frontier_pb2.AuditRequest(game_id=game_id), metadata=metadata),
        "ProveInclusion": lambda: stub.ProveInclusion(
            frontier_pb2.ProveInclusionRequest(game_id=game_id, version=1), metadata=metadata
        ),
        "Play": lambda: _first(
            stub.Play(iter([frontier_pb2.PlayRequest(game_id=game_id)]), metadata=metadata, timeout=20)
        ),
    }


def _web(house: House, path: str, token: str | None, listed: str | None = None) -> Outcome:
    reply = http_client.get(house.web + path, token)
    if reply.status >= 400:
        if reply.headers.get("content-type", "").startswith("application/json"):
            return Outcome("refused", reply.json()["error"])
        return Outcome("refused", SHUT if SHUT_MESSAGE in reply.body else f"HTTP {reply.status}")
    return Outcome("shown") if listed is None or listed in reply.body else NOTHING


def _log(house: House, path: str, token: str | None) -> Outcome:
    """The service log's checkpoint, or its first entry: shown when it holds a game."""
    request = urllib.request.Request(house.web + path)
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            body = reply.read()
    except urllib.error.HTTPError as error:
        refusal = json.loads(error.read())["error"]
        return NOTHING if refusal == "LOG_TILE_NOT_FOUND" else Outcome("refused", refusal)
    if path == "/log/checkpoint":
        return NOTHING if body.split(b"\n")[1] == b"0" else Outcome("shown")
    return Outcome("shown")


def log_survey(house: House) -> dict[tuple[str, str, str], Outcome]:
    return {
        (route, "", who): _log(house, path, _token(who, house.games["in progress"]))
        for route, path in LOG_ROUTES.items()
        for who in CALLERS
    }


async def _socket_opening(url: str, game_id: str, token: str | None) -> Outcome:
    socket = await PlaySocket.open(url, game_id, token)
    try:
        update = await asyncio.wait_for(socket.receive(), 20)
    finally:
        await socket.close()
    assert update is not None
    return Outcome("refused", update.error.reason) if update.HasField("error") else Outcome("shown")


# The read methods over Connect on the web port (service/grpc_api/connect/): the same handlers as gRPC's.
CONNECT_GAME_READS = (
    "GetState",
    "ListLegalCommands",
    "WatchGame",
    "Replay",
    "ExportLog",
    "Audit",
    "ProveInclusion",
)
CONNECT_TOURNAMENT_READS = ("GetTournament", "GetStandings", "GetRatings")
CONNECT_READS = {
    f"Connect {name}"
    for name in (*CONNECT_GAME_READS, *CONNECT_TOURNAMENT_READS, "ListGames", "FollowEvents")
}
FOLLOW_WAIT = 1.0  # seconds an event stream is given to show its first event; silence is nothing


def _connect(
    house: House,
    method: str,
    message: dict[str, Any],
    token: str | None,
    service: str = connect_client.SERVICE,
) -> Outcome:
    streaming = method in ("WatchGame", "Replay", "FollowEvents")
    wait = FOLLOW_WAIT if method == "FollowEvents" else None
    shown, refused = connect_client.first_answer(
        house.web, method, message, token, streaming=streaming, service=service, wait=wait
    )
    if refused is not None:
        return Outcome("refused", refused.reason)
    if method == "ListGames":
        return Outcome("shown") if shown and shown.get("games") else NOTHING
    return NOTHING if shown is None else Outcome("shown")


def _connect_game(house: House, method: str, game_id: str, token: str | None) -> Outcome:
    message: dict[str, Any] = {"gameId": game_id}
    if method == "ProveInclusion":
        message["version"] = 1
    return _connect(house, method, message, token)


def _listed(answer: frontier_pb2.ListGamesResponse) -> bool:
    return bool(answer.games)


def _tournament_channels(house: House, token: str | None) -> dict[str, Callable[[], Any]]:
    stub, metadata = house.client.tournaments, house.client.metadata(token)
    asked = tournaments_pb2.GetTournamentRequest(tournament_id=house.tournament_id)
    return {
        "GetTournament": lambda: stub.GetTournament(asked, metadata=metadata),
        "GetStandings": lambda: stub.GetStandings(asked, metadata=metadata),
        "GetRatings": lambda: stub.GetRatings(asked, metadata=metadata),
        "FollowEvents": lambda: _first_or_none(
            house.client.stub.FollowEvents(
                frontier_pb2.FollowEventsRequest(tournament_id=house.tournament_id),
                metadata=metadata,
                timeout=FOLLOW_WAIT,
            )
        ),
    }


def _first_or_none(stream: Any) -> Any:
    """A stream's first message; None when it shows nothing before its deadline."""
    try:
        return _first(stream)
    except grpc.RpcError as error:
        if error.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
            return None
        raise


def _ladder_channels(house: House, token: str | None) -> dict[str, Callable[[], Any]]:
    channel = house.client.channel
    metadata = house.client.metadata(token)
    ladders, players = ladders_pb2_grpc.LaddersStub(channel), ladders_pb2_grpc.PlayersStub(channel)
    ladder = ladders_pb2.GetLadderRequest(ladder_id=house.ladder_id)
    player = ladders_pb2.GetPlayerRequest(player_id=house.player_id)
    return {
        "GetLadder": lambda: ladders.GetLadder(ladder, metadata=metadata),
        "GetPlayerHistory": lambda: players.GetPlayerHistory(player, metadata=metadata),
    }


def _fork(house: House, game_id: str) -> Callable[[], Any]:
    request = frontier_pb2.ForkGameRequest(game_id=game_id, version=1)
    return lambda: house.client.stub.ForkGame(request, metadata=house.client.metadata(ORGANISER))


def survey(house: House) -> dict[tuple[str, str, str], Outcome]:
    """What every read channel answers each caller about each game, and about the tournament."""
    seen: dict[tuple[str, str, str], Outcome] = {}
    for who in CALLERS:
        for kind, game in house.games.items():
            token = _token(who, game)
            for name, call in _game_channels(house, game.game_id, token).items():
                seen[(name, kind, who)] = _grpc(call)
            seen[("WebSocket Play", kind, who)] = run_apart(_socket_opening(house.ws, game.game_id, token))
            for name in CONNECT_GAME_READS:
                seen[(f"Connect {name}", kind, who)] = _connect_game(house, name, game.game_id, token)
            seen[("/games/{game_id}", kind, who)] = _web(house, f"/games/{game.game_id}", token)
            seen[("/api/games/{game_id}/steps", kind, who)] = _web(
                house, f"/api/games/{game.game_id}/steps", token
            )
            seen[("/api/games/{game_id}/log", kind, who)] = _web(
                house, f"/api/games/{game.game_id}/log", token
            )
        token = _token(who, house.games["in progress"])  # a seat's token of some game
        listing = frontier_pb2.ListGamesRequest()
        seen[("ListGames", "", who)] = _grpc(
            lambda: house.client.call("ListGames", listing, token=token),  # noqa: B023 (called at once)
            listing=_listed,
        )
        seen[("/", "", who)] = _web(house, "/", token, listed=house.games["finished"].game_id)
        seen[("/tournaments", "", who)] = _web(house, "/tournaments", token, listed=house.tournament_id)
        seen[("/tournaments/{tournament_id}", "", who)] = _web(
            house, f"/tournaments/{house.tournament_id}", token
        )
        for name, call in _tournament_channels(house, token).items():
            nothing_yet = (lambda answer: answer is not None) if name == "FollowEvents" else None
            seen[(name, "", who)] = _grpc(call, listing=nothing_yet)
        for name, call in _ladder_channels(house, token).items():
            # A history shows nothing of a game when it lists none (the player alone is public).
            lists_games = (lambda answer: bool(answer.games)) if name == "GetPlayerHistory" else None
            seen[(name, "", who)] = _grpc(call, listing=lists_games)
        seen[("Connect ListGames", "", who)] = _connect(house, "ListGames", {}, token)
        seen[("Connect FollowEvents", "", who)] = _connect(
            house, "FollowEvents", {"tournamentId": house.tournament_id}, token
        )
        for name in CONNECT_TOURNAMENT_READS:
            asked = {"tournamentId": house.tournament_id}
            seen[(f"Connect {name}", "", who)] = _connect(
                house, name, asked, token, service="frontier.v1.Tournaments"
            )
    for kind, game in house.games.items():  # the organiser's alone: others are refused before the gate
        seen[("ForkGame", kind, "organiser")] = _grpc(_fork(house, game.game_id))
    return {**seen, **log_survey(house)}


@requires_most_wanted
def test_a_gate_that_refuses_everything_leaves_every_read_channel_with_nothing(house: House) -> None:
    ledger = house.running.ledger
    real_gate = ledger.gate
    # The service log is append-only: what it once showed stays. So what it shows behind a refusing
    # gate is surveyed before the real gate lets anything into it.
    ledger.install_gate(
        RefuseAll(ledger.games, ledger.public_views, ledger.closed_deals, ledger.tournament_app)
    )
    try:
        shut_log = log_survey(house)
    finally:
        ledger.install_gate(real_gate)
    real = survey(house)
    ledger.install_gate(
        RefuseAll(ledger.games, ledger.public_views, ledger.closed_deals, ledger.tournament_app)
    )
    try:
        shut = {**survey(house), **shut_log}
    finally:
        ledger.install_gate(real_gate)
    for key, outcome in shut.items():
        allowed = {NOTHING, Outcome("refused", SHUT)} if real[key].kind == "shown" else {NOTHING}
        assert outcome in allowed or (outcome.kind == "refused" and real[key].kind == "refused"), (
            key,
            outcome,
        )
    # The positive control: with the real gate each channel shows something to someone ...
    shown = {name for (name, _, _), outcome in real.items() if outcome.kind == "shown"}
    assert shown == {name for name, _, _ in real}
    # ... the organiser sees a finished game on every channel but a seat's own, a seat its game
    # in progress on those, and the gate's own refusals stand.
    seats_only = {"ListLegalCommands", "Play", "WebSocket Play", "Connect ListLegalCommands"}
    for (name, kind, who), outcome in real.items():
        if (who == "organiser" and kind in ("", "finished") and name not in seats_only) or (
            who == "seat" and kind == "in progress" and name in seats_only
        ):
            assert outcome.kind == "shown", (name, kind, who, outcome)
    assert real[("GetState", "deal in play", "spectator")] == Outcome("refused", "DEAL_IN_PLAY")
    assert real[("Audit", "in progress", "seat")] == Outcome("refused", "AUDIT_NOT_ALLOWED")
    # A private game does not exist for anyone but its seats and the organiser, on every channel.
    for (name, kind, who), outcome in real.items():
        if kind == "private" and who == "spectator":
            assert outcome in (Outcome("refused", "GAME_NOT_FOUND"), Outcome("refused", "HTTP 404")), name
        if kind == "private" and who == "seat" and name not in ("Audit", "Connect Audit"):
            assert outcome.kind == "shown", (name, outcome)
    # Every read channel was asked (the writes among them below).
    asked = {name for name, _, _ in real}
    writes = {
        "SubmitCommand",
        "CreateTournament",
        "StartRound",
        "PublishTournament",
        "CreateLadder",
        "EndSeason",
    }
    assert (
        asked | writes
        == set().union(*READ_METHODS.values()) | {"WebSocket Play"} | READ_ROUTES | CONNECT_READS
    )


@requires_most_wanted
def test_writes_that_answer_game_data_answer_as_the_gate_shows(house: House) -> None:
    """SubmitCommand's step, a Play stream's pushes and answers, and the tournaments' writes."""
    organiser = house.organiser
    game = house.games["in progress"]

    def new_tournament() -> Any:
        return tournaments.create(organiser, players=2, table_size=2, rounds=1, format="round-robin")

    later = new_tournament()
    assert _grpc(lambda: _submit(house.client, game, *_to_act(house.client, game))) == Outcome("shown")
    seat, command = _to_act(house.client, game)
    ledger = house.running.ledger
    real_gate = ledger.gate
    ledger.install_gate(
        RefuseAll(ledger.games, ledger.public_views, ledger.closed_deals, ledger.tournament_app)
    )
    try:
        assert _grpc(lambda: _submit(house.client, game, seat, command)) == Outcome("refused", SHUT)
        assert _grpc(lambda: tournaments.start_round(organiser, later.tournament_id)) == Outcome(
            "refused", SHUT
        )
        assert _grpc(new_tournament) == Outcome("refused", SHUT)
        with PlayersClient(f"127.0.0.1:{house.running.port}", token=ORGANISER) as ladders:
            create = ladders_pb2.CreateLadderRequest(name="Shut", game="most-wanted")
            assert _grpc(lambda: ladders.ladders_call("CreateLadder", create)) == Outcome("refused", SHUT)
            end = ladders_pb2.GetLadderRequest(ladder_id=house.ladder_id)
            assert _grpc(lambda: ladders.ladders_call("EndSeason", end)) == Outcome("refused", SHUT)
    finally:
        ledger.install_gate(real_gate)
    # A Play stream opened while the gate showed the game: once it shuts, nothing more is shown.
    seat, command = _to_act(house.client, game)
    updates = run_apart(_play_then_shut(house, game.game_id, game.tokens[seat], command))
    assert updates[-1].error.reason == SHUT
    assert not any(update.HasField("step") for update in updates)


def _to_act(client: TournamentClient, game: Game) -> tuple[int, Any]:
    """A seat to act and one of its legal commands."""
    state = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game.game_id), token=ORGANISER)
    seat = state.seats_to_act[0]
    legal = client.call(
        "ListLegalCommands",
        frontier_pb2.ListLegalCommandsRequest(game_id=game.game_id),
        token=game.tokens[seat],
    )
    return seat, legal.commands[0]


def _submit(client: TournamentClient, game: Game, seat: int, command: Any) -> Any:
    request = frontier_pb2.SubmitCommandRequest(
        game_id=game.game_id, command_id=uuid.uuid4().hex, command=command
    )
    return client.call("SubmitCommand", request, token=game.tokens[seat])


async def _play_then_shut(
    house: House, game_id: str, token: str, command: Any
) -> list[frontier_pb2.PlayUpdate]:
    socket = await PlaySocket.open(house.ws, game_id, token)
    try:
        opening = await asyncio.wait_for(socket.receive(), 20)
        assert opening is not None and not opening.HasField("error")
        ledger = house.running.ledger
        real_gate = ledger.gate
        ledger.install_gate(
            RefuseAll(ledger.games, ledger.public_views, ledger.closed_deals, ledger.tournament_app)
        )
        try:
            await socket.command("shut", command)
            updates = []
            while not updates or not updates[-1].HasField("error"):
                update = await asyncio.wait_for(socket.receive(), 20)
                assert update is not None
                updates.append(update)
        finally:
            ledger.install_gate(real_gate)
    finally:
        await socket.close()
    return updates


# The gate's facts: a module that asked them itself would decide visibility beside the gate.
GATE_ONLY = {
    "service.core.tournaments.secrecy": "deal_closed",
    "service.core.tournaments.disclosure": "shown_to",
}


def test_only_the_gate_asks_the_facts_it_decides_on() -> None:
    root = Path(__file__).resolve().parents[2]
    askers = []
    for path in sorted((root / "service").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and GATE_ONLY.get(node.module or "") in {
                a.name for a in node.names
            }:
                askers.append(str(path.relative_to(root)))
    assert set(askers) == {"service/core/visibility.py"}


# -- a gate that renders nothing: what every channel shows of a game is the gate's rendering ---------------


class RendersNothing(Gate):
    """A gate that lets everyone look and renders nothing: no event, no view, no command, no line, no hash."""

    def whole(self, viewer: Seat | None) -> bool:
        return False

    def events(self, engine: Engine, events: Sequence[Event], viewer: Seat | None) -> list[Event]:
        return []

    def view_of(self, engine: Engine, state: Any, viewer: Seat | None) -> dict[str, Any]:
        return {}

    def state_hash(self, view: dict[str, Any], viewer: Seat | None, format_version: int) -> str:
        return ""

    def command(self, command: Any, seat: Seat | None, viewer: Seat | None) -> Any:
        return None

    def log_line(
        self, engine: Engine, game: str, data: dict[str, Any], viewer: Seat | None, *, is_header: bool
    ) -> dict[str, Any]:
        return {}

    def plain_line(self, data: dict[str, Any], viewer: Seat | None) -> dict[str, Any]:
        return {}

    def trailer(self, data: dict[str, Any], viewer: Seat | None) -> dict[str, Any]:
        return {}


def test_the_empty_renderer_overrides_every_rendering() -> None:
    renderings = {name for name in vars(Rendering) if not name.startswith("_")}
    assert renderings <= set(vars(RendersNothing)), "a rendering the test gate would still answer"


def _rendered_anything(house: House, game_id: str, token: str | None) -> list[str]:
    """The channels that show `game_id` to the bearer of `token` with any event, view, command or hash."""
    stub, metadata = house.client.stub, house.client.metadata(token)
    found = []
    state = stub.GetState(frontier_pb2.GetStateRequest(game_id=game_id), metadata=metadata)
    if state.view_json != "{}" or state.state_hash:
        found.append("GetState")
    for step in stub.Replay(frontier_pb2.ReplayRequest(game_id=game_id), metadata=metadata):
        if step.events or step.view_json != "{}" or step.command_json:
            found.append(f"Replay {step.version}")
    watched = _first(
        stub.WatchGame(frontier_pb2.WatchGameRequest(game_id=game_id), metadata=metadata, timeout=20)
    )
    if watched.events:
        found.append("WatchGame")
    exported = stub.ExportLog(frontier_pb2.ExportLogRequest(game_id=game_id), metadata=metadata)
    lines = exported.content.splitlines()
    if not exported.redacted or any(line != "{}" for line in lines[:-1]):  # the last: the checkpoint
        found.append("ExportLog")
    proof = stub.ProveInclusion(
        frontier_pb2.ProveInclusionRequest(game_id=game_id, version=1), metadata=metadata
    )
    if proof.line:
        found.append("ProveInclusion")
    steps = http_client.get(f"{house.web}/api/games/{game_id}/steps", token)
    assert steps.status == 200, steps.body
    if len({step["picture"] for step in steps.json()["steps"]}) > 1:  # an empty view draws one picture
        found.append("/api/games/{game_id}/steps")
    log = http_client.get(f"{house.web}/api/games/{game_id}/log", token)
    if any(line != "{}" for line in log.body.splitlines()[:-1]):
        found.append("/api/games/{game_id}/log")
    return found


@requires_most_wanted
def test_a_gate_that_renders_nothing_leaves_every_channel_empty(house: House) -> None:
    ledger = house.running.ledger
    shown = {
        who: _rendered_anything(house, house.games[kind].game_id, _token(who, house.games[kind]))
        for who, kind in (("organiser", "finished"), ("seat", "in progress"), ("spectator", "finished"))
    }
    # The positive control: with the real gate the organiser gets every channel's rendering of a
    # finished game, and a seat and a spectator get theirs.
    assert {name.split(" ")[0] for name in shown["organiser"]} == {
        "GetState",
        "Replay",
        "WatchGame",
        "ExportLog",
        "ProveInclusion",
        "/api/games/{game_id}/steps",
        "/api/games/{game_id}/log",
    }, shown
    assert shown["seat"] and shown["spectator"], shown
    real_gate = ledger.gate
    ledger.install_gate(
        RendersNothing(ledger.games, ledger.public_views, ledger.closed_deals, ledger.tournament_app)
    )
    try:
        for who, kind in (("organiser", "finished"), ("seat", "in progress"), ("spectator", "finished")):
            game = house.games[kind]
            assert _rendered_anything(house, game.game_id, _token(who, game)) == [], (who, kind)
        # A command's answer: its step as the gate renders it.
        game = house.games["in progress"]
        answer = _submit(house.client, game, *_to_act(house.client, game))
        assert not answer.events
    finally:
        ledger.install_gate(real_gate)


def test_no_service_module_but_the_gate_renders_a_game() -> None:
    """Only the gate's renderings call an engine's `view` or `redact` (engines/ and replay/ lie below)."""
    root = Path(__file__).resolve().parents[2]
    callers = set()
    for path in sorted((root / "service").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("view", "redact")
            ):
                callers.add(str(path.relative_to(root)))
    assert callers == {"service/core/rendering.py"}
