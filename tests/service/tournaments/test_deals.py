"""Duplicate deals without a server: the deal key keys the generator, and the comparison's places."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.codec import encode
from engines.registry import game_ids, get_engine
from engines.rng import SeededRng, rng_key
from engines.simulate import playout
from replay.verify import build_record
from service.cli.bulk import GameLog, bundle_line
from service.core.tournaments.deals import deal_key, deal_seed, parse_deal_key, places
from service.core.tournaments.record import TableResult
from tests.replay.trust.helpers import frontier
from tools.conformance import DEAL, deal_record, text


@settings(max_examples=25, deadline=None)
@given(
    game=st.sampled_from(sorted(game_ids())),
    seed=st.binary(min_size=1, max_size=32),
    round_number=st.integers(1, 100),
    data=st.data(),
)
def test_tables_of_one_deal_are_dealt_alike_whatever_their_game_ids(
    game: str, seed: bytes, round_number: int, data: st.DataObject
) -> None:
    engine = get_engine(game)
    seats = data.draw(st.integers(engine.min_seats, engine.max_seats))
    key = deal_key(str(uuid.uuid4()), round_number, seats)
    options = engine.options({})

    def dealt(game_id: str, deal: str | None) -> list[object]:
        return [encode(e) for e in engine.setup(options, seats, SeededRng(seed, rng_key(game_id, deal), 0))]

    one, other = str(uuid.uuid4()), str(uuid.uuid4())
    assert dealt(one, key) == dealt(other, key)
    assert dealt(one, None) == dealt(one, one)  # no deal: the game id keys it, as before


@given(st.uuids(), st.integers(1, 10**6), st.integers(1, 99))
def test_deal_keys_parse_back(tournament: uuid.UUID, round_number: int, seats: int) -> None:
    assert parse_deal_key(deal_key(str(tournament), round_number, seats)) == (
        str(tournament),
        round_number,
        seats,
    )


def test_text_that_is_not_a_deal_key_parses_to_nothing() -> None:
    for key in ("", "x", "a/round-1", "a/round-x/4-seats", "a/round-1/four-seats", "a/b/round-1/4-seats"):
        assert parse_deal_key(key) is None


def test_each_deal_has_its_own_seed() -> None:
    seed = b"tournament seed"
    keys = [deal_key("t", r, s) for r in (1, 2) for s in (3, 4)]
    assert len({deal_seed(seed, k) for k in keys}) == 4
    assert deal_seed(b"another seed", keys[0]) != deal_seed(seed, keys[0])


def test_places_follow_competition_ranking() -> None:
    assert places(TableResult(((2,), (0, 3), (1,)), (1, 0, 9, 1)), 4) == [2, 4, 1, 2]


def test_a_bulk_audit_fails_a_table_dealt_unlike_the_rest_of_its_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Each log verifies alone against its own seed: only side by side is a split deal caught."""
    pair = [deal_record(1), deal_record(2)]
    # A third table under the same deal key, dealt from another seed: valid on its own.
    engine = get_engine("most-wanted")
    options = engine.options({})
    seed = b"another seed entirely"
    played = list(playout(engine, 2, seed=seed, game_id=DEAL, options=options, bot_seed=3))
    split = build_record(
        str(uuid.uuid4()), "most-wanted", options, 2, ["A", "B"], "t", seed, played, deal=DEAL
    )
    bundle = tmp_path / "deal.ndjson"
    records = [*pair, split]
    bundle.write_text(
        "".join(bundle_line(GameLog("", r[0].game_id, text(r).decode())) + "\n" for r in records),
        encoding="utf-8",
    )
    key = tmp_path / "samples.pub"
    key.write_bytes((Path(__file__).resolve().parents[3] / "seeds" / "keys" / "samples.pub").read_bytes())
    status, out, _ = frontier(capsys, "audit", str(bundle), "--key", str(key), "--json")
    games = json.loads(out)["games"]
    assert [g["verdict"] for g in games] == ["passed", "passed", "failed"] and status == 1
    assert f"duplicate deal {DEAL}: dealt unlike game {pair[0][0].game_id}" in games[2]["rules"]
    # Without the odd table, the deal's two tables pass together.
    bundle.write_text(
        "".join(bundle_line(GameLog("", r[0].game_id, text(r).decode())) + "\n" for r in pair),
        encoding="utf-8",
    )
    status, out, _ = frontier(capsys, "audit", str(bundle), "--key", str(key), "--json")
    assert status == 0, out
