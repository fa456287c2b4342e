"""The immutable game state. Each seat's secrets (hand, face-down cards) sit in its Player."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, TypeVar

from engines.base import SeatedState
from engines.most_wanted.commands import Tile

Phase = Literal["setup", "action", "join", "lock", "over"]
ActionKind = Literal["robbery", "duel", "first_duel"]

R = TypeVar("R")

GOAL = 13  # MW-TRK-2: the Most Wanted space
TILES: tuple[Tile, ...] = ("pony_express", "stagecoach", "train")  # also the MW-TILE-2 flip order
TILE_CARDS: dict[Tile, int] = {"pony_express": 2, "stagecoach": 3, "train": 4}
TILE_POINTS: dict[Tile, int] = {"pony_express": 2, "stagecoach": 3, "train": 4}
TILE_NAMES: dict[Tile, str] = {"pony_express": "Pony Express", "stagecoach": "Stagecoach", "train": "Train"}
FLIPS = 3  # MW-TILE-2: only the first three reshuffles flip a tile


def bail_value(position: int) -> int:
    """MW-TRK-3 / MW-BAIL-2 (gap default): start 0, spaces 1-4 -> 1, 5-8 -> 2, 9-12 -> 3."""
    return 0 if position <= 0 else min(3, (position - 1) // 4 + 1)


@lru_cache(maxsize=256)
def clockwise(seats: int, seat: int) -> tuple[int, ...]:
    """Every seat of a `seats`-seat table, starting with `seat` and going clockwise: asked
    dozens of times a game for the same few seats, so each order is made once."""
    return tuple((seat + i) % seats for i in range(seats))


@dataclass(frozen=True)
class Player:
    hand: tuple[str, ...] = ()  # secret to this seat
    committed: tuple[str, ...] = ()  # face-down cards, secret to this seat until the reveal
    money: int = 0
    notoriety: int = 0


@dataclass(frozen=True)
class Action:
    """The action in progress: a robbery's join window, or a showdown awaiting locked cards."""

    kind: ActionKind
    size: int
    participants: tuple[int, ...]
    tile: Tile | None = None
    window: tuple[int, ...] = ()  # MW-ROB-8: the other seats, clockwise from the active player's left
    pointer: int = 0
    quiet: int = 0  # consecutive seats that neither joined nor withdrew
    circuits: int = 0
    locked: tuple[int, ...] = ()
    closing: bool = False  # MW-ROB-8 (3a): the last call after the circuit cap is running
    last_call: tuple[int, ...] = ()  # joined seats still to answer the last call, in window order
    called: tuple[int, ...] = ()  # every seat the last call went to (MW-ROB-8 (3b) compares)
    rejoining: bool = False  # MW-ROB-8 (3b): the call is to the seats out, to join or stand

    @property
    def deciding(self) -> bool:
        """Whether a seat is still to answer the window (not between the last call and the close)."""
        return not self.closing or bool(self.last_call)

    @property
    def window_seat(self) -> int:
        return self.last_call[0] if self.closing else self.window[self.pointer]


@dataclass(frozen=True)
class Settings:
    first_player: str
    tie_rule: str
    duel_reward: str
    bail_rule: str
    max_join_circuits: int
    max_turns: int
    # Added in most-wanted/2 (events.RulesAdded); these defaults are the /1 rules.
    first_seat: int = 0
    last_call: bool = False
    declarer_may_swap: bool = False
    rules_added: bool = False  # the game's setup had RulesAdded: the view shows these settings
    rejoin_call: bool = False  # most-wanted/3 (events.RejoinCallAdded): MW-ROB-8 (3b)


@dataclass(frozen=True)
class State(SeatedState["Player"]):
    settings: Settings
    players: tuple[Player, ...]
    deck: tuple[str, ...] = ()  # top card first; secret to every seat
    discard: tuple[str, ...] = ()
    flipped: tuple[Tile, ...] = ()
    reshuffles: int = 0
    phase: Phase = "setup"
    active: int = 0
    turn: int = 0
    action: Action | None = None
    winners: tuple[int, ...] = ()
    end_reason: str = ""

    @property
    def seats(self) -> int:
        return len(self.players)

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Every seat, starting with `seat` and going clockwise (MW-TURN-3)."""
        return clockwise(self.seats, seat)

    def tile_points(self, tile: Tile) -> int:
        """MW-ROB-5 / MW-TILE-2: a flipped robbery pays one point more."""
        return TILE_POINTS[tile] + (1 if tile in self.flipped else 0)
