"""Facts of a Deadwood 1876 game (past tense). Every outcome of chance is in one of these.

Fields that hold secrets (card ids in hands, safe ids, deck orders) are listed
per event in views.py, which redacts them for every seat that may not see them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engines.base import Event
from engines.deadwood.commands import SafeRef


@dataclass(frozen=True)
class GameStarted(Event):
    """DW-SETUP-1..5: the table, with every rule setting the game runs on; no `characters` when
    the seats choose theirs (`character_chosen`) before the pass."""

    kind: ClassVar[str] = "game_started"
    seats: int
    locations: tuple[str, ...]
    characters: tuple[str, ...]
    capacity: int
    hand_size: int
    main_rounds: int
    safe_limit: int
    badge_turns: str
    assists: bool
    rob_teammates: bool
    hand_guns_in_showdown: bool
    duster_draw: int
    stetson_peeks: int


@dataclass(frozen=True)
class RulesAdded(Event):
    """The settings rules version deadwood-1876/2 added (DW-SHOW-1 Holsters, DW-SAFE-4 the Cash die).

    Emitted right after GameStarted only when one differs from its deadwood-1876/1 value, so a
    game recorded under /1 replays event for event; without it the state keeps the /1 value.
    """

    kind: ClassVar[str] = "rules_added"
    holsters_in_showdown: bool
    mystery_gold_die: str  # DW-SAFE-4: "played_gun" or "black_die"


@dataclass(frozen=True)
class CharacterChosen(Event):
    """DW-SETUP-2: a seat took a character (a table whose GameStarted named none)."""

    kind: ClassVar[str] = "character_chosen"
    seat: int
    character: str


@dataclass(frozen=True)
class StarsPlaced(Event):
    """DW-SETUP-2: where each seat's star was drawn to (by seat)."""

    kind: ClassVar[str] = "stars_placed"
    locations: tuple[str, ...]


@dataclass(frozen=True)
class DeckShuffled(Event):
    """DW-SETUP-4: the Deadwood deck order, top first (secret from every seat)."""

    kind: ClassVar[str] = "deck_shuffled"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class DiscardsReshuffled(Event):
    """DW-HAND-1: the discard pile shuffled into a new deck (order secret)."""

    kind: ClassVar[str] = "discards_reshuffled"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class CardsDrawn(Event):
    """DW-SETUP-4 / DW-HAND-1: cards from the top of the deck into a hand (holder only)."""

    kind: ClassVar[str] = "cards_drawn"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class CentreStacked(Event):
    """DW-SETUP-5: the centre safes, top first (secret)."""

    kind: ClassVar[str] = "centre_stacked"
    safes: tuple[str, ...]


@dataclass(frozen=True)
class SafesDealt(Event):
    """DW-SETUP-5: two safes face down to a seat (holder only)."""

    kind: ClassVar[str] = "safes_dealt"
    seat: int
    safes: tuple[str, ...]


@dataclass(frozen=True)
class SafesBoxed(Event):
    """DW-SETUP-5: safes returned to the box unseen (secret)."""

    kind: ClassVar[str] = "safes_boxed"
    safes: tuple[str, ...]


@dataclass(frozen=True)
class PassChosen(Event):
    """DW-SETUP-6: a seat chose which safe to pass (position secret until the pass)."""

    kind: ClassVar[str] = "pass_chosen"
    seat: int
    position: int


@dataclass(frozen=True)
class SafePassed(Event):
    """DW-SETUP-6 / DW-ROB-7: a safe handed face down (the receiver alone sees it)."""

    kind: ClassVar[str] = "safe_passed"
    giver: int
    receiver: int
    position: int  # in the giver's row
    safe: str


@dataclass(frozen=True)
class SafesShuffled(Event):
    """DW-ROB-6: a seat shuffled its row; `order[i]` is the old position now at i (holder only)."""

    kind: ClassVar[str] = "safes_shuffled"
    seat: int
    order: tuple[int, ...]


@dataclass(frozen=True)
class DiceRolled(Event):
    """One roll of gun dice: die i of colour colours[i] rolled faces[i] for seats[i]."""

    kind: ClassVar[str] = "dice_rolled"
    reason: str
    seats: tuple[int, ...]
    colours: tuple[str, ...]
    faces: tuple[int, ...]


@dataclass(frozen=True)
class FirstPlayerChosen(Event):
    """DW-SETUP-7: highest black die starts."""

    kind: ClassVar[str] = "first_player_chosen"
    seat: int


@dataclass(frozen=True)
class TurnStarted(Event):
    """DW-RND-1 / DW-END-2: `seat` must play a card now (`badge`: an optional badge turn)."""

    kind: ClassVar[str] = "turn_started"
    seat: int
    round: int
    badge: bool


@dataclass(frozen=True)
class HorseRidden(Event):
    kind: ClassVar[str] = "horse_ridden"
    seat: int
    card: str
    destination: str


@dataclass(frozen=True)
class SafesPeeked(Event):
    """Stetson: which safes were peeked is public; what they hold is the peeker's alone."""

    kind: ClassVar[str] = "safes_peeked"
    seat: int
    card: str
    targets: tuple[SafeRef, ...]
    safes: tuple[str, ...]


@dataclass(frozen=True)
class DusterPlayed(Event):
    kind: ClassVar[str] = "duster_played"
    seat: int
    card: str


@dataclass(frozen=True)
class DiscardRequired(Event):
    """Duster: the player must discard `count` cards, one at a time."""

    kind: ClassVar[str] = "discard_required"
    seat: int
    count: int


@dataclass(frozen=True)
class CardDiscarded(Event):
    kind: ClassVar[str] = "card_discarded"
    seat: int
    card: str


@dataclass(frozen=True)
class FightStarted(Event):
    """A robbery, duel or showdown fight; the attacker's gun is face up."""

    kind: ClassVar[str] = "fight_started"
    fight: str  # "robbery" | "duel" | "showdown"
    attacker: int
    defender: int
    position: int  # the robbed safe's position; -1 for duels and showdown fights
    gun: str


@dataclass(frozen=True)
class DefenceChosen(Event):
    """The defender's gun, face up; None when the defender has none to play."""

    kind: ClassVar[str] = "defence_chosen"
    seat: int
    gun: str | None


@dataclass(frozen=True)
class AssistOffered(Event):
    kind: ClassVar[str] = "assist_offered"
    seat: int
    card: str
    side: str


@dataclass(frozen=True)
class AssistDeclined(Event):
    kind: ClassVar[str] = "assist_declined"
    seat: int


@dataclass(frozen=True)
class FightResolved(Event):
    """The last roll decided it; the played cards go to the discard pile."""

    kind: ClassVar[str] = "fight_resolved"
    attacker_won: bool
    attack: int
    defence: int


@dataclass(frozen=True)
class SafeStolen(Event):
    """DW-ROB-5: the safe at `position` moved to the attacker (attacker alone sees `safe`)."""

    kind: ClassVar[str] = "safe_stolen"
    attacker: int
    defender: int
    position: int
    safe: str


@dataclass(frozen=True)
class StarsSwapped(Event):
    kind: ClassVar[str] = "stars_swapped"
    attacker: int
    defender: int


@dataclass(frozen=True)
class PlayerSentAway(Event):
    kind: ClassVar[str] = "player_sent_away"
    seat: int
    destination: str


@dataclass(frozen=True)
class SafeLeftGame(Event):
    """DW-ROB-7: nobody had room, so the safe went to the box unseen."""

    kind: ClassVar[str] = "safe_left_game"
    seat: int
    position: int
    safe: str


@dataclass(frozen=True)
class OverLimit(Event):
    """DW-ROB-7: `seat` holds more than the limit and must give a safe away."""

    kind: ClassVar[str] = "over_limit"
    seat: int


@dataclass(frozen=True)
class HeistStarted(Event):
    kind: ClassVar[str] = "heist_started"
    round: int


@dataclass(frozen=True)
class HeistCommitted(Event):
    """DW-HEIST-2: a secret commitment (card hidden, even whether there is one)."""

    kind: ClassVar[str] = "heist_committed"
    seat: int
    card: str | None


@dataclass(frozen=True)
class HeistRevealed(Event):
    """All commitments, by seat ("" for none); the cards go to the discard pile."""

    kind: ClassVar[str] = "heist_revealed"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class HeistWon(Event):
    """The top centre safe goes to `seat` (who alone sees it)."""

    kind: ClassVar[str] = "heist_won"
    seat: int
    safe: str


@dataclass(frozen=True)
class HeistFailed(Event):
    """No gang committed a gun: the top centre safe leaves the game unseen."""

    kind: ClassVar[str] = "heist_failed"
    safe: str


@dataclass(frozen=True)
class BadgeRoundStarted(Event):
    """DW-END-2: badge turns each seat may take (snapshot)."""

    kind: ClassVar[str] = "badge_round_started"
    allowances: tuple[int, ...]


@dataclass(frozen=True)
class BadgeTurnDeclined(Event):
    kind: ClassVar[str] = "badge_turn_declined"
    seat: int


@dataclass(frozen=True)
class Holding:
    """One seat's safes, as revealed at scoring (nested in SafesRevealed)."""

    seat: int
    safes: tuple[str, ...]


@dataclass(frozen=True)
class SafesRevealed(Event):
    """DW-SAFE-5: at scoring every player's safes are turned face up."""

    kind: ClassVar[str] = "safes_revealed"
    holdings: tuple[Holding, ...]


@dataclass(frozen=True)
class GoldAdjusted(Event):
    """DW-SAFE-4: a Cash or Fool's Gold safe's scoring roll."""

    kind: ClassVar[str] = "gold_adjusted"
    seat: int
    safe: str
    delta: int


@dataclass(frozen=True)
class MysteryScoringStarted(Event):
    """DW-SAFE-4: these revealed Cash / Fool's Gold safes score by a gun their holders play, in order."""

    kind: ClassVar[str] = "mystery_scoring_started"
    seats: tuple[int, ...]
    safes: tuple[str, ...]


@dataclass(frozen=True)
class MysteryGunPlayed(Event):
    """DW-SAFE-4: a holder plays a hand card face up for its safe (None: an empty hand, no roll)."""

    kind: ClassVar[str] = "mystery_gun_played"
    seat: int
    safe: str
    gun: str | None


@dataclass(frozen=True)
class TeamsScored(Event):
    """DW-END-3/4: gold by location (as in GameStarted.locations) and the finalists."""

    kind: ClassVar[str] = "teams_scored"
    gold: tuple[int, ...]
    finalists: tuple[int, ...]


@dataclass(frozen=True)
class ShowdownTurnStarted(Event):
    kind: ClassVar[str] = "showdown_turn_started"
    seat: int


@dataclass(frozen=True)
class ShowdownPassed(Event):
    """DW-SHOW-4: an attacker with no gun passes."""

    kind: ClassVar[str] = "showdown_passed"
    seat: int


@dataclass(frozen=True)
class PlayerEliminated(Event):
    kind: ClassVar[str] = "player_eliminated"
    seat: int


@dataclass(frozen=True)
class GameWon(Event):
    kind: ClassVar[str] = "game_won"
    seat: int
    reason: str


EVENTS: tuple[type[Event], ...] = (
    GameStarted,
    StarsPlaced,
    DeckShuffled,
    DiscardsReshuffled,
    CardsDrawn,
    CentreStacked,
    SafesDealt,
    SafesBoxed,
    PassChosen,
    SafePassed,
    SafesShuffled,
    DiceRolled,
    FirstPlayerChosen,
    TurnStarted,
    HorseRidden,
    SafesPeeked,
    DusterPlayed,
    DiscardRequired,
    CardDiscarded,
    FightStarted,
    DefenceChosen,
    AssistOffered,
    AssistDeclined,
    FightResolved,
    SafeStolen,
    StarsSwapped,
    PlayerSentAway,
    SafeLeftGame,
    OverLimit,
    HeistStarted,
    HeistCommitted,
    HeistRevealed,
    HeistWon,
    HeistFailed,
    BadgeRoundStarted,
    BadgeTurnDeclined,
    SafesRevealed,
    GoldAdjusted,
    TeamsScored,
    ShowdownTurnStarted,
    ShowdownPassed,
    PlayerEliminated,
    GameWon,
    RulesAdded,
    MysteryScoringStarted,
    MysteryGunPlayed,
    CharacterChosen,
)
