"""Duplicate deals: every table of a round with the same seat count plays from one committed seed.

A deal is named by its key, `<tournament id>/round-<n>/<k>-seats` (only tables of equal size can
share a deal: a Most Wanted deal depends on the seat count). Its seed is derived from the
tournament's secret seed, committed at creation, so the organiser cannot choose a deal after seeing
the tables:

    deal seed = HMAC-SHA256(key = tournament seed, message = "frontier-deal-v1:" ‖ UTF-8(deal key))

Each game of the deal shows `seed_commitment(deal seed)` in its header and names the key in its
header's `deal` field, which keys the generator in the game id's place (seeds/LOG-FORMAT.md), so
the tables' setups are identical. Anyone holding the revealed tournament seed recomputes every
deal's seed and commitment (`frontier tournament verify`).

`comparison` puts the results of each deal side by side (Hanab Live's model): per round and deal,
each table's players with their place and score.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping, Sequence
from typing import Any

from engines.rng import Deal, seed_commitment
from service.core.tournaments.record import Table, TableResult

DEAL_CONTEXT = b"frontier-deal-v1:"


def deal_key(tournament_id: str, round_number: int, seats: int) -> str:
    return f"{tournament_id}/round-{round_number}/{seats}-seats"


def parse_deal_key(key: str) -> tuple[str, int, int] | None:
    """(tournament id, round, seats) of a key this service writes; None for any other text."""
    parts = key.split("/")
    if len(parts) != 3 or not parts[1].startswith("round-") or not parts[2].endswith("-seats"):
        return None
    number, seats = parts[1].removeprefix("round-"), parts[2].removesuffix("-seats")
    if not (number.isdecimal() and seats.isdecimal()):
        return None
    return parts[0], int(number), int(seats)


def deal_seed(tournament_seed: bytes, key: str) -> bytes:
    return hmac.new(tournament_seed, DEAL_CONTEXT + key.encode(), hashlib.sha256).digest()


def deal_for(tournament_seed: bytes, tournament_id: str, round_number: int, seats: int) -> Deal:
    key = deal_key(tournament_id, round_number, seats)
    return Deal(deal_seed(tournament_seed, key), key)


def deal_commitment(tournament_seed: bytes, key: str) -> str:
    return seed_commitment(deal_seed(tournament_seed, key))


def comparison(rounds: Sequence[Sequence[Table]], results: Mapping[str, TableResult]) -> list[dict[str, Any]]:
    """Each deal's tables side by side, in round order then by seat count (largest first).

    A table's `places` give each seat's 1-based place (tied seats share one), `scores` its score;
    both are null while the table is playing.
    """
    deals: list[dict[str, Any]] = []
    for number, tables in enumerate(rounds, start=1):
        by_key: dict[str, list[dict[str, Any]]] = {}
        for table_number, table in enumerate(tables, start=1):
            if not table.deal:
                continue
            result = results.get(table.game_id)
            by_key.setdefault(table.deal, []).append(
                {
                    "table": table_number,
                    "game_id": table.game_id,
                    "players": list(table.players),
                    "places": places(result, len(table.players)) if result else None,
                    "scores": list(result.scores) if result else None,
                }
            )
        for key, shown in sorted(by_key.items(), key=lambda item: (-len(item[1][0]["players"]), item[0])):
            deals.append({"round": number, "deal": key, "seats": len(shown[0]["players"]), "tables": shown})
    return deals


def places(result: TableResult, seats: int) -> list[int]:
    """Each seat's place from a ranking of tiers (competition ranking: 1, 1, 3)."""
    placed = [0] * seats
    place = 1
    for tier in result.ranking:
        for seat in tier:
            if 0 <= seat < seats:
                placed[seat] = place
        place += len(tier)
    return placed
