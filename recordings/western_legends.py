"""What a Western Legends arbiter writes down, and how it maps onto the engine.

Every chance in Western Legends is a pick: a card taken at random from the
face-down pool (`drew`), a prospecting die (`rolled`), or something else
picked at random and seen by someone (`picked`: a stolen card, a cattle token,
cards a Rifle peeks at, the fight cards drawn for a bandit, guard or the
Sheriff, a card discarded at random). Poker cards are written as printed,
rank then suit (`KS`, `10H`); the fight deck's cards by rank (`7`, `K`).
A prospecting die may be written by its number (1-6) or by what is printed:
`nugget` (1-3), `$10` (4), `$10 again` (5), `blank` (6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import Event, JsonValue
from engines.western_legends import events as ev
from engines.western_legends.cards import DECK
from engines.western_legends.cattle import TOKENS, token_colour
from engines.western_legends.characters import CHARACTER_NAMES
from engines.western_legends.state import State
from recordings.tablegame import UNKNOWN, Seen, SetupReading, TableGame

GAME = "western-legends"
DIE_WORDS: dict[str, tuple[int, ...]] = {
    "nugget": (1, 2, 3),
    "$10": (4,),
    "$10 again": (5,),
    "blank": (6,),
}
HAND_CARD_FIELDS: dict[str, str] = {  # command kind -> its field naming a card from the hand
    "pay_annie_toll": "card",
    "commit_fight_card": "card",
    "answer_fight": "card",
    "discard_card": "card",
    "ride_out": "card",
}


def token_face(token: str) -> str:
    """A cattle token as printed: "blue $40", "green $20 + 1 LP"."""
    money, lp = TOKENS[token]
    return f"{token_colour(token)} ${money}" + (" + 1 LP" if lp else "")


class WesternLegends(TableGame):
    """Western Legends: characters dealt from a shuffle (setup), every other chance a pick."""

    game = GAME
    faces = {card: (card,) for card in DECK}

    def setup_reading(
        self, setup: dict[str, JsonValue], seats: int, options: Mapping[str, JsonValue]
    ) -> SetupReading:
        dealt = options["character_deal"] == "random"
        field, size = ("characters", 1) if dealt else ("offered", 2)
        allowed = {field, "first_player"} | ({"hands"} if dealt else set())
        unknown_fields = sorted(set(setup) - allowed)
        if unknown_fields:
            return SetupReading(
                problem=f"unknown setup field {unknown_fields[0]!r} (Western Legends with character_deal "
                f"{options['character_deal']!r}: {', '.join(sorted(allowed))})"
            )
        names = setup.get(field)
        flat = (
            [n for group in names for n in group]
            if dealt is False and isinstance(names, list) and all(isinstance(g, list) for g in names)
            else names
        )
        shape = (
            f'one character per seat, e.g. ["{CHARACTER_NAMES[0]}", ...]'
            if dealt
            else f'the two characters offered to each seat, e.g. [["{CHARACTER_NAMES[0]}", '
            f'"{CHARACTER_NAMES[1]}"], ...]'
        )
        if (
            not isinstance(flat, list)
            or len(flat) != seats * size
            or not isinstance(names, list)
            or len(names) != seats
        ):
            return SetupReading(problem=f'"setup.{field}" must list {shape}, seat 0 first')
        strange = next((n for n in flat if n not in CHARACTER_NAMES), None)
        if strange is not None:
            return SetupReading(
                problem=f"{strange!r} is not a Western Legends character: {', '.join(CHARACTER_NAMES)}"
            )
        if len(set(map(str, flat))) != len(flat):
            return SetupReading(problem=f'"setup.{field}" names a character twice: there is one of each')
        order = [*map(str, flat), *(n for n in CHARACTER_NAMES if n not in flat)]
        reading = SetupReading(plan={0: order})
        if dealt:
            hands = setup.get("hands", [])
            if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
                return SetupReading(
                    problem='"setup.hands" must list the cards each seat starts with, seat 0 first'
                )
            reading.written["drew"] = [c for hand in hands if isinstance(hand, list) for c in hand]
        first = setup.get("first_player")
        if first is not None:
            if type(first) is not int or not 0 <= first < seats:
                return SetupReading(problem='"setup.first_player" must be the 0-based seat that starts')
            reading.later["first"] = [first]
        return reading

    def picks(self, events: Sequence[Event], calls: int) -> list[Seen]:
        seen: list[Seen] = []
        first: tuple[int, int] | None = None  # (position in seen, seat)
        random_discard = False
        for e in events:
            match e:
                case ev.CardsDrawn(seat=seat, cards=cards):
                    seen += [Seen("drew", seat, c, "the face-down deck") for c in cards]
                case ev.DiceRolled(seat=seat, faces=faces) | ev.DieRerolled(seat=seat, faces=faces):
                    seen += [Seen("rolled", seat, f, "a prospecting die") for f in faces]
                case ev.CardStolen(seat=seat, card=card):
                    seen.append(Seen("picked", seat, card, "the victim's hand"))
                case ev.CattleTaken(seat=seat, token=token):
                    seen.append(Seen("picked", seat, token, "the ranch's tokens"))
                case ev.HandPeeked(seat=seat, cards=cards):
                    seen += [Seen("picked", seat, c, "the target's hand") for c in cards]
                case ev.FightCardsOffered(seat=seat, cards=cards):
                    seen += [Seen("picked", seat, c, "the fight deck") for c in cards]
                case ev.CardsDiscarded(seat=seat, cards=cards) if random_discard:
                    seen += [Seen("picked", seat, c, "the fighter's hand") for c in cards]
                case ev.FirstPlayerChosen(seat=seat):
                    first = (len(seen), seat)
            random_discard = isinstance(e, ev.NpcChoiceMade) and e.choice == "random"
        if first is not None and len(seen) < calls:  # WL-SET-4: a tie for the highest WP, drawn
            seen.insert(first[0], Seen("first", first[1], first[1], "the players tied for the most WP"))
        return seen

    def valid(self, channel: str, written: JsonValue) -> bool:
        if channel == "drew":
            return written in DECK
        if channel == "rolled":
            return (type(written) is int and 1 <= written <= 6) or written in DIE_WORDS
        return True

    def matches(self, seen: Seen, written: JsonValue) -> bool:
        if seen.channel == "rolled" and isinstance(written, str):
            return bool(seen.item in DIE_WORDS.get(written, ()))
        if isinstance(seen.item, str) and seen.item in TOKENS and isinstance(written, str):
            return written in (seen.item, token_face(seen.item))
        return bool(seen.item == written)

    def not_a_die(self, written: JsonValue) -> str:
        return f"{written!r} is not a prospecting die face: 1-6, or nugget, $10, $10 again, blank"

    def not_an_item(self, written: JsonValue) -> str:
        return (
            f"{written!r} is not a Western Legends poker card: write rank then suit, rank 2-10, J, Q, K or A "
            f'and suit S, H, D or C (e.g. "KS", "10H"), or "{UNKNOWN}" for a card nobody saw'
        )

    def cannot_pick(self, seen: Seen, written: JsonValue, index: int) -> tuple[str, str]:
        if seen.channel == "drew":
            return (
                "CARD_NOT_AVAILABLE",
                f"{written!r} is not in the face-down deck here: it is in a hand or on the discards already "
                f"(a card written twice?)",
            )
        if seen.channel == "first":
            return "IMPOSSIBLE_ROLL", f"seat {written!r} is not among {seen.about}"
        return "IMPOSSIBLE_ROLL", f"{written!r} cannot come from {seen.about} here"

    def resolve_command(
        self, state: Any, seat: int, command: dict[str, JsonValue]
    ) -> tuple[dict[str, Any], str | None, int]:
        name = HAND_CARD_FIELDS.get(str(command.get("kind")))
        card = command.get(name) if name else None
        if not isinstance(state, State) or not 0 <= seat < state.seats or not card or card not in DECK:
            return dict(command), None, 0
        if card not in state.players[seat].hand:
            return dict(command), str(card), 0
        return dict(command), None, 1

    def foreign(self, command: dict[str, Any]) -> JsonValue | None:
        name = HAND_CARD_FIELDS.get(str(command.get("kind")))
        card = command.get(name) if name else None
        return card if isinstance(card, str) and card and card not in DECK else None

    def written_items(self, setup: dict[str, JsonValue], lines: Sequence[Any]) -> set[str]:
        named: set[str] = set()
        hands = setup.get("hands")
        for hand in hands if isinstance(hands, list) else []:
            named.update(c for c in hand if isinstance(c, str)) if isinstance(hand, list) else None
        for line in lines:
            for items in (line.drew, line.picked):
                named.update(c for c in items or [] if isinstance(c, str) and c in DECK)
            for value in line.command.values():
                if isinstance(value, str) and value in DECK:
                    named.add(value)
        return named
