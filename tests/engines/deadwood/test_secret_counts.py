"""DW-HIDE-1 / DW-END-2: no count a seat can see betrays a heist commitment or a badge.

The attacker's question is "did seat X commit a card?" or "how many badges does seat X hold?". Each test
builds two games that differ only in that secret and checks that every other seat and the spectator get
the same views, the same redacted events and the same narrative from both, so nothing they can obtain
tells the two apart.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import SPECTATOR, Event, fold
from engines.codec import encode
from engines.deadwood import ENGINE
from engines.deadwood import commands as cmd
from engines.deadwood import events as ev
from engines.deadwood.state import HEIST, State
from engines.rng import SeededRng
from engines.simulate import playout
from tests.engines.deadwood.helpers import ScriptRng, play
from tests.engines.deadwood.test_heist_and_end import PEEK, at_heist, table

NAMES = [f"p{i}" for i in range(9)]


def seen_by(viewer: int, state: State, events: list[Event]) -> str:
    """Everything `viewer` obtains from one step: the view, the redacted events and their narrative."""
    shown = [ENGINE.redact(e, viewer) for e in events]
    return json.dumps(
        {
            "view": ENGINE.view(state, viewer),
            "events": [encode(e) for e in shown],
            "story": [ENGINE.describe(e, NAMES) for e in shown],
            "to_act": list(ENGINE.seats_to_act(state)),
        },
        sort_keys=True,
    )


def commit(state: State, seat: int, card: str | None) -> tuple[State, list[Event]]:
    events = ENGINE.decide(state, seat, cmd.CommitToHeist(card), ScriptRng())
    return fold(ENGINE, state, events), events


def test_DW_HIDE_1_a_committed_heist_card_stays_counted_in_the_hand_until_the_reveal() -> None:
    state = at_heist()
    before = [p["hand_count"] for p in ENGINE.view(state, SPECTATOR)["players"]]
    state, _ = commit(state, 0, "horse-red-1")
    state, _ = commit(state, 1, None)
    for viewer in (SPECTATOR, None, 0, 1, 2, 3):
        assert [p["hand_count"] for p in ENGINE.view(state, viewer)["players"]] == before
    mine = ENGINE.view(state, 0)["players"][0]
    assert mine["committed"] == "horse-red-1" and mine["hand"] == []  # the owner still sees where it went
    assert ENGINE.view(state, 1)["players"][0]["committed"] is None


def test_DW_HIDE_1_who_committed_a_card_cannot_be_told_before_the_reveal() -> None:
    """Seat 0 commits a card in one world, nothing in the other: seats 1-3 and a spectator see no change."""
    start = at_heist()
    card_world, card_events = commit(start, 0, "horse-red-1")
    none_world, none_events = commit(start, 0, None)
    for viewer in (SPECTATOR, 1, 2, 3):
        assert seen_by(viewer, card_world, card_events) == seen_by(viewer, none_world, none_events)
    assert seen_by(0, card_world, card_events) != seen_by(0, none_world, none_events)
    for seat in (1, 2):  # later commitments do not tell them apart either
        card_world, card_events = commit(card_world, seat, None)
        none_world, none_events = commit(none_world, seat, None)
        for viewer in (SPECTATOR, 1, 2, 3):
            assert seen_by(viewer, card_world, card_events) == seen_by(viewer, none_world, none_events)


def heist_of_a_random_game(seats: int, seed: int) -> State | None:
    """The first heist of a random game, once a seat with cards still has to commit."""
    for step in playout(ENGINE, seats, seed=seed.to_bytes(8, "big"), bot_seed=seed):
        if step.state.phase == HEIST:
            return step.state  # type: ignore[no-any-return]
    return None


@settings(max_examples=10, deadline=None)
@given(seats=st.integers(2, 9), seed=st.integers(0, 2**32), data=st.data())
def test_DW_HIDE_1_no_seat_infers_a_commitment_in_random_heists(seats: int, seed: int, data: Any) -> None:
    state = heist_of_a_random_game(seats, seed)
    assert state is not None
    waiting = [s for s in ENGINE.seats_to_act(state) if state.player(s).hand]
    if len(ENGINE.seats_to_act(state)) < 2 or not waiting:
        return  # a lone commitment reveals at once
    seat = data.draw(st.sampled_from(waiting), label="committer")
    card = data.draw(st.sampled_from(state.player(seat).hand), label="card")
    card_world, card_events = commit(state, seat, card)
    none_world, none_events = commit(state, seat, None)
    for viewer in [SPECTATOR, *(s for s in range(seats) if s != seat)]:
        assert seen_by(viewer, card_world, card_events) == seen_by(viewer, none_world, none_events)


def badge_round(badges_of_seat_1: int) -> tuple[State, list[Event]]:
    """The last turn before the badge round; seat 1 holds 1 or 2 badges, seat 2 a Deputy.

    Under the per-badge option, where the count of badges is what a broadcast would leak."""
    state = table(4, badge_turns="per_badge")
    rows = {0: ("gold-1a",), 1: ("badge-1", "badge-2") if badges_of_seat_1 == 2 else ("badge-1", "gold-2a")}
    rows |= {2: ("mystery-deputy",), 3: ("gold-1b",)}
    for seat, safes in rows.items():
        state = state.with_player(seat, safes=safes)
    events = ENGINE.decide(state, 3, PEEK, ScriptRng())
    return fold(ENGINE, state, events), events


def test_DW_END_2_badge_allowances_are_not_broadcast() -> None:
    after, events = badge_round(2)
    (started,) = [e for e in events if isinstance(e, ev.BadgeRoundStarted)]
    assert started.allowances == (0, 2, 1, 0) and ENGINE.redact(started, None) == started
    assert ENGINE.redact(started, 1) == replace(started, allowances=(-1, 2, -1, -1))
    assert ENGINE.redact(started, SPECTATOR) == replace(started, allowances=(-1, -1, -1, -1))
    assert [p["badge_turns"] for p in ENGINE.view(after, 2)["players"]] == [None, None, 1, None]
    assert [p["badge_turns"] for p in ENGINE.view(after, None)["players"]] == [0, 1, 1, 0]
    assert "x2" not in ENGINE.describe(ENGINE.redact(started, 2), NAMES)
    while not after.revealed:  # DW-SAFE-5: from scoring on every safe is face up, so nothing is left to hide
        after = play(after, after.active, cmd.DeclineBadgeTurn(), SeededRng(b"b", "t", 1))
    assert all(p["badge_turns"] == 0 for p in ENGINE.view(after, SPECTATOR)["players"])


def test_DW_END_2_how_many_badges_a_seat_holds_cannot_be_told_when_the_round_starts() -> None:
    two, two_events = badge_round(2)
    one, one_events = badge_round(1)
    for viewer in (SPECTATOR, 0, 2, 3):
        assert seen_by(viewer, two, two_events) == seen_by(viewer, one, one_events)
    assert seen_by(1, two, two_events) != seen_by(1, one, one_events)
