"""Recompute a ladder's tables from its published record and its games' logs alone.

The record (`Ladder.record_json`, the first line of `frontier ladder export`) names each game, the
player ids at its seats, its season and the time it finished; every result comes from the game's own
log, audited beside it (`frontier ladder verify`), never from the record. Checked: every finished
game has a log that gives a result, carries the ladder's reserved tag (only the ladder service
creates games with it) and has a seat for each listed player; each archived season's table is the
one `board.leaderboard` gives at its end; the open season's table is the one it gives at the record's `as_of`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from service.core.create_policy import ladder_tag
from service.core.ladders.board import Counted, leaderboard, same_table
from service.core.ladders.record import LadderDefinition

ABANDONED = "abandoned"


@dataclass(frozen=True)
class Problem:
    game_id: str  # "" for the ladder as a whole
    code: str
    message: str


@dataclass(frozen=True)
class LogResult:
    """What a game's audited log says: its result in tiers of seats, or that it was abandoned."""

    ranking: tuple[tuple[int, ...], ...]
    ended: str = ""
    tag: str = ""  # the header's: a ladder's game carries `ladder:<its id>`, which no one else may give
    seats: int = 0


def verify_ladder(data: dict[str, Any], results: Mapping[str, LogResult]) -> list[Problem]:
    """Every problem found; an empty list means every table is the one the logs give."""
    try:
        definition = LadderDefinition.from_json(data["definition"])
        listed = [
            (g["game_id"], tuple(g["players"]), int(g["season"]), g["finished_at"]) for g in data["games"]
        ]
        seasons = [
            (int(s["season"]), datetime.fromisoformat(s["ended_at"]), s["table"]) for s in data["seasons"]
        ]
        as_of, season, table = datetime.fromisoformat(data["as_of"]), int(data["season"]), data["table"]
    except (KeyError, TypeError, ValueError) as error:
        return [Problem("", "MALFORMED", f"not a ladder record: missing or bad {error}")]
    problems: list[Problem] = []
    counted = []
    for game_id, players, game_season, finished_at in listed:
        if finished_at is None:
            continue  # in play when the record was published: counts for nobody yet
        result = results.get(game_id)
        if result is None:
            problems.append(Problem(game_id, "LOG_MISSING", "the game finished, but no log of it was given"))
            continue
        if result.tag != ladder_tag(definition.ladder_id) or result.seats != len(players):
            problems.append(
                Problem(
                    game_id,
                    "NOT_THIS_LADDERS",
                    f"its log has tag {result.tag!r} and {result.seats} seats: not a game this ladder "
                    f"created for {len(players)} players",
                )
            )
            continue
        ranking = None if result.ended == ABANDONED else result.ranking
        try:
            finished = datetime.fromisoformat(finished_at)
        except (TypeError, ValueError):
            problems.append(Problem(game_id, "MALFORMED", f"finished_at {finished_at!r} is not ISO 8601"))
            continue
        counted.append(Counted(game_id, players, game_season, finished, ranking))
    if problems:
        return problems
    for number, ended_at, archived in seasons:
        mine = [r.to_json() for r in leaderboard(definition, counted, number, ended_at)]
        if not same_table(mine, archived):
            problems.append(
                Problem(
                    "",
                    "SEASON_TABLE_DIFFERS",
                    f"season {number}'s archived table is not the one its games give",
                )
            )
    mine = [r.to_json() for r in leaderboard(definition, counted, season, as_of)]
    if not same_table(mine, table):
        problems.append(
            Problem("", "TABLE_DIFFERS", f"season {season}'s table is not the one its games give")
        )
    return problems
