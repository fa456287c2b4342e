"""DW-SETUP-2 in recordings: a table whose seats chose their characters writes one `choose_character`
line per seat before the pass, and the recording expands and verifies."""

from __future__ import annotations

import json

from engines.deadwood import events as dw
from engines.simulate import playout
from replay.recordings.expand import expand_text
from replay.verify import verify
from tests.replay.recordings.test_table_properties import DEADWOOD, _deadwood_line, _face, _header


def test_DW_SETUP_2_a_recorded_character_choice_expands_and_verifies() -> None:
    options = {"character_choice": "chosen"}
    steps = list(playout(DEADWOOD, 3, seed=b"\x01", options=options, bot_seed=1))
    hands: list[list[str]] = [[], [], []]
    safes: list[list[str]] = [[], [], []]
    for event in steps[0].events:
        if isinstance(event, dw.CardsDrawn):
            hands[event.seat] += [_face(c) for c in event.cards]
        if isinstance(event, dw.SafesDealt):
            safes[event.seat] += [_face(s) for s in event.safes]
    stars = next(e.locations for e in steps[0].events if isinstance(e, dw.StarsPlaced))
    centre = next(e.safes for e in steps[0].events if isinstance(e, dw.CentreStacked))
    setup = {"stars": list(stars), "hands": hands, "safes": safes, "centre": [_face(s) for s in centre]}
    lines = [_header("deadwood-1876", options, 3, setup)]
    lines += [json.dumps(_deadwood_line(steps, i)) for i in range(1, len(steps))]
    assert [json.loads(line)["command"]["kind"] for line in lines[1:4]] == ["choose_character"] * 3
    expansion = expand_text("\n".join(lines))
    result = verify(expansion.header, expansion.entries, expansion.trailer)
    assert result.ok and result.verdict == "passed", result.problem
    chosen = [e["character"] for entry in expansion.entries[:3] for e in entry.events]
    assert chosen == [steps[-1].state.player(seat).character for seat in range(3)]
