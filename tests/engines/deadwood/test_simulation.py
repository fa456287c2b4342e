"""Random-bot games for every player count, with the game's invariants checked after every event.

FRONTIER_SIM_GAMES sets the games per player count (default 20; CI runs 1000).
Also: determinism, the JSON codec round trip, and replaying a game from its
recorded draws through ObservedRng, as an imported tabletop log would be.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import pytest

from engines.base import SPECTATOR, Event, fold
from engines.codec import Codec, encode
from engines.deadwood import ENGINE
from engines.deadwood import events as ev
from engines.deadwood.components import DECK, SAFES
from engines.deadwood.state import State
from engines.rng import ImpossibleOutcome, ObservedRng
from engines.simulate import playout
from tests.conftest import sim_games
from tests.engines.deadwood.helpers import OPTION_SETS

CARDS = frozenset(DECK)
# Defaults most often, and every table option exercised by some games.
SAFE_IDS = frozenset(SAFES)


def _strings(value: object) -> set[str]:
    """Every string inside an event (through tuples and nested records).

    Walks the fields with `vars` rather than `dataclasses.fields`: this runs after every event
    of CI's 1000 games per player count, and events hold only strings, numbers, booleans, None,
    tuples and nested frozen records (engines/README.md), all of which are visited.
    """
    found: set[str] = set()
    _collect((value,), found)
    return found


def _collect(items: Iterable[object], found: set[str]) -> None:
    for item in items:
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, tuple):
            _collect(item, found)
        elif hasattr(item, "__dataclass_fields__"):
            _collect(vars(item).values(), found)


EVENTS, COMMANDS = Codec(ENGINE.events), Codec(ENGINE.commands)


class Invariants:
    """Checks one game's state after each event; remembers which safes are in play."""

    def __init__(self) -> None:
        self.safes_in_play: frozenset[str] | None = None

    def __call__(self, state: State, event: Event) -> None:
        if state.phase in ("choose", "pass") and not state.boxed:
            return  # setup is still laying out safes and cards
        self.cards(state)
        self.safes(state)
        for location in state.locations:
            assert state.headcount(location) <= state.capacity, f"{location} over capacity after {event}"
        self.secrets(state, event)

    def cards(self, state: State) -> None:
        held = [*state.deck, *state.discard]
        for player in state.players:
            held += player.hand
            if player.committed:
                held.append(player.committed)
        if state.fight is not None and state.phase in ("defend", "assist", "fight_ready"):
            fight = state.fight
            for gun in (fight.attack_gun, fight.defence_gun, *(h.card for h in fight.helpers)):
                if gun is not None and gun not in SAFES:
                    held.append(gun)
        # 50 places holding 50 different cards: each card exactly once.
        assert len(held) == len(CARDS) and set(held) == CARDS, "cards not conserved"

    def safes(self, state: State) -> None:
        every = [*state.centre, *state.boxed]
        for player in state.players:
            every += player.safes
        found = frozenset(every)
        assert len(found) == len(every), "a safe is in two places"
        if self.safes_in_play is None:
            self.safes_in_play = found
        assert found == self.safes_in_play, "safes not conserved"

    def secrets(self, state: State, event: Event) -> None:
        if state.revealed or not _strings(event) & SAFE_IDS:
            return
        for seat in (SPECTATOR, *range(state.seats)):
            if isinstance(event, ev.SafesPeeked) and event.seat == seat:
                continue  # the peeker's own private event
            own = set(state.player(seat).safes) if seat >= 0 else set()
            leaked = _strings(ENGINE.redact(event, seat)) & SAFE_IDS - own
            assert not leaked, f"seat {seat} sees {leaked} in {event}"
        if isinstance(event, ev.TurnStarted | ev.TeamsScored | ev.GameWon):  # views once per turn
            for seat in (SPECTATOR, *range(state.seats)):
                players = ENGINE.view(state, seat)["players"]
                for other in players:
                    if other["seat"] != seat:
                        assert other["hand"] is None
                        assert other["safes"] is None or state.revealed


@pytest.mark.parametrize("seats", range(2, 10))
def test_random_games_end_with_one_winner_and_keep_every_invariant(seats: int) -> None:
    for game in range(sim_games()):
        check = Invariants()
        last = None
        options = OPTION_SETS[game % len(OPTION_SETS)]
        for step in playout(
            ENGINE, seats, seed=f"sim{game}".encode(), bot_seed=game, on_event=check, options=options
        ):
            last = step
        assert last is not None
        outcome = ENGINE.outcome(last.state)
        assert outcome is not None and len(outcome.winners) == 1
        assert last.state.player(outcome.winners[0]).alive
        ranked = [s for tier in outcome.ranking for s in tier]
        assert sorted(ranked) == list(range(seats))


def record(seats: int, seed: bytes, bot_seed: int) -> list[Any]:
    return list(playout(ENGINE, seats, seed=seed, bot_seed=bot_seed))


@pytest.mark.parametrize("seats", [2, 5, 9])
def test_same_seeds_give_the_same_events(seats: int) -> None:
    first, again = record(seats, b"det", 3), record(seats, b"det", 3)
    assert [(s.seat, s.command, s.events) for s in first] == [(s.seat, s.command, s.events) for s in again]
    assert [s.events for s in record(seats, b"other", 3)] != [s.events for s in first]


@pytest.mark.parametrize("seats", [2, 6, 9])
def test_every_event_and_command_survives_the_codec(seats: int) -> None:
    for step in record(seats, b"codec", seats):
        for event in step.events:
            assert EVENTS.decode(json.loads(json.dumps(encode(event)))) == event
            for viewer in (SPECTATOR, 0):
                shown = ENGINE.redact(event, viewer)
                assert EVENTS.decode(json.loads(json.dumps(encode(shown)))) == shown
        if step.command is not None:
            assert COMMANDS.decode(json.loads(json.dumps(encode(step.command)))) == step.command


def test_an_imported_game_replays_from_its_observed_draws() -> None:
    steps = record(5, b"import", 7)
    setup = steps[0]
    rng = ObservedRng(list(setup.draws))
    state = fold(ENGINE, None, ENGINE.setup(ENGINE.options({}), 5, rng))
    rng.finish()
    for step in steps[1:]:
        rng = ObservedRng(list(step.draws))
        events = ENGINE.decide(state, step.seat, step.command, rng)
        rng.finish()
        assert tuple(events) == step.events
        state = fold(ENGINE, state, events)
    assert ENGINE.outcome(state) == ENGINE.outcome(steps[-1].state)


def test_an_impossible_observed_die_is_refused() -> None:
    steps = record(3, b"import", 1)
    rolling = next(s for s in steps[1:] if any(d["op"] == "randint" for d in s.draws))
    before = next(s for s in steps if s.version == rolling.version - 1).state
    draws = [dict(d) for d in rolling.draws]
    first = next(d for d in draws if d["op"] == "randint")
    first["value"] = 7  # a six-sided die has no seventh face
    with pytest.raises(ImpossibleOutcome):
        ENGINE.decide(before, rolling.seat, rolling.command, ObservedRng(draws))


def test_an_observed_deal_with_a_card_not_in_the_deck_is_refused() -> None:
    draws = [dict(d) for d in record(2, b"import", 1)[0].draws]
    deal = next(d for d in draws if d["op"] == "shuffle" and "horse-red-1" in d["value"])
    deal["value"] = ["horse-red-9" if c == "horse-red-1" else c for c in deal["value"]]
    with pytest.raises(ImpossibleOutcome):
        ENGINE.setup(ENGINE.options({}), 2, ObservedRng(draws))
