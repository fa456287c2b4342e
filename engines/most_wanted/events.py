"""What happened (past-tense facts). Every outcome of chance is in DeckShuffled.

Events whose `cards` belong to `seat` are secret to that seat until a reveal;
views.redact empties those fields for everyone else, keeping the public `count`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from engines.base import Event
from engines.most_wanted.commands import Tile


@dataclass(frozen=True)
class GameStarted(Event):
    kind: ClassVar[str] = "game_started"
    seats: int
    first_player: str
    tie_rule: str
    duel_reward: str
    bail_rule: str
    max_join_circuits: int
    max_turns: int


@dataclass(frozen=True)
class RulesAdded(Event):
    """The options rules version most-wanted/2 added (MW-SET-4, MW-ROB-8 (3a), MW-ROB-4 (b)).

    Emitted right after GameStarted only when one of them differs from its most-wanted/1
    value, so a game recorded under /1 replays event for event; without it the state keeps
    the /1 values (first seat 0, no last call, no swap for an unopposed declarer).
    """

    kind: ClassVar[str] = "rules_added"
    first_seat: int
    last_call: bool
    declarer_may_swap: bool


@dataclass(frozen=True)
class DeckShuffled(Event):
    """MW-SET-3 / MW-REF-2: the new deck order, top card first (hidden from every seat)."""

    kind: ClassVar[str] = "deck_shuffled"
    order: tuple[str, ...]
    reshuffle: bool


@dataclass(frozen=True)
class TileFlipped(Event):
    """MW-TILE-2: a robbery tile turns to its higher-paying side."""

    kind: ClassVar[str] = "tile_flipped"
    tile: Tile


@dataclass(frozen=True)
class CardsDrawn(Event):
    kind: ClassVar[str] = "cards_drawn"
    seat: int
    count: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class FirstDuelStarted(Event):
    """MW-DUEL-5: these seats each play one card face down."""

    kind: ClassVar[str] = "first_duel_started"
    seats: tuple[int, ...]


@dataclass(frozen=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    seat: int
    turn: int


@dataclass(frozen=True)
class RobberyDeclared(Event):
    kind: ClassVar[str] = "robbery_declared"
    seat: int
    tile: Tile
    count: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class RobberyJoined(Event):
    kind: ClassVar[str] = "robbery_joined"
    seat: int
    count: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class RobberyWithdrawn(Event):
    kind: ClassVar[str] = "robbery_withdrawn"
    seat: int


@dataclass(frozen=True)
class StayedPut(Event):
    kind: ClassVar[str] = "stayed_put"
    seat: int


@dataclass(frozen=True)
class JoinWindowClosed(Event):
    """MW-ROB-8 (4): the participants now lock their final cards at once."""

    kind: ClassVar[str] = "join_window_closed"
    participants: tuple[int, ...]


@dataclass(frozen=True)
class LastCallStarted(Event):
    """MW-ROB-8 (3a): the join window hit its circuit cap; these joined seats, in window order,
    each get one last chance to withdraw or stand before the cards are locked."""

    kind: ClassVar[str] = "last_call_started"
    seats: tuple[int, ...]


@dataclass(frozen=True)
class RejoinCallAdded(Event):
    """Rules version most-wanted/3 (MW-ROB-8 (3b)): a last call that changes who is in gives the
    seats then out a call to join. Emitted in the setup, after the deck is shuffled, only when on."""

    kind: ClassVar[str] = "rejoin_call_added"


@dataclass(frozen=True)
class RejoinCallStarted(Event):
    """MW-ROB-8 (3b): someone withdrew at the last call; these seats, out of the robbery, in
    window order, each get one call to join or stand before the cards are locked."""

    kind: ClassVar[str] = "rejoin_call_started"
    seats: tuple[int, ...]


@dataclass(frozen=True)
class DuelChallenged(Event):
    kind: ClassVar[str] = "duel_challenged"
    seat: int
    target: int
    size: int


@dataclass(frozen=True)
class CardsLocked(Event):
    kind: ClassVar[str] = "cards_locked"
    seat: int
    count: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class ShownHand:
    seat: int
    cards: tuple[str, ...]
    category: str


@dataclass(frozen=True)
class HandsRevealed(Event):
    """MW-ROB-3: every committed hand, face up at once."""

    kind: ClassVar[str] = "hands_revealed"
    hands: tuple[ShownHand, ...]
    winner: int | None
    tied: tuple[int, ...]


@dataclass(frozen=True)
class BailPaid(Event):
    """MW-BAIL: money to the supply, or to the duel winner (`to_seat`) under that option."""

    kind: ClassVar[str] = "bail_paid"
    seat: int
    amount: int
    to_seat: int | None


@dataclass(frozen=True)
class MovedBack(Event):
    kind: ClassVar[str] = "moved_back"
    seat: int
    spaces: int


@dataclass(frozen=True)
class Advanced(Event):
    kind: ClassVar[str] = "advanced"
    seat: int
    points: int


@dataclass(frozen=True)
class CardsDiscarded(Event):
    """MW-TURN-2 (b) / MW-REF-3: cards go to the face-up discard pile."""

    kind: ClassVar[str] = "cards_discarded"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class LaborPaid(Event):
    kind: ClassVar[str] = "labor_paid"
    seat: int
    cards: tuple[str, ...]
    money: int


@dataclass(frozen=True)
class ChurchVisited(Event):
    kind: ClassVar[str] = "church_visited"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class FirstPlayerChosen(Event):
    kind: ClassVar[str] = "first_player_chosen"
    seat: int


@dataclass(frozen=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game_ended"
    winners: tuple[int, ...]
    reason: Literal["most_wanted", "turn_limit"]


SECRET_CARD_EVENTS = (CardsDrawn, RobberyDeclared, RobberyJoined, CardsLocked)

EVENTS: tuple[type[Event], ...] = (
    GameStarted,
    DeckShuffled,
    TileFlipped,
    CardsDrawn,
    FirstDuelStarted,
    TurnStarted,
    RobberyDeclared,
    RobberyJoined,
    RobberyWithdrawn,
    StayedPut,
    JoinWindowClosed,
    DuelChallenged,
    CardsLocked,
    HandsRevealed,
    BailPaid,
    MovedBack,
    Advanced,
    CardsDiscarded,
    LaborPaid,
    ChurchVisited,
    FirstPlayerChosen,
    GameEnded,
    RulesAdded,
    LastCallStarted,
    RejoinCallAdded,
    RejoinCallStarted,
)
