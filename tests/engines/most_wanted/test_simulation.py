"""Random-bot games for every player count, with invariants checked after every event.

FRONTIER_SIM_GAMES sets the games per player count (default 20; CI sets 1000).
Games cycle through the table options so every variant is played.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from typing import Any

import pytest

from engines.base import SPECTATOR, Event
from engines.codec import Codec, encode
from engines.most_wanted import ENGINE
from engines.most_wanted.cards import DECK
from engines.most_wanted.events import GameStarted, HandsRevealed, RulesAdded, TurnStarted
from engines.most_wanted.state import GOAL, State
from engines.simulate import playout

GAMES = int(os.environ.get("FRONTIER_SIM_GAMES", "20"))
VARIANTS: list[dict[str, Any]] = [
    {},
    {"first_player": "duel", "tie_rule": "nobody_wins"},
    {"duel_reward": "bail_money_to_winner", "bail_rule": "partial_then_move_back"},
    {"max_join_circuits": 1, "max_turns": 60},
]
EVENTS = Codec(ENGINE.events)
COMMANDS = Codec(ENGINE.commands)


CARDS = frozenset(DECK)
SCALARS = (int, float, type(None))  # bool is an int


def cards_in(data: object) -> set[str]:
    """Every card id anywhere in `data`: a view (dicts, lists) or a message (records, tuples).

    Walks the values instead of encoding to JSON and searching the text, and takes a list or
    tuple of strings in one set operation: the same cards, several times faster (this runs for
    every event of CI's 1000 games per player count). Lists in views and tuples in messages
    hold one type each (`tuple[X, ...]`), so the first item tells whether to look inside.
    test_the_card_search_finds_what_the_json_form_shows checks it against the JSON text.
    """
    found: set[str] = set()
    _collect((data,), found)
    return found


def _collect(items: Iterable[object], found: set[str]) -> None:
    for item in items:
        if isinstance(item, str):
            if item in CARDS:
                found.add(item)
        elif isinstance(item, tuple | list):
            if item and isinstance(item[0], str):
                found.update(CARDS.intersection(item))
            elif item and not isinstance(item[0], SCALARS):
                _collect(item, found)
        elif isinstance(item, dict):
            _collect(item.values(), found)
        elif not isinstance(item, SCALARS):
            _collect(vars(item).values(), found)  # a record: an event or one of its parts


def leaked(shown: set[str], state: State, viewer: int, public: frozenset[str] = frozenset()) -> set[str]:
    """The cards among `shown` that `viewer` may not see: all but its own and the public ones.

    Run after the conservation check, so every card is in the deck, a hand, a face-down
    commitment or the discard pile: the face-up discards are the only public cards besides
    `public` (the hands of a reveal), and a seat's own hand and commitment are its only secrets.
    """
    hidden = shown - public
    if not hidden:
        return hidden
    hidden.difference_update(state.discard)
    if viewer >= 0:
        hidden.difference_update(state.players[viewer].hand, state.players[viewer].committed)
    return hidden


class Invariants:
    """Checked after every event: cards conserved, scores and money in range, every viewer's
    copy of the event, and one viewer's view in rotation (spectator, seat 0, seat 1, ...).
    Every view after every event would make CI's 1000 games per player count too slow;
    over a game the rotation reaches every viewer at every kind of step."""

    def __init__(self) -> None:
        self.events = 0

    def __call__(self, state: State, event: Event) -> None:
        self.events += 1
        if isinstance(event, (GameStarted, RulesAdded)):
            return  # the deck does not exist until the next event shuffles it
        every = [*state.deck, *state.discard]
        for player in state.players:
            every += player.hand
            every += player.committed
        assert len(every) == len(DECK) and set(every) == CARDS, "cards are conserved"
        for player in state.players:
            assert 0 <= player.notoriety <= GOAL and player.money >= 0
        if isinstance(event, TurnStarted):  # MW-ROB-7: every action starts with full hands
            assert all(len(player.hand) >= 5 for player in state.players), "a hand below 5"
        viewer = self.events % (state.seats + 1) - 1  # SPECTATOR, seat 0, seat 1, ... in turn
        assert not leaked(cards_in(ENGINE.view(state, viewer)), state, viewer), f"view of {viewer} leaks"
        if not cards_in(event):
            return  # nothing to hide in this event
        public: frozenset[str] = frozenset()
        if isinstance(event, HandsRevealed):  # the reveal is the moment committed cards go public
            public = frozenset(c for p in state.players for c in p.committed)
        seen: dict[Event, set[str]] = {}  # most viewers get the same redacted copy: search it once
        for viewer in (SPECTATOR, *range(state.seats)):
            shown = ENGINE.redact(event, viewer)
            if shown not in seen:
                seen[shown] = cards_in(shown)
            cards = seen[shown]
            assert not leaked(cards, state, viewer, public), f"{event.kind} leaks to {viewer}"


def test_the_card_search_finds_what_the_json_form_shows() -> None:
    """cards_in must see every card the encoded JSON of a message or a view would show."""
    text = re.compile(r'"((?:10|[6-9JQKA])-[0-3]-[ab])"')
    for step in playout(ENGINE, 4, seed=b"search", bot_seed=3, options=VARIANTS[1]):
        for event in step.events:
            assert cards_in(event) == set(text.findall(json.dumps(encode(event))))
        for viewer in (None, SPECTATOR, 0):
            shown = ENGINE.view(step.state, viewer)
            assert cards_in(shown) == set(text.findall(json.dumps(shown)))


@pytest.mark.parametrize("seats", range(ENGINE.min_seats, ENGINE.max_seats + 1))
def test_random_bot_games_finish_with_invariants_after_every_event(seats: int) -> None:
    for game in range(GAMES):
        options = VARIANTS[game % len(VARIANTS)]
        last = None
        for step in playout(
            ENGINE,
            seats,
            seed=f"sim-{seats}-{game}".encode(),
            options=options,
            bot_seed=game,
            on_event=Invariants(),
        ):
            last = step
        assert last is not None
        outcome = ENGINE.outcome(last.state)
        assert outcome is not None and outcome.winners
        if last.state.end_reason == "most_wanted":
            assert outcome.scores[outcome.winners[0]] == GOAL


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_same_seeds_give_the_same_events_and_messages_survive_the_codec(seats: int) -> None:
    first = list(playout(ENGINE, seats, seed=b"det", bot_seed=7, options=VARIANTS[1]))
    second = list(playout(ENGINE, seats, seed=b"det", bot_seed=7, options=VARIANTS[1]))
    assert [(s.command, s.events, s.draws) for s in first] == [(s.command, s.events, s.draws) for s in second]
    for step in first:
        for event in step.events:
            assert EVENTS.decode(json.loads(json.dumps(encode(event)))) == event
            for viewer in (SPECTATOR, 0):
                shown = ENGINE.redact(event, viewer)
                assert EVENTS.decode(json.loads(json.dumps(encode(shown)))) == shown
        if step.command is not None:
            assert COMMANDS.decode(json.loads(json.dumps(encode(step.command)))) == step.command
