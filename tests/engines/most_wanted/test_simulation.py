"""Random-bot games for every player count, with invariants checked after every event.

FRONTIER_SIM_GAMES sets the games per player count (default 20; CI sets 1000).
Games cycle through the table options so every variant is played.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest

from engines.base import SPECTATOR, Event
from engines.codec import Codec, encode
from engines.most_wanted import ENGINE
from engines.most_wanted.cards import DECK
from engines.most_wanted.events import GameStarted, HandsRevealed
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


CARD_TEXT = re.compile(r'"((?:10|[6-9JQKA])-[0-3]-[ab])"')
DECK_OWNER = -2  # a card in the draw pile belongs to nobody's view


def secret_owners(state: State) -> dict[str, int]:
    """Every card that is secret now, mapped to the one seat allowed to see it."""
    owners = dict.fromkeys(state.deck, DECK_OWNER)
    for seat, player in enumerate(state.players):
        owners.update(dict.fromkeys(player.hand + player.committed, seat))
    return owners


def cards_in(data: object) -> list[str]:
    return CARD_TEXT.findall(json.dumps(data))


def leaked(
    shown: list[str], viewer: int, owners: dict[str, int], public: frozenset[str] = frozenset()
) -> set[str]:
    """The cards among `shown` that `viewer` may not see."""
    return {c for c in shown if c not in public and owners.get(c, viewer) != viewer}


class Invariants:
    """Checked after every event: cards conserved, scores and money in range, every viewer's
    copy of the event, and one viewer's view in rotation (spectator, seat 0, seat 1, ...).
    Every view after every event would make CI's 1000 games per player count too slow;
    over a game the rotation reaches every viewer at every kind of step."""

    def __init__(self) -> None:
        self.events = 0

    def __call__(self, state: State, event: Event) -> None:
        self.events += 1
        if isinstance(event, GameStarted):
            return  # the deck does not exist until the next event shuffles it
        held = [c for p in state.players for c in p.hand + p.committed]
        every = held + list(state.deck) + list(state.discard)
        assert len(every) == len(DECK) and set(every) == set(DECK), "cards are conserved"
        for player in state.players:
            assert 0 <= player.notoriety <= GOAL and player.money >= 0
        owners = secret_owners(state)
        viewer = self.events % (state.seats + 1) - 1  # SPECTATOR, seat 0, seat 1, ... in turn
        assert not leaked(cards_in(ENGINE.view(state, viewer)), viewer, owners), f"view of {viewer} leaks"
        if not cards_in(encode(event)):
            return  # nothing to hide in this event
        public: frozenset[str] = frozenset()
        if isinstance(event, HandsRevealed):  # the reveal is the moment committed cards go public
            public = frozenset(c for p in state.players for c in p.committed)
        seen: dict[Event, list[str]] = {}  # most viewers get the same redacted copy: encode it once
        for viewer in (SPECTATOR, *range(state.seats)):
            shown = ENGINE.redact(event, viewer)
            if shown not in seen:
                seen[shown] = cards_in(encode(shown))
            cards = seen[shown]
            assert not leaked(cards, viewer, owners, public), f"{event.kind} leaks to {viewer}"


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
