"""DW-SETUP-2 in recordings: a table whose seats chose their characters writes one `choose_character`
line per seat before the pass, and the recording expands and verifies."""

from __future__ import annotations

import json

from replay.recordings.expand import expand_text
from replay.verify import verify
from tests.replay.recordings.test_table_properties import _write_deadwood


def test_DW_SETUP_2_a_recorded_character_choice_expands_and_verifies() -> None:
    options = {"character_choice": "chosen"}
    text, steps = _write_deadwood(b"\x01", 3, 1, options)
    lines = text.split("\n")
    assert [json.loads(line)["command"]["kind"] for line in lines[1:4]] == ["choose_character"] * 3
    expansion = expand_text("\n".join(lines))
    result = verify(expansion.header, expansion.entries, expansion.trailer)
    assert result.ok and result.verdict == "passed", result.problem
    chosen = [e["character"] for entry in expansion.entries[:3] for e in entry.events]
    assert chosen == [steps[-1].state.player(seat).character for seat in range(3)]
