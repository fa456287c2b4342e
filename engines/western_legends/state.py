"""The immutable game state. Each seat's secrets (hand, fight card, cattle token) sit in its Player."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeVar

from engines.base import changed
from engines.western_legends.characters import CHARACTERS, NO_ABILITY, Ability
from engines.western_legends.items import ITEMS
from engines.western_legends.options import UNWRITTEN

Phase = Literal[
    "choose_character", "place", "income", "gear", "actions", "end_sheriff", "end_discard", "over"
]
FightKind = Literal["arrest", "duel", "rob"]
FightStep = Literal["annie_tax", "attacker_commit", "target_answer", "react", "loot"]

T = TypeVar("T")
LEGEND_ABILITY_LP = 5  # WL-TRK-6


replace = changed  # this engine's modules know it by the stdlib's name


@dataclass(frozen=True)
class Owned:
    item: str
    upgraded: bool = False


@dataclass(frozen=True)
class Player:
    character: str
    space: str
    money: int = 0
    gold: int = 0
    lp: int = 0
    mp: int = 0
    wp: int = 0
    wounds: int = 0
    items: tuple[Owned, ...] = ()
    weapon: str = ""
    mount: str = ""
    hand: tuple[str, ...] = ()  # secret
    committed: str = ""  # secret until the reveal
    offer: tuple[str, ...] = ()  # WL-NPC-1: fight cards this seat drew to choose from (secret)
    cattle: str = ""  # WL-LOC-CATTLE-1: the carried token id (secret; its colour is public)
    characters_offered: tuple[str, ...] = ()  # WL-SET-3: the two dealt characters (secret)

    def owns(self, item: str) -> Owned | None:
        return next((o for o in self.items if o.item == item), None)

    def misc_count(self) -> int:
        return sum(1 for o in self.items if ITEMS[o.item].kind == "misc")


@dataclass(frozen=True)
class Fight:
    attacker: int
    target: int
    kind: FightKind
    step: FightStep
    reactor: int = -1  # whose reaction answer is awaited (WL-FIGHT-7)
    passes: int = 0
    attacker_value: int = 0
    target_value: int = 0


NpcKind = Literal["bandit", "guard", "sheriff"]
NpcStep = Literal["choose", "commit", "effect", "reward"]


@dataclass(frozen=True)
class NpcFight:
    """WL-NPC-1: a fight against a bandit, the Bank Guard or the Sheriff; `chooser` picks the fight card."""

    kind: NpcKind
    fighter: int
    chooser: int
    step: NpcStep
    card: str = ""  # the fight card once revealed
    won: bool = False


PokerStep = Literal["join", "choose"]


@dataclass(frozen=True)
class Poker:
    """WL-LOC-SAL-1: a game of saloon poker opened by `active`'s Gamble action."""

    active: int
    step: PokerStep
    waiting: tuple[int, ...]  # seats still to decide whether to join, in order
    players: tuple[int, ...]  # participants: the active player, then joiners
    pot: int
    dealer: int = -1  # the house's dealer when nobody joined
    set_aside: tuple[str, ...] = ()  # the dealer's own hand, returned after the game (secret)
    flop: tuple[str, ...] = ()
    chosen: tuple[tuple[int, tuple[str, ...]], ...] = ()  # secret until the showdown

    def seated(self) -> tuple[int, ...]:
        """Everyone who shows a hand: the participants and a dealer."""
        return self.players + ((self.dealer,) if self.dealer >= 0 else ())


@dataclass(frozen=True)
class State:
    options: tuple[tuple[str, int | str], ...]
    players: tuple[Player, ...]
    deck: tuple[str, ...]  # face down, unordered pool: a draw picks a random index
    discard: tuple[str, ...]
    stock: tuple[tuple[str, int], ...]
    first_player: int
    active: int
    round: int = 1
    phase: Phase = "income"
    actions_left: int = 0
    fought: tuple[int, ...] = ()  # WL-FIGHT-3: targets fought this turn
    fight: Fight | None = None
    npc: NpcFight | None = None
    bandits: tuple[str, ...] = ()  # spaces with a bandit
    sheriff: str = "C4"  # WL-SET-5: the Sheriff starts on his Office
    fight_deck: tuple[str, ...] = ()  # the 13 fight cards face down: top first, or a pool
    fight_drawn: tuple[str, ...] = ()  # fight cards drawn for the current fight, to go beneath
    end_round: int = 0  # WL-END-1: the round in which the end was triggered (0: not yet)
    turns_taken: tuple[int, ...] = ()
    final_lp: tuple[int, ...] = ()
    end_reason: str = ""
    ranches: tuple[tuple[str, tuple[str, ...]], ...] = ()  # WL-SET-1: face-down cattle pools by colour
    dice: tuple[tuple[int, ...], ...] = ()  # WL-LOC-MINE-1: rolled chains awaiting the Miner's Map choice
    after_move: tuple[str, ...] = ()  # "after you end a Move" effects still open: "whiskey", "billy"
    free_move: int = 0  # Y. B. Rowdy's ride: steps of a Move that costs no action
    poker: Poker | None = None  # WL-LOC-SAL-1: a game of saloon poker in progress
    turn_flags: tuple[str, ...] = ()  # once-a-turn effects already used: "ride" (Rowdy), "bandit_win" (Wyatt)

    @property
    def seats(self) -> int:
        return len(self.players)

    def option(self, name: str) -> int | str:
        """An option in force; one a version-1 setup event lacks takes its version-1 value."""
        found = _option_table(self.options).get(name)
        if found is None:
            legacy = UNWRITTEN[name]
            assert isinstance(legacy, (int, str))
            return legacy
        return found

    def int_option(self, name: str) -> int:
        value = self.option(name)
        assert isinstance(value, int)
        return value

    def ability(self, seat: int) -> Ability:
        """WL-TRK-6: a seat's legendary ability, which works only at 5 LP or more."""
        player = self.players[seat]
        if player.lp < LEGEND_ABILITY_LP or not player.character:
            return NO_ABILITY
        return CHARACTERS[player.character].ability

    def stock_of(self, item: str) -> int:
        return dict(self.stock)[item]

    def ranch(self, colour: str) -> tuple[str, ...]:
        return dict(self.ranches)[colour]


OptionPairs = tuple[tuple[str, int | str], ...]
# The last options tuple looked up and its dict: every state of a game shares its options tuple
# (set once, at the start), and the rules ask for options several times a command. Holding the
# tuple keeps its identity from being reused while it is remembered.
_last_table: tuple[OptionPairs, dict[str, int | str]] = ((), {})


def _option_table(options: OptionPairs) -> dict[str, int | str]:
    global _last_table
    remembered, table = _last_table
    if remembered is not options:
        table = dict(options)
        _last_table = (options, table)
    return table
