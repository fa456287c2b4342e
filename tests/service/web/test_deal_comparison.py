"""The tournament page's per-deal comparison in a real headless Chromium, beside a real gRPC server.

Oracle: the places and scores the gRPC service gives each table (`GetTournament`, ranking tiers of
names), recomputed here seat by seat. While a deal is in play the page shows its finished table's
results only to the signed-in organiser.
"""

from __future__ import annotations

from typing import Any

from service.cli.tournaments import TournamentClient
from service.core.tournaments.deals import deal_key
from tests.conftest import ORGANISER, requires_most_wanted
from tests.service.tournaments import helpers
from tests.service.web.conftest import Site
from tests.service.web.http_client import get

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]  # two tables of 3: one deal per round


def expected_cells(table: Any) -> list[tuple[str, str, str]]:
    """(player, "#place", score) per seat, from the service's ranking: tied players share a place."""
    place_of, place = {}, 1
    for tier in table.result.ranking:
        for name in tier.players:
            place_of[name] = place
        place += len(tier.players)
    return [(p, f"#{place_of[p]}", str(table.result.scores[s])) for s, p in enumerate(table.players)]


def shown_cells(page: Any, round_number: int, seats: int) -> list[list[tuple[str, ...]]]:
    """The comparison of one deal as the browser renders it: per seat, per table, its spans' text."""
    rows = page.locator(f"#deal-{round_number}-{seats} tr")
    found = []
    for r in range(1, rows.count()):  # after the heading row
        cells = rows.nth(r).locator("td")
        assert cells.nth(0).inner_text() == str(r), "seats are numbered from 1"
        found.append([tuple(cells.nth(c).locator("span").all_inner_texts()) for c in range(1, cells.count())])
    return found


@requires_most_wanted
def test_the_page_shows_each_deal_side_by_side_as_the_service_ranks_it(site: Site, page: Any) -> None:
    with TournamentClient(site.address, token=ORGANISER) as organiser:
        made = helpers.create(
            organiser, PLAYERS, table_size=3, rounds=2, format="round-robin", duplicate_deals=True
        )
        helpers.run(organiser, made.tournament_id, 2)
        served = helpers.get(organiser, made.tournament_id)
    page.goto(f"{site.url}/tournaments/{made.tournament_id}")
    assert page.locator("section.deal").count() == 2, "one deal in each round"
    for game_round in served.rounds:
        section = page.locator(f"#deal-{game_round.number}-3")
        assert deal_key(made.tournament_id, game_round.number, 3) in section.locator("h3").inner_text()
        headings = section.locator("th a")
        assert [headings.nth(i).get_attribute("href") for i in range(headings.count())] == [
            f"/games/{t.game_id}" for t in game_round.tables
        ]
        by_table = [expected_cells(t) for t in game_round.tables]
        by_seat = [[by_table[t][seat] for t in range(len(by_table))] for seat in range(3)]
        assert shown_cells(page, game_round.number, 3) == by_seat


@requires_most_wanted
def test_a_deal_in_play_shows_its_finished_tables_results_to_the_signed_in_organiser_only(
    site: Site, page: Any
) -> None:
    with TournamentClient(site.address, token=ORGANISER) as organiser:
        made = helpers.create(
            organiser, PLAYERS, table_size=3, rounds=1, format="round-robin", duplicate_deals=True
        )
        started = helpers.start_round(organiser, made.tournament_id)
        first = started.tournament.rounds[0].tables[0].game_id
        helpers.play_round(organiser, _only(started, first))
        served = helpers.get(organiser, made.tournament_id)
    url = f"{site.url}/tournaments/{made.tournament_id}"
    page.goto(url)
    cells = shown_cells(page, 1, 3)
    table_1, table_2 = served.rounds[0].tables
    assert [row[0] for row in cells] == [(p, "result withheld") for p in table_1.players]
    assert [row[1] for row in cells] == [(p, "playing") for p in table_2.players]
    assert (
        "result withheld until every table of its deal has finished"
        in page.locator("li.table").nth(0).inner_text()
    )
    # The organiser signs in (the form sets the cookie) and sees table 1's places and scores.
    page.goto(f"{site.url}/login")
    page.fill("input[name=token]", ORGANISER)
    page.locator("form button, form input[type=submit]").first.click()
    page.wait_for_url(f"{site.url}/")
    page.goto(url)
    cells = shown_cells(page, 1, 3)
    assert [row[0] for row in cells] == expected_cells(table_1)
    assert [row[1] for row in cells] == [(p, "playing") for p in table_2.players]
    assert get(url).body.count("result withheld</span>") == 3, "still withheld from everyone else"


def _only(started: Any, game_id: str) -> Any:
    """`started` with only the grants of `game_id`'s table, so that table alone is played."""
    copy = type(started).FromString(started.SerializeToString())
    del copy.seats[:]
    copy.seats.extend(g for g in started.seats if g.game_id == game_id)
    return copy
