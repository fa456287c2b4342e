"""Facts the engine decided (past tense). Every outcome of chance (draws, dice) is written here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engines.base import Event


@dataclass(frozen=True)
class SeatSetUp:
    character: str
    space: str


@dataclass(frozen=True)
class GameStarted(Event):
    """WL-SET-3..5: characters dealt, start spaces taken, first player chosen."""

    kind: ClassVar[str] = "game_started"
    int_options: tuple[tuple[str, int], ...]
    text_options: tuple[tuple[str, str], ...]
    seats: tuple[SeatSetUp, ...]
    first_player: int


@dataclass(frozen=True)
class PlayerChanged(Event):
    """Signed changes to one player's public counters; caps were applied by decide."""

    kind: ClassVar[str] = "player_changed"
    seat: int
    reason: str
    money: int = 0
    gold: int = 0
    lp: int = 0
    mp: int = 0
    wp: int = 0
    wounds: int = 0


@dataclass(frozen=True)
class CardsDrawn(Event):
    """Cards from the face-down deck into a hand; only that seat sees which."""

    kind: ClassVar[str] = "cards_drawn"
    seat: int
    cards: tuple[str, ...]
    count: int


@dataclass(frozen=True)
class CardsDiscarded(Event):
    """Cards from a hand (or a face-down fight slot) onto the face-up discard pile."""

    kind: ClassVar[str] = "cards_discarded"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class DeckRefilled(Event):
    """WL-CMP-5: the empty poker deck takes back the discard pile."""

    kind: ClassVar[str] = "deck_refilled"
    count: int


@dataclass(frozen=True)
class ItemGained(Event):
    kind: ClassVar[str] = "item_gained"
    seat: int
    item: str
    upgraded: bool
    from_stand: bool


@dataclass(frozen=True)
class ItemUpgraded(Event):
    kind: ClassVar[str] = "item_upgraded"
    seat: int
    item: str


@dataclass(frozen=True)
class ItemDiscarded(Event):
    """WL-ITEM-1: a discarded item returns to the stand."""

    kind: ClassVar[str] = "item_discarded"
    seat: int
    item: str


@dataclass(frozen=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    seat: int
    round: int


@dataclass(frozen=True)
class IncomeTaken(Event):
    kind: ClassVar[str] = "income_taken"
    seat: int
    income: str


@dataclass(frozen=True)
class GearChosen(Event):
    kind: ClassVar[str] = "gear_chosen"
    seat: int
    weapon: str
    mount: str


@dataclass(frozen=True)
class ActionSpent(Event):
    kind: ClassVar[str] = "action_spent"
    seat: int
    action: str


@dataclass(frozen=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    seat: int
    to: str
    reason: str


@dataclass(frozen=True)
class DiceRolled(Event):
    """WL-LOC-MINE-1: faces 1-3 nugget, 4 $10, 5 $10 + reroll, 6 blank; rerolls follow in order."""

    kind: ClassVar[str] = "dice_rolled"
    seat: int
    faces: tuple[int, ...]


@dataclass(frozen=True)
class FightStarted(Event):
    kind: ClassVar[str] = "fight_started"
    attacker: int
    target: int
    fight: str
    toll_seat: int  # -1, or the seat Annie Oakley's ability makes pay first


@dataclass(frozen=True)
class TollPaid(Event):
    """Annie Oakley's start-of-fight ability answered (a discard or a wound follows as its own event)."""

    kind: ClassVar[str] = "toll_paid"
    seat: int


@dataclass(frozen=True)
class FightCardPlaced(Event):
    """WL-FIGHT-5: a card placed face down; only its owner sees it before the reveal."""

    kind: ClassVar[str] = "fight_card_placed"
    seat: int
    card: str


@dataclass(frozen=True)
class FightDeclined(Event):
    kind: ClassVar[str] = "fight_declined"
    seat: int


@dataclass(frozen=True)
class FightRevealed(Event):
    """WL-FIGHT-6/8: both cards face up, with their values after every lowering effect."""

    kind: ClassVar[str] = "fight_revealed"
    attacker_card: str
    target_card: str
    attacker_value: int
    target_value: int


@dataclass(frozen=True)
class ReactionPassed(Event):
    kind: ClassVar[str] = "reaction_passed"
    seat: int


@dataclass(frozen=True)
class FightWon(Event):
    """WL-FIGHT-8/9: the winner and loser; the loser's wound and draw follow as their own events."""

    kind: ClassVar[str] = "fight_won"
    winner: int
    loser: int
    awaiting_loot: bool  # a won Rob where the robber picks money or nuggets


@dataclass(frozen=True)
class LootChosen(Event):
    kind: ClassVar[str] = "loot_chosen"
    seat: int
    loot: str


@dataclass(frozen=True)
class FightEnded(Event):
    kind: ClassVar[str] = "fight_ended"


@dataclass(frozen=True)
class EndTriggered(Event):
    """WL-END-1: someone reached the chosen LP; this round and one more are played."""

    kind: ClassVar[str] = "end_triggered"
    seat: int
    round: int


@dataclass(frozen=True)
class ActionsEnded(Event):
    kind: ClassVar[str] = "actions_ended"
    seat: int


@dataclass(frozen=True)
class TurnEnded(Event):
    kind: ClassVar[str] = "turn_ended"
    seat: int


@dataclass(frozen=True)
class GameEnded(Event):
    """WL-END-2: final LP per seat after scoring."""

    kind: ClassVar[str] = "game_ended"
    final_lp: tuple[int, ...]
    reason: str


EVENTS: tuple[type[Event], ...] = (
    GameStarted,
    PlayerChanged,
    CardsDrawn,
    CardsDiscarded,
    DeckRefilled,
    ItemGained,
    ItemUpgraded,
    ItemDiscarded,
    TurnStarted,
    IncomeTaken,
    GearChosen,
    ActionSpent,
    Moved,
    DiceRolled,
    FightStarted,
    TollPaid,
    FightCardPlaced,
    FightDeclined,
    FightRevealed,
    ReactionPassed,
    FightWon,
    LootChosen,
    FightEnded,
    EndTriggered,
    ActionsEnded,
    TurnEnded,
    GameEnded,
)


@dataclass(frozen=True)
class BanditsPlaced(Event):
    """WL-NPC-3 [gap]: at each round start a bandit goes on every hideout with no figure."""

    kind: ClassVar[str] = "bandits_placed"
    spaces: tuple[str, ...]


@dataclass(frozen=True)
class NpcFightStarted(Event):
    kind: ClassVar[str] = "npc_fight_started"
    npc: str  # "bandit" or "guard"
    fighter: int
    chooser: int


@dataclass(frozen=True)
class FightCardsOffered(Event):
    """WL-NPC-1 (2): the chooser draws N fight cards; only the chooser sees them."""

    kind: ClassVar[str] = "fight_cards_offered"
    seat: int
    cards: tuple[str, ...]
    count: int


@dataclass(frozen=True)
class FightCardChosen(Event):
    """The chooser keeps one fight card face down; the others go back to the fight deck."""

    kind: ClassVar[str] = "fight_card_chosen"
    seat: int
    card: str


@dataclass(frozen=True)
class NpcRevealed(Event):
    kind: ClassVar[str] = "npc_revealed"
    poker_card: str
    fight_card: str
    player_value: int
    npc_value: int
    won: bool


@dataclass(frozen=True)
class NpcFightRestarted(Event):
    """Fight card 10: the committed card returns to hand and new fight cards are drawn."""

    kind: ClassVar[str] = "npc_fight_restarted"
    seat: int


@dataclass(frozen=True)
class NpcAwaiting(Event):
    """The fighter must choose: a fight card's option ("effect") or a bandit reward ("reward")."""

    kind: ClassVar[str] = "npc_awaiting"
    step: str


@dataclass(frozen=True)
class NpcChoiceMade(Event):
    kind: ClassVar[str] = "npc_choice_made"
    seat: int
    choice: str


@dataclass(frozen=True)
class NpcFightEnded(Event):
    """The bandit leaves the board win or lose (WL-NPC-3); every fight card returns to the deck."""

    kind: ClassVar[str] = "npc_fight_ended"
    bandit_space: str  # "" for the Bank Guard


@dataclass(frozen=True)
class SheriffMoved(Event):
    """WL-SHF-2 [gap]: the Sheriff's path, one space per step."""

    kind: ClassVar[str] = "sheriff_moved"
    path: tuple[str, ...]


@dataclass(frozen=True)
class EndPhaseResumed(Event):
    """WL-TURN-5: after the Sheriff's step, the end phase goes on to Wanted LP and the hand limit."""

    kind: ClassVar[str] = "end_phase_resumed"
    seat: int


NPC_EVENTS: tuple[type[Event], ...] = (
    BanditsPlaced,
    NpcFightStarted,
    FightCardsOffered,
    FightCardChosen,
    NpcRevealed,
    NpcFightRestarted,
    NpcAwaiting,
    NpcChoiceMade,
    NpcFightEnded,
    SheriffMoved,
    EndPhaseResumed,
)
EVENTS = EVENTS + NPC_EVENTS


@dataclass(frozen=True)
class CharactersOffered(Event):
    """WL-SET-3: a seat is dealt 2 characters to keep 1; only that seat sees which."""

    kind: ClassVar[str] = "characters_offered"
    seat: int
    characters: tuple[str, ...]


@dataclass(frozen=True)
class CharacterChosen(Event):
    """WL-SET-3: the kept character (public); the other one goes back to the box unseen."""

    kind: ClassVar[str] = "character_chosen"
    seat: int
    character: str


@dataclass(frozen=True)
class FirstPlayerChosen(Event):
    """WL-SET-4: once every character is known, the highest starting WP goes first."""

    kind: ClassVar[str] = "first_player_chosen"
    seat: int


@dataclass(frozen=True)
class PlacementAwaited(Event):
    """WL-SET-5: in turn order, a seat whose start location has several spaces picks one."""

    kind: ClassVar[str] = "placement_awaited"
    seat: int


@dataclass(frozen=True)
class CattleTaken(Event):
    """WL-LOC-CATTLE-1: a face-down token from a ranch; only the taker sees its id (its value)."""

    kind: ClassVar[str] = "cattle_taken"
    seat: int
    ranch: str
    token: str


@dataclass(frozen=True)
class CattleDelivered(Event):
    """WL-LOC-CATTLE-2: the token is revealed, paid, and goes back face down to its home ranch."""

    kind: ClassVar[str] = "cattle_delivered"
    seat: int
    token: str
    delivery: str  # "wrangle" or "rustle"


@dataclass(frozen=True)
class CattleReturned(Event):
    """An arrested player's token goes back face down to its ranch, unrevealed (WL-FIGHT-10)."""

    kind: ClassVar[str] = "cattle_returned"
    seat: int
    token: str
    reason: str


@dataclass(frozen=True)
class CattleStolen(Event):
    """WL-FIGHT-10 Rob: the robber takes the token, or sends it home when already carrying one."""

    kind: ClassVar[str] = "cattle_stolen"
    seat: int
    victim: int
    token: str
    kept: bool


@dataclass(frozen=True)
class HandPeeked(Event):
    """The Rifle: at the start of a fight its owner sees 2 random cards of the target's hand."""

    kind: ClassVar[str] = "hand_peeked"
    seat: int
    target: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class RerollAwaited(Event):
    """The Miner's Map: the prospector may reroll one die; each die's chain of faces so far."""

    kind: ClassVar[str] = "reroll_awaited"
    seat: int
    first: tuple[int, ...]
    second: tuple[int, ...]


@dataclass(frozen=True)
class DieRerolled(Event):
    """The Miner's Map: `die` (0 or 1) loses its last face and rolls again (chains like any roll)."""

    kind: ClassVar[str] = "die_rerolled"
    seat: int
    die: int
    faces: tuple[int, ...]


@dataclass(frozen=True)
class DiceSettled(Event):
    """The prospecting dice are paid out (after the Miner's Map choice)."""

    kind: ClassVar[str] = "dice_settled"
    seat: int


@dataclass(frozen=True)
class AfterMoveOpened(Event):
    """A Move ended where other players are: "after you end a Move" effects may be used now."""

    kind: ClassVar[str] = "after_move_opened"
    seat: int
    effects: tuple[str, ...]


@dataclass(frozen=True)
class WhiskeyThrown(Event):
    """Whiskey's reaction: discarded (back to the stand) to give a player there 1 wound."""

    kind: ClassVar[str] = "whiskey_thrown"
    seat: int
    target: int


@dataclass(frozen=True)
class ShakenDown(Event):
    """Billy the Kid: a player on his space gives him $10 or 1 random poker card."""

    kind: ClassVar[str] = "shaken_down"
    seat: int
    target: int
    take: str


@dataclass(frozen=True)
class CardStolen(Event):
    """A card passes from `victim`'s hand to `seat`'s; only those two see which."""

    kind: ClassVar[str] = "card_stolen"
    seat: int
    victim: int
    card: str


@dataclass(frozen=True)
class RideStarted(Event):
    """Y. B. Rowdy: a card discarded to move up to `steps` at the start of his turn, costing no action."""

    kind: ClassVar[str] = "ride_started"
    seat: int
    steps: int


@dataclass(frozen=True)
class RideEnded(Event):
    kind: ClassVar[str] = "ride_ended"
    seat: int


@dataclass(frozen=True)
class ActionGranted(Event):
    """An extra action (Wyatt Earp's first bandit win in a turn)."""

    kind: ClassVar[str] = "action_granted"
    seat: int
    reason: str


CORE_EVENTS: tuple[type[Event], ...] = (
    CharactersOffered,
    CharacterChosen,
    FirstPlayerChosen,
    PlacementAwaited,
    CattleTaken,
    CattleDelivered,
    CattleReturned,
    CattleStolen,
    HandPeeked,
    RerollAwaited,
    DieRerolled,
    DiceSettled,
    AfterMoveOpened,
    WhiskeyThrown,
    ShakenDown,
    CardStolen,
    RideStarted,
    RideEnded,
    ActionGranted,
)
EVENTS = EVENTS + CORE_EVENTS


@dataclass(frozen=True)
class FightDeckShuffled(Event):
    """The 13 fight cards shuffled face down at setup, top first (only the organiser sees the order)."""

    kind: ClassVar[str] = "fight_deck_shuffled"
    order: tuple[str, ...]
    count: int


@dataclass(frozen=True)
class FightCardsReturned(Event):
    """The fight cards drawn for a fight go beneath the fight deck in this random order.

    Fight card 10's text: "Place this fight card and any others you drew beneath the deck in
    random order"; the companion's NPC flow does the same at the end of every NPC fight.
    """

    kind: ClassVar[str] = "fight_cards_returned"
    cards: tuple[str, ...]
    count: int


ROUND_2_EVENTS: tuple[type[Event], ...] = (FightDeckShuffled, FightCardsReturned)
EVENTS = EVENTS + ROUND_2_EVENTS


@dataclass(frozen=True)
class GambleStarted(Event):
    """WL-LOC-SAL-1: the active player antes $10 (already paid) and opens a game; `order` may join."""

    kind: ClassVar[str] = "gamble_started"
    seat: int
    order: tuple[int, ...]  # other players in the same town, clockwise from the active player's left


@dataclass(frozen=True)
class PokerJoined(Event):
    """A player in the same town joins (pays $10 and draws 1) or passes."""

    kind: ClassVar[str] = "poker_joined"
    seat: int
    joined: bool


@dataclass(frozen=True)
class PokerDealerSeated(Event):
    """Nobody joined: the player to the right deals, setting aside their hand (4 cards are drawn next)."""

    kind: ClassVar[str] = "poker_dealer_seated"
    seat: int


@dataclass(frozen=True)
class PokerFlopRevealed(Event):
    """The house adds its money to the pot and the top 3 poker cards turn face up."""

    kind: ClassVar[str] = "poker_flop_revealed"
    cards: tuple[str, ...]
    house: int


@dataclass(frozen=True)
class PokerCardsChosen(Event):
    """A participant's 2 hand cards (1 if only 1 is held), face down until the showdown."""

    kind: ClassVar[str] = "poker_cards_chosen"
    seat: int
    cards: tuple[str, ...]
    count: int


@dataclass(frozen=True)
class PokerHand:
    seat: int
    cards: tuple[str, ...]
    hand: str  # "pair", "flush", ...


@dataclass(frozen=True)
class PokerShowdown(Event):
    """Every chosen card turns up; `winners` share the pot, or the dealer wins it for the supply."""

    kind: ClassVar[str] = "poker_showdown"
    hands: tuple[PokerHand, ...]
    winners: tuple[int, ...]
    dealer_won: bool
    pot: int


@dataclass(frozen=True)
class PokerCardKept(Event):
    """Wild Bill Hickok, after losing: keeps 1 random poker card he played."""

    kind: ClassVar[str] = "poker_card_kept"
    seat: int
    card: str


@dataclass(frozen=True)
class PokerEnded(Event):
    """Played, flop and a dealer's unplayed cards go to the discard pile; a dealer's own hand returns."""

    kind: ClassVar[str] = "poker_ended"


POKER_EVENTS: tuple[type[Event], ...] = (
    GambleStarted,
    PokerJoined,
    PokerDealerSeated,
    PokerFlopRevealed,
    PokerCardsChosen,
    PokerShowdown,
    PokerCardKept,
    PokerEnded,
)
EVENTS = EVENTS + POKER_EVENTS


@dataclass(frozen=True)
class RulesMigrated(Event):
    """An upgrade's setup migration (migrations.py): options a newer rules version writes in
    `game_started` that the game's own setup left out, written into the game in progress."""

    kind: ClassVar[str] = "rules_migrated"
    text_options: tuple[tuple[str, str], ...]


MIGRATION_EVENTS: tuple[type[Event], ...] = (RulesMigrated,)
EVENTS = EVENTS + MIGRATION_EVENTS
