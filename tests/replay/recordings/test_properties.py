"""Oracle: any Most Wanted game, written down as a table would see it, expands to the same game.

A random bot game is played with a seed; its cards are written by face, a random
share of the drawn ones that no player names later as "unknown". The expansion must verify, give every seen
card its face, play the same commands (by face) and reach the same result.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import Outcome
from engines.codec import encode
from engines.most_wanted import events as ev
from engines.registry import get_engine
from engines.simulate import playout
from replay.recordings.expand import expand_text
from replay.verify import verify

ENGINE = get_engine("most-wanted")


def _face(card: str) -> str:
    return card.rsplit("-", 1)[0]


def _faces(value: object) -> object:
    if isinstance(value, list):
        return [_faces(v) for v in value]
    return _face(value) if isinstance(value, str) and value.count("-") == 2 else value


def _write_down(
    seed: bytes, seats: int, bot: int, hide: float
) -> tuple[str, list[dict[str, object]], Outcome | None]:
    hider = random.Random(bot)
    steps = list(playout(ENGINE, seats, seed=seed, options={"max_turns": 12}, bot_seed=bot))

    named = {c for step in steps[1:] for c in getattr(step.command, "cards", ())}

    def seen(events: tuple[object, ...]) -> list[str]:
        # Only a card no player ever names may go unseen: the rules never need its identity.
        drawn = [c for e in events if isinstance(e, ev.CardsDrawn) for c in e.cards]
        return ["unknown" if c not in named and hider.random() < hide else _face(c) for c in drawn]

    setup = steps[0]
    hands: list[list[str]] = [[] for _ in range(seats)]
    for event in setup.events:
        if isinstance(event, ev.CardsDrawn):
            hands[event.seat] += [_face(c) for c in event.cards]
    first = next(d["value"] for d in setup.draws if d["op"] == "randint")
    header = {
        "recording": "frontier-recording", "version": 1, "game": "most-wanted",
        "options": {"max_turns": 12}, "players": [f"p{i}" for i in range(seats)],
        "event": "", "round": "", "table": "", "date": "",
        "setup": {"hands": hands, "first_player": first},
    }  # fmt: skip
    lines = [json.dumps(header)]
    commands = []
    for step in steps[1:]:
        assert step.command is not None
        command = {k: _faces(v) for k, v in encode(step.command).items()}
        commands.append(command)
        line: dict[str, object] = {"seat": step.seat, "command": command}
        drew = seen(step.events)
        if drew:
            line["drew"] = drew
        lines.append(json.dumps(line))
    return "\n".join(lines), commands, ENGINE.outcome(steps[-1].state)


@settings(max_examples=8, deadline=None)
@given(
    seed=st.binary(min_size=1, max_size=8),
    seats=st.integers(min_value=2, max_value=5),
    bot=st.integers(min_value=0, max_value=10_000),
    hide=st.sampled_from([0.0, 0.3, 1.0]),
)
def test_a_random_game_written_as_seen_expands_to_the_same_game(
    seed: bytes, seats: int, bot: int, hide: float
) -> None:
    text, commands, outcome = _write_down(seed, seats, bot, hide)
    expansion = expand_text(text)
    result = verify(expansion.header, expansion.entries, expansion.trailer)
    assert result.ok, result.problem
    assert [{k: _faces(v) for k, v in e.command.items()} for e in expansion.entries] == commands
    written = [json.loads(line).get("drew", []) for line in text.split("\n")[1:]]
    for entry, drew in zip(expansion.entries, written, strict=True):
        got = [_face(c) for e in entry.events if e["kind"] == "cards_drawn" for c in e["cards"]]
        assert [g if w == "unknown" else w for g, w in zip(got, drew, strict=True)] == got
    assert outcome is not None and expansion.trailer.outcome is not None
    assert expansion.trailer.outcome["ranking"] == [list(group) for group in outcome.ranking]
