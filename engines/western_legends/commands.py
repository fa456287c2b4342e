"""What a seat may ask for (imperatives). Spaces are grid ids like "C4"; cards are ids like "KS"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from engines.base import Command

Income = Literal["money", "cards", "mixed"]


@dataclass(frozen=True)
class TakeIncome(Command):
    """WL-TURN-1 (2): +$20, or 2 cards, or $10 and 1 card."""

    kind: ClassVar[str] = "take_income"
    income: Income


@dataclass(frozen=True)
class ChooseGear(Command):
    """WL-TURN-1 (3): this turn's active weapon and mount ("" for none)."""

    kind: ClassVar[str] = "choose_gear"
    weapon: str
    mount: str


@dataclass(frozen=True)
class Move(Command):
    """WL-MOVE-1: one action, up to your movement value, to `to`."""

    kind: ClassVar[str] = "move"
    to: str


@dataclass(frozen=True)
class Prospect(Command):
    """WL-LOC-MINE-1: roll both prospecting dice at a mine."""

    kind: ClassVar[str] = "prospect"


@dataclass(frozen=True)
class Deposit(Command):
    """WL-LOC-BANK-1: sell nuggets at the bank, $20 and 1 LP each."""

    kind: ClassVar[str] = "deposit"
    nuggets: int


@dataclass(frozen=True)
class Purchase(Command):
    """WL-LOC-STORE-1: buy an item; a new weapon or mount may be made active at once."""

    kind: ClassVar[str] = "purchase"
    item: str
    activate: bool


@dataclass(frozen=True)
class Upgrade(Command):
    """WL-LOC-STORE-1: pay the price again to flip an owned weapon or mount."""

    kind: ClassVar[str] = "upgrade"
    item: str


@dataclass(frozen=True)
class Heal(Command):
    """WL-LOC-DOC-1: $10, all wounds off, a card per wound."""

    kind: ClassVar[str] = "heal"


@dataclass(frozen=True)
class Revel(Command):
    """WL-LOC-CAB-1: $30 per LP, `times` times."""

    kind: ClassVar[str] = "revel"
    times: int


@dataclass(frozen=True)
class UseProvisions(Command):
    """WL-CARD-1: discard Provisions to draw 1 and lose 1 wound."""

    kind: ClassVar[str] = "use_provisions"


@dataclass(frozen=True)
class StartFight(Command):
    """WL-FIGHT-1: arrest, duel or rob a player on your space."""

    kind: ClassVar[str] = "start_fight"
    target: int
    fight: Literal["arrest", "duel", "rob"]


@dataclass(frozen=True)
class PayAnnieToll(Command):
    """Annie Oakley's ability: the opponent discards a card or takes a wound."""

    kind: ClassVar[str] = "pay_annie_toll"
    card: str  # "" takes the wound


@dataclass(frozen=True)
class CommitFightCard(Command):
    """WL-FIGHT-5: the active player places a card face down."""

    kind: ClassVar[str] = "commit_fight_card"
    card: str


@dataclass(frozen=True)
class AnswerFight(Command):
    """WL-FIGHT-5: the target places a card face down ("" declines and loses)."""

    kind: ClassVar[str] = "answer_fight"
    card: str


@dataclass(frozen=True)
class PassReaction(Command):
    """WL-FIGHT-7: use no reaction now (core poker cards carry no text)."""

    kind: ClassVar[str] = "pass_reaction"


@dataclass(frozen=True)
class ChooseLoot(Command):
    """WL-FIGHT-10 Rob: half the target's money or half their nuggets."""

    kind: ClassVar[str] = "choose_loot"
    loot: Literal["money", "gold"]


@dataclass(frozen=True)
class EndActions(Command):
    """WL-TURN-3: take no more actions this turn."""

    kind: ClassVar[str] = "end_actions"


@dataclass(frozen=True)
class DiscardCard(Command):
    """WL-WND-2: discard one card towards the hand limit in the end phase."""

    kind: ClassVar[str] = "discard_card"
    card: str


COMMANDS: tuple[type[Command], ...] = (
    TakeIncome,
    ChooseGear,
    Move,
    Prospect,
    Deposit,
    Purchase,
    Upgrade,
    Heal,
    Revel,
    UseProvisions,
    StartFight,
    PayAnnieToll,
    CommitFightCard,
    AnswerFight,
    PassReaction,
    ChooseLoot,
    EndActions,
    DiscardCard,
)


@dataclass(frozen=True)
class RobBank(Command):
    """WL-LOC-BANK-2: fight the Bank Guard at the bank."""

    kind: ClassVar[str] = "rob_bank"


@dataclass(frozen=True)
class ChooseFightCard(Command):
    """WL-NPC-1 (2): the chooser keeps one of the drawn fight cards for the NPC."""

    kind: ClassVar[str] = "choose_fight_card"
    card: str


@dataclass(frozen=True)
class NpcChoice(Command):
    """A fight card's option (a card id, "wound", "random", "money", "lp", "mp", "wp") or a bandit reward."""

    kind: ClassVar[str] = "npc_choice"
    choice: str


COMMANDS = COMMANDS + (RobBank, ChooseFightCard, NpcChoice)


@dataclass(frozen=True)
class ChooseCharacter(Command):
    """WL-SET-3: keep one of your two dealt characters."""

    kind: ClassVar[str] = "choose_character"
    character: str


@dataclass(frozen=True)
class ChooseStart(Command):
    """WL-SET-5: the space of your start location to begin on (e.g. one of the 3 Store cells)."""

    kind: ClassVar[str] = "choose_start"
    space: str


@dataclass(frozen=True)
class TakeCattle(Command):
    """WL-LOC-CATTLE-1: take a face-down cattle token at a ranch (1 action)."""

    kind: ClassVar[str] = "take_cattle"


@dataclass(frozen=True)
class RerollDie(Command):
    """The Miner's Map: reroll die 0 or 1 after prospecting, or -1 to keep the roll."""

    kind: ClassVar[str] = "reroll_die"
    die: int


@dataclass(frozen=True)
class ThrowWhiskey(Command):
    """Whiskey's reaction after your Move: discard it to give `target`, on your space, 1 wound."""

    kind: ClassVar[str] = "throw_whiskey"
    target: int


@dataclass(frozen=True)
class ShakeDown(Command):
    """Billy the Kid after his Move: `target` on his space gives him $10 ("money") or 1 card ("card")."""

    kind: ClassVar[str] = "shake_down"
    target: int
    take: Literal["money", "card"]


@dataclass(frozen=True)
class RideOut(Command):
    """Y. B. Rowdy at the start of his turn outside town: discard `card` to move up to 3, free."""

    kind: ClassVar[str] = "ride_out"
    card: str


COMMANDS = COMMANDS + (ChooseCharacter, ChooseStart, TakeCattle, RerollDie, ThrowWhiskey, ShakeDown, RideOut)


@dataclass(frozen=True)
class Work(Command):
    """WL-LOC-WORK-1: 1 action, +$10, at any location (option `work_action`)."""

    kind: ClassVar[str] = "work"


@dataclass(frozen=True)
class ExtraStep(Command):
    """Kit Carson: right after his Move action ends, 1 more space to `to`, costing no action."""

    kind: ClassVar[str] = "extra_step"
    to: str


COMMANDS = COMMANDS + (Work, ExtraStep)


@dataclass(frozen=True)
class Gamble(Command):
    """WL-LOC-SAL-1: 1 action on a Saloon space: ante $10, draw 1, and open a game of poker."""

    kind: ClassVar[str] = "gamble"


@dataclass(frozen=True)
class JoinPoker(Command):
    """A player in the same town joins the game ($10, draw 1) or passes."""

    kind: ClassVar[str] = "join_poker"
    join: bool


@dataclass(frozen=True)
class ChoosePokerCards(Command):
    """Exactly 2 hand cards (1 if only 1 is held) to combine with the flop."""

    kind: ClassVar[str] = "choose_poker_cards"
    cards: tuple[str, ...]


COMMANDS = COMMANDS + (Gamble, JoinPoker, ChoosePokerCards)


@dataclass(frozen=True)
class CrossMesa(Command):
    """Bloody Knife: a Move action to `to` along a route through a mesa (which heals 1 wound)."""

    kind: ClassVar[str] = "cross_mesa"
    to: str


COMMANDS = COMMANDS + (CrossMesa,)
