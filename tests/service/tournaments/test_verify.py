"""The pairing checker as a property: every honestly built record verifies; moving any one player
to another table, in any round, is caught."""

from __future__ import annotations

import random
from typing import Any
from uuid import UUID

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.rng import seed_commitment
from service.core.tournaments.record import Definition, Table, TableResult, TournamentRecord
from service.core.tournaments.tables import assign, table_sizes
from service.core.tournaments.verify import verify_record


def honest_record(players: int, size: int, rounds: int, fmt: str, seed: bytes, luck: int) -> dict[str, Any]:
    definition = Definition(
        str(UUID(int=luck)), "Cup", "most-wanted", {}, fmt,
        tuple(f"p{i}" for i in range(players)), size, rounds, "", seed_commitment(seed),
    )  # fmt: skip
    chance = random.Random(luck)
    earlier: list[Table] = []
    results: dict[str, TableResult] = {}
    played: list[tuple[Table, ...]] = []
    recorded: list[dict[str, TableResult]] = []
    for number in range(1, rounds + 1):
        recorded.append(dict(results))
        tables = tuple(
            Table(f"{number}-{i}", t)
            for i, t in enumerate(assign(definition, seed, number, earlier, results))
        )
        played.append(tables)
        for table in tables:
            seats = list(range(len(table.players)))
            chance.shuffle(seats)
            cut = chance.randint(1, len(seats))
            tiers = (tuple(seats[:cut]), *((s,) for s in seats[cut:]))
            results[table.game_id] = TableResult(tiers, tuple(chance.randint(0, 50) for _ in seats))
        earlier += tables
    record = TournamentRecord(
        UUID(int=luck), 1 + rounds, definition, seed, "", tuple(played), tuple(recorded)
    )
    return record.to_json(reveal_seed=True)


shapes = st.tuples(st.integers(4, 14), st.integers(2, 5), st.integers(1, 3)).filter(
    lambda s: table_sizes(s[0], s[1])[-1] >= 2 and len(table_sizes(s[0], s[1])) >= 2
)


@settings(max_examples=25, deadline=None)
@given(
    shapes,
    st.sampled_from(["swiss", "round-robin"]),
    st.binary(min_size=32, max_size=32),
    st.integers(0, 10**6),
)
def test_an_honest_record_verifies(shape: tuple[int, int, int], fmt: str, seed: bytes, luck: int) -> None:
    assert verify_record(honest_record(*shape, fmt, seed, luck)) == []


@settings(max_examples=25, deadline=None)
@given(shapes, st.sampled_from(["swiss", "round-robin"]), st.binary(min_size=32, max_size=32), st.data())
def test_moving_one_player_to_another_table_is_caught(
    shape: tuple[int, int, int], fmt: str, seed: bytes, data: st.DataObject
) -> None:
    record = honest_record(*shape, fmt, seed, 7)
    round_index = data.draw(st.integers(0, len(record["rounds"]) - 1))
    tables = record["rounds"][round_index]["tables"]
    a, b = data.draw(st.lists(st.integers(0, len(tables) - 1), min_size=2, max_size=2, unique=True))
    i = data.draw(st.integers(0, len(tables[a]["players"]) - 1))
    j = data.draw(st.integers(0, len(tables[b]["players"]) - 1))
    tables[a]["players"][i], tables[b]["players"][j] = tables[b]["players"][j], tables[a]["players"][i]
    caught = verify_record(record)
    assert (round_index + 1, "TABLE_DIFFERS") in [(p.round, p.code) for p in caught]
