"""Random-bot games for 2-6 players with invariants after every event; determinism; the JSON codec.

FRONTIER_SIM_GAMES sets the games per player count (default 20; CI sets 1000).
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from engines.base import SPECTATOR, Event
from engines.codec import Codec, encode
from engines.simulate import playout
from engines.western_legends import ENGINE
from engines.western_legends import events as ev
from engines.western_legends.cards import DECK
from engines.western_legends.fightcards import FIGHT_DECK
from engines.western_legends.state import State

GAMES = int(os.environ.get("FRONTIER_SIM_GAMES", "20"))


def check_invariants(state: State, event: Event) -> None:
    cards = list(state.deck) + list(state.discard)
    for p in state.players:
        assert p.money >= 0 and p.gold >= 0 and p.lp >= 0, p  # money and gold never negative
        assert p.money <= 120 and p.gold <= 6 and 0 <= p.wounds <= 3, p
        assert not (p.mp and p.wp), p  # WL-TRK-4
        cards += list(p.hand) + ([p.committed] if p.committed else [])
    assert sorted(cards) == sorted(DECK)  # cards conserved, none duplicated
    fight_cards = list(state.fight_deck) + [c for p in state.players for c in p.offer]
    assert sorted(fight_cards) == sorted(FIGHT_DECK)  # fight cards conserved
    if state.npc is None:
        assert all(not p.offer for p in state.players)
    assert all(count >= 0 for _, count in state.stock)
    assert state.actions_left >= 0
    if isinstance(event, ev.GameEnded):
        assert len(set(state.turns_taken)) == 1  # WL-END-1: everyone had the same number of turns
        assert state.turns_taken[0] == state.round


@pytest.mark.parametrize("seats", range(2, 7))
def test_random_games_reach_final_scoring_with_invariants(seats: int) -> None:
    for game in range(GAMES):
        last: Any = None
        for step in playout(
            ENGINE, seats, seed=f"wl-{seats}-{game}".encode(), bot_seed=game, on_event=check_invariants
        ):
            last = step
        assert ENGINE.outcome(last.state) is not None
        assert last.state.phase == "over"


def test_same_seeds_give_the_same_events() -> None:
    def events(seed: bytes) -> list[tuple[Event, ...]]:
        return [s.events for s in playout(ENGINE, 4, seed=seed, bot_seed=7)]

    assert events(b"same") == events(b"same")
    assert events(b"same") != events(b"other")


def test_every_event_and_command_survives_the_codec() -> None:
    event_codec, command_codec = Codec(ENGINE.events), Codec(ENGINE.commands)
    kinds: set[str] = set()
    for seats in (2, 6):
        for step in playout(ENGINE, seats, seed=b"codec", bot_seed=seats):
            for event in step.events:
                kinds.add(event.kind)
                assert event_codec.decode(json.loads(json.dumps(encode(event)))) == event
                for viewer in (None, SPECTATOR, 0):
                    json.dumps(encode(ENGINE.redact(event, viewer)))
            if step.command is not None:
                assert command_codec.decode(json.loads(json.dumps(encode(step.command)))) == step.command
    assert {"fight_revealed", "game_ended", "cards_drawn"} <= kinds


def test_views_hide_other_hands_and_the_deck() -> None:
    steps = list(playout(ENGINE, 3, seed=b"views", bot_seed=1))
    state = steps[-1].state
    mine = ENGINE.view(state, 0)["players"]
    assert "hand" in mine[0] and "hand" not in mine[1]
    assert "deck" not in ENGINE.view(state, SPECTATOR) and "deck" in ENGINE.view(state, None)
    for step in steps:
        for event in step.events:
            if isinstance(event, ev.CardsDrawn) and event.seat != 1:
                redacted = ENGINE.redact(event, 1)
                assert isinstance(redacted, ev.CardsDrawn) and redacted.cards == ()
