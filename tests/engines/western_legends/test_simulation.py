"""Random-bot games for 2-6 players with invariants after every event; determinism; the JSON codec.

FRONTIER_SIM_GAMES sets the games per player count (default 20; CI sets 1000). Those games use a
bot that leans toward the front of `legal_commands` (the engine lists the most useful commands
first), so they run to the final scoring by the LP trigger (WL-END-1); a tenth as many games use
the uniform bot of engines/bot.py, which rarely scores and ends on the `max_rounds` safety cap.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from engines.base import SPECTATOR, Event
from engines.codec import Codec, encode
from engines.simulate import playout
from engines.western_legends import ENGINE
from engines.western_legends import events as ev
from engines.western_legends.cards import DECK
from engines.western_legends.cattle import start_ranches
from engines.western_legends.fightcards import FIGHT_DECK
from engines.western_legends.options import LEGACY_V1
from engines.western_legends.rules import GOLD_SUPPLY
from engines.western_legends.state import State

GAMES = int(os.environ.get("FRONTIER_SIM_GAMES", "20"))
LEAN = 0.7  # the chance the leaning bot takes the first legal command
DECK_SET, FIGHT_SET = frozenset(DECK), frozenset(FIGHT_DECK)


def check_invariants(state: State, event: Event) -> None:
    cards = [*state.deck, *state.discard]
    if state.poker is not None:  # WL-LOC-SAL-1: the flop, face-down choices and a dealer's own hand
        poker = state.poker
        cards += [*poker.flop, *poker.set_aside, *(c for _, chosen in poker.chosen for c in chosen)]
    tokens = [t for _, pool in state.ranches for t in pool]
    fight_cards = [*state.fight_deck, *state.fight_drawn]  # WL-CMP-5: drawn cards wait to go beneath
    gold = 0
    for p in state.players:
        assert p.money >= 0 and p.gold >= 0 and p.lp >= 0, p  # money and gold never negative
        assert p.money <= 120 and p.gold <= 6 and 0 <= p.wounds <= 3, p
        assert not (p.mp and p.wp), p  # WL-TRK-4
        cards += p.hand
        if p.committed:
            cards.append(p.committed)
        if p.cattle:
            tokens.append(p.cattle)
        fight_cards += p.offer
        gold += p.gold
        assert state.npc is not None or not p.offer
    # every card, token and fight card exactly once (conserved, none duplicated)
    assert len(cards) == len(DECK_SET) and DECK_SET.issuperset(cards) and len(set(cards)) == len(cards)
    in_play = {token for _, ranch in start_ranches(state.int_option("cattle_tokens")) for token in ranch}
    assert len(tokens) == len(in_play) and set(tokens) == in_play  # WL-CMP-3: one per player
    assert len(fight_cards) == len(FIGHT_SET) and set(fight_cards) == FIGHT_SET
    assert gold <= GOLD_SUPPLY  # WL-CMP-5
    assert min(count for _, count in state.stock) >= 0
    assert state.actions_left >= 0
    if isinstance(event, ev.GameEnded):
        assert len(set(state.turns_taken)) == 1  # WL-END-1: everyone had the same number of turns
        assert state.turns_taken[0] == state.round


def leaning_game(seats: int, seed: bytes, bot_seed: int, on_event: Callable[[State, Event], None]) -> State:
    """One game whose bot takes the first legal command with chance LEAN, else a uniform one."""
    *_, last = playout(ENGINE, seats, seed=seed, bot_seed=bot_seed, lean=LEAN, on_event=on_event)
    assert isinstance(last.state, State)
    return last.state


@pytest.mark.parametrize("seats", range(2, 7))
def test_WL_END_1_leaning_bot_games_reach_the_lp_trigger_with_invariants(seats: int) -> None:
    reasons: Counter[str] = Counter()
    for game in range(GAMES):
        state = leaning_game(seats, f"wl-{seats}-{game}".encode(), game, check_invariants)
        assert ENGINE.outcome(state) is not None and state.phase == "over"
        reasons[state.end_reason] += 1
    assert reasons["legend points reached"] >= 0.6 * GAMES, reasons  # most games end on the LP goal


@pytest.mark.parametrize("seats", range(2, 7))
def test_uniform_bot_games_end_with_invariants(seats: int) -> None:
    for game in range(max(2, GAMES // 10)):
        last: Any = None
        for step in playout(
            ENGINE, seats, seed=f"wl-u-{seats}-{game}".encode(), bot_seed=game, on_event=check_invariants
        ):
            last = step
        assert ENGINE.outcome(last.state) is not None
        assert last.state.phase == "over"


@pytest.mark.parametrize("seats", (2, 5))
def test_version_1_rules_still_play_to_the_end_with_invariants(seats: int) -> None:
    """The rules-version-1 options (LEGACY_V1) that old logs replay with stay playable."""
    for game in range(max(2, GAMES // 5)):
        last: Any = None
        for step in playout(
            ENGINE,
            seats,
            seed=f"wl-v1-{seats}-{game}".encode(),
            options=LEGACY_V1,
            bot_seed=game,
            lean=LEAN,
            on_event=check_invariants,
        ):
            last = step
        assert last.state.phase == "over" and last.state.option("fight_deck") == "pool"


def test_same_seeds_give_the_same_events() -> None:
    def events(seed: bytes) -> list[tuple[Event, ...]]:
        return [s.events for s in playout(ENGINE, 4, seed=seed, bot_seed=7)]

    assert events(b"same") == events(b"same")
    assert events(b"same") != events(b"other")


def test_every_event_and_command_survives_the_codec() -> None:
    event_codec, command_codec = Codec(ENGINE.events), Codec(ENGINE.commands)
    kinds: set[str] = set()
    for seats in (2, 5, 6):
        for step in playout(ENGINE, seats, seed=b"codec", bot_seed=seats):
            for event in step.events:
                kinds.add(event.kind)
                assert event_codec.decode(json.loads(json.dumps(encode(event)))) == event
                for viewer in (None, SPECTATOR, 0):
                    json.dumps(encode(ENGINE.redact(event, viewer)))
            if step.command is not None:
                assert command_codec.decode(json.loads(json.dumps(encode(step.command)))) == step.command
    assert {"fight_revealed", "game_ended", "cards_drawn", "character_chosen"} <= kinds


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
            if isinstance(event, ev.CharactersOffered) and event.seat != 1:
                offered = ENGINE.redact(event, 1)
                assert isinstance(offered, ev.CharactersOffered) and offered.characters == ()
