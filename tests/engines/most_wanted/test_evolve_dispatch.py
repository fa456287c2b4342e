"""Most Wanted's dict-dispatched `evolve` folds exactly as the `match` it replaced.

The reference below is the `match`-based fold as it stood before the dispatch (commit d1d517d),
kept verbatim apart from its name: comparing every intermediate state of random bot games
against it is the plainest proof that the dispatch changed nothing, unusual rules included.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import Event, changed
from engines.most_wanted import ENGINE
from engines.most_wanted import events as ev
from engines.most_wanted.evolve import _FOLDS, evolve
from engines.most_wanted.state import GOAL, Action, Player, Settings, State
from engines.rng import SeededRng
from engines.simulate import playout

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"first_player": "duel", "tie_rule": "nobody_wins"},
    {"duel_reward": "bail_money_to_winner", "bail_rule": "partial_then_move_back"},
    {"max_join_circuits": 1, "max_turns": 60},
    {"first_player": "named", "first_seat": 1, "last_call": False, "declarer_may_swap": False},
]


@settings(max_examples=30, deadline=None)
@given(
    seats=st.integers(2, 8),
    seed=st.binary(min_size=32, max_size=32),
    bot_seed=st.integers(0, 2**32),
    options=st.sampled_from(OPTION_SETS),
    lean=st.sampled_from([0.0, 0.5]),
)
def test_the_dispatch_folds_every_event_of_a_random_game_as_the_match_did(
    seats: int, seed: bytes, bot_seed: int, options: dict[str, Any], lean: float
) -> None:
    new: State | None = None
    old: State | None = None
    for step in playout(ENGINE, seats, seed=seed, options=options, bot_seed=bot_seed, lean=lean):
        for event in step.events:
            new, old = evolve(new, event), match_evolve(old, event)
            assert new == old, f"after {event!r}"
        assert new == step.state


def test_every_event_kind_has_a_fold() -> None:
    """A kind left out of the dict would fold as no change, silently; bot games may never log it."""
    assert set(_FOLDS) == set(ENGINE.events) - {ev.GameStarted}


def _started_state() -> State:
    state = None
    for event in ENGINE.setup(ENGINE.options({}), 4, SeededRng(bytes(32), "evolve", 0)):
        state = evolve(state, event)
    assert state is not None
    return state


@pytest.mark.parametrize(
    "event",
    [
        ev.BailPaid(seat=1, amount=2, to_seat=None),
        ev.BailPaid(seat=1, amount=2, to_seat=1),
        ev.MovedBack(seat=2, spaces=5),
        ev.LaborPaid(seat=0, cards=(), money=2),
        ev.GameEnded(winners=(1, 2), reason="turn_limit"),
        ev.FirstPlayerChosen(seat=2),
        ev.TileFlipped(tile="train"),
        ev.DeckShuffled(order=("a", "b"), reshuffle=True),
    ],
)
def test_kinds_random_games_seldom_log_fold_as_before(event: Event) -> None:
    state = _started_state()
    assert evolve(state, event) == match_evolve(state, event)


@dataclass(frozen=True)
class _Stranger(Event):
    kind = "stranger"


@dataclass(frozen=True)
class _LateAdvance(ev.Advanced):
    pass


def test_an_unknown_event_changes_nothing_as_before() -> None:
    state = _started_state()
    assert evolve(state, _Stranger()) is state
    assert match_evolve(state, _Stranger()) is state


def test_a_subclass_of_an_event_folds_as_its_base_as_before() -> None:
    state = _started_state()
    late = _LateAdvance(seat=1, points=3)
    assert evolve(state, late) == match_evolve(state, late) != state


# The reference: the match-based fold before the dispatch, verbatim.


def _without(cards: tuple[str, ...], gone: tuple[str, ...]) -> tuple[str, ...]:
    removed = set(gone)
    return tuple(c for c in cards if c not in removed)


def _commit(state: State, seat: int, cards: tuple[str, ...]) -> State:
    """Face-down cards become exactly `cards`; the old ones go back to the hand (a swap)."""
    player = state.player(seat)
    pool = player.hand + player.committed
    return state.with_player(seat, hand=_without(pool, cards), committed=cards)


def _advance_window(action: Action, quiet: bool) -> Action:
    if action.closing:  # MW-ROB-8 (3a): each joined seat answers the last call once
        return changed(action, last_call=action.last_call[1:])
    pointer = action.pointer + 1
    circuits = action.circuits
    if pointer == len(action.window):
        pointer, circuits = 0, circuits + 1
    return changed(action, pointer=pointer, circuits=circuits, quiet=action.quiet + 1 if quiet else 0)


def match_evolve(state: State | None, event: Event) -> State:  # noqa: C901 - one case per event kind
    match event:
        case ev.GameStarted():
            settings = Settings(
                event.first_player,
                event.tie_rule,
                event.duel_reward,
                event.bail_rule,
                event.max_join_circuits,
                event.max_turns,
            )
            return State(settings=settings, players=tuple(Player() for _ in range(event.seats)))
    assert state is not None
    match event:
        case ev.DeckShuffled(order=order, reshuffle=reshuffle):
            if reshuffle:
                return changed(state, deck=order, discard=(), reshuffles=state.reshuffles + 1)
            return changed(state, deck=order)
        case ev.TileFlipped(tile=tile):
            return changed(state, flipped=(*state.flipped, tile))
        case ev.CardsDrawn(seat=seat, cards=cards):
            drawn = changed(state, deck=state.deck[len(cards) :])
            return drawn.with_player(seat, hand=state.player(seat).hand + cards)
        case ev.FirstDuelStarted(seats=seats):
            return changed(state, phase="lock", action=Action("first_duel", 1, seats))
        case ev.TurnStarted(seat=seat, turn=turn):
            return changed(state, phase="action", active=seat, turn=turn, action=None)
        case ev.RobberyDeclared(seat=seat, tile=tile, count=count, cards=cards):
            window = state.clockwise_from(seat)[1:]
            action = Action("robbery", count, (seat,), tile=tile, window=window)
            return changed(_commit(state, seat, cards), phase="join", action=action)
        case ev.RobberyJoined(seat=seat, cards=cards):
            assert state.action is not None
            action = _advance_window(state.action, quiet=False)
            action = changed(action, participants=(*action.participants, seat))
            return changed(_commit(state, seat, cards), action=action)
        case ev.RulesAdded(first_seat=first_seat, last_call=last_call, declarer_may_swap=swap):
            settings = changed(
                state.settings,
                first_seat=first_seat,
                last_call=last_call,
                declarer_may_swap=swap,
                rules_added=True,
            )
            return changed(state, settings=settings)
        case ev.LastCallStarted(seats=seats):
            assert state.action is not None
            return changed(state, action=changed(state.action, closing=True, last_call=seats, called=seats))
        # rules version 3's events, added after the dispatch (MW-ROB-8 (3b))
        case ev.RejoinCallAdded():
            return changed(state, settings=changed(state.settings, rejoin_call=True))
        case ev.RejoinCallStarted(seats=seats):
            assert state.action is not None
            return changed(state, action=changed(state.action, last_call=seats, rejoining=True))
        case ev.RobberyWithdrawn(seat=seat):
            assert state.action is not None
            action = _advance_window(state.action, quiet=False)
            action = changed(action, participants=tuple(s for s in action.participants if s != seat))
            return changed(_commit(state, seat, ()), action=action)
        case ev.StayedPut():
            assert state.action is not None
            return changed(state, action=_advance_window(state.action, quiet=True))
        case ev.JoinWindowClosed(participants=participants):
            assert state.action is not None
            return changed(state, phase="lock", action=changed(state.action, participants=participants))
        case ev.DuelChallenged(seat=seat, target=target, size=size):
            return changed(state, phase="lock", action=Action("duel", size, (seat, target)))
        case ev.CardsLocked(seat=seat, cards=cards):
            assert state.action is not None
            locked = state.action.locked if seat in state.action.locked else (*state.action.locked, seat)
            return changed(_commit(state, seat, cards), action=changed(state.action, locked=locked))
        case ev.HandsRevealed():
            return state
        case ev.BailPaid(seat=seat, amount=amount, to_seat=to_seat):
            paid = state.with_player(seat, money=state.player(seat).money - amount)
            if to_seat is None:
                return paid
            return paid.with_player(to_seat, money=paid.player(to_seat).money + amount)
        case ev.MovedBack(seat=seat, spaces=spaces):
            return state.with_player(seat, notoriety=max(0, state.player(seat).notoriety - spaces))
        case ev.Advanced(seat=seat, points=points):
            return state.with_player(seat, notoriety=min(GOAL, state.player(seat).notoriety + points))
        case ev.CardsDiscarded(seat=seat, cards=cards) | ev.ChurchVisited(seat=seat, cards=cards):
            player = state.player(seat)
            gone = state.with_player(
                seat, hand=_without(player.hand, cards), committed=_without(player.committed, cards)
            )
            return changed(gone, discard=state.discard + cards)
        case ev.LaborPaid(seat=seat, cards=cards, money=money):
            player = state.player(seat)
            paid = state.with_player(seat, hand=_without(player.hand, cards), money=player.money + money)
            return changed(paid, discard=state.discard + cards)
        case ev.FirstPlayerChosen():
            return changed(state, action=None)
        case ev.GameEnded(winners=winners, reason=reason):
            return changed(state, phase="over", winners=winners, end_reason=reason, action=None)
    return state
