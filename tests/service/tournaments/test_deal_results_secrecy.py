"""The attack on a duplicate deal through the tournament's own channels, over real gRPC and HTTP.

Table 1 of a deal finishes while table 2 still plays the same cards. A player of table 2 (and any
spectator) asks every tournament channel (GetTournament and its record, GetStandings, GetRatings,
`frontier tournament show/standings/ratings`, the NDJSON export and the bulk audit, the web
tournament page) for anything of table 1's result. The oracle: each answer is byte for byte what
it was before table 1 finished, except that table 1 says its game is over ("deal_in_play").
Once the deal is complete, everyone sees what the organiser sees.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from google.protobuf import json_format

from service.cli.tournaments import TournamentClient
from service.client import play_game
from service.core.tournaments.disclosure import DEAL_IN_PLAY
from service.server import Running
from service.web.server import start_http
from tests.conftest import ORGANISER, requires_most_wanted, start_server
from tests.replay.trust.helpers import frontier, server_key_file
from tests.service.tournaments import helpers
from tests.service.web.http_client import get

WITHHELD_LINE = "finished, result withheld until every table of its deal has finished"
WITHHELD_PAGE = "finished; result withheld until every table of its deal has finished"


class Deal:
    """A server, its web pages, and a duplicate-deal round of two tables of four, not yet played."""

    def __init__(self, data: Path) -> None:
        self.running: Running = start_server(data)
        self.http = start_http(self.running.ledger, ORGANISER, "127.0.0.1", 0)
        self.address = f"127.0.0.1:{self.running.port}"
        self.url = f"http://127.0.0.1:{self.http.port}"
        self.organiser = TournamentClient(self.address, token=ORGANISER)
        made = helpers.create(
            self.organiser, players=8, table_size=4, rounds=1, format="round-robin", duplicate_deals=True
        )
        self.tournament_id = made.tournament_id
        started = helpers.start_round(self.organiser, self.tournament_id)
        self.first, self.second = started.tournament.rounds[0].tables
        self.tokens: dict[str, dict[int, str]] = {}
        for grant in started.seats:
            self.tokens.setdefault(grant.game_id, {})[grant.seat] = grant.token

    def play(self, table: Any, seed: int) -> None:
        play_game(self.organiser, table.game_id, self.tokens[table.game_id], random.Random(seed))

    def close(self) -> None:
        self.organiser.close()
        self.http.stop()
        self.running.stop()


@pytest.fixture
def deal(tmp_path: Path) -> Iterator[Deal]:
    running = Deal(tmp_path / "data")
    yield running
    running.close()


def grpc_answers(deal: Deal, token: str | None) -> dict[str, Any]:
    with TournamentClient(deal.address, token=token) as client:
        return {
            m: helpers.get(client, deal.tournament_id, m)
            for m in ("GetTournament", "GetStandings", "GetRatings")
        }


def cli_answers(
    deal: Deal, token: str | None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> dict[str, str]:
    if token is None:
        monkeypatch.delenv("FRONTIER_TOKEN", raising=False)
    else:
        monkeypatch.setenv("FRONTIER_TOKEN", token)
    answers = {}
    for action in ("show", "standings", "ratings"):
        for form in ((), ("--json",)):
            status, out, err = frontier(
                capsys, "tournament", action, "--server", deal.address, deal.tournament_id, *form
            )
            assert status == 0, err
            answers[" ".join((action, *form))] = out
    return answers


def page(deal: Deal, token: str | None) -> str:
    reply = get(f"{deal.url}/tournaments/{deal.tournament_id}", token=token)
    assert reply.status == 200
    return reply.body


def as_if_playing(answers: dict[str, Any], game_id: str) -> dict[str, Any]:
    """The answers with `game_id` said to be in progress (the one thing a withheld table shows)."""
    shown = {k: type(v).FromString(v.SerializeToString()) for k, v in answers.items()}
    for table in shown["GetTournament"].rounds[0].tables:
        if table.game_id == game_id:
            assert table.status == DEAL_IN_PLAY and not table.HasField("result")
            table.status = "in_progress"
    return shown


@requires_most_wanted
def test_a_player_still_playing_the_deal_learns_nothing_of_the_finished_table_from_any_channel(
    deal: Deal, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    player = deal.tokens[deal.second.game_id][0]  # at table 2, which still plays the deal
    callers = {"player": player, "spectator": None}
    before = {
        who: (grpc_answers(deal, t), cli_answers(deal, t, capsys, monkeypatch), page(deal, t))
        for who, t in callers.items()
    }
    deal.play(deal.first, seed=1)

    # The organiser sees table 1's result at once, in every channel.
    organiser = grpc_answers(deal, ORGANISER)
    table = organiser["GetTournament"].rounds[0].tables[0]
    assert table.status == "finished" and table.result.ranking
    assert any(s.games for s in organiser["GetStandings"].standings) and organiser["GetRatings"].updates
    assert "result:" in page(deal, ORGANISER).split("Table 1</a>")[1].split("</li>")[0]

    for who, token in callers.items():
        grpc_before, cli_before, page_before = before[who]
        grpc_now = grpc_answers(deal, token)
        assert as_if_playing(grpc_now, deal.first.game_id) == grpc_before, who
        # The record (show --json) says table 1 is still pending: places and scores null.
        (compared,) = json.loads(grpc_now["GetTournament"].record_json)["deals"]
        assert compared["tables"][0]["places"] is None and compared["tables"][0]["scores"] is None
        cli_now = cli_answers(deal, token, capsys, monkeypatch)
        assert WITHHELD_LINE in cli_now["show"], who
        cli_now["show"] = cli_now["show"].replace(WITHHELD_LINE, "in progress")
        assert cli_now == cli_before, who
        page_now = page(deal, token)
        assert WITHHELD_PAGE in page_now and 'class="deal_in_play"' in page_now, who
        unchanged = (
            page_now.replace(WITHHELD_PAGE, "in progress")
            .replace('class="deal_in_play"', 'class="in_progress"')
            .replace("result withheld</span>", "playing</span>")
        )
        assert unchanged == page_before, who

    # The bulk channels need the finished table's log, which its deal keeps closed.
    monkeypatch.setenv("FRONTIER_TOKEN", player)
    bundle = tmp_path / "deal.ndjson"
    status, _, err = frontier(
        capsys, "export", "--server", deal.address, "--tournament", deal.tournament_id, "-o", str(bundle)
    )
    assert status == 1 and not bundle.exists(), err
    assert "PERMISSION_DENIED" in err or "UNAUTHENTICATED" in err
    status, out, err = frontier(
        capsys, "audit", "--server", deal.address, "--tournament", deal.tournament_id, "--json"
    )
    assert status == 1 and out == "", err

    # Table 2 finishes: the deal is complete and everyone sees what the organiser sees.
    deal.play(deal.second, seed=2)
    organiser = grpc_answers(deal, ORGANISER)
    assert [t.status for t in organiser["GetTournament"].rounds[0].tables] == ["finished", "finished"]
    for who, token in callers.items():
        assert grpc_answers(deal, token) == organiser, who
        shown = cli_answers(deal, token, capsys, monkeypatch)["show"]
        for table in organiser["GetTournament"].rounds[0].tables:
            ranking = " > ".join(" = ".join(tier.players) for tier in table.result.ranking)
            assert f"->  {ranking}" in shown, who
        assert "pending" not in shown and "withheld" not in shown
        assert page(deal, token) == page(deal, None), who
    assert "withheld" not in page(deal, None) and page(deal, None).count("result:") == 2


@requires_most_wanted
def test_the_standings_and_ratings_json_of_a_complete_deal_count_both_tables(deal: Deal) -> None:
    deal.play(deal.first, seed=3)
    with TournamentClient(deal.address) as spectator:
        ranked = helpers.get(spectator, deal.tournament_id, "GetStandings")
        assert {s.games for s in ranked.standings} == {0}
        deal.play(deal.second, seed=4)
        ranked = helpers.get(spectator, deal.tournament_id, "GetStandings")
        rated = helpers.get(spectator, deal.tournament_id, "GetRatings")
    assert {s.games for s in ranked.standings} == {1}
    assert [u.game_id for u in rated.updates] == [deal.first.game_id, deal.second.game_id]
    assert json_format.MessageToDict(rated)["updates"][0]["changes"]


@requires_most_wanted
def test_a_duplicate_deal_tournament_verifies_end_to_end_for_anyone_once_it_is_over(
    server: Running, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Withholding results changes nothing once the deals are over: the record verifies, and the
    NDJSON export a spectator takes audits game by game, each ranking and each deal checked."""
    address = f"127.0.0.1:{server.port}"
    with TournamentClient(address, token=ORGANISER) as organiser:
        made = helpers.create(organiser, players=8, table_size=4, rounds=2, duplicate_deals=True)
        helpers.run(organiser, made.tournament_id, 2)
        key = server_key_file(organiser, tmp_path)
    monkeypatch.delenv("FRONTIER_TOKEN", raising=False)  # a spectator from here on
    with TournamentClient(address) as spectator:
        served = helpers.get(spectator, made.tournament_id)
    assert served.status == "finished" and all(t.HasField("result") for r in served.rounds for t in r.tables)
    status, out, err = frontier(capsys, "tournament", "verify", "--server", address, made.tournament_id)
    assert status == 0 and "verified" in out, out + err
    bundle = tmp_path / "cup.ndjson"
    status, _, err = frontier(
        capsys, "export", "--server", address, "--tournament", made.tournament_id, "-o", str(bundle)
    )
    assert status == 0, err
    records = [json.loads(line) for line in bundle.read_text(encoding="utf-8").splitlines()]
    tables = [t for r in served.rounds for t in r.tables]
    assert [r["game_id"] for r in records] == [t.game_id for t in tables]
    for record, table in zip(records, tables, strict=True):
        seat = {name: index for index, name in enumerate(table.players)}
        assert record["ranking"] == [[seat[n] for n in tier.players] for tier in table.result.ranking]
        assert f'"deal":"{made.tournament_id}/round-{record["round"]}/4-seats"' in record["log"]
    status, out, err = frontier(capsys, "audit", str(bundle), "--key", str(key), "--json")
    report = json.loads(out)
    assert status == 0 and report["summary"]["passed"] == 4, out + err
