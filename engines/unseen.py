"""Re-randomising what nobody has seen, for a game forked at a position.

A fork continues a stored game under a new seed. Whatever the table has not
seen yet -- a face-down deck's order, a face-down stack -- must come from the
new seed, or the fork would replay the source's future (and publish it when the
fork ends). Each game names its hidden orders here, and re-shuffles them with
its own events, so replay folds them like any other event:

- Most Wanted: the draw deck (`deck_shuffled`, reshuffle false: the discard pile
  is public and stays where it is).
- Deadwood 1876: the draw deck (`deck_shuffled`) and the face-down centre stack of
  safes (`centre_stacked`). Safes in a row are known to their holder, and boxed safes
  are out of the game: both stay.
- Western Legends: the face-down fight deck (`fight_deck_shuffled`). The card deck,
  the loot and the poker cards are pools a draw picks from at random when it
  happens, and dice are rolled when needed: the fork's own seed decides them anyway.

Pure: no I/O; the rng is the fork's seeded generator (counter 0).
"""

from __future__ import annotations

from typing import Any

from engines.base import Event, Rng
from engines.deadwood import events as dw
from engines.most_wanted import events as mw
from engines.western_legends import events as wl


def reshuffle_unseen(game: str, state: Any, rng: Rng) -> list[Event]:
    """The events that re-deal every hidden order of `state` from `rng`."""
    events: list[Event] = []
    if game == "most-wanted":
        if len(state.deck) > 1:
            events.append(mw.DeckShuffled(order=rng.shuffle(state.deck), reshuffle=False))
    elif game == "deadwood-1876":
        if len(state.deck) > 1:
            events.append(dw.DeckShuffled(rng.shuffle(state.deck)))
        if len(state.centre) > 1:
            events.append(dw.CentreStacked(rng.shuffle(state.centre)))
    elif game == "western-legends" and len(state.fight_deck) > 1:
        order = rng.shuffle(state.fight_deck)
        events.append(wl.FightDeckShuffled(order=order, count=len(order)))
    return events
