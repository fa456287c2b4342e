"""The opening events: DW-SETUP-1..5 (the pass and the first roll follow as decisions)."""

from __future__ import annotations

from collections.abc import Mapping

from engines.base import Event, JsonValue, Rng
from engines.deadwood import events as ev
from engines.deadwood.components import (
    CHARACTERS,
    DECK,
    LOCATIONS,
    MYSTERY_SAFES,
    STANDARD_SAFES,
    STARTING_STARS,
    default_capacity,
)
from engines.deadwood.options import check_for_seats, from_dict
from engines.deadwood.state import State


def setup(raw: Mapping[str, JsonValue], seats: int, rng: Rng) -> list[Event]:
    options = from_dict(raw)
    big = seats >= 8  # DW-SETUP-4/5: smaller hands and centre stack at 8-9 players
    centre_count = 2 if big else 3
    check_for_seats(options, seats, centre_count)
    starting = STARTING_STARS[seats]
    locations = LOCATIONS[: len(starting)]  # DW-SETUP-1: no Grand Central at 2-3 players
    started = ev.GameStarted(
        seats=seats,
        locations=locations,
        characters=() if options.character_choice == "chosen" else _characters(options.characters, seats),
        # DW-CAP-2: a table's own capacity never drops below the starting stars.
        capacity=max(options.location_capacity or default_capacity(seats), max(starting)),
        hand_size=3 if big else 4,
        main_rounds=min(options.main_rounds or centre_count, centre_count),  # DW-RND-2
        safe_limit=options.safe_limit,
        badge_turns=options.badge_turns,
        assists=options.assists,
        rob_teammates=options.rob_teammates,
        hand_guns_in_showdown=options.hand_guns_in_showdown,
        duster_draw=options.duster_draw,
        stetson_peeks=options.stetson_peeks,
    )
    events: list[Event] = [started]
    added = ev.RulesAdded(options.holsters_in_showdown, options.mystery_gold_die)
    if added != ev.RulesAdded(True, "black_die"):  # only then: a deadwood-1876/1 setup stays event for event
        events.append(added)
    events += [ev.StarsPlaced(_place_stars(seats, rng))]
    deck = rng.shuffle(DECK)
    events.append(ev.DeckShuffled(deck))
    hand = started.hand_size
    for seat in range(seats):
        events.append(ev.CardsDrawn(seat, deck[seat * hand : (seat + 1) * hand]))
    # DW-SETUP-5 / DW-ADV-1: the silver safes stay out unless the table shuffles some in.
    safes = rng.shuffle(STANDARD_SAFES + MYSTERY_SAFES[: options.mystery_safes])
    events.append(ev.CentreStacked(safes[:centre_count]))
    dealt = safes[centre_count:]
    for seat in range(seats):
        events.append(ev.SafesDealt(seat, dealt[2 * seat : 2 * seat + 2]))
    events.append(ev.SafesBoxed(dealt[2 * seats :]))
    return events


def _characters(chosen: tuple[str, ...], seats: int) -> tuple[str, ...]:
    """DW-SETUP-2: the chosen characters; seats without a choice take the unchosen in list order."""
    rest = [c for c in CHARACTERS if c not in chosen]
    return (*chosen, *rest)[:seats]


def star_slots(seats: int) -> list[str]:
    """DW-SETUP-2/3: the locations the stars come out to, in drawing order, round-robin from the
    Gem Theater."""
    starting = STARTING_STARS[seats]
    locations = LOCATIONS[: len(starting)]
    slots: list[str] = []
    left = list(starting)
    while len(slots) < seats:
        for index, location in enumerate(locations):
            if left[index] > 0 and len(slots) < seats:
                slots.append(location)
                left[index] -= 1
    return slots


def _place_stars(seats: int, rng: Rng) -> tuple[str, ...]:
    """DW-SETUP-2/3: stars drawn from the bag one at a time onto the star slots."""
    slots = star_slots(seats)
    drawn = rng.shuffle(list(range(seats)))
    placed = [""] * seats
    for seat, location in zip(drawn, slots, strict=True):
        placed[seat] = location
    return tuple(placed)


def reshuffle_unseen(state: State, rng: Rng) -> list[Event]:
    """A fork's re-deal of the draw deck and the face-down centre stack of safes. Safes in a row
    are known to their holder, and boxed safes are out of the game: both stay."""
    events: list[Event] = []
    if len(state.deck) > 1:
        events.append(ev.DeckShuffled(rng.shuffle(state.deck)))
    if len(state.centre) > 1:
        events.append(ev.CentreStacked(rng.shuffle(state.centre)))
    return events
