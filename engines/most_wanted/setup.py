"""The opening events: options, the shuffled deck, the deal, and the first player (MW-SET)."""

from __future__ import annotations

from collections.abc import Mapping

from engines.base import Event, JsonValue, Rng
from engines.most_wanted import events as ev
from engines.most_wanted.cards import DECK, HAND_SIZE
from engines.most_wanted.evolve import evolve
from engines.most_wanted.flow import Emitter, draw_up_to


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
    em.emit(ev.DeckShuffled(order=rng.shuffle(DECK), reshuffle=False))  # MW-SET-3
    for seat in range(seats):
        draw_up_to(em, seat, HAND_SIZE, rng)
    if options["first_player"] == "duel":
        em.emit(ev.FirstDuelStarted(seats=tuple(range(seats))))  # MW-DUEL-5
    else:
        first = rng.randint(0, seats - 1)  # MW-SET-4 / MW-RNG-1: a random seat
        em.emit(ev.FirstPlayerChosen(seat=first), ev.TurnStarted(seat=first, turn=1))
    return em.events
