"""What a seat may ask for (imperatives). Card fields hold card ids from cards.DECK."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from engines.base import Command

Tile = Literal["pony_express", "stagecoach", "train"]


@dataclass(frozen=True)
class DeclareRobbery(Command):
    """MW-ROB-1: name a robbery and commit its number of cards face down."""

    kind: ClassVar[str] = "declare_robbery"
    tile: Tile
    cards: tuple[str, ...]


@dataclass(frozen=True)
class JoinRobbery(Command):
    """MW-ROB-2: join the robbery with exactly N cards face down."""

    kind: ClassVar[str] = "join_robbery"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class WithdrawFromRobbery(Command):
    """MW-ROB-2: a joiner takes their cards back before the reveal."""

    kind: ClassVar[str] = "withdraw_from_robbery"


@dataclass(frozen=True)
class StayPut(Command):
    """MW-ROB-8 (2): neither join nor withdraw this time round."""

    kind: ClassVar[str] = "stay_put"


@dataclass(frozen=True)
class LockCards(Command):
    """MW-ROB-8 (4) / MW-DUEL-2: fix your final face-down cards (swapping with your hand)."""

    kind: ClassVar[str] = "lock_cards"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class DoHonestLabor(Command):
    """MW-HL-1: discard cards of one suit for 2 money each."""

    kind: ClassVar[str] = "do_honest_labor"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class VisitChurch(Command):
    """MW-CH-1: discard any cards, then draw up to 7."""

    kind: ClassVar[str] = "visit_church"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class ChallengeDuel(Command):
    """MW-DUEL-1/2: challenge one other seat to a duel of 1 or 2 cards."""

    kind: ClassVar[str] = "challenge_duel"
    target: int
    size: int


COMMANDS: tuple[type[Command], ...] = (
    DeclareRobbery,
    JoinRobbery,
    WithdrawFromRobbery,
    StayPut,
    LockCards,
    DoHonestLabor,
    VisitChurch,
    ChallengeDuel,
)
