"""Attack: on a server run without an organiser token, anyone acts as its organiser.

The README's quick-start server has no organiser token. A spectator with no token at all ends Alice
and Bob's game in Bob's favour ("Alice conceded on the phone"), upgrades a game's rules, creates a game
under older rules, forks a finished game, runs a tournament: each an organiser's act, which the signed
log would then record as the organiser's. A server without an organiser has no one who may rule, so
every such call is refused (`NO_ORGANISER`) and stores nothing; a relay's own token still ends its relay.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest

from service.cli.main import main
from service.cli.tournaments import TournamentClient
from service.client import Client, play_bot_game
from service.config import Settings
from service.generated.frontier.v1 import frontier_pb2, tournaments_pb2
from service.server import Running, create_server
from tests.conftest import ORGANISER, start_server
from tests.service.helpers import Game as SeatedGame
from tests.service.helpers import RpcFailure, failure, legal, state, submit
from tests.service.relays.helpers import recording_lines, send, start
from tests.service.tournaments.helpers import create as create_tournament

OLDER = "deadwood-1876/2"  # a rules version the engine keeps, older than its newest


def without_organiser(data: Path, **overrides: object) -> Running:
    """`frontier serve` as the quick start runs it: no organiser token."""
    return create_server(Settings(data=data, port=0, **overrides))  # type: ignore[arg-type]


def refused_for_no_organiser(found: RpcFailure, what: str) -> None:
    assert (found.code, found.reason) == (grpc.StatusCode.PERMISSION_DENIED, "NO_ORGANISER"), found
    assert f"this server has no organiser, so no one may {what}" in found.message
    assert "FRONTIER_ORGANISER_TOKEN" in found.message and "--organiser-token" in found.message


def game_ids(client: Client) -> set[str]:
    return {g.game_id for g in client.call("ListGames", frontier_pb2.ListGamesRequest()).games}


def public_log(client: Client, game_id: str) -> str:
    content: str = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id)).content
    return content


@pytest.fixture
def quick_start(tmp_path: Path) -> Iterator[Running]:
    running = without_organiser(tmp_path / "data")
    yield running
    running.stop()


def alice_and_bob(client: Client) -> SeatedGame:
    """A Deadwood 1876 game of Alice and Bob, a few moves in."""
    request = frontier_pb2.CreateGameRequest(game="deadwood-1876", seats=2, players=["Alice", "Bob"])
    reply = client.call("CreateGame", request)
    game = SeatedGame(reply.game_id, "deadwood-1876", {g.seat: g.token for g in reply.seats})
    for _ in range(3):
        seat = state(client, game.game_id).seats_to_act[0]
        submit(client, game, seat, legal(client, game, seat).commands[0])
    return game


def test_a_spectator_cannot_end_a_game_on_a_server_without_an_organiser(quick_start: Running) -> None:
    with Client(f"127.0.0.1:{quick_start.port}") as client:
        game = alice_and_bob(client)
        before = state(client, game.game_id)
        log = public_log(client, game.game_id)
        adjudicated = frontier_pb2.EndGameRequest(
            game_id=game.game_id,
            result=[frontier_pb2.SeatGroup(seats=[1]), frontier_pb2.SeatGroup(seats=[0])],
            reason="Alice conceded on the phone",
        )
        abandoned = frontier_pb2.EndGameRequest(game_id=game.game_id, abandon=True, reason="nobody came")
        for request in (adjudicated, abandoned):
            for token in (None, game.tokens[1], "a-token-of-no-one"):  # a spectator, Bob, a made-up token
                found = failure(lambda r=request, t=token: client.call("EndGame", r, token=t))  # type: ignore[misc]
                refused_for_no_organiser(found, "end games")
        after = state(client, game.game_id)
        assert (after.status, after.version) == (before.status, before.version) == ("in_progress", 4)
        assert public_log(client, game.game_id) == log  # no ruling line, no checkpoint of one


@dataclass
class Prepared:
    older: SeatedGame  # a game under older rules, created while the server had its organiser
    tournament_id: str
    finished: str  # a finished game, a fork's source


@pytest.fixture
def restarted_without_organiser(tmp_path: Path) -> Iterator[tuple[Running, Prepared]]:
    """A store filled while the server had an organiser token, then served without one."""
    data = tmp_path / "data"
    first = start_server(data)
    with TournamentClient(f"127.0.0.1:{first.port}", token=ORGANISER) as organiser:
        request = frontier_pb2.CreateGameRequest(
            game="deadwood-1876", seats=2, players=["Alice", "Bob"], rules_version=OLDER
        )
        reply = organiser.call("CreateGame", request)
        older = SeatedGame(reply.game_id, "deadwood-1876", {g.seat: g.token for g in reply.seats})
        tournament = create_tournament(organiser, players=4, table_size=2, rounds=1).tournament_id
        finished, _ = play_bot_game(organiser, "deadwood-1876", 2, chooser=random.Random(4))
    first.stop()
    running = without_organiser(data)
    yield running, Prepared(older, tournament, finished)
    running.stop()


def test_no_one_upgrades_rules_creates_under_older_rules_forks_or_runs_tournaments_without_an_organiser(
    restarted_without_organiser: tuple[Running, Prepared],
) -> None:
    running, prepared = restarted_without_organiser
    address = f"127.0.0.1:{running.port}"
    with TournamentClient(address) as client:
        games = game_ids(client)
        older = prepared.older
        before = state(client, older.game_id)
        log = public_log(client, older.game_id)
        upgrade = frontier_pb2.UpgradeRulesRequest(game_id=older.game_id)
        for token in (None, older.tokens[0], ORGANISER):  # the old organiser token is no one's now
            found = failure(lambda t=token: client.call("UpgradeRules", upgrade, token=t))  # type: ignore[misc]
            refused_for_no_organiser(found, "upgrade a game's rules")
        after = state(client, older.game_id)
        assert (after.version, after.status) == (before.version, before.status)
        assert public_log(client, older.game_id) == log and f'"rules_version":"{OLDER}"' in log

        create = frontier_pb2.CreateGameRequest(
            game="deadwood-1876", seats=2, players=["Alice", "Bob"], rules_version=OLDER
        )
        refused_for_no_organiser(
            failure(lambda: client.call("CreateGame", create)), "create games under older rules"
        )
        fork = frontier_pb2.ForkGameRequest(game_id=prepared.finished, version=3, players=["Ann", "Bob"])
        refused_for_no_organiser(failure(lambda: client.call("ForkGame", fork)), "fork games")

        tournament = tournaments_pb2.CreateTournamentRequest(
            name="Spring Open", game="most-wanted", format="swiss", players=["A", "B"], table_size=2, rounds=1
        )
        round_one = tournaments_pb2.StartRoundRequest(tournament_id=prepared.tournament_id)
        for method, request in (("CreateTournament", tournament), ("StartRound", round_one)):
            found = failure(lambda m=method, r=request: client.tcall(m, r))  # type: ignore[misc]
            refused_for_no_organiser(found, "run a tournament")
        shown = client.tcall(
            "GetTournament", tournaments_pb2.GetTournamentRequest(tournament_id=prepared.tournament_id)
        )
        assert (shown.status, len(shown.rounds)) == ("waiting", 0)
        assert game_ids(client) == games  # nothing created, forked or seated


def test_a_closed_server_without_an_organiser_creates_for_no_one(tmp_path: Path) -> None:
    running = without_organiser(tmp_path / "data", open_create=False)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            create = frontier_pb2.CreateGameRequest(game="deadwood-1876", seats=2, players=["Alice", "Bob"])
            found = failure(lambda: client.call("CreateGame", create))
            refused_for_no_organiser(found, "create games (the server runs --no-open-create)")
            assert game_ids(client) == set()
    finally:
        running.stop()


def test_no_game_is_created_to_wait_for_an_organiser_the_server_lacks(quick_start: Running) -> None:
    """A paused clock or organiser-granted takebacks would wait for ever: refused, nothing stored."""
    with Client(f"127.0.0.1:{quick_start.port}") as client:
        base = {"game": "deadwood-1876", "seats": 2, "players": ["Alice", "Bob"]}
        paused = frontier_pb2.CreateGameRequest(**base, time_control="10m", timeout_policy=" Pause")
        granted = frontier_pb2.CreateGameRequest(**base, takeback_policy="organiser")
        for request, what in (
            (paused, "create games that a timeout pauses for the organiser to end"),
            (granted, "create games whose takebacks the organiser grants"),
        ):
            refused_for_no_organiser(failure(lambda r=request: client.call("CreateGame", r)), what)  # type: ignore[misc]
        assert game_ids(client) == set()
        forfeit = frontier_pb2.CreateGameRequest(**base, time_control="10m", timeout_policy="forfeit")
        assert client.call("CreateGame", forfeit).game_id in game_ids(client)  # a clock of its own is fine


def test_a_relays_own_token_still_ends_its_relay_without_an_organiser(quick_start: Running) -> None:
    with Client(f"127.0.0.1:{quick_start.port}") as client:
        header, lines = recording_lines()
        started = start(client, header)  # imports and relays stay open here: a new record, no ruling
        version = started.version
        for line in lines[:6]:
            version = send(client, started.game_id, line, version, started.relay_token).version
        request = frontier_pb2.EndGameRequest(game_id=started.game_id, abandon=True, reason="the hall closed")
        refused_for_no_organiser(failure(lambda: client.call("EndGame", request)), "end games")
        client.call("EndGame", request, token=started.relay_token)
        assert state(client, started.game_id).outcome.ended == "abandoned"


def test_frontier_end_game_and_rules_upgrade_say_there_is_no_organiser(
    quick_start: Running, capsys: pytest.CaptureFixture[str]
) -> None:
    address = f"127.0.0.1:{quick_start.port}"
    with Client(address) as client:
        game = alice_and_bob(client)
        version = state(client, game.game_id).version
    for command in (
        ["end-game", game.game_id, "--result", "2,1", "--reason", "Alice conceded on the phone"],
        ["rules", "upgrade", game.game_id],
    ):
        assert main([*command, "--server", address]) == 1
        err = capsys.readouterr().err
        assert err.startswith("error: PERMISSION_DENIED: this server has no organiser, so no one may ")
        assert "--organiser-token" in err and "Traceback" not in err and err.count("\n") == 1
    with Client(address) as client:
        assert state(client, game.game_id).version == version
