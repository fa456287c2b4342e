"""What a Deadwood 1876 arbiter writes down, and how it maps onto the engine.

Cards are written by item and gun colour (`horse-red`); safes by what is
printed on them (`gold-5`, `badge`, `gun-black`, `mystery-cash`). Copies look
alike at the table, so the expansion picks the copy; the engine's own ids
(`horse-red-2`, `gold-5a`, `badge-3`) are read as their faces. Dice are
written by the number printed on the face that came up: a white die shows
0, 1, 1, 2, 2 or 3, so a rolled "0" is written `0`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import Event, JsonValue
from engines.deadwood import events as ev
from engines.deadwood.components import CARDS, DICE, SAFES, STARTING_STARS
from engines.deadwood.setup import star_slots
from engines.deadwood.state import State
from engines.recording import UNKNOWN, Seen, SetupReading, TableGame

GAME = "deadwood-1876"
CARD_FIELDS = ("card", "gun")  # command fields that name a card (or, for `gun`, a showdown-gun safe)


def _safe_face(safe: str) -> str:
    kind, value = SAFES[safe]
    if kind == "gold":
        return f"gold-{value}"
    return "badge" if kind == "badge" else safe  # gun-<colour> and mystery-<name> are one of a kind


def _faces() -> dict[str, tuple[str, ...]]:
    faces: dict[str, tuple[str, ...]] = {}
    for card, (item, colour) in CARDS.items():
        faces[f"{item}-{colour}"] = (*faces.get(f"{item}-{colour}", ()), card)
    for safe in SAFES:
        faces[_safe_face(safe)] = (*faces.get(_safe_face(safe), ()), safe)
    return faces


FACES = _faces()
CARD_FACES = frozenset(f"{item}-{colour}" for item, colour in CARDS.values())
DIE_FACES = frozenset(face for faces in DICE.values() for face in faces)


class Deadwood(TableGame):
    """Deadwood 1876: a shuffled deck (`drew`) and safes (setup), dice picked by their printed face."""

    game = GAME
    faces = FACES
    not_a_die_text = "is on no Deadwood die: the faces run from 0 to 6"
    not_an_item_text = (
        "is not a Deadwood 1876 card or safe: write a card as item-colour (item duster, "
        'holster, horse or stetson; colour white, yellow, green, red or black, e.g. "horse-red"), a '
        'safe as printed ("gold-5", "badge", "gun-black", "mystery-cash"), or "unknown"'
    )

    def setup_reading(
        self, setup: dict[str, JsonValue], seats: int, options: Mapping[str, JsonValue]
    ) -> SetupReading:
        unknown_fields = sorted(set(setup) - {"stars", "hands", "safes", "centre"})
        if unknown_fields:
            return SetupReading(
                problem=f"unknown setup field {unknown_fields[0]!r} "
                f'(Deadwood 1876: "stars", "hands", "safes", "centre")'
            )
        if seats not in STARTING_STARS:
            return SetupReading()  # BAD_SEATS is reported by the expansion
        stars, hands, safes = setup.get("stars"), setup.get("hands"), setup.get("safes")
        slots = star_slots(seats)
        start = ", ".join(f"{slots.count(loc)} at {loc}" for loc in dict.fromkeys(slots))
        if not isinstance(stars, list) or len(stars) != seats or sorted(map(str, stars)) != sorted(slots):
            return SetupReading(
                problem=f'"setup.stars" must name each seat\'s starting location, in the order of "players"; '
                f"at {seats} players the stars start {start}"
            )
        hand_size = 3 if seats >= 8 else 4
        for name, items, size in (("hands", hands, hand_size), ("safes", safes, 2)):
            if (
                not isinstance(items, list)
                or len(items) != seats
                or not all(isinstance(i, list) for i in items)
            ):
                return SetupReading(
                    problem=f'"setup.{name}" must list what each of the {seats} seats was dealt '
                    f"({size} each), "
                    f'in the order of "players" ("unknown" for what nobody saw)'
                )
        assert isinstance(hands, list) and isinstance(safes, list)
        centre = setup.get("centre", [UNKNOWN] * (2 if seats >= 8 else 3))
        if not isinstance(centre, list):
            return SetupReading(problem='"setup.centre" must list the centre safes, top first')
        order: list[int] = []
        for location in slots:  # the star bag's draw order that puts every star where it was seen
            order.append(next(s for s in range(seats) if stars[s] == location and s not in order))
        return SetupReading(
            written={
                "drew": [card for hand in hands if isinstance(hand, list) for card in hand],
                "safes": [safe for row in safes if isinstance(row, list) for safe in row],
                "centre": centre,
            },
            plan={0: order},
        )

    def shuffled(self, events: Sequence[Event]) -> dict[str, list[tuple[int, str]]]:
        return {
            "drew": [(e.seat, c) for e in events if isinstance(e, ev.CardsDrawn) for c in e.cards],
            "safes": [(e.seat, s) for e in events if isinstance(e, ev.SafesDealt) for s in e.safes],
            "centre": [(-1, s) for e in events if isinstance(e, ev.CentreStacked) for s in e.safes],
        }

    def picks(self, events: Sequence[Event], calls: int) -> list[Seen]:
        seen = [
            Seen("rolled", seat, face, f"a {colour} die")
            for e in events
            if isinstance(e, ev.DiceRolled)
            for seat, colour, face in zip(e.seats, e.colours, e.faces, strict=True)
        ]
        if len(seen) < calls:  # DW-SHOW-4: no guns left, the richest finalist drawn at random
            seen += [
                Seen("picked", e.seat, e.seat, "the richest finalists")
                for e in events
                if isinstance(e, ev.GameWon)
            ]
        return seen

    def valid(self, channel: str, written: JsonValue) -> bool:
        if channel == "rolled":
            return type(written) is int and written in DIE_FACES
        return type(written) is int

    def cannot_pick(self, seen: Seen, written: JsonValue, index: int) -> tuple[str, str]:
        colour = seen.about.split()[1] if seen.about.startswith("a ") else ""
        if colour in DICE:
            faces = ", ".join(map(str, DICE[colour]))
            return "IMPOSSIBLE_ROLL", f"{seen.about} shows {faces}: it cannot show {written!r}"
        return "IMPOSSIBLE_ROLL", f"{written!r} cannot be picked from {seen.about}"

    def resolve_command(
        self, state: Any, seat: int, command: dict[str, JsonValue]
    ) -> tuple[dict[str, Any], str | None, int]:
        if not isinstance(state, State) or not 0 <= seat < state.seats:
            return dict(command), None, 0
        player = state.player(seat)
        resolved: dict[str, Any] = dict(command)
        found = 0
        for name in CARD_FIELDS:
            written = command.get(name)
            face = self.face_of(written)
            if face is None:
                continue
            pool = player.hand if face in CARD_FACES else player.safes
            copy = next((c for c in pool if c in FACES[face]), None)
            if copy is None:
                return dict(command), face, found
            resolved[name] = copy
            found += 1
        return resolved, None, found

    def aim(
        self, state: Any, seat: int, command: dict[str, Any], safe: JsonValue
    ) -> tuple[dict[str, Any], str]:
        """A line that names the safe it moves points at a copy of it: rows are face down, their order
        unseen, so the position the table pointed at says nothing the safe does not."""
        if safe is None:
            return command, ""
        kind, target = command.get("kind"), command.get("target")
        if kind not in ("pass_safe", "rob_safe", "give_safe") or not isinstance(state, State):
            return command, '"safe" is written only on a pass_safe, rob_safe or give_safe line'
        face = self.face_of(safe)
        if face is None or face in CARD_FACES:
            return command, f'"safe": {self.not_an_item(safe)}'
        holder = target if kind == "rob_safe" else seat
        if type(holder) is not int or not 0 <= holder < state.seats:
            return command, ""  # the rules name the bad target
        row = state.player(holder).safes
        position = next((i for i, held in enumerate(row) if held in FACES[face]), None)
        if position is None:
            return command, (
                f"{f'seat {holder + 1}' if holder != seat else 'the player'} holds no {face} here: every "
                f"{face} is dealt to someone else, held elsewhere or written earlier"
            )
        return {**command, "position": position}, ""

    def aimed(self, state: Any, seat: int, command: dict[str, Any]) -> list[str]:
        kind, position = command.get("kind"), command.get("position")
        holder = command.get("target") if kind == "rob_safe" else seat
        if not isinstance(state, State) or type(position) is not int or type(holder) is not int:
            return []
        row = state.player(holder).safes if 0 <= holder < state.seats else ()
        return [row[position]] if 0 <= position < len(row) else []

    def aim_swaps(
        self, state: Any, seat: int, command: dict[str, Any], safe: JsonValue
    ) -> list[tuple[str, str]]:
        face, target = self.face_of(safe), command.get("target")
        holder = target if command.get("kind") == "rob_safe" else seat
        if face is None or not isinstance(state, State) or type(holder) is not int:
            return []
        if not 0 <= holder < state.seats:
            return []
        return [(held, copy) for held in state.player(holder).safes for copy in FACES[face]]

    def takes(self, command: dict[str, Any]) -> bool:
        return command.get("kind") == "rob_safe"

    def taken(self, events: Sequence[Event]) -> bool | None:
        if any(isinstance(e, ev.SafeStolen) for e in events):
            return True
        return False if any(isinstance(e, ev.FightResolved) for e in events) else None

    def held(self, state: Any, seat: int) -> tuple[str, ...]:
        return state.player(seat).hand if isinstance(state, State) else ()

    def played(self, command: dict[str, Any]) -> list[str]:
        return [str(command[name]) for name in CARD_FIELDS if isinstance(command.get(name), str)]

    def foreign(self, command: dict[str, Any]) -> JsonValue | None:
        for name in CARD_FIELDS:
            written = command.get(name)
            if isinstance(written, str) and self.face_of(written) is None:
                return written
        return None


RECORDING = Deadwood()
