"""The tournament pages over real HTTP, beside a real gRPC server where bots played the games."""

from __future__ import annotations

from collections import Counter
from html import unescape

from service.cli.tournaments import TournamentClient
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.tournaments import helpers
from tests.service.web.conftest import Site
from tests.service.web.http_client import get
from tests.service.web.tournaments import played_tournament, standings_rows

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def test_the_list_shows_stored_tournaments_newest_first_and_the_game_list_links_it(site: Site) -> None:
    older = played_tournament(site, PLAYERS, rounds=2, play=1, name="Spring Open")
    newer = played_tournament(site, PLAYERS, rounds=1, play=0, name="Summer Cup", format="round-robin")
    page = get(site.url + "/tournaments")
    assert page.status == 200
    assert page.body.index(f'href="/tournaments/{newer}"') < page.body.index(f'href="/tournaments/{older}"')
    older_row = page.body[page.body.index(f'href="/tournaments/{older}"') :].split("</tr>")[0]
    assert "Spring Open" in older_row and "Most Wanted" in older_row and "1 of 2" in older_row
    assert "waiting" in older_row, "round 1 is over and round 2 not started"
    newer_row = page.body[page.body.index(f'href="/tournaments/{newer}"') :].split("</tr>")[0]
    assert "Summer Cup" in newer_row and "0 of 1" in newer_row and "round-robin" in newer_row
    assert 'href="/tournaments"' in get(site.url + "/").body


def test_the_page_links_every_table_to_its_game_and_ranks_as_the_service_does(site: Site) -> None:
    tournament_id = played_tournament(site, PLAYERS, rounds=3)
    page = get(f"{site.url}/tournaments/{tournament_id}")
    assert page.status == 200
    with TournamentClient(site.address) as client:
        served = helpers.get(client, tournament_id)
        ranked = helpers.get(client, tournament_id, "GetStandings")
        rated = helpers.get(client, tournament_id, "GetRatings")
    assert served.status == "finished" and len(served.rounds) == 3
    for game_round in served.rounds:
        assert f"Round {game_round.number}" in page.body
        for table in game_round.tables:
            link = f'<a href="/games/{table.game_id}">Table {table.number}</a>'
            assert link in page.body
            line = page.body[page.body.index(link) :].split("</li>")[0]
            assert ", ".join(table.players) in line
            winners = table.result.ranking[0].players
            assert "result:" in line and f"1. {winners[0]}" in line, "the finished game's result"
    # The oracle: the gRPC service's standings, row for row, with shared ranks as it shares them.
    shown = standings_rows(page.body)
    assert [row[:3] for row in shown] == [[str(s.rank), s.player, f"{s.points:g}"] for s in ranked.standings]
    level = Counter((s.points, s.sonneborn_berger, s.score_sum) for s in ranked.standings)
    assert [row[3:] for row in shown] == [
        [
            f"{s.sonneborn_berger:g}",
            str(s.score_sum),
            f"{s.head_to_head:g}" if level[(s.points, s.sonneborn_berger, s.score_sum)] > 1 else "—",
            str(s.games),
        ]
        for s in ranked.standings
    ], "head-to-head only where it breaks a tie: for anyone else it is 0 by definition"
    assert [float(row[2]) for row in shown] == sorted((float(row[2]) for row in shown), reverse=True)
    assert ranked.rules[1:] in unescape(page.body), "the documented points and tie-breaks"
    ratings = page.body[page.body.index('id="ratings"') :]
    order = [ratings.index(f'<td class="player">{r.player}</td>') for r in rated.ratings]
    assert order == sorted(order), "ratings listed by ordinal, as GetRatings lists them"
    for r in rated.ratings:
        assert f"{r.ordinal:.3f}" in ratings and f"{r.mu:.3f}" in ratings and f"{r.sigma:.3f}" in ratings
    assert rated.updates[0].model in page.body
    assert f"seed <code>{served.seed}</code>" in page.body, "the seed is revealed once all rounds are over"


def test_a_tournament_in_play_shows_open_tables_and_keeps_its_seed(site: Site) -> None:
    with TournamentClient(site.address, token=ORGANISER) as client:
        created = helpers.create(client, PLAYERS, table_size=2, rounds=2)
        started = helpers.start_round(client, created.tournament_id)
    page = get(f"{site.url}/tournaments/{created.tournament_id}").body
    assert page.count("· in progress") == len(started.tournament.rounds[0].tables) == 2
    assert "result:" not in page
    assert all(row[2] == "0" and row[0] == "1" for row in standings_rows(page)), "all share rank 1 on 0"
    assert created.seed_commitment in page and " · seed <code>" not in page, "the seed stays secret"


def test_unknown_and_malformed_ids_get_clear_errors(site: Site, site_client: Client) -> None:
    unknown = get(f"{site.url}/tournaments/00000000-0000-4000-8000-000000000000")
    assert unknown.status == 404
    assert "no tournament with id 00000000-0000-4000-8000-000000000000" in unknown.body
    assert 'href="/tournaments"' in unknown.body
    game = site_client.call("CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=2))
    assert get(f"{site.url}/tournaments/{game.game_id}").status == 404, "a game's id is no tournament's"
    malformed = get(f"{site.url}/tournaments/not-a-tournament")
    assert malformed.status == 400 and "is not a UUID" in malformed.body


def test_hostile_tournament_and_player_names_stay_text(site: Site) -> None:
    hostile_name = "<script>window.pwned=1</script>"
    players = ['<img src=x onerror="alert(1)">', "Bo & Co", '"><b>Cy</b>', "Di"]
    tournament_id = played_tournament(site, players, rounds=1, name=hostile_name)
    for url in (f"{site.url}/tournaments", f"{site.url}/tournaments/{tournament_id}"):
        body = get(url).body
        assert "&lt;script&gt;window.pwned=1&lt;/script&gt;" in body and hostile_name not in body
    page = get(f"{site.url}/tournaments/{tournament_id}").body
    assert "<img" not in page and "<b>Cy</b>" not in page
    assert "&lt;img src=x onerror=&#34;alert(1)&#34;&gt;" in page and "Bo &amp; Co" in page
    assert sorted(row[1] for row in standings_rows(page)) == sorted(players), "every name, shown as text"
