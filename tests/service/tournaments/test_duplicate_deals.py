"""Duplicate deals over real gRPC on a real SQLite file: the same deal at every table of a round,
committed and checkable, and kept secret across tables until every table of the deal has finished."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from engines.rng import seed_commitment
from replay import logfile
from replay.verify import verify
from service.cli.tournaments import TournamentClient
from service.client import play_game
from service.core.tournaments.deals import deal_key, deal_seed
from service.core.tournaments.verify import verify_record
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER, requires_most_wanted, start_server
from tests.service.helpers import failure
from tests.service.tournaments import helpers

PERMISSION_DENIED = grpc.StatusCode.PERMISSION_DENIED
CHANNELS = ("GetState", "Replay", "ExportLog", "WatchGame", "Audit", "ProveInclusion")


@pytest.fixture
def organiser(server: Running) -> Iterator[TournamentClient]:
    with TournamentClient(f"127.0.0.1:{server.port}", token=ORGANISER) as client:
        yield client


@pytest.fixture
def spectator(server: Running) -> Iterator[TournamentClient]:
    with TournamentClient(f"127.0.0.1:{server.port}") as client:
        yield client


def _tokens(started: Any) -> dict[str, dict[int, str]]:
    tokens: dict[str, dict[int, str]] = {}
    for grant in started.seats:
        tokens.setdefault(grant.game_id, {})[grant.seat] = grant.token
    return tokens


def _log(client: TournamentClient, game_id: str, token: str | None = None) -> logfile.Record:
    content = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=token).content
    lines = [line for line in content.splitlines() if '"type":"checkpoint"' not in line and line]
    return logfile.read_lines(lines)


def _requests(game_id: str) -> dict[str, Any]:
    return {
        "GetState": frontier_pb2.GetStateRequest(game_id=game_id),
        "Replay": frontier_pb2.ReplayRequest(game_id=game_id),
        "ExportLog": frontier_pb2.ExportLogRequest(game_id=game_id),
        "WatchGame": frontier_pb2.WatchGameRequest(game_id=game_id),
        "Audit": frontier_pb2.AuditRequest(game_id=game_id),
        "ProveInclusion": frontier_pb2.ProveInclusionRequest(game_id=game_id, version=1),
    }


def _ask(client: TournamentClient, method: str, game_id: str, token: str | None = None) -> bytes:
    """Every byte a channel answers (a stream read to its end, or for a live watch to the setup)."""
    request = _requests(game_id)[method]
    rpc: Callable[..., Any] = getattr(client.stub, method)
    metadata = client.metadata(token)
    if method == "WatchGame":
        stream = rpc(request, metadata=metadata, timeout=10)
        first = next(iter(stream))
        stream.cancel()
        return bytes(first.SerializeToString())
    if method == "Replay":
        return b"".join(m.SerializeToString() for m in rpc(request, metadata=metadata, timeout=30))
    return bytes(rpc(request, metadata=metadata, timeout=30).SerializeToString())


def _duplicate_round(organiser: TournamentClient, players: int = 8) -> tuple[Any, Any]:
    made = helpers.create(
        organiser, players=players, table_size=4, rounds=1, format="round-robin", duplicate_deals=True
    )
    return made, helpers.start_round(organiser, made.tournament_id)


@requires_most_wanted
def test_a_round_of_two_tables_of_four_plays_one_deal_and_both_audits_pass(
    organiser: TournamentClient, spectator: TournamentClient
) -> None:
    made, started = _duplicate_round(organiser)
    assert made.duplicate_deals
    tables = started.tournament.rounds[0].tables
    assert len(tables) == 2 and all(len(t.players) == 4 for t in tables)
    tokens = _tokens(started)
    headers = [_log(organiser, t.game_id)[0] for t in tables]
    key = deal_key(made.tournament_id, 1, 4)
    assert [h.deal for h in headers] == [key, key]
    assert headers[0].game_id != headers[1].game_id
    # The deal: the same setup events and draws at both tables, under one commitment.
    assert headers[0].setup_events == headers[1].setup_events
    assert headers[0].setup_draws == headers[1].setup_draws
    assert headers[0].seed_commitment == headers[1].seed_commitment
    chooser = random.Random(7)
    for table in tables:
        play_game(organiser, table.game_id, tokens[table.game_id], chooser)
    seeds = set()
    for table in tables:
        header, entries, trailer = _log(spectator, table.game_id)  # the deal is over: open to all
        assert trailer is not None and trailer.seed is not None
        seeds.add(trailer.seed)
        result = verify(header, entries, trailer)
        assert result.verdict == "passed" and result.draws_rederived > 0, result.problem
        audit = spectator.call("Audit", frontier_pb2.AuditRequest(game_id=table.game_id))
        assert audit.ok and audit.verdict == "passed"
        assert f"keyed by duplicate deal {key}" in audit.markdown
    (seed,) = seeds
    assert seed_commitment(bytes.fromhex(seed)) == headers[0].seed_commitment
    shown = helpers.get(organiser, made.tournament_id)
    assert shown.status == "finished"
    record = json.loads(shown.record_json)
    # The tournament seed, revealed at the end, derives the deal seed: committed at creation.
    assert deal_seed(bytes.fromhex(record["seed"]), key).hex() == seed
    assert verify_record(record) == []
    (deal,) = record["deals"]
    assert deal["deal"] == key and [t["game_id"] for t in deal["tables"]] == [t.game_id for t in tables]
    for table, compared in zip(shown.rounds[0].tables, deal["tables"], strict=True):
        assert compared["scores"] == list(table.result.scores)
        assert sorted(compared["places"])[0] == 1


@requires_most_wanted
def test_a_spectator_of_the_table_that_finished_first_learns_nothing_of_the_deal(
    organiser: TournamentClient, spectator: TournamentClient
) -> None:
    """The attack: table 1 finishes while table 2 plays the same deal. Its spectators and its own
    players try every channel on both tables to learn the deal, which is table 2's future."""
    _, started = _duplicate_round(organiser)
    first, second = started.tournament.rounds[0].tables
    tokens = _tokens(started)
    play_game(organiser, first.game_id, tokens[first.game_id], random.Random(1))
    secret_header = _log(organiser, second.game_id)[0]
    finished_log = _log(organiser, first.game_id)  # the organiser may see it all
    assert finished_log[2] is not None and finished_log[2].seed is not None
    deal_seed_hex = finished_log[2].seed
    hidden = json.dumps(secret_header.setup_draws[0]["value"], separators=(",", ":"))  # table 2's deck
    for game_id in (first.game_id, second.game_id):
        for method in CHANNELS:
            refused = failure(lambda m=method, g=game_id: _ask(spectator, m, g))
            # A game in progress was never audited for spectators; that refusal comes first.
            reason = "AUDIT_NOT_ALLOWED" if (method, game_id) == ("Audit", second.game_id) else "DEAL_IN_PLAY"
            assert refused.code == PERMISSION_DENIED and refused.reason == reason, (method, refused)
    # Table 1's own players (their game is over) see only their own seats' views.
    for seat, token in tokens[first.game_id].items():
        for method in ("GetState", "Replay", "ExportLog", "WatchGame", "ProveInclusion"):
            answer = _ask(spectator, method, first.game_id, token)
            assert deal_seed_hex.encode() not in answer and hidden.encode() not in answer, (method, seat)
        state = spectator.call("GetState", frontier_pb2.GetStateRequest(game_id=first.game_id), token=token)
        assert state.status == "finished" and state.viewer_seat == seat and not state.state_hash
        exported = spectator.call(
            "ExportLog", frontier_pb2.ExportLogRequest(game_id=first.game_id), token=token
        )
        assert exported.redacted
        refused = failure(lambda t=token: _ask(spectator, "Audit", first.game_id, t))
        assert refused.code == PERMISSION_DENIED and refused.reason == "DEAL_IN_PLAY"
        # Their token is not one of table 2's: nothing there either.
        assert failure(lambda t=token: _ask(spectator, "GetState", second.game_id, t)).code in (
            grpc.StatusCode.PERMISSION_DENIED,
            grpc.StatusCode.UNAUTHENTICATED,
        )
    # The tournament's own record names the deal and its commitment, never its seed.
    record = helpers.get(spectator, started.tournament.tournament_id).record_json
    assert deal_seed_hex not in record and json.loads(record)["seed"] is None
    # Once table 2 finishes, the deal is over and both tables open to everyone.
    play_game(organiser, second.game_id, tokens[second.game_id], random.Random(2))
    for game_id in (first.game_id, second.game_id):
        opened = spectator.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id))
        assert opened.state_hash
        assert _log(spectator, game_id)[2].seed == deal_seed_hex  # type: ignore[union-attr]


@requires_most_wanted
def test_tables_of_different_sizes_play_different_deals(organiser: TournamentClient) -> None:
    made, started = _duplicate_round(organiser, players=7)  # 7 at tables of 4: 4 + 3
    tables = started.tournament.rounds[0].tables
    headers = [_log(organiser, t.game_id)[0] for t in tables]
    assert [h.deal for h in headers] == [deal_key(made.tournament_id, 1, s) for s in (4, 3)]
    assert headers[0].seed_commitment != headers[1].seed_commitment
    record = json.loads(helpers.get(organiser, made.tournament_id).record_json)
    assert [d["seats"] for d in record["deals"]] == [4, 3]


@requires_most_wanted
def test_without_duplicate_deals_every_table_has_its_own_seed(organiser: TournamentClient) -> None:
    made = helpers.create(organiser, players=8, table_size=4, rounds=1, format="round-robin")
    started = helpers.start_round(organiser, made.tournament_id)
    headers = [_log(organiser, t.game_id)[0] for t in started.tournament.rounds[0].tables]
    assert [h.deal for h in headers] == [None, None]
    assert headers[0].seed_commitment != headers[1].seed_commitment
    assert "deals" not in json.loads(helpers.get(organiser, made.tournament_id).record_json)


@requires_most_wanted
def test_verify_recomputes_the_deals_and_catches_forged_ones(organiser: TournamentClient) -> None:
    made, started = _duplicate_round(organiser)
    tokens = _tokens(started)
    for table in started.tournament.rounds[0].tables:
        play_game(organiser, table.game_id, tokens[table.game_id], random.Random(3))
    record = json.loads(helpers.get(organiser, made.tournament_id).record_json)
    assert verify_record(record) == []

    def problems(edit: Callable[[dict[str, Any]], None]) -> list[str]:
        forged = json.loads(json.dumps(record))
        edit(forged)
        return [p.code for p in verify_record(forged)]

    def commitment(data: dict[str, Any]) -> None:
        data["rounds"][0]["tables"][1]["seed_commitment"] = "ab" * 32

    def rekeyed(data: dict[str, Any]) -> None:
        data["rounds"][0]["tables"][0]["deal"] = f"{made.tournament_id}/round-2/4-seats"

    def dropped(data: dict[str, Any]) -> None:
        data["definition"]["duplicate_deals"] = False

    def swapped_places(data: dict[str, Any]) -> None:
        data["deals"][0]["tables"][0]["players"].reverse()

    assert problems(commitment) == ["DEAL_COMMITMENT_DIFFERS"]
    assert "DEAL_DIFFERS" in problems(rekeyed)
    assert "DEAL_UNEXPECTED" in problems(dropped)
    assert problems(swapped_places) == ["DEALS_DIFFER"]


def test_the_deal_key_is_read_strictly() -> None:
    """A header's deal key is 1-200 printable characters, and only in format 2."""
    from tools.conformance import deal_record

    header, entries, trailer = deal_record(1)
    lines = logfile.write_lines(header, entries, trailer)
    first = json.loads(lines[0])
    for bad in ("", "a\nb", "x" * 201, 7):
        with pytest.raises(logfile.LogFormatError, match="deal"):
            logfile.read_lines([json.dumps({**first, "deal": bad}), *lines[1:]])
    assert logfile.read_lines(lines)[0].deal == header.deal


@requires_most_wanted
def test_the_web_viewer_keeps_a_deal_closed_until_every_table_has_finished(tmp_path: Path) -> None:
    from service.web.server import start_http
    from tests.service.web.http_client import get

    running = start_server(tmp_path / "data")
    http = start_http(running.ledger, ORGANISER, "127.0.0.1", 0)
    try:
        url = f"http://127.0.0.1:{http.port}"
        with TournamentClient(f"127.0.0.1:{running.port}", token=ORGANISER) as organiser:
            _, started = _duplicate_round(organiser)
            first, second = started.tournament.rounds[0].tables
            tokens = _tokens(started)
            play_game(organiser, first.game_id, tokens[first.game_id], random.Random(4))
            seed = _log(organiser, first.game_id)[2].seed  # type: ignore[union-attr]
            assert seed
            for game_id in (first.game_id, second.game_id):
                for path in (
                    f"/games/{game_id}",
                    f"/api/games/{game_id}/steps",
                    f"/games/{game_id}?seat=all",
                ):
                    page = get(url + path)
                    assert page.status in (401, 403) and seed not in page.body, path
                    assert (
                        "DEAL_IN_PLAY" in page.body
                        or "duplicate deal" in page.body
                        or "organiser" in page.body
                    )
            own = get(f"{url}/api/games/{first.game_id}/steps", token=tokens[first.game_id][0])
            assert (
                own.status == 200 and json.loads(own.body)["viewer"] != "everything" and seed not in own.body
            )
            play_game(organiser, second.game_id, tokens[second.game_id], random.Random(5))
            assert get(f"{url}/games/{first.game_id}").status == 200
    finally:
        http.stop()
        running.stop()


@requires_most_wanted
def test_the_cli_creates_a_duplicate_deal_tournament_and_shows_each_deal_side_by_side(
    capsys: pytest.CaptureFixture[str], server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.replay.trust.helpers import frontier

    monkeypatch.setenv("FRONTIER_TOKEN", ORGANISER)
    address = f"127.0.0.1:{server.port}"
    status, out, err = frontier(
        capsys, "tournament", "create", "--server", address, "--name", "Deal Cup", "--game", "most-wanted",
        "--players", "Ann,Bob,Cy,Dee,Eve,Fay", "--table-size", "3", "--rounds", "1", "--duplicate-deals",
    )  # fmt: skip
    assert status == 0, err
    tournament_id = out.strip()
    status, out, err = frontier(capsys, "tournament", "round", "--server", address, tournament_id, "--bots")
    assert status == 0, err
    status, out, err = frontier(capsys, "tournament", "show", "--server", address, tournament_id)
    assert status == 0, err
    shown = out[out.index("Duplicate deals") :]
    assert f"Round 1, deal {deal_key(tournament_id, 1, 3)}" in shown
    assert "table 1" in shown and "table 2" in shown
    served = helpers.get(organiser_client := TournamentClient(address), tournament_id)
    organiser_client.close()
    for seat in range(3):
        row = next(line for line in shown.splitlines() if line.strip().startswith(f"{seat + 1}  "))
        for table in served.rounds[0].tables:  # each table's player of this seat, with place and score
            assert table.players[seat] in row and f"{table.result.scores[seat]:>3}" in row
    status, out, err = frontier(capsys, "tournament", "verify", "--server", address, tournament_id)
    assert status == 0 and "verified" in out, out + err
