"""Attack: learning of a private game without being one of its seats or the organiser.

A game created private (`CreateGameRequest.private`, `frontier new --private`) is seen by its seats
and the organiser alone until the organiser publishes it. An outsider holding the source code
tries what tells a game exists without showing it: the listing's length, the web page's rows, the
service log's size, a token of another game presented against its id, a publication it is not
allowed. Each answer must be what it would be if the game did not exist. Once published, the
game is a finished public game to everyone, and the service log grows by it then.

The reflection sweep of the gate (tests/attacks/test_every_read_channel_asks_the_gate.py) asks
every read channel about a private game; this file measures what counts and listings say.
"""

from __future__ import annotations

import json
import random
import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import pytest

from service.cli.players import PlayersClient
from service.cli.tournaments import TournamentClient
from service.client import Client, play_game
from service.config import MAX_MESSAGE_BYTES
from service.generated.frontier.v1 import frontier_pb2, ladders_pb2, tournaments_pb2
from service.grpc_api.connect.front import ConnectFront
from service.server import Running
from service.web.server import RunningHttp, start_http
from tests.conftest import ORGANISER, requires_most_wanted, start_server
from tests.service.helpers import Game, create, failure_of
from tests.service.serving import frontier_run as frontier
from tests.service.serving import frontier_serving
from tests.service.tournaments import helpers as tournaments
from tests.service.web import connect_client, http_client


@dataclass
class Served:
    running: Running
    http: RunningHttp
    client: Client  # sends the token it is given, else none

    @property
    def web(self) -> str:
        return f"http://127.0.0.1:{self.http.port}"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    running = start_server(tmp_path / "data")
    assert running.served is not None
    http = start_http(
        running.ledger,
        ORGANISER,
        "127.0.0.1",
        0,
        signing_key=running.servicer.signing_key,
        api=ConnectFront(running.served, MAX_MESSAGE_BYTES),
    )
    client = Client(f"127.0.0.1:{running.port}")
    try:
        yield Served(running, http, client)
    finally:
        client.close()
        http.stop()
        running.stop()


def _private(client: Client) -> Game:
    made = client.call(
        "CreateGame",
        frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["p0", "p1"], private=True),
    )
    return Game(made.game_id, "most-wanted", {s.seat: s.token for s in made.seats})


def _finished(client: Client, game: Game, seed: int) -> Game:
    play_game(client, game.game_id, game.tokens, random.Random(seed))
    return game


def counts(served: Served, token: str | None) -> dict[str, Any]:
    """Everything count-like a caller with `token` is told: listings, the web rows, the log's size."""
    listing = served.client.call("ListGames", frontier_pb2.ListGamesRequest(), token=token)
    finished = served.client.call("ListGames", frontier_pb2.ListGamesRequest(status="finished"), token=token)
    page = http_client.get(served.web + "/", token)
    connect, refused = connect_client.first_answer(served.web, "ListGames", {}, token, streaming=False)
    assert refused is None
    checkpoint = http_client.get(served.web + "/log/checkpoint", token).body.split("\n")
    return {
        "ListGames": [g.game_id for g in listing.games],
        "ListGames finished": [g.game_id for g in finished.games],
        "web rows": page.body.count("/games/"),
        "Connect ListGames": [g["gameId"] for g in (connect or {}).get("games", [])],
        "log size": int(checkpoint[1]),
    }


def _refusal(
    client: Client, method: str, request: Any, token: str | None
) -> tuple[grpc.StatusCode, str, str]:
    """How `method` refuses `request` sent with `token`: status, reason, message."""
    with pytest.raises(grpc.RpcError) as raised:
        client.call(method, request, token=token)
    failure = failure_of(raised.value)
    return failure.code, failure.reason, failure.message


@requires_most_wanted
def test_listings_and_counts_tell_an_outsider_nothing_of_a_private_game(served: Served) -> None:
    client = served.client
    public = _finished(client, create(client, "most-wanted", 2), 1)
    other = create(client, "most-wanted", 2)  # its seat is an outsider to the private game
    outsiders = (None, other.tokens[0])
    before = {token: counts(served, token) for token in outsiders}
    hidden = _finished(client, _private(client), 2)
    live = _private(client)  # one still being played, too
    for token in outsiders:
        assert counts(served, token) == before[token], token
    # Its seats and the organiser see it listed; the log waits for its publication all the same.
    seat = counts(served, hidden.tokens[0])
    assert hidden.game_id in seat["ListGames"] and live.game_id not in seat["ListGames"]
    organiser = counts(served, ORGANISER)
    assert {hidden.game_id, live.game_id, public.game_id} <= set(organiser["ListGames"])
    assert organiser["log size"] == before[None]["log size"] == 1
    listed = client.call("ListGames", frontier_pb2.ListGamesRequest(), token=ORGANISER)
    assert [(g.private, g.published) for g in listed.games if g.game_id == hidden.game_id] == [(True, False)]


@requires_most_wanted
def test_an_outsider_is_answered_as_for_a_game_that_does_not_exist(served: Served) -> None:
    client = served.client
    hidden = _private(client)
    nowhere = str(uuid.uuid4())
    other = create(client, "most-wanted", 2)
    for token in (None, other.tokens[0]):
        for method, request in (
            ("GetState", frontier_pb2.GetStateRequest),
            ("ExportLog", frontier_pb2.ExportLogRequest),
            ("Audit", frontier_pb2.AuditRequest),
        ):
            answers = [
                _refusal(client, method, request(game_id=game_id), token)
                for game_id in (hidden.game_id, nowhere)
            ]
            # The same status, reason and message, but for the id the message names.
            assert answers[0] == (
                answers[1][0],
                answers[1][1],
                answers[1][2].replace(nowhere, hidden.game_id),
            ), (method, token)
            assert answers[0][:2] == (grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND")
    # Its seat sees its own view, live.
    shown = client.call(
        "GetState", frontier_pb2.GetStateRequest(game_id=hidden.game_id), token=hidden.tokens[0]
    )
    assert shown.viewer_seat == 0 and shown.status == "in_progress" and shown.private
    # Publishing is the organiser's: anyone else is refused alike whether or not the id names a game.
    refusals = {
        _refusal(client, "PublishGame", frontier_pb2.PublishGameRequest(game_id=game_id), hidden.tokens[0])
        for game_id in (hidden.game_id, nowhere)
    }
    assert len(refusals) == 1 and next(iter(refusals))[0] == grpc.StatusCode.PERMISSION_DENIED


@requires_most_wanted
def test_published_it_is_a_finished_public_game_to_everyone(served: Served) -> None:
    client = served.client
    hidden = _private(client)
    publish = frontier_pb2.PublishGameRequest(game_id=hidden.game_id)
    code, reason, _ = _refusal(client, "PublishGame", publish, ORGANISER)
    assert (code, reason) == (grpc.StatusCode.FAILED_PRECONDITION, "PRIVATE_GAME_NOT_OVER")
    public = create(client, "most-wanted", 2)
    code, reason, _ = _refusal(
        client, "PublishGame", frontier_pb2.PublishGameRequest(game_id=public.game_id), ORGANISER
    )
    assert (code, reason) == (grpc.StatusCode.FAILED_PRECONDITION, "NOT_PRIVATE")
    _finished(client, hidden, 3)
    fork = frontier_pb2.ForkGameRequest(game_id=hidden.game_id, version=2)
    code, reason, _ = _refusal(client, "ForkGame", fork, ORGANISER)  # a fork is public: not before
    assert (code, reason) == (grpc.StatusCode.FAILED_PRECONDITION, "SOURCE_PRIVATE")
    size = counts(served, None)["log size"]
    published = client.call("PublishGame", publish, token=ORGANISER)
    assert published.published_at
    again = client.call("PublishGame", publish, token=ORGANISER)  # answered again, nothing stored
    assert again.published_at == published.published_at
    state = client.call("GetState", frontier_pb2.GetStateRequest(game_id=hidden.game_id))
    assert state.status == "finished" and state.state_hash and state.published_at == published.published_at
    exported = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=hidden.game_id))
    lines = [json.loads(line) for line in exported.content.splitlines()]
    assert not exported.redacted and any(line.get("seed") for line in lines)  # the whole record
    seen = counts(served, None)
    assert hidden.game_id in seen["ListGames"] and hidden.game_id in seen["ListGames finished"]
    assert seen["log size"] == size + 1  # its entry is added at its publication, once
    client.call("PublishGame", publish, token=ORGANISER)
    assert counts(served, None)["log size"] == size + 1
    page = http_client.get(f"{served.web}/games/{hidden.game_id}")
    assert page.status == 200
    forked = served.client.call(
        "ForkGame", frontier_pb2.ForkGameRequest(game_id=hidden.game_id, version=2), token=ORGANISER
    )
    assert forked.game_id  # published, it forks as any finished game


@requires_most_wanted
def test_the_cli_creates_a_private_game_and_publishes_it(tmp_path: Path) -> None:
    with frontier_serving(tmp_path / "data", ORGANISER) as address:
        made = frontier("new", "most-wanted", "--players", "ann,bob", "--private", server=address)
        game_id, *seats = made.stdout.splitlines()
        tokens = {n: line.rsplit(" ", 1)[1] for n, line in enumerate(seats)}  # "seat 1 (ann): token T"
        assert all(re.fullmatch(r"seat \d \(\w+\): token \S+", line) for line in seats), made.stdout
        listed = frontier("games", "--json", server=address)
        assert game_id not in listed.stdout
        with Client(address) as client:
            play_game(client, game_id, tokens, random.Random(4))
        refused = frontier("publish", game_id, server=address, check=False)
        assert refused.returncode != 0 and "organiser" in refused.stderr
        done = frontier("publish", game_id, server=address, token=ORGANISER)
        assert done.stdout.startswith(f"{game_id} is public since ")
        assert game_id in frontier("games", "--json", server=address).stdout


def _tournament_reads(served: Served, tournament_id: str, token: str | None) -> dict[str, Any]:
    """What each tournament read answers `token`: its status or refusal reason."""
    client = TournamentClient(f"127.0.0.1:{served.running.port}", token=token)
    asked = tournaments_pb2.GetTournamentRequest(tournament_id=tournament_id)
    seen: dict[str, Any] = {}
    try:
        for method in ("GetTournament", "GetStandings", "GetRatings"):
            try:
                client.tcall(method, asked)
                seen[method] = "shown"
            except grpc.RpcError as error:
                seen[method] = failure_of(error).reason
            shown, refused = connect_client.first_answer(
                served.web,
                method,
                {"tournamentId": tournament_id},
                token,
                streaming=False,
                service="frontier.v1.Tournaments",
            )
            seen[f"Connect {method}"] = "shown" if refused is None else refused.reason
    finally:
        client.close()
    page = http_client.get(f"{served.web}/tournaments/{tournament_id}", token)
    seen["page"] = page.status
    seen["listed"] = tournament_id in http_client.get(f"{served.web}/tournaments", token).body
    return seen


@requires_most_wanted
def test_a_private_tournament_and_its_tables_are_its_players_and_the_organisers_until_published(
    served: Served,
) -> None:
    organiser = TournamentClient(f"127.0.0.1:{served.running.port}", token=ORGANISER)
    try:
        made = tournaments.create(organiser, players=2, table_size=2, rounds=1, private=True)
        tid = made.tournament_id
        started = tournaments.start_round(organiser, tid)
        table = started.seats[0].game_id
        player = started.seats[0].token
        other = create(served.client, "most-wanted", 2)
        for token in (None, other.tokens[0]):
            seen = _tournament_reads(served, tid, token)
            assert seen == {
                **{m: "TOURNAMENT_NOT_FOUND" for m in seen if m not in ("page", "listed")},
                "page": 404,
                "listed": False,
            }, token
            code, reason, _ = _refusal(
                served.client, "GetState", frontier_pb2.GetStateRequest(game_id=table), token
            )
            assert (code, reason) == (grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND")
        assert _tournament_reads(served, tid, player)["GetTournament"] == "shown"  # a player sees it
        assert _tournament_reads(served, tid, ORGANISER)["GetStandings"] == "shown"
        publish = tournaments_pb2.GetTournamentRequest(tournament_id=tid)
        with pytest.raises(grpc.RpcError) as early:
            organiser.tcall("PublishTournament", publish)
        assert failure_of(early.value).reason == "PRIVATE_TOURNAMENT_NOT_OVER"
        tournaments.play_round(organiser, started, seed=6)
        shown = organiser.tcall("PublishTournament", publish)
        assert shown.private and shown.published_at and shown.status == "finished"
        seen = _tournament_reads(served, tid, None)
        assert seen == {
            **{m: "shown" for m in seen if m not in ("page", "listed")},
            "page": 200,
            "listed": True,
        }
        state = served.client.call("GetState", frontier_pb2.GetStateRequest(game_id=table))
        assert state.status == "finished" and state.published_at
    finally:
        organiser.close()


@requires_most_wanted
def test_a_players_history_shows_a_private_tournament_to_the_organiser_alone(served: Served) -> None:
    address = f"127.0.0.1:{served.running.port}"
    with PlayersClient(address, token=ORGANISER) as registry:
        players = [
            registry.players_call("AddPlayer", ladders_pb2.AddPlayerRequest(display_name=name)).player_id
            for name in ("Ann", "Bob")
        ]
    organiser = TournamentClient(address, token=ORGANISER)
    try:
        made = tournaments.create(organiser, players=players, table_size=2, rounds=1, private=True)
        tournaments.play_round(organiser, tournaments.start_round(organiser, made.tournament_id), seed=7)
    finally:
        organiser.close()
    asked = ladders_pb2.GetPlayerRequest(player_id=players[0])
    with PlayersClient(address) as anyone, PlayersClient(address, token=ORGANISER) as registry:
        assert not anyone.players_call("GetPlayerHistory", asked).games
        assert [g.kind for g in registry.players_call("GetPlayerHistory", asked).games] == ["tournament"]
