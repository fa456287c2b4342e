"""The printed components of Deadwood 1876 as data: locations, dice, cards, safes.

Every table here is a [gap] default from the rules spec (§2) unless the spec
says otherwise; card and safe ids spell out what they are, so an id is as
secret as the card or safe itself and is redacted the same way.
"""

from __future__ import annotations

from typing import Final

# DW-SETUP-1, §2.2: clockwise from the Gem Theater; the Grand Central leaves 2-3 player games.
LOCATIONS: Final = ("gem_theater", "bella_union", "grand_central")
LOCATION_NAMES: Final = {
    "gem_theater": "the Gem Theater",
    "bella_union": "the Bella Union Saloon",
    "grand_central": "the Grand Central Hotel",
}

# DW-CAP-2: players -> starting stars per location (Gem, Bella Union, Grand Central).
STARTING_STARS: Final = {
    2: (1, 1),
    3: (2, 1),
    4: (2, 2, 0),
    5: (2, 2, 1),
    6: (2, 2, 2),
    7: (3, 2, 2),
    8: (3, 3, 2),
    9: (3, 3, 3),
}


def default_capacity(players: int) -> int:
    """DW-CAP-2: 2 per location at 2-3 players, floor(N/3)+1 from 4 players on."""
    return 2 if players <= 3 else players // 3 + 1


# DW-DICE-4: six faces per gun colour, weakest to strongest.
DICE: Final = {
    "white": (0, 1, 1, 2, 2, 3),
    "yellow": (1, 1, 2, 2, 3, 4),
    "green": (1, 2, 2, 3, 3, 4),
    "red": (1, 2, 3, 3, 4, 5),
    "black": (2, 2, 3, 4, 5, 6),
}
COLOURS: Final = tuple(DICE)

# DW-CARD-4: copies of each (item, gun colour) in the 50-card Deadwood deck.
ITEMS: Final = ("duster", "holster", "horse", "stetson")
CARD_MIX: Final = {
    "duster": (3, 3, 2, 2, 2),
    "holster": (2, 2, 3, 3, 2),
    "horse": (3, 2, 3, 2, 3),
    "stetson": (2, 3, 2, 3, 3),
}


def _deadwood_cards() -> dict[str, tuple[str, str]]:
    cards: dict[str, tuple[str, str]] = {}
    for item, counts in CARD_MIX.items():
        for colour, count in zip(COLOURS, counts, strict=True):
            for copy in range(1, count + 1):
                cards[f"{item}-{colour}-{copy}"] = (item, colour)
    return cards


CARDS: Final = _deadwood_cards()  # card id -> (item, gun colour)
DECK: Final = tuple(CARDS)


def card_item(card: str) -> str:
    return CARDS[card][0]


def card_gun(card: str) -> str:
    return CARDS[card][1]


# DW-SAFE-3: the 20 standard safes; DW-SAFE-4: the 5 silver Mystery Safes.
GOLD_VALUES: Final = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7)
MYSTERY: Final = ("cash", "fools_gold", "jammed", "sharpshooter", "deputy")


def _safes() -> dict[str, tuple[str, int | str]]:
    safes: dict[str, tuple[str, int | str]] = {}
    seen: dict[int, int] = {}
    for value in GOLD_VALUES:
        copy = seen[value] = seen.get(value, 0) + 1
        suffix = "ab"[copy - 1] if GOLD_VALUES.count(value) > 1 else ""
        safes[f"gold-{value}{suffix}"] = ("gold", value)
    for number in range(1, 4):
        safes[f"badge-{number}"] = ("badge", 0)
    for colour in COLOURS:
        safes[f"gun-{colour}"] = ("gun", colour)
    for name in MYSTERY:
        safes[f"mystery-{name}"] = ("mystery", name)
    return safes


SAFES: Final = _safes()  # safe id -> (kind, gold value | gun colour | mystery name)
STANDARD_SAFES: Final = tuple(s for s, (kind, _) in SAFES.items() if kind != "mystery")
MYSTERY_SAFES: Final = tuple(f"mystery-{name}" for name in MYSTERY)


def safe_gold(safe: str) -> int:
    kind, value = SAFES[safe]
    return value if kind == "gold" and isinstance(value, int) else 0


def is_badge(safe: str) -> bool:
    """Badges and the Deputy mystery safe both give a badge turn (DW-SAFE-4 #5)."""
    return SAFES[safe][0] == "badge" or safe == "mystery-deputy"


def safe_gun(safe: str) -> str | None:
    kind, value = SAFES[safe]
    return value if kind == "gun" and isinstance(value, str) else None


# DW-CHAR-1: characters are cosmetic (a name); each player chooses one (DW-SETUP-2).
# Sourced: Wild Bill Hickok and Calamity Jane (PCU review). The printed cards are "each based on
# a real person who roamed the streets of Deadwood in 1876" (Red Rock Games), so names 3-7 are
# real 1876 residents standing in for the unknown cards, and 8-9 are unnamed placeholders.
CHARACTERS: Final = (
    "Wild Bill Hickok",
    "Calamity Jane",
    "Seth Bullock",
    "Al Swearengen",
    "Sol Star",
    "Charlie Utter",
    "Jack McCall",
    "Character 8 (placeholder)",
    "Character 9 (placeholder)",
)
PLACEHOLDER_CHARACTERS: Final = CHARACTERS[2:]
# deadwood-1876/1 dealt these in seat order; "Alma Garret" and "Doc Cochran" are HBO inventions.
CHARACTERS_V1: Final = (*CHARACTERS[:7], "Alma Garret", "Doc Cochran")
