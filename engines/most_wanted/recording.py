"""What a Most Wanted arbiter writes down, and how it maps onto the engine.

Cards are written by their face, `<rank>-<suit>` (`Q-2`, `10-0`, `A-3`): the
two copies of a face cannot be told apart at a table, so the expansion picks
the copy. The engine's own ids (`Q-2-b`) are accepted too and read as faces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import Event, JsonValue
from engines.most_wanted import events as ev
from engines.most_wanted.cards import DECK
from engines.recording import SetupReading, TableGame

GAME = "most-wanted"
FACES: dict[str, tuple[str, ...]] = {}
for _card in DECK:
    FACES.setdefault(_card.rsplit("-", 1)[0], ())
    FACES[_card.rsplit("-", 1)[0]] += (_card,)


def drawn(events: list[Event]) -> list[tuple[int, str]]:
    """(seat, card) for every card the rules dealt or drew, in order."""
    return [(e.seat, card) for e in events if isinstance(e, ev.CardsDrawn) for card in e.cards]


def setup_observations(
    setup: dict[str, JsonValue], seats: int
) -> tuple[list[JsonValue] | None, list[int], str]:
    """The dealt hands (seat 0 first) as one draw list, the observed rolls, or a problem sentence."""
    unknown_fields = sorted(set(setup) - {"hands", "first_player"})
    if unknown_fields:
        return None, [], f'unknown setup field {unknown_fields[0]!r} (Most Wanted: "hands", "first_player")'
    hands = setup.get("hands")
    if not isinstance(hands, list) or len(hands) != seats or not all(isinstance(h, list) for h in hands):
        return (
            None,
            [],
            f'"setup.hands" must list the {seats} dealt hands, in the order of "players" ("unknown" for '
            "unseen cards)",
        )
    first = setup.get("first_player")
    rolls = [] if first is None else [first] if type(first) is int else None
    if rolls is None:
        return None, [], '"setup.first_player" must be the 0-based seat that the table drew to start'
    return [card for hand in hands for card in hand], rolls, ""


class MostWanted(TableGame):
    """Most Wanted: one shuffled deck (`drew`); the only pick is the first player, written as a seat."""

    game = GAME
    rolls_are_values = True
    extra_rolls = '"setup.first_player" is only written when the option first_player is "random"'
    faces = FACES
    channels = ("drew",)
    not_an_item_text = (
        'is not a Most Wanted card: write rank-suit, rank 6-10, J, Q, K or A and suit 0-3 (e.g. "Q-2"), '
        'or "unknown" for a card nobody saw'
    )

    def setup_reading(
        self, setup: dict[str, JsonValue], seats: int, options: Mapping[str, JsonValue]
    ) -> SetupReading:
        observed, rolls, sentence = setup_observations(setup, seats)
        if observed is None:
            return SetupReading(problem=sentence)
        if options["first_player"] == "random" and not rolls:
            return SetupReading(
                problem='write "setup.first_player": the seat the table drew to start', code="MISSING_ROLL"
            )
        return SetupReading(written={"drew": observed}, rolls=list(rolls))

    def shuffled(self, events: Sequence[Event]) -> dict[str, list[tuple[int, str]]]:
        return {"drew": drawn(list(events))}

    def impossible_roll(self, value: JsonValue, low: int, high: int, players: Sequence[str]) -> str:
        return (
            f'"setup.first_player" {value!r} names no seat: seats are written from {low} to {high} '
            f"({players[low]} to {players[high]}; the file counts seats from 0)"
        )

    def roll_taken(self, value: int, players: Sequence[str]) -> str:
        return (
            f'the lines that follow fit "first_player": {value} ({players[value]}), which the expansion took'
        )

    def resolve_command(
        self, state: Any, seat: int, command: dict[str, JsonValue]
    ) -> tuple[dict[str, Any], str | None, int]:
        """The command with each written face replaced by a copy the seat holds; or the first missing
        face and how many were found before it (a swap that finds one more is progress)."""
        cards = command.get("cards")
        if not isinstance(cards, list) or not 0 <= seat < state.seats:
            return dict(command), None, 0
        player = state.player(seat)
        held = list(player.hand) + [c for c in player.committed if c not in player.hand]
        chosen: list[JsonValue] = []
        for written in cards:
            wanted = self.face_of(written)
            if wanted is None:
                chosen.append(written)  # the rules name the problem (UNKNOWN_CARD)
                continue
            copy = next((c for c in held if c in FACES[wanted] and c not in chosen), None)
            if copy is None:
                return dict(command), wanted, len(chosen)
            chosen.append(copy)
        return {**command, "cards": chosen}, None, len(chosen)

    def held(self, state: Any, seat: int) -> tuple[str, ...]:
        player = state.player(seat)
        return tuple(player.hand + player.committed)

    def played(self, command: dict[str, Any]) -> list[str]:
        cards = command.get("cards")
        return [str(c) for c in cards] if isinstance(cards, list) else []

    def foreign(self, command: dict[str, Any]) -> JsonValue | None:
        cards = command.get("cards")
        return next((c for c in cards if self.face_of(c) is None), None) if isinstance(cards, list) else None


RECORDING = MostWanted()
