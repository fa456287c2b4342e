"""What a Western Legends arbiter writes down, and how it maps onto the engine.

Almost every chance in Western Legends is a pick: a card taken at random from
the face-down pool (`drew`), a prospecting die (`rolled`), or something else
picked at random and seen by someone (`picked`: a stolen card, a cattle token,
cards a Rifle peeks at, a card discarded at random, the poker flop, the card
Wild Bill keeps). The NPC fight deck (`fight_cards`) is a shuffled deck under
rules version 2 (option `fight_deck` "ordered"): its cards come off the top and
go beneath it after a fight, so the expansion plans it like any shuffled deck;
with `fight_deck` "pool" (version 1) each fight card is a pick. Poker cards are
written as printed, rank then suit (`KS`, `10H`); fight cards by rank (`7`, `K`).
A prospecting die may be written by its number (1-6) or by what is printed:
`nugget` (1-3), `$10` (4), `$10 again` (5), `blank` (6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import Event, JsonValue
from engines.recording import UNKNOWN, Seen, SetupReading, TableGame
from engines.western_legends import events as ev
from engines.western_legends.cards import DECK
from engines.western_legends.cattle import TOKENS, token_colour
from engines.western_legends.characters import CHARACTER_NAMES
from engines.western_legends.fightcards import FIGHT_DECK
from engines.western_legends.state import State

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
DECK_PICKS = "the face-down deck"  # what a poker card drawn or turned up is picked from
FIGHT = "fight_cards"  # the line field and channel of the NPC fight cards drawn


def token_face(token: str) -> str:
    """A cattle token as printed: "blue $40", "green $20 + 1 LP"."""
    money, lp = TOKENS[token]
    return f"{token_colour(token)} ${money}" + (" + 1 LP" if lp else "")


class WesternLegends(TableGame):
    """Western Legends: characters dealt from a shuffle (setup), every other chance a pick."""

    game = GAME
    faces = {card: (card,) for card in (*DECK, *FIGHT_DECK)}
    setup_channels = {
        "first": 'the highest starting WP is tied here: write "setup.first_player", the seat the table '
        "drew to start"
    }
    ordered_fight_deck = True  # rules version 2 (option fight_deck "ordered"); False: version 1's pool
    not_a_die_text = "is not a prospecting die face: 1-6, or nugget, $10, $10 again, blank"
    not_an_item_text = (
        "is not a Western Legends poker card: write rank then suit, rank 2-10, J, Q, K or A "
        f'and suit S, H, D or C (e.g. "KS", "10H"), or "{UNKNOWN}" for a card nobody saw'
    )

    def for_options(self, options: Mapping[str, JsonValue]) -> WesternLegends:
        played = WesternLegends()
        played.ordered_fight_deck = options.get("fight_deck", "ordered") == "ordered"
        return played

    def shuffled(self, events: Sequence[Event]) -> dict[str, list[tuple[int, str]]]:
        if not self.ordered_fight_deck:
            return {}
        return {FIGHT: [(e.seat, c) for e in events if isinstance(e, ev.FightCardsOffered) for c in e.cards]}

    def face_in(self, channel: str, written: JsonValue) -> str | None:
        if channel == FIGHT:
            return written if isinstance(written, str) and written in FIGHT_DECK else None
        return self.face_of(written)

    def not_an_item_in(self, channel: str, written: JsonValue) -> str:
        if channel == FIGHT:
            return (
                f"{written!r} is not an NPC fight card: write its rank, 2-10, J, Q, K or A "
                f'(e.g. "7", "K"), or "{UNKNOWN}" for a card nobody saw'
            )
        return self.not_an_item(written)

    def unavailable(self, channel: str, face: str, copies: int) -> str:
        if channel == FIGHT:
            return (
                f"fight card {face} is not on top of the fight deck here: it was drawn already in this "
                f"fight, or went beneath the deck and has not come up again (a fight card written twice?)"
            )
        return super().unavailable(channel, face, copies)

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
            return SetupReading(problem=f'"setup.{field}" must list {shape}, in the order of "players"')
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
                    problem='"setup.hands" must list the cards each seat starts with, in the order of '
                    '"players"'
                )
            reading.written["drew"] = [c for hand in hands if isinstance(hand, list) for c in hand]
        first = setup.get("first_player")
        if first is not None:
            if type(first) is not int:  # a seat the table does not have is found where it is drawn
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
                    seen += [Seen("drew", seat, c, DECK_PICKS) for c in cards]
                case ev.DiceRolled(seat=seat, faces=faces) | ev.DieRerolled(seat=seat, faces=faces):
                    seen += [Seen("rolled", seat, f, "a prospecting die") for f in faces]
                case ev.CardStolen(seat=seat, card=card):
                    seen.append(Seen("picked", seat, card, "the victim's hand"))
                case ev.CattleTaken(seat=seat, token=token):
                    seen.append(Seen("picked", seat, token, "the ranch's tokens"))
                case ev.HandPeeked(seat=seat, cards=cards):
                    seen += [Seen("picked", seat, c, "the target's hand") for c in cards]
                case ev.FightCardsOffered(seat=seat, cards=cards) if not self.ordered_fight_deck:
                    seen += [Seen(FIGHT, seat, c, "the fight cards left") for c in cards]
                case ev.PokerFlopRevealed(cards=cards):
                    seen += [Seen("picked", -1, c, DECK_PICKS) for c in cards]
                case ev.PokerCardKept(seat=seat, card=card):
                    seen.append(Seen("picked", seat, card, "the poker cards he played"))
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
        if channel == FIGHT:
            return written in FIGHT_DECK
        return True

    def matches(self, seen: Seen, written: JsonValue) -> bool:
        if seen.channel == "rolled" and isinstance(written, str):
            return bool(seen.item in DIE_WORDS.get(written, ()))
        if isinstance(seen.item, str) and seen.item in TOKENS and isinstance(written, str):
            return written in (seen.item, token_face(seen.item))
        return bool(seen.item == written)

    def alternatives(self, channel: str, seats: int) -> list[JsonValue]:
        return list(range(seats)) if channel == "first" else []

    def pick_taken(self, channel: str, value: JsonValue, players: Sequence[str]) -> str:
        if channel == "first" and type(value) is int and 0 <= value < len(players):
            return (
                f'the lines that follow fit "setup.first_player": {value} ({players[value]}), which the '
                f"expansion took"
            )
        return super().pick_taken(channel, value, players)

    def cannot_pick(self, seen: Seen, written: JsonValue, index: int) -> tuple[str, str]:
        if seen.channel == "drew":
            return (
                "CARD_NOT_AVAILABLE",
                f"{written!r} is not in the face-down deck here: it is in a hand or on the discards already "
                f"(a card written twice?)",
            )
        if seen.channel == "first":
            return (
                "IMPOSSIBLE_ROLL",
                f'"setup.first_player" {written!r} is not among {seen.about} (the file counts seats from 0)',
            )
        if seen.channel == "picked" and isinstance(seen.item, str) and seen.item in DECK:
            if written not in DECK:
                return "CARD_NOT_IN_GAME", self.not_an_item(written)
            if seen.about == DECK_PICKS:
                return (
                    "CARD_NOT_AVAILABLE",
                    f"{written!r} is not in the face-down deck here: it is in a hand, on the discards or "
                    f"turned up already (a card written twice?)",
                )
        return "IMPOSSIBLE_ROLL", f"{written!r} cannot come from {seen.about} here"

    def resolve_command(
        self, state: Any, seat: int, command: dict[str, JsonValue]
    ) -> tuple[dict[str, Any], str | None, int]:
        if not isinstance(state, State) or not 0 <= seat < state.seats:
            return dict(command), None, 0
        kind = command.get("kind")
        if kind == "choose_fight_card":  # from the fight cards this seat drew
            card = command.get("card")
            if isinstance(card, str) and card in FIGHT_DECK and card not in state.players[seat].offer:
                return dict(command), card, 0
            return dict(command), None, 0
        if kind == "npc_choice" and command.get("choice") in DECK:  # a fight card's "discard one" option
            card = str(command.get("choice"))
            held = card in state.players[seat].hand
            return dict(command), None if held else card, int(held)
        name = HAND_CARD_FIELDS.get(str(kind))
        cards = (
            command.get("cards") if kind == "choose_poker_cards" else [command.get(name) if name else None]
        )
        named = [c for c in cards if isinstance(c, str) and c in DECK] if isinstance(cards, list) else []
        missing = next((c for c in named if c not in state.players[seat].hand), None)
        return dict(command), missing, 0 if missing is not None else len(named)

    def named(self, command: dict[str, Any]) -> list[str]:
        kind = command.get("kind")
        if kind == "choose_poker_cards":
            cards = command.get("cards")
            return [c for c in cards if isinstance(c, str)] if isinstance(cards, list) else []
        field = {"choose_fight_card": "card", "npc_choice": "choice", **HAND_CARD_FIELDS}.get(str(kind))
        value = command.get(field) if field else None
        return [value] if isinstance(value, str) and (value in DECK or value in FIGHT_DECK) else []

    def held(self, state: Any, seat: int) -> tuple[str, ...]:
        """What an exchange may turn into a named card: the fight cards a chooser drew (a shuffle's)."""
        return tuple(state.players[seat].offer) if isinstance(state, State) else ()

    def foreign(self, command: dict[str, Any]) -> JsonValue | None:
        if command.get("kind") == "choose_poker_cards":
            cards = command.get("cards")
            strange = (
                [c for c in cards if not (isinstance(c, str) and c in DECK)]
                if isinstance(cards, list)
                else []
            )
            return strange[0] if strange else None
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


RECORDING = WesternLegends()
