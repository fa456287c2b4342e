"""`State.option` reads a remembered dict of the options (a hot path) and answers exactly as the
plain look-up in the options tuple does, also when states of different games take turns."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.simulate import playout
from engines.western_legends import ENGINE
from engines.western_legends.options import CHOICES, LEGACY_V1, UNWRITTEN
from engines.western_legends.state import State

NAMES = sorted(CHOICES)
OPTION_SETS: list[dict[str, Any]] = [
    {"max_rounds": 5},
    {"max_rounds": 5, **{name: value for name, value in LEGACY_V1.items()}},
    {"max_rounds": 5, "half_rounding": "down", "money_cap": 1000, "first_player": "seat_0"},
]


def plain_option(state: State, name: str) -> int | str:
    """The look-up as it was: a dict of the options tuple, the unwritten (version-1) value if absent."""
    found = dict(state.options).get(name)
    if found is None:
        legacy = UNWRITTEN[name]
        assert isinstance(legacy, (int, str))
        return legacy
    return found


@settings(max_examples=8, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(2, 6), st.sampled_from(OPTION_SETS), st.integers(0, 2**32)),
        min_size=2,
        max_size=3,
    ),
    st.integers(0, 40),
)
def test_option_answers_as_the_plain_look_up_while_games_take_turns(
    games: list[tuple[int, dict[str, Any], int]], start: int
) -> None:
    states = [
        [
            step.state
            for step in playout(
                ENGINE, seats, seed=number.to_bytes(8, "big") * 4, options=options, bot_seed=number
            )
        ]
        for seats, options, number in games
    ]
    # A version-1 setup event lacks the newer options: a state without them reads the legacy values.
    last = states[0][-1]
    older = tuple((name, value) for name, value in last.options if name not in UNWRITTEN)
    trimmed = State(**{**last.__dict__, "options": older})
    for index in range(start, max(map(len, states))):
        for played in [*(s[index] for s in states if index < len(s)), trimmed]:
            for name in NAMES:
                assert played.option(name) == plain_option(played, name), name
