"""Words shared by the engines' narratives: how a seat is named and how a count agrees with its noun."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.base import Event


def seat_name(seat: int, names: Sequence[str]) -> str:
    """The seat's name, or "seat N" (1-based, the people's numbering) when it has none."""
    name = names[seat].strip() if 0 <= seat < len(names) else ""
    return name or f"seat {seat + 1}"


def told(event: Event, names: Sequence[str], sentences: Mapping[type[Event], str]) -> str | None:
    """The sentence a game's table gives an event that says no more than who it is about, "{seat}"
    standing for the event's seat by name ("{seat} ends the ride."); None for an event not in it.
    A subclass of an event is told as its base, as a `match` arm for the base would tell it."""
    for kind in type(event).__mro__:
        sentence = sentences.get(kind)
        if sentence is None:
            continue
        if "{seat}" not in sentence:
            return sentence
        seat: int = vars(event)["seat"]  # a sentence names "{seat}" only for an event that has one
        return sentence.format(seat=seat_name(seat, names))
    return None


def agreeing(count: int, noun: str, plural: str = "") -> str:
    """ "card" for 1, "cards" otherwise: the noun as it agrees with the count."""
    return noun if count == 1 else plural or noun + "s"


def counted(count: int, noun: str, plural: str = "") -> str:
    """ "1 card", "2 cards", "0 cards": the noun agrees with the count."""
    return f"{count} {agreeing(count, noun, plural)}"


# What a narrative says in place of an item's name when nobody at the table saw it: an expanded tabletop
# recording names such an item only because the rules need one there (seeds/LOG-FORMAT.md, "unseen").
UNSEEN = "(unseen)"


def as_written(reason: str) -> str:
    """An outcome's reason for a game whose engine records it in words already."""
    return reason


# Words that open an engine's sentence only because it is a sentence; inside a step's line, after
# "; ", they are lower case. Names (of seats, characters, cards) keep their capitals.
SENTENCE_OPENERS = frozenset(
    {
        "A",
        "An",
        "The",
        "Every",
        "Everyone",
        "Nobody",
        "No",
        "Dice",
        "To",
        "Badge",
        "Showdown",
        "Round",
        "Turn",
        "Stars",
    }
)


def joined(sentences: Sequence[str]) -> str:
    """Several events' sentences as one line: "; " between them, each without its full stop, and a
    sentence's opening word in lower case after the first ("...; the deck is shuffled")."""
    parts = [sentence.rstrip(".") for sentence in sentences]
    for index in range(1, len(parts)):
        first, _, rest = parts[index].partition(" ")
        if first in SENTENCE_OPENERS:
            parts[index] = first.lower() + (" " + rest if rest else "")
    return "; ".join(parts)
