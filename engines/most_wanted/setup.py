"""The opening events: options, the shuffled deck, the deal, and the first player (MW-SET)."""

from __future__ import annotations

from collections.abc import Mapping

from engines.base import Event, JsonValue, OptionError, Rng
from engines.most_wanted import events as ev
from engines.most_wanted.cards import DECK, HAND_SIZE
from engines.most_wanted.evolve import evolve
from engines.most_wanted.flow import Emitter, draw_up_to
from engines.most_wanted.state import State


def setup(options: Mapping[str, JsonValue], seats: int, rng: Rng) -> list[Event]:
    started = ev.GameStarted(
        seats=seats,
        first_player=str(options["first_player"]),
        tie_rule=str(options["tie_rule"]),
        duel_reward=str(options["duel_reward"]),
        bail_rule=str(options["bail_rule"]),
        max_join_circuits=int(options["max_join_circuits"]),
        max_turns=int(options["max_turns"]),
    )
    em = Emitter(evolve(None, started))
    em.events.append(started)
    added = ev.RulesAdded(
        first_seat=int(options.get("first_seat", 0)),
        last_call=bool(options.get("last_call", False)),
        declarer_may_swap=bool(options.get("declarer_may_swap", False)),
    )
    if added != ev.RulesAdded(first_seat=0, last_call=False, declarer_may_swap=False):
        em.emit(added)  # only then: a most-wanted/1 game's setup stays event for event
    if options["first_player"] == "named" and not 0 <= added.first_seat < seats:
        raise OptionError(
            f"option first_seat must name one of the seats 0 to {seats - 1}, not {added.first_seat}"
        )
    em.emit(ev.DeckShuffled(order=rng.shuffle(DECK), reshuffle=False))  # MW-SET-3
    if options.get("rejoin_call", False):
        em.emit(ev.RejoinCallAdded())  # only then: a most-wanted/1 or /2 game's setup stays as it was
    for seat in range(seats):
        draw_up_to(em, seat, HAND_SIZE, rng)
    if options["first_player"] == "duel":
        em.emit(ev.FirstDuelStarted(seats=tuple(range(seats))))  # MW-DUEL-5
    elif options["first_player"] == "named":  # MW-SET-4: the seed's youngest player, named at creation
        em.emit(ev.FirstPlayerChosen(seat=added.first_seat), ev.TurnStarted(seat=added.first_seat, turn=1))
    else:
        first = rng.randint(0, seats - 1)  # MW-SET-4 / MW-RNG-1: a random seat
        em.emit(ev.FirstPlayerChosen(seat=first), ev.TurnStarted(seat=first, turn=1))
    return em.events


def reshuffle_unseen(state: State, rng: Rng) -> list[Event]:
    """A fork's re-deal of the draw deck (reshuffle false: the discard pile is public and stays)."""
    if len(state.deck) <= 1:
        return []
    return [ev.DeckShuffled(order=rng.shuffle(state.deck), reshuffle=False)]
