"""seeds/recordings/most-wanted.rec: a complete game written by hand, played under most-wanted/2.

It must expand and verify, and it exercises the round-2 rules: a named first player (D3), an
unopposed declarer who swaps its cards (B2) and a last call at the join-window cap (B1).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replay.recordings.expand import expand_text
from replay.recordings.problems import RecordingRejected
from replay.verify import verify

RECORDING = Path(__file__).resolve().parents[3] / "seeds" / "recordings" / "most-wanted.rec"


def kinds(entry_events: list[dict[str, object]]) -> list[object]:
    return [event["kind"] for event in entry_events]


def test_the_seed_recording_is_a_complete_hand_written_game_that_verifies() -> None:
    text = RECORDING.read_text(encoding="utf-8")
    written = [json.loads(line) for line in text.splitlines() if line.strip() and not line.startswith("#")]
    assert len(written) - 1 >= 30, "at least 30 commands, every one on its own written line"
    expansion = expand_text(text)
    assert len(expansion.entries) == len(written) - 1
    assert expansion.header.rules_version == "most-wanted/3"
    result = verify(expansion.header, expansion.entries, expansion.trailer)
    assert result.ok and result.verdict == "passed", result.problem
    assert expansion.trailer is not None and expansion.trailer.status == "finished"
    assert result.outcome is not None and result.outcome.winners == (0,) and result.outcome.scores[0] == 13


def test_the_seed_recording_plays_the_round_2_rules() -> None:
    expansion = expand_text(RECORDING.read_text(encoding="utf-8"))
    setup = kinds(list(expansion.header.setup_events))
    assert "rules_added" in setup and "first_player_chosen" in setup
    assert len(expansion.header.setup_draws) == 1, "a named first player draws nothing"
    every = [kinds(list(entry.events)) for entry in expansion.entries]
    assert any("last_call_started" in step for step in every), "B1: a last call at the cap"
    first = expansion.entries[2]
    assert first.command["kind"] == "lock_cards" and len(first.command["cards"]) == 2
    declared = expansion.entries[0].command["cards"]
    assert not set(declared) & set(first.command["cards"]), "B2: the unopposed declarer swapped its cards"


def test_a_recording_naming_a_first_seat_that_is_not_at_the_table_is_refused_at_its_header() -> None:
    lines = RECORDING.read_text(encoding="utf-8").split("\n")
    header = next(i for i, line in enumerate(lines) if line.startswith("{"))
    lines[header] = lines[header].replace('"first_seat": 0', '"first_seat": 4')
    with pytest.raises(RecordingRejected) as rejected:
        expand_text("\n".join(lines))
    (problem,) = rejected.value.problems
    assert (problem.line, problem.code) == (header + 1, "BAD_OPTIONS")
    assert "first_seat must name one of the seats 0 to 1, not 4" in problem.message
