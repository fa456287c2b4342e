"""The Tournaments service over real gRPC on a real SQLite file: rounds, secrecy of the seed,
checkable tables (and attacks on them), bad input, rights, and rebuilding from the store."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from openskill.models import PlackettLuce

from service.cli.tournaments import TournamentClient
from service.core.tournaments.verify import verify_record
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER, start_server
from tests.service.helpers import failure
from tests.service.tournaments import helpers


@pytest.fixture
def organiser(server: Running) -> Iterator[TournamentClient]:
    with TournamentClient(f"127.0.0.1:{server.port}", token=ORGANISER) as client:
        yield client


@pytest.fixture
def spectator(server: Running) -> Iterator[TournamentClient]:
    with TournamentClient(f"127.0.0.1:{server.port}") as client:
        yield client


@pytest.fixture
def finished(organiser: TournamentClient) -> Any:
    """A 6-player, 3-round Swiss tournament at tables of 2, played to the end by bots."""
    made = helpers.create(organiser, players=6, table_size=2, rounds=3)
    helpers.run(organiser, made.tournament_id, 3)
    return helpers.get(organiser, made.tournament_id)


def test_rounds_create_games_seated_as_assigned_and_tagged(organiser: TournamentClient) -> None:
    made = helpers.create(organiser, players=5, table_size=3, rounds=1)
    started = helpers.start_round(organiser, made.tournament_id)
    tables = started.tournament.rounds[0].tables
    assert [len(t.players) for t in tables] == [3, 2]  # 5 at tables of 3: 3 + 2
    for table in tables:
        game = organiser.call("GetState", frontier_pb2.GetStateRequest(game_id=table.game_id))
        assert game.status == "in_progress"
        grants = [g for g in started.seats if g.game_id == table.game_id]
        assert [g.player for g in sorted(grants, key=lambda g: g.seat)] == list(table.players)
    listed = organiser.call(
        "ListGames", frontier_pb2.ListGamesRequest(tag=f"tournament:{made.tournament_id}")
    )
    assert {g.game_id for g in listed.games} == {t.game_id for t in tables}
    assert started.tournament.status == "playing"


def test_the_seed_is_committed_at_creation_and_revealed_only_at_the_end(organiser: TournamentClient) -> None:
    made = helpers.create(organiser, players=4, table_size=2, rounds=2)
    assert len(made.seed_commitment) == 64 and made.seed == ""
    helpers.play_round(organiser, helpers.start_round(organiser, made.tournament_id))
    middle = helpers.get(organiser, made.tournament_id)
    assert middle.status == "waiting" and middle.seed == "" and json.loads(middle.record_json)["seed"] is None
    helpers.play_round(organiser, helpers.start_round(organiser, made.tournament_id))
    end = helpers.get(organiser, made.tournament_id)
    assert end.status == "finished"
    seed = bytes.fromhex(end.seed)
    assert hashlib.sha256(b"frontier-seed-v1:" + seed).hexdigest() == made.seed_commitment
    assert verify_record(json.loads(middle.record_json))[0].code == "SEED_NOT_REVEALED"


def test_published_record_verifies_and_every_forgery_is_caught(finished: Any) -> None:
    record = json.loads(finished.record_json)
    assert verify_record(record) == []

    swapped = json.loads(finished.record_json)  # an organiser seats two players elsewhere
    tables = swapped["rounds"][1]["tables"]
    tables[0]["players"][0], tables[1]["players"][0] = tables[1]["players"][0], tables[0]["players"][0]
    caught = verify_record(swapped)
    assert [(p.round, p.code) for p in caught if p.round == 2] == [(2, "TABLE_DIFFERS")] * 2
    assert {p.code for p in caught} == {"TABLE_DIFFERS"}  # round 3 followed the forged standings

    reseeded = json.loads(finished.record_json)  # a seed chosen after the fact
    reseeded["seed"] = "00" * 32
    assert [p.code for p in verify_record(reseeded)] == ["SEED_MISMATCH"]

    rewritten = json.loads(finished.record_json)  # round 3 pretends round 1 ended otherwise
    first_game = record["rounds"][0]["tables"][0]["game_id"]
    result = rewritten["rounds"][2]["results"][first_game]
    result["ranking"] = list(reversed(result["ranking"]))
    assert "RESULT_CHANGED" in [p.code for p in verify_record(rewritten)]

    dropped = json.loads(finished.record_json)  # a result left out of the standings used
    del dropped["rounds"][1]["results"][first_game]
    assert "RESULTS_MISSING" in [p.code for p in verify_record(dropped)]


def test_swiss_rounds_follow_the_results_recorded_before_them(finished: Any) -> None:
    record = json.loads(finished.record_json)
    # Change round 1's result consistently everywhere: round 2's tables then no longer follow.
    game = record["rounds"][0]["tables"][0]["game_id"]
    for later in record["rounds"][1:]:
        later["results"][game]["ranking"] = list(reversed(later["results"][game]["ranking"]))
    codes = [p.code for p in verify_record(record)]
    assert codes and set(codes) <= {"TABLE_DIFFERS"}


def test_standings_and_ratings_rebuild_identically_from_the_store(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = start_server(data)
    try:
        with TournamentClient(f"127.0.0.1:{first.port}", token=ORGANISER) as client:
            made = helpers.create(client, players=6, table_size=3, rounds=2, format="round-robin")
            helpers.run(client, made.tournament_id, 2)
            before = [
                helpers.get(client, made.tournament_id, m)
                for m in ("GetTournament", "GetStandings", "GetRatings")
            ]
    finally:
        first.stop()
    second = start_server(data)  # a fresh process' application: nothing cached
    try:
        with TournamentClient(f"127.0.0.1:{second.port}") as client:
            after = [
                helpers.get(client, made.tournament_id, m)
                for m in ("GetTournament", "GetStandings", "GetRatings")
            ]
    finally:
        second.stop()
    assert after == before
    assert sum(row.points for row in after[1].standings) == pytest.approx(
        2 * 2 * 3
    )  # 2 rounds of 2 tables of 3


def test_ratings_are_recomputable_from_the_published_model_constants_and_chain(
    finished: Any, spectator: TournamentClient
) -> None:
    ratings = helpers.get(spectator, finished.tournament_id, "GetRatings")
    assert len(ratings.updates) == 9  # 3 rounds of 3 tables
    current: dict[str, tuple[float, float]] = {}
    for update in ratings.updates:
        constants = dict(update.constants)
        model = PlackettLuce(**{k: v for k, v in constants.items()})
        teams = []
        for change in update.changes:
            before = (change.mu_before, change.sigma_before)
            assert current.get(change.player, (model.mu, model.sigma)) == before  # one chain per player
            teams.append([model.rating(mu=before[0], sigma=before[1])])
        rated = model.rate(teams, ranks=[float(c.rank) for c in update.changes])
        for change, (after,) in zip(update.changes, rated, strict=True):
            assert (after.mu, after.sigma) == pytest.approx((change.mu_after, change.sigma_after))
            current[change.player] = (change.mu_after, change.sigma_after)
    assert {r.player: (r.mu, r.sigma) for r in ratings.ratings} == current
    ordinals = [r.ordinal for r in ratings.ratings]
    assert ordinals == sorted(ordinals, reverse=True)


def test_the_next_round_waits_for_every_game_and_nothing_is_appended(organiser: TournamentClient) -> None:
    made = helpers.create(organiser, players=4, table_size=2, rounds=2)
    helpers.start_round(organiser, made.tournament_id)
    games_before = organiser.call("ListGames", frontier_pb2.ListGamesRequest()).games
    refused = failure(lambda: helpers.start_round(organiser, made.tournament_id))
    assert refused.code == grpc.StatusCode.FAILED_PRECONDITION and refused.reason == "ROUND_IN_PROGRESS"
    assert "2 games of round 1 are not over" in refused.message
    assert organiser.call("ListGames", frontier_pb2.ListGamesRequest()).games == games_before
    assert len(helpers.get(organiser, made.tournament_id).rounds) == 1


def test_only_the_organiser_runs_a_tournament(
    organiser: TournamentClient, spectator: TournamentClient, server: Running
) -> None:
    anonymous = failure(lambda: helpers.create(spectator))
    # The same reason as ImportLog's organiser check; TOKEN_REQUIRED is a seat's call without a token.
    assert (anonymous.code, anonymous.reason) == (grpc.StatusCode.UNAUTHENTICATED, "ORGANISER_REQUIRED")
    made = helpers.create(organiser)
    with TournamentClient(f"127.0.0.1:{server.port}", token="someone-else") as stranger:
        denied = failure(lambda: helpers.start_round(stranger, made.tournament_id))
    assert (denied.code, denied.reason) == (grpc.StatusCode.PERMISSION_DENIED, "ORGANISER_REQUIRED")
    assert helpers.get(spectator, made.tournament_id).rounds == []  # anyone may read it


@pytest.mark.parametrize(
    ("fields", "reason", "field"),
    [
        ({"format": "knockout"}, "BAD_FORMAT", "format"),
        ({"players": ["Ann", "Bob", "Ann", "Cy"]}, "DUPLICATE_PLAYER", "players"),
        ({"players": ["Ann", " ", "Bob", "Cy"]}, "BAD_PLAYER", "players"),
        ({"players": ["Ann", "Bob", "Cy"], "table_size": 2}, "BAD_TABLE_SIZE", "table_size"),
        ({"table_size": 12}, "BAD_TABLE_SIZE", "table_size"),
        ({"rounds": 0}, "BAD_ROUNDS", "rounds"),
        ({"players": 1001}, "TOO_MANY_PLAYERS", "players"),
        ({"players": 257, "format": "round-robin"}, "TOO_MANY_PLAYERS", "players"),
        ({"name": ""}, "BAD_NAME", "name"),
        ({"game": "chess"}, "UNKNOWN_GAME", ""),
    ],
)
def test_bad_tournaments_are_refused_with_the_field_and_store_nothing(
    organiser: TournamentClient, server: Running, fields: dict[str, Any], reason: str, field: str
) -> None:
    before = server.app.recorder.max_notification_id()
    refused = failure(lambda: helpers.create(organiser, **{"players": 4, "table_size": 2, **fields}))
    assert refused.reason == reason and refused.metadata.get("field", "") == field
    assert refused.code in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.NOT_FOUND)
    assert server.app.recorder.max_notification_id() == before


def test_unknown_and_malformed_tournament_ids(organiser: TournamentClient) -> None:
    game = organiser.call("CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=2))
    for wrong in ("00000000-0000-0000-0000-000000000000", game.game_id):
        missing = failure(lambda wrong=wrong: helpers.get(organiser, wrong))
        assert missing.code == grpc.StatusCode.NOT_FOUND and missing.reason == "TOURNAMENT_NOT_FOUND"
    malformed = failure(lambda: helpers.get(organiser, "not-an-id"))
    assert (
        malformed.code == grpc.StatusCode.INVALID_ARGUMENT and malformed.metadata["field"] == "tournament_id"
    )


def test_the_service_is_listed_by_reflection(server: Running) -> None:
    from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        answers = stub.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(list_services="")]))
        names = {s.name for answer in answers for s in answer.list_services_response.service}
    assert "frontier.v1.Tournaments" in names


def test_a_tournament_id_is_no_game_on_any_game_call(tmp_path: Path) -> None:
    """Tournaments share the games' store: a game call given a tournament's id answers NOT_FOUND."""
    data = tmp_path / "data"
    for fresh in (False, True):  # the record cached by this process, then read from the store
        running = start_server(data)
        try:
            with TournamentClient(f"127.0.0.1:{running.port}", token=ORGANISER) as client:
                if not fresh:
                    tournament_id = helpers.create(client).tournament_id
                for method, request in (
                    ("GetState", frontier_pb2.GetStateRequest(game_id=tournament_id)),
                    ("ExportLog", frontier_pb2.ExportLogRequest(game_id=tournament_id)),
                ):
                    missing = failure(lambda m=method, r=request: client.call(m, r))  # type: ignore[misc]
                    assert missing.code == grpc.StatusCode.NOT_FOUND and missing.reason == "GAME_NOT_FOUND"
        finally:
            running.stop()


def test_two_organisers_starting_a_round_at_once_make_one_round(organiser: TournamentClient) -> None:
    from concurrent.futures import ThreadPoolExecutor

    made = helpers.create(organiser, players=8, table_size=2, rounds=2)
    with ThreadPoolExecutor(4) as pool:
        outcomes = list(pool.map(lambda _: _attempt(organiser, made.tournament_id), range(4)))
    assert sorted(outcomes) == ["ROUND_IN_PROGRESS"] * 3 + ["started"]
    shown = helpers.get(organiser, made.tournament_id)
    assert len(shown.rounds) == 1
    tagged = organiser.call("ListGames", frontier_pb2.ListGamesRequest(tag=shown.tag)).games
    assert len(tagged) == 4  # no game was made by the calls that lost


def _attempt(client: TournamentClient, tournament_id: str) -> str:
    try:
        helpers.start_round(client, tournament_id)
    except grpc.RpcError as error:
        return _reason(error)
    return "started"


def _reason(error: grpc.RpcError) -> str:
    status = rpc_status.from_call(error)  # type: ignore[arg-type]
    info = error_details_pb2.ErrorInfo()
    assert status is not None and status.details[0].Unpack(info)
    return str(info.reason)
