"""The tournament pages: the stored tournaments, and one tournament's rounds, standings and ratings.

Everything shown is public: the definition, the tables, finished games' outcomes and what is
folded from them (standings, ratings, each duplicate deal's tables side by side), exactly what
`frontier.v1.Tournaments` serves the same caller, as the visibility gate shows it
(`service.core.visibility`): results of a duplicate deal still in play only to the organiser. The
seed appears only once the tournament is over, as `GetTournament` reveals it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from engines.registry import get_engine
from service.core.auth import ANYONE, Caller
from service.core.errors import NotFound, ServiceError
from service.core.root import Ledger
from service.core.tournaments.app import Progress
from service.core.tournaments.deals import comparison
from service.core.tournaments.disclosure import DEAL_IN_PLAY
from service.core.tournaments.ratings import model_name, ordinal, rate
from service.core.tournaments.record import Table, TableResult
from service.core.tournaments.standings import RULES, Standing, standings
from service.web.page import message_page, tournament_page, tournaments_page


class TournamentPages:
    def __init__(
        self,
        ledger: Ledger,
        status_of: Callable[[ServiceError], int],
        caller_of: Callable[[Request], Caller] = lambda _request: ANYONE,
    ) -> None:
        self.ledger = ledger  # its gate is asked at each request: one installed later decides from then on
        self.desk = ledger.tournaments
        self.tournaments = ledger.tournament_app  # its list of ids, followed from the store
        self.status_of = status_of  # ServiceError -> HTTP status, as the game pages answer
        self.caller_of = caller_of  # who asks: the organiser also sees deals still in play

    def tournament_list(self, _request: Request) -> Response:
        rows = []
        try:  # the list shows no results: it reads no token
            shown = [
                progress
                for tournament_id in reversed(self.tournaments.ids())
                if (progress := self._listed(tournament_id)) is not None
            ]
        except ServiceError as error:
            return HTMLResponse(message_page("Cannot list tournaments", error.message), self.status_of(error))
        for progress in shown:  # newest first
            definition = progress.record.definition
            rows.append(
                {
                    "tournament_id": definition.tournament_id,
                    "name": definition.name,
                    "game": get_engine(definition.game).title,
                    "format": definition.format,
                    "players": len(definition.players),
                    "played": len(progress.record.rounds),
                    "planned": definition.rounds,
                    "status": progress.status,
                    "created_at": progress.record.created_at,
                }
            )
        return HTMLResponse(tournaments_page(rows))

    def tournament(self, request: Request) -> Response:
        try:
            progress = self._progress(request.path_params["tournament_id"], self.caller_of(request))
        except ServiceError as error:
            return HTMLResponse(
                message_page("Cannot show this tournament", error.message, home="/tournaments"),
                self.status_of(error),
            )
        return HTMLResponse(tournament_page(**tournament_view(progress)))

    def _listed(self, tournament_id: str) -> Progress | None:
        """The tournament as the public sees it; None for one the gate says does not exist (a private one)."""
        try:
            return self._progress(tournament_id, ANYONE)
        except NotFound:
            return None

    def _progress(self, tournament_id: str, caller: Caller) -> Progress:
        return self.ledger.gate.tournament(self.desk.progress(tournament_id), caller)


def tournament_view(progress: Progress) -> dict[str, Any]:
    record = progress.record
    definition = record.definition
    rounds = [
        {
            "number": number,
            "tables": [
                table_view(
                    number_in_round,
                    table,
                    progress.results.get(table.game_id),
                    withheld=table.game_id in progress.withheld,
                )
                for number_in_round, table in enumerate(tables, start=1)
            ],
        }
        for number, tables in enumerate(record.rounds, start=1)
    ]
    final, updates = rate(definition.players, record.games, progress.results)
    ratings = [
        {"player": p, "ordinal": ordinal(mu, sigma), "mu": mu, "sigma": sigma}
        for p, (mu, sigma) in sorted(final.items(), key=lambda item: (-ordinal(*item[1]), item[0]))
    ]
    return {
        "tournament": {
            "tournament_id": definition.tournament_id,
            "name": definition.name,
            "game": get_engine(definition.game).title,
            "format": definition.format,
            "players": len(definition.players),
            "table_size": definition.table_size,
            "played": len(record.rounds),
            "planned": definition.rounds,
            "status": progress.status,
            "tag": definition.tag,
            "seed_commitment": definition.seed_commitment,
            "seed": record.seed.hex() if progress.seed_revealed else "",
            "created_at": record.created_at,
        },
        "rounds": rounds,
        "standings": standings_view(
            standings(definition.players, [t for _, _, t in record.games], progress.results)
        ),
        "rules": RULES,
        "ratings": ratings,
        "deals": deals_view(progress) if definition.duplicate_deals else [],
        # Every update records its model and constants; they are the same for the whole tournament.
        "model": updates[0].model if updates else model_name(),
        "constants": updates[0].constants if updates else {},
    }


def standings_view(rows: list[Standing]) -> list[dict[str, Any]]:
    """The standings, each row saying whether its player is level with another before head-to-head.

    Head-to-head counts only the points taken from players level on points, Sonneborn-Berger and
    score sum, so it is 0 for a player level with no one: the page shows it for level players only.
    """
    before_head_to_head = Counter(row.key()[:3] for row in rows)
    return [{**asdict(row), "level": before_head_to_head[row.key()[:3]] > 1} for row in rows]


def deals_view(progress: Progress) -> list[dict[str, Any]]:
    """Each deal's tables side by side, as `frontier tournament show` prints them: one row per seat."""
    shown = []
    for deal in comparison(progress.record.rounds, progress.results):
        tables = deal["tables"]
        for table in tables:
            table["state"] = (
                "finished"
                if table["places"] is not None
                else DEAL_IN_PLAY
                if table["game_id"] in progress.withheld
                else "in_progress"
            )
        rows = [
            [
                {
                    "player": t["players"][seat],
                    "place": t["places"][seat] if t["places"] is not None else None,
                    "score": t["scores"][seat] if t["scores"] is not None else None,
                    "state": t["state"],
                }
                for t in tables
            ]
            for seat in range(deal["seats"])
        ]
        shown.append({**deal, "rows": rows})
    return shown


def table_view(
    number: int, table: Table, result: TableResult | None, *, withheld: bool = False
) -> dict[str, Any]:
    """A table's seats in order, and once its game is over each player's place and score."""
    places = []
    if result is not None:
        for tier, seats in enumerate(result.ranking):
            place = 1 + sum(len(earlier) for earlier in result.ranking[:tier])
            for seat in seats:
                score = result.scores[seat] if seat < len(result.scores) else None
                places.append(
                    {"place": place, "shared": len(seats) > 1, "player": table.players[seat], "score": score}
                )
    return {
        "number": number,
        "game_id": table.game_id,
        "players": list(table.players),
        "finished": result is not None,
        "withheld": withheld,  # over, but its duplicate deal is not: no result yet
        "places": places,
    }
