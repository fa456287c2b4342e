"""What a seat may ask for in Deadwood 1876 (imperatives, one class per kind)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from engines.base import Command


@dataclass(frozen=True)
class SafeRef:
    """A face-down safe by its holder and its position in the holder's row."""

    seat: int
    position: int


@dataclass(frozen=True)
class ChooseCharacter(Command):
    """DW-SETUP-2 (`character_choice="chosen"`): take one of the characters no seat has taken."""

    kind: ClassVar[str] = "choose_character"
    character: str


@dataclass(frozen=True)
class PassSafe(Command):
    """DW-SETUP-6: pass the safe at `position` face down to the player on the left."""

    kind: ClassVar[str] = "pass_safe"
    position: int


@dataclass(frozen=True)
class RideHorse(Command):
    """DW-CARD-2 Horse: move your star to `destination`."""

    kind: ClassVar[str] = "ride_horse"
    card: str
    destination: str


@dataclass(frozen=True)
class PeekSafes(Command):
    """DW-CARD-2 Stetson: look secretly at face-down safes."""

    kind: ClassVar[str] = "peek_safes"
    card: str
    safes: tuple[SafeRef, ...]


@dataclass(frozen=True)
class DrawWithDuster(Command):
    """DW-CARD-2 Duster: draw cards, then discard down to the hand size."""

    kind: ClassVar[str] = "draw_with_duster"
    card: str


@dataclass(frozen=True)
class RobSafe(Command):
    """DW-ROB-1: play `card`'s gun against the safe at `position` of `target`."""

    kind: ClassVar[str] = "rob_safe"
    card: str
    target: int
    position: int


@dataclass(frozen=True)
class ChallengeDuel(Command):
    """DW-DUEL-1: play `card`'s gun against `target`'s character."""

    kind: ClassVar[str] = "challenge_duel"
    card: str
    target: int


@dataclass(frozen=True)
class Defend(Command):
    """DW-ROB-2 / DW-DUEL-1 / DW-SHOW-3: the defender's gun (a hand card, or a showdown-gun safe)."""

    kind: ClassVar[str] = "defend"
    gun: str


@dataclass(frozen=True)
class Assist(Command):
    """DW-ASSIST-2: add a Holster card's gun to one side of someone else's fight."""

    kind: ClassVar[str] = "assist"
    card: str
    side: Literal["attacker", "defender"]


@dataclass(frozen=True)
class DeclineAssist(Command):
    """DW-ASSIST-2: stay out of this fight."""

    kind: ClassVar[str] = "decline_assist"


@dataclass(frozen=True)
class SendAway(Command):
    """DW-DUEL-4: send the beaten defender to `destination`, or None to just swap stars."""

    kind: ClassVar[str] = "send_away"
    destination: str | None


@dataclass(frozen=True)
class DiscardCard(Command):
    """DW-CARD-2 Duster: discard one card, face up, while above the hand size."""

    kind: ClassVar[str] = "discard_card"
    card: str


@dataclass(frozen=True)
class GiveSafe(Command):
    """DW-ROB-7: over the safe limit, give the safe at `position` to `to` (None: out of the game)."""

    kind: ClassVar[str] = "give_safe"
    position: int
    to: int | None


@dataclass(frozen=True)
class CommitToHeist(Command):
    """DW-HEIST-2: secretly commit one card (or None) to your gang's heist."""

    kind: ClassVar[str] = "commit_to_heist"
    card: str | None


@dataclass(frozen=True)
class DeclineBadgeTurn(Command):
    """DW-END-2: give up your remaining badge turns."""

    kind: ClassVar[str] = "decline_badge_turn"


@dataclass(frozen=True)
class ShowdownShoot(Command):
    """DW-SHOW-3: attack a living finalist with a hand card or a showdown gun from your safes."""

    kind: ClassVar[str] = "showdown_shoot"
    target: int
    gun: str


@dataclass(frozen=True)
class PlayMysteryGun(Command):
    """DW-SAFE-4: at scoring, play a hand card as the gun whose die scores your Cash or Fool's Gold."""

    kind: ClassVar[str] = "play_mystery_gun"
    gun: str


COMMANDS: tuple[type[Command], ...] = (
    PassSafe,
    RideHorse,
    PeekSafes,
    DrawWithDuster,
    RobSafe,
    ChallengeDuel,
    Defend,
    Assist,
    DeclineAssist,
    SendAway,
    DiscardCard,
    GiveSafe,
    CommitToHeist,
    DeclineBadgeTurn,
    ShowdownShoot,
    PlayMysteryGun,
    ChooseCharacter,
)
