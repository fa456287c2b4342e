"""A whole tournament, through the real `frontier` command against a real server process:
a Most Wanted tournament of three rounds at tables of 4 (12 players in CI, 8 in the quick run),
played by bots, with tables assigned, standings and ratings shown, the whole tournament exported
as NDJSON and audited at once.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ORGANISER, requires_most_wanted
from tests.service.serving import frontier_run, frontier_serving
from tests.sizes import sized

TABLES = sized(2, 3)  # tables of 4 in each round
PLAYERS = [f"Player {chr(ord('A') + i)}" for i in range(4 * TABLES)]
GAMES = 3 * TABLES  # three rounds


def frontier(*args: str, check: bool = True, token: str | None = None) -> subprocess.CompletedProcess[str]:
    return frontier_run(*args, check=check, token=token)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """`frontier serve --port 0` with an organiser token, in its own process; yields HOST:PORT."""
    with frontier_serving(tmp_path / "data", ORGANISER) as address:
        yield address


@requires_most_wanted
def test_a_most_wanted_tournament_of_three_swiss_rounds_end_to_end(served: str, tmp_path: Path) -> None:
    created = frontier(
        "tournament", "create", "--server", served, "--name", "Spring Open", "--game", "most-wanted",
        "--players", ",".join(PLAYERS), "--table-size", "4", "--rounds", "3", "--format", "swiss",
        token=ORGANISER,
    )  # fmt: skip
    tournament_id = created.stdout.strip()
    assert re.fullmatch(r"[0-9a-f-]{36}", tournament_id)

    # Only the organiser starts rounds.
    refused = frontier("tournament", "round", "--server", served, tournament_id, check=False)
    assert refused.returncode == 1 and "UNAUTHENTICATED" in refused.stderr

    for number in (1, 2, 3):
        played = frontier(
            "tournament", "round", "--server", served, tournament_id, "--bots", "--seed", str(number),
            token=ORGANISER,
        )  # fmt: skip
        assert f"Round {number}" in played.stdout
        seated = re.findall(r"table (\d)  [0-9a-f-]{36}  (.*)", played.stdout)
        assert [t for t, _ in seated] == [str(t) for t in range(1, TABLES + 1)]
        names = [re.sub(r"^\d+\. ", "", n) for _, line in seated for n in line.split(", ")]
        assert sorted(names) == sorted(PLAYERS)  # every player at exactly one table of 4
        assert played.stdout.count("played:") == TABLES
    over = frontier("tournament", "round", "--server", served, tournament_id, check=False, token=ORGANISER)
    assert over.returncode == 1 and "all 3 rounds have been played" in over.stderr

    shown = frontier("tournament", "show", "--server", served, tournament_id).stdout
    assert "3 of 3 rounds, finished" in shown and "; seed " in shown and "in progress" not in shown

    standings = frontier("tournament", "standings", "--server", served, tournament_id, "--json").stdout
    rows = json.loads(standings)["standings"]
    assert sorted(r["player"] for r in rows) == sorted(PLAYERS)
    assert all(r["games"] == 3 for r in rows)
    # Every table hands out 3+2+1+0 = 6 pairwise points (ties split them).
    assert sum(r["points"] for r in rows) == pytest.approx(6 * GAMES)
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows) and rows[0]["rank"] == 1
    assert "rank" in frontier("tournament", "standings", "--server", served, tournament_id).stdout

    ratings = json.loads(
        frontier("tournament", "ratings", "--server", served, tournament_id, "--json").stdout
    )
    assert len(ratings["ratings"]) == len(PLAYERS) and len(ratings["updates"]) == GAMES
    assert all(
        u["model"].startswith("openskill ") and u["model"].endswith(" PlackettLuce")
        for u in ratings["updates"]
    )
    assert {"mu", "sigma", "beta", "kappa", "tau"} <= set(ratings["updates"][0]["constants"])
    shown_ratings = frontier("tournament", "ratings", "--server", served, tournament_id).stdout
    assert "PlackettLuce" in shown_ratings and PLAYERS[0] in shown_ratings

    verified = frontier("tournament", "verify", "--server", served, tournament_id)
    assert f"3 rounds, {GAMES} tables" in verified.stdout

    games = frontier(
        "games", "--server", served, "--tournament", tournament_id, "--status", "finished"
    ).stdout
    assert len(games.splitlines()) == GAMES

    bundle = tmp_path / "spring.ndjson"
    frontier("export", "--server", served, "--tournament", tournament_id, "-o", str(bundle))
    records = [json.loads(line) for line in bundle.read_text().splitlines()]
    assert len(records) == GAMES and len({r["game_id"] for r in records}) == GAMES
    assert Counter(r["round"] for r in records) == {1: TABLES, 2: TABLES, 3: TABLES}
    assert all(json.loads(r["log"].splitlines()[0])["game_id"] == r["game_id"] for r in records)

    audited = frontier(
        "audit", str(bundle), "--server", served, "--json", "--known-keys", str(tmp_path / "known")
    )
    report = json.loads(audited.stdout)
    assert report["summary"] == {
        "games": GAMES,
        "passed": GAMES,
        "failed": 0,
        "unreadable": 0,
        "untrusted": 0,
        "incomplete": 0,
    }
    assert {g["game_id"] for g in report["games"]} == {r["game_id"] for r in records}

    online = frontier(
        "audit", "--server", served, "--tournament", tournament_id, "--known-keys", str(tmp_path / "known")
    )
    assert f"{GAMES} games: {GAMES} passed, 0 failed" in online.stdout
