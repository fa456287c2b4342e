"""The opening events (WL §4), and a fork's re-deal of what nobody has seen."""

from __future__ import annotations

from collections.abc import Mapping

from engines.base import Event, JsonValue, Rng
from engines.western_legends import events as ev
from engines.western_legends.characters import CHARACTER_NAMES
from engines.western_legends.evolve import evolve
from engines.western_legends.fightcards import FIGHT_DECK
from engines.western_legends.options import UNWRITTEN
from engines.western_legends.rules import Tx
from engines.western_legends.state import State
from engines.western_legends.turn import after_characters, take_character


def setup(options: Mapping[str, JsonValue], seats: int, rng: Rng) -> list[Event]:
    """WL-SET-1..5: supplies (in the first state), characters, first player, start spaces.

    With `character_deal="draw_two"` each seat is dealt 2 characters and keeps 1
    (WL-SET-3), choosing at once; otherwise one character is dealt to each seat.
    """
    names = rng.shuffle(CHARACTER_NAMES)
    dealt = options["character_deal"] == "random"
    # an option at its version-1 value is left out (State.option reads it back), so a version-1
    # log's setup is re-derived exactly as it was recorded
    written = {k: v for k, v in options.items() if k not in UNWRITTEN or v != UNWRITTEN[k]}
    started = ev.GameStarted(
        int_options=tuple((k, v) for k, v in written.items() if isinstance(v, int)),
        text_options=tuple((k, v) for k, v in written.items() if isinstance(v, str)),
        seats=tuple(ev.SeatSetUp(character=names[s] if dealt else "", space="") for s in range(seats)),
        first_player=0,
    )
    tx = Tx(evolve(None, started), rng, [started])
    if options["fight_deck"] == "ordered":  # a shuffled deck with a recorded order
        tx.emit(ev.FightDeckShuffled(order=rng.shuffle(FIGHT_DECK), count=len(FIGHT_DECK)))
    if dealt:
        for seat in range(seats):
            take_character(tx, seat)
        after_characters(tx)
    else:
        for seat in range(seats):
            tx.emit(ev.CharactersOffered(seat=seat, characters=names[2 * seat : 2 * seat + 2]))
    return tx.events


def reshuffle_unseen(state: State, rng: Rng) -> list[Event]:
    """A fork's re-deal of the face-down fight deck. The card deck, the loot and the poker cards
    are pools a draw picks from when it happens, and dice are rolled when needed: the fork's own
    seed decides them anyway."""
    if len(state.fight_deck) <= 1:
        return []
    order = rng.shuffle(state.fight_deck)
    return [ev.FightDeckShuffled(order=order, count=len(order))]
