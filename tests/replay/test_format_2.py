"""Format 2: RFC 8785 hashes, per-line salts from the seed, the generator and rules versions named."""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import rfc8785
from hypothesis import given, settings
from hypothesis import strategies as st

from replay import logfile
from replay.forgeries import reseal
from replay.migrate import CannotMigrate, to_format_2
from replay.record import FORMAT_VERSION, canonical_json
from replay.verify import verify
from tests.replay.helpers import line_of, simulated

SEED = b"table-seed"
OLD_LOGS = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "logs-v1").glob("*.jsonl"))


def test_each_line_hashes_its_rfc8785_form_without_the_hash() -> None:
    header, entries, trailer = simulated(seed=SEED)
    for line in logfile.write_lines(header, entries, trailer):
        data = json.loads(line)
        claimed = data.pop("hash")
        assert hashlib.sha256(rfc8785.dumps(data)).hexdigest() == claimed
        assert line.encode() == rfc8785.dumps({**data, "hash": claimed})  # lines are written in JCS


def test_salts_are_the_hmac_of_the_seed_over_game_and_version() -> None:
    header, entries, _ = simulated(seed=SEED, game_id="g-7")

    def expected(version: int) -> str:
        return hmac.new(SEED, f"frontier-log/v2/salt/g-7/{version}".encode(), hashlib.sha256).hexdigest()

    assert header.salt == expected(1)
    assert [e.salt for e in entries] == [expected(e.version) for e in entries]
    assert (header.rules_version, header.rng, header.format_version) == (
        "toy-race/1",
        "frontier-sha256-v1",
        FORMAT_VERSION,
    )


def test_a_salt_the_seed_does_not_derive_is_salt_differs_at_its_line() -> None:
    header, entries, trailer = simulated(seed=SEED)
    entries[3] = replace(entries[3], salt="ab" * 32)
    result = verify(*reseal(header, entries, trailer))
    assert result.problem is not None
    assert (result.problem.code, result.problem.line) == ("SALT_DIFFERS", line_of(3))


def test_a_header_salt_the_seed_does_not_derive_is_salt_differs_on_line_1() -> None:
    header, entries, trailer = simulated(seed=SEED)
    result = verify(*reseal(replace(header, salt="cd" * 32), entries, trailer))
    assert result.problem is not None and (result.problem.code, result.problem.line) == ("SALT_DIFFERS", 1)


def test_before_the_seed_is_revealed_salts_cannot_be_checked() -> None:
    header, entries, trailer = simulated(seed=SEED, max_steps=5)
    entries[2] = replace(entries[2], salt="ab" * 32)
    assert verify(*reseal(header, entries, trailer)).verdict == "incomplete"


def test_an_unknown_generator_is_unknown_rng() -> None:
    header, entries, trailer = simulated(seed=SEED)
    result = verify(*reseal(replace(header, rng="mersenne-twister"), entries, trailer))
    assert result.problem is not None and (result.problem.code, result.problem.line) == ("UNKNOWN_RNG", 1)
    assert "mersenne-twister" in result.problem.reason and "frontier-sha256-v1" in result.problem.reason


def test_another_rules_version_is_named_in_the_checks_and_the_log_still_re_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An older version the engine still knows (it keeps that version's defaults) re-runs as played."""
    from tests.replay.toy_engine import ToyRace

    header, entries, trailer = simulated(seed=SEED)
    monkeypatch.setattr(ToyRace, "rules_version", "toy-race/2", raising=False)
    monkeypatch.setattr(ToyRace, "legacy_defaults", {"toy-race/1": {}}, raising=False)
    result = verify(header, entries, trailer)
    assert result.verdict == "passed"
    assert any("toy-race/1" in check and "toy-race/2" in check for check in result.checks)


def test_unknown_rules_version_is_never_guessed() -> None:
    """A log recorded under rules the engine does not know fails at line 1, naming the versions it knows."""
    header, entries, trailer = simulated(seed=SEED)
    result = verify(*reseal(replace(header, rules_version="toy-race/0"), entries, trailer))
    assert result.problem is not None
    assert (result.problem.code, result.problem.line) == ("UNKNOWN_RULES_VERSION", 1)
    assert "toy-race/0" in result.problem.reason and "toy-race/1" in result.problem.reason


def test_format_1_logs_hashed_with_json_dumps_no_longer_verify_as_format_2() -> None:
    header, entries, trailer = simulated(seed=SEED, format_version=1)
    assert header.salt is None and "salt" not in header.to_json()
    assert verify(header, entries, trailer).verdict == "passed"
    as_2 = replace(
        header, format_version=2, rules_version="toy-race/1", rng="frontier-sha256-v1", salt="0" * 64
    )
    assert verify(as_2, entries, trailer).problem is not None


@pytest.mark.parametrize("path", OLD_LOGS, ids=[p.stem for p in OLD_LOGS])
def test_released_format_1_logs_still_read_and_verify(path: Path) -> None:
    header, entries, trailer = logfile.read(path)
    assert header.format_version == 1
    assert verify(header, entries, trailer).verdict == "passed"


@pytest.mark.parametrize("path", OLD_LOGS[:1], ids=[p.stem for p in OLD_LOGS[:1]])
def test_a_format_1_log_migrates_to_the_newest_format(path: Path, tmp_path: Path) -> None:
    from replay.migrate import main, to_newest

    assert main([str(path), str(tmp_path / "new.jsonl")]) == 0
    header, entries, trailer = logfile.read(tmp_path / "new.jsonl")
    assert header.format_version == FORMAT_VERSION and not header.player_entropy
    assert verify(header, entries, trailer).verdict == "passed"
    with pytest.raises(CannotMigrate):
        to_format_2((header, entries, trailer))
    with pytest.raises(CannotMigrate):
        to_newest((header, entries, trailer))
    second = logfile.read(path)
    assert to_format_2(second)[0].format_version == 2  # one step at a time still works


SAFE = 2**53 - 1
I_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-SAFE, SAFE) | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(I_JSON)
def test_format_2_canonical_json_is_rfc8785_for_every_value_a_log_can_hold(value: Any) -> None:
    try:
        expected = rfc8785.dumps(value).decode("utf-8")
    except rfc8785.CanonicalizationError:
        return  # lone surrogates: the reader refuses them before anything is hashed
    assert canonical_json(value, 2) == expected


def test_keys_beyond_the_bmp_sort_by_utf16_code_units() -> None:
    value = {"\U0001f600": 1, "\uff61": 2}  # code points sort the other way round
    assert canonical_json(value, 2) == rfc8785.dumps(value).decode("utf-8") == '{"\U0001f600":1,"\uff61":2}'


def test_a_newer_engine_that_decides_differently_is_named_at_the_first_entry_it_disagrees(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Re-verifying under a newer rules version: the checks say so, the first disagreeing entry is named."""
    from engines.base import RuleViolation
    from engines.registry import get_engine
    from tests.replay.toy_engine import PlayCard, ToyRace

    header, entries, trailer = simulated(seed=SEED)
    first_play = next(i for i, e in enumerate(entries) if e.command["kind"] == "play_card")
    played_before = ToyRace.decide

    def newer_rules(self: ToyRace, state: Any, seat: int, command: Any, rng: Any) -> Any:
        if isinstance(command, PlayCard):
            raise RuleViolation("NO_CARDS_IN_V2", "version 2 of the race has no cards", rule="TOY2-CARDS")
        return played_before(self, state, seat, command, rng)

    monkeypatch.setattr(ToyRace, "decide", newer_rules)
    monkeypatch.setattr(ToyRace, "rules_version", "toy-race/2")
    monkeypatch.setattr(ToyRace, "legacy_defaults", {"toy-race/1": {}}, raising=False)  # it still knows /1
    assert get_engine("toy-race").rules_version == "toy-race/2"
    result = verify(header, entries, trailer)
    assert result.problem is not None
    assert (result.problem.code, result.problem.line) == ("NO_CARDS_IN_V2", line_of(first_play))
    assert any("toy-race/1" in check and "toy-race/2" in check for check in result.checks)
