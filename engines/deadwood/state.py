"""The immutable state of a Deadwood 1876 game and the questions rules ask of it.

Each seat's secrets (hand, safe contents, a pending pass, a heist commitment)
sit in its own `Player`; the deck order, centre stack and boxed safes sit at the
top level and are shown to the organiser only (views.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from engines.base import SeatedState
from engines.deadwood.components import CHARACTERS, SAFES, card_gun, card_item, safe_gun

R = TypeVar("R")


# Phases where the game waits for a seat; the others are passed through by flow.py.
PASS, TURN, DEFEND, ASSIST, SEND_AWAY, DISCARD, GIVE_SAFE, HEIST = (
    "pass",
    "turn",
    "defend",
    "assist",
    "send_away",
    "discard",
    "give_safe",
    "heist",
)
SHOWDOWN, OVER = "showdown", "over"
MYSTERY = "mystery"  # DW-SAFE-4: Cash / Fool's Gold holders play a gun at scoring
CHOOSE = "choose"  # DW-SETUP-2: seats choose characters, in seat order (character_choice="chosen")
# Transient phases: flow.py moves on from them at once, without asking anyone.
END_TURN, AFTER_HEIST, FIGHT_READY, SHOWDOWN_NEXT = "end_turn", "after_heist", "fight_ready", "showdown_next"


@dataclass(frozen=True)
class Player:
    seat: int
    character: str  # "" until chosen
    location: str
    hand: tuple[str, ...] = ()  # secret
    safes: tuple[str, ...] = ()  # row order public, contents secret
    passing: str | None = None  # DW-SETUP-6: the safe chosen to pass (secret)
    committed: str | None = None  # DW-HEIST-2: the heist card (secret until the reveal)
    has_committed: bool = False
    badge_turns: int = 0  # DW-END-2 allowance left
    alive: bool = True  # DW-SHOW-3


@dataclass(frozen=True)
class Helper:
    seat: int
    card: str
    side: str


@dataclass(frozen=True)
class Fight:
    kind: str  # "robbery" | "duel" | "showdown"
    attacker: int
    defender: int
    position: int
    attack_gun: str
    defence_gun: str | None = None
    defended: bool = False
    helpers: tuple[Helper, ...] = ()
    askers: tuple[int, ...] = ()  # DW-ASSIST-2: seats still to be asked, in order


@dataclass(frozen=True)
class State(SeatedState["Player"]):
    seats: int
    locations: tuple[str, ...]
    capacity: int
    hand_size: int
    main_rounds: int
    safe_limit: int
    badge_turns_rule: str
    assists: bool
    rob_teammates: bool
    hand_guns_in_showdown: bool
    duster_draw: int
    stetson_peeks: int
    players: tuple[Player, ...]
    holsters_in_showdown: bool = True  # DW-SHOW-1: the deadwood-1876/1 rule until RulesAdded says otherwise
    mystery_gold_die: str = "black_die"  # DW-SAFE-4: likewise
    mystery_pending: tuple[tuple[int, str], ...] = ()  # (holder, safe) still to score, in order
    phase: str = PASS
    deck: tuple[str, ...] = ()  # top first; secret
    discard: tuple[str, ...] = ()  # public, face up
    centre: tuple[str, ...] = ()  # top first; secret
    boxed: tuple[str, ...] = ()  # out of the game unseen; secret
    round: int = 0
    first_player: int = 0
    active: int = 0
    fight: Fight | None = None
    discarding: int = -1  # Duster: the seat that must still discard
    to_discard: int = 0
    overflow: int = -1  # DW-ROB-7: the seat that must give a safe away
    resume: str = END_TURN  # where play goes on after the give-away
    badge_round: bool = False
    revealed: bool = False  # DW-SAFE-5: safes face up from scoring on
    gold: tuple[int, ...] = ()  # by seat, once scored
    team_gold: tuple[int, ...] = ()  # by location, once scored
    finalists: tuple[int, ...] = ()
    eliminated: tuple[int, ...] = ()  # in elimination order
    showdown_turn: int = -1
    winner: int = -1
    win_reason: str = ""

    def free_characters(self) -> tuple[str, ...]:
        """DW-SETUP-2: the characters no seat has taken yet, in list order."""
        taken = {p.character for p in self.players}
        return tuple(c for c in CHARACTERS if c not in taken)

    def left_of(self, seat: int) -> int:
        """Clockwise neighbour: passing left and playing clockwise both go up by one."""
        return (seat + 1) % self.seats

    def clockwise_from(self, seat: int) -> list[int]:
        return [(seat + i) % self.seats for i in range(self.seats)]

    def headcount(self, location: str) -> int:
        return sum(1 for p in self.players if p.location == location)

    def has_room(self, location: str) -> bool:
        return self.headcount(location) < self.capacity

    def team(self, location: str) -> tuple[int, ...]:
        return tuple(p.seat for p in self.players if p.location == location)


def holster_cards(player: Player) -> tuple[str, ...]:
    return tuple(c for c in player.hand if card_item(c) == "holster")


def showdown_guns(state: State, seat: int) -> tuple[str, ...]:
    """DW-SHOW-1/2: hand cards (if allowed; Holsters by option) and showdown-gun safes (unless Jammed)."""
    player = state.player(seat)
    hand = (
        player.hand
        if state.holsters_in_showdown
        else tuple(c for c in player.hand if card_item(c) != "holster")
    )
    guns = list(hand) if state.hand_guns_in_showdown else []
    if "mystery-jammed" not in player.safes:
        guns.extend(s for s in player.safes if safe_gun(s) is not None)
    return tuple(guns)


def gun_colour(gun: str) -> str:
    """The die colour of a hand card's gun or of a showdown-gun safe."""
    if gun in SAFES:
        colour = safe_gun(gun)
        assert colour is not None
        return colour
    return card_gun(gun)
