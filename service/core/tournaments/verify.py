"""Recompute a tournament's table assignment from its published record, as FIDE pairing checkers do.

The record (`Tournament.record_json`, or `frontier tournament show --json`) holds the definition,
the revealed seed and, for each round, its tables and the earlier results the assignment used.
Checked: the seed matches the commitment published at creation; each round's results include every
game of the earlier rounds and never change once recorded; every round's tables are the ones
`service.core.tournaments.tables.assign` gives; with duplicate deals, each table names its seat count's deal
with the commitment the seed derives for it, and the per-deal comparison is the one the tables and
recorded results give. A game's own result is checked by auditing its log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.rng import seed_commitment
from service.core.tournaments.deals import comparison, deal_commitment, deal_key
from service.core.tournaments.record import Definition, Table, TableResult
from service.core.tournaments.tables import AssignmentError, assign


@dataclass(frozen=True)
class Problem:
    round: int  # 0: the tournament as a whole
    code: str
    message: str


def verify_record(data: dict[str, Any]) -> list[Problem]:
    """Every problem found in a published tournament record; an empty list means it checks out."""
    try:
        definition = Definition.from_json(data["definition"])
        rounds = data["rounds"]
    except (KeyError, TypeError, ValueError) as error:
        return [Problem(0, "MALFORMED", f"not a tournament record: missing or bad {error}")]
    if not data.get("seed"):
        return [Problem(0, "SEED_NOT_REVEALED", "the seed is revealed only once every planned round is over")]
    try:
        seed = bytes.fromhex(data["seed"])
    except (TypeError, ValueError):
        return [Problem(0, "MALFORMED", "seed is not hexadecimal")]
    if seed_commitment(seed) != definition.seed_commitment:
        return [
            Problem(
                0, "SEED_MISMATCH", "the revealed seed does not match the commitment published at creation"
            )
        ]
    problems: list[Problem] = []
    earlier: list[Table] = []
    known: dict[str, TableResult] = {}
    for expected_number, round_data in enumerate(rounds, start=1):
        number = round_data.get("round")
        if number != expected_number:
            problems.append(
                Problem(
                    expected_number, "ROUND_ORDER", f"round {number} found where {expected_number} belongs"
                )
            )
            break
        results = {g: TableResult.from_json(r) for g, r in round_data["results"].items()}
        missing = sorted({t.game_id for t in earlier} - results.keys())
        if missing:
            problems.append(
                Problem(number, "RESULTS_MISSING", f"no result recorded for earlier games {missing}")
            )
        for game_id, result in known.items():
            if results.get(game_id, result) != result:
                problems.append(Problem(number, "RESULT_CHANGED", f"the result of game {game_id} changed"))
        tables = [Table.from_json(t) for t in round_data["tables"]]
        try:
            expected = assign(definition, seed, number, earlier, results)
        except AssignmentError as error:
            problems.append(Problem(number, "BAD_DEFINITION", str(error)))
            break
        for table_number, (table, players) in enumerate(zip(tables, expected, strict=False), start=1):
            if table.players != players:
                problems.append(
                    Problem(
                        number,
                        "TABLE_DIFFERS",
                        f"table {table_number} seats {list(table.players)}; the seed gives {list(players)}",
                    )
                )
        if len(tables) != len(expected):
            problems.append(
                Problem(number, "TABLE_COUNT", f"{len(tables)} tables; the rules give {len(expected)}")
            )
        problems += _check_deal_keys(definition, seed, number, tables)
        earlier.extend(tables)
        known.update(results)
    if definition.duplicate_deals:
        problems += _check_comparison(data.get("deals"), earlier, rounds, known)
    return problems


def _check_deal_keys(definition: Definition, seed: bytes, number: int, tables: list[Table]) -> list[Problem]:
    """With duplicate deals each table names its seat count's deal and that deal's commitment."""
    problems = []
    for table_number, table in enumerate(tables, start=1):
        if not definition.duplicate_deals:
            if table.deal:
                problems.append(
                    Problem(
                        number, "DEAL_UNEXPECTED", f"table {table_number} names a deal; none were planned"
                    )
                )
            continue
        key = deal_key(definition.tournament_id, number, len(table.players))
        if table.deal != key:
            problems.append(
                Problem(
                    number, "DEAL_DIFFERS", f"table {table_number} plays deal {table.deal!r}, not {key!r}"
                )
            )
        elif table.seed_commitment != deal_commitment(seed, key):
            problems.append(
                Problem(
                    number,
                    "DEAL_COMMITMENT_DIFFERS",
                    f"table {table_number}'s seed commitment is not the one the seed derives for {key}",
                )
            )
    return problems


def _check_comparison(
    stated: Any, tables: list[Table], rounds: list[dict[str, Any]], known: dict[str, TableResult]
) -> list[Problem]:
    """The per-deal comparison must be the one the tables and recorded results give.

    The last round's results are recorded nowhere else: those are taken as stated (each game's
    own audit checks its result, and `frontier audit --tournament` checks it against the ranking).
    """
    by_round, start = [], 0
    for round_data in rounds:
        count = len(round_data["tables"])
        by_round.append(tables[start : start + count])
        start += count
    expected = comparison(by_round, known)
    if not isinstance(stated, list) or len(stated) != len(expected):
        return [
            Problem(
                0,
                "DEALS_DIFFER",
                f"the record lists {len(stated) if isinstance(stated, list) else 'no'} "
                f"deals; its tables give {len(expected)}",
            )
        ]
    problems = []
    for mine, theirs in zip(expected, stated, strict=True):
        if not isinstance(theirs, dict):
            problems.append(Problem(mine["round"], "DEALS_DIFFER", "a deal is not an object"))
            continue
        stated_tables = theirs.get("tables")
        stated_tables = (
            [t for t in stated_tables if isinstance(t, dict)] if isinstance(stated_tables, list) else []
        )
        for table in mine["tables"]:
            if table["places"] is None:  # not recorded: take the stated result
                shown: dict[str, Any] = next(
                    (t for t in stated_tables if t.get("game_id") == table["game_id"]), {}
                )
                table["places"], table["scores"] = shown.get("places"), shown.get("scores")
        if mine != theirs:
            problems.append(
                Problem(
                    mine["round"], "DEALS_DIFFER", f"deal {mine['deal']} differs from what its tables give"
                )
            )
    return problems
