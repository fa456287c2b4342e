"""What one game's recording means: the interface the expansion (replay/recordings/expand.py) drives,
one implementation per game (engines/<game>/recording.py).

Chance reaches a game in two ways, and a table sees each differently:
- a **shuffle** (a deck, the safes): the table sees cards come off it. The
  expansion plans each shuffle and exchanges two of its items when a written
  card disagrees (`shuffled` observations, compared by face);
- a **pick** (`randint`: a die, a card taken at random from a pool): the table
  sees what came up. Every `randint` a game makes shows the table exactly one
  thing, in order (`picked` observations), so the expansion finds, call by
  call, the value that makes the rules show what was written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.base import Event, JsonValue

UNKNOWN = "unknown"


@dataclass(frozen=True)
class Seen:
    """One thing a pick showed the table: its `channel` (the line field it is written in)."""

    channel: str  # "drew", "rolled", "picked"
    seat: int
    item: JsonValue
    about: str = ""  # what it was picked from, for a sentence: "a white die", ...


@dataclass
class SetupReading:
    """What the header's `setup` says, in the expansion's terms; `problem` when it does not read."""

    written: dict[str, list[JsonValue]] = field(default_factory=dict)  # channel -> items, in order
    rolls: list[JsonValue] = field(default_factory=list)  # randint values written as such (Most Wanted)
    plan: dict[int, list[Any]] = field(default_factory=dict)  # shuffle index -> the order it must take
    later: dict[str, list[JsonValue]] = field(default_factory=dict)  # observations a later line shows
    problem: str = ""
    code: str = "BAD_SETUP"  # the code of `problem`


class TableGame:
    """The per-game part of a recording. Defaults suit a game with no shuffled cards and no picks."""

    game = ""
    rolls_are_values = False  # True: randint values are written directly (setup `first_player`)
    extra_rolls = ""  # the sentence when setup rolls are written that the rules never ask for
    faces: Mapping[str, tuple[str, ...]] = {}  # a written face -> the component ids that show it
    not_an_item_text = "is not in the game"  # after the written item: why it names nothing here
    not_a_die_text = "is on no face of this game's dice"
    # a pick only the setup writes (no line field) -> the sentence when the rules make it unwritten
    setup_channels: Mapping[str, str] = {}
    channels: tuple[str, ...] = ("drew", "rolled", "picked", "fight_cards")  # the line fields it reads

    def setup_reading(
        self, setup: dict[str, JsonValue], seats: int, options: Mapping[str, JsonValue]
    ) -> SetupReading:
        raise NotImplementedError

    def shuffled(self, events: Sequence[Event]) -> dict[str, list[tuple[int, str]]]:
        """Items that came off a shuffle, by channel, in order: (seat that received it, item id)."""
        return {}

    def picks(self, events: Sequence[Event], calls: int) -> list[Seen]:
        """What each of the `calls` randint calls showed, in call order."""
        return []

    def for_options(self, options: Mapping[str, JsonValue]) -> TableGame:
        """This game as the table's options play it (a game whose chance depends on them differs)."""
        return self

    def line_written(
        self,
        drew: list[JsonValue] | None,
        rolled: list[JsonValue] | None,
        picked: list[JsonValue] | None,
        fight_cards: list[JsonValue] | None = None,
    ) -> dict[str, list[JsonValue] | None]:
        """A command line's observations by channel (None: the line does not write that channel)."""
        written = {"drew": drew, "rolled": rolled, "picked": picked, "fight_cards": fight_cards}
        return {channel: written[channel] for channel in self.channels}

    def face_of(self, written: JsonValue) -> str | None:
        """The face a written shuffled item names, or None when the game has no such item."""
        if not isinstance(written, str):
            return None
        if written in self.faces:
            return written
        return next((face for face, ids in self.faces.items() if written in ids), None)

    def face_in(self, channel: str, written: JsonValue) -> str | None:
        """The face a written item of a shuffled `channel` names; None: that channel has no such item."""
        return self.face_of(written)

    def item_face(self, item: str) -> str:
        return next(face for face, ids in self.faces.items() if item in ids)

    def not_an_item(self, written: JsonValue) -> str:
        return f"{written!r} {self.not_an_item_text}"

    def not_an_item_in(self, channel: str, written: JsonValue) -> str:
        """Why `written` cannot be an item of a shuffled `channel` (else CARD_NOT_IN_GAME)."""
        return self.not_an_item(written)

    def unavailable(self, channel: str, face: str, copies: int) -> str:
        """Why a written shuffled item cannot be the one that came off the shuffle here."""
        return (
            f"{'both copies are' if copies == 2 else 'every copy is'} already dealt, played or recorded "
            f"earlier (a card written twice?)"
        )

    def not_a_die(self, written: JsonValue) -> str:
        return f"{written!r} {self.not_a_die_text}"

    def matches(self, seen: Seen, written: JsonValue) -> bool:
        return bool(seen.item == written)

    def valid(self, channel: str, written: JsonValue) -> bool:
        """Whether a written pick could be a thing of this channel at all (else CARD_NOT_IN_GAME)."""
        return True

    def impossible_roll(self, value: JsonValue, low: int, high: int, players: Sequence[str]) -> str:
        """Why a setup roll written as a value (`rolls_are_values`) cannot have come up."""
        return f"{value!r} cannot come up here: it must be from {low} to {high}"

    def roll_taken(self, value: int, players: Sequence[str]) -> str:
        """What the expansion went on with in place of an impossible setup roll, as written in the file."""
        return f"the lines that follow fit {value}, which the expansion took in its place"

    def alternatives(self, channel: str, seats: int) -> list[JsonValue]:
        """What else a table could have written for a pick of `channel` that cannot be what was written:
        lenient expansion goes on with the one the following lines fit (none: the pick is left unseen)."""
        return []

    def pick_taken(self, channel: str, value: JsonValue, players: Sequence[str]) -> str:
        """What the expansion went on with in place of a pick that cannot be what was written."""
        return f"the lines that follow fit {value!r}, which the expansion took in its place"

    def cannot_pick(self, seen: Seen, written: JsonValue, index: int) -> tuple[str, str]:
        """(code, sentence) when no outcome of a pick shows what was written."""
        return "IMPOSSIBLE_ROLL", f"{written!r} cannot come up here"

    def resolve_command(
        self, state: Any, seat: int, command: dict[str, JsonValue]
    ) -> tuple[dict[str, Any], str | None, int]:
        """The command with written faces made component ids; or the first face the seat lacks."""
        return dict(command), None, 0

    def held(self, state: Any, seat: int) -> tuple[str, ...]:
        return ()

    def played(self, command: dict[str, Any]) -> list[str]:
        """The component ids a resolved command names (no longer free to stand for unseen items)."""
        return []

    def named(self, command: dict[str, Any]) -> list[str]:
        """The component ids a resolved command names: its player saw them, so an item filled in for
        "unknown" that a command names is not one nobody saw."""
        return self.played(command)

    def foreign(self, command: dict[str, Any]) -> JsonValue | None:
        """A written card of the command that the game does not have (CARD_NOT_IN_GAME), if any."""
        return None

    def aim(
        self, state: Any, seat: int, command: dict[str, Any], safe: JsonValue
    ) -> tuple[dict[str, Any], str]:
        """The command pointed at the face-down item the line names; or a sentence why it cannot be."""
        if safe is None:
            return command, ""
        return (
            command,
            f'"safe" is written only on a Deadwood 1876 line that moves a safe, not in {self.game}',
        )

    def aimed(self, state: Any, seat: int, command: dict[str, Any]) -> list[str]:
        """The face-down item a command `aim` pointed names: the line named it, so it was seen."""
        return []

    def aim_swaps(
        self, state: Any, seat: int, command: dict[str, Any], safe: JsonValue
    ) -> list[tuple[str, str]]:
        """Exchanges that could put the named item where `aim` looked: (an item there, a copy of it)."""
        return []

    def takes(self, command: dict[str, Any]) -> bool:
        """Whether the command, written with the face-down item it names, sets out to take it."""
        return False

    def taken(self, events: Sequence[Event]) -> bool | None:
        """Whether a face-down take ended here in success (True) or failure (False); None: none ended."""
        return None

    def written_items(self, setup: dict[str, JsonValue], lines: Sequence[Any]) -> set[str]:
        """Every item named anywhere in the recording: an unseen pick avoids them when it can."""
        return set()
