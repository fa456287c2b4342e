"""require_<condition> checks shared by decide: each raises RuleViolation naming its rule."""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import RuleViolation
from engines.most_wanted.cards import is_card, suit
from engines.most_wanted.state import State


def require_playing(state: State) -> None:
    if state.phase == "over":
        raise RuleViolation("GAME_OVER", "The game is over: no more commands are accepted.", rule="MW-END-1")


def require_seat(state: State, seat: int) -> None:
    if not 0 <= seat < state.seats:
        raise RuleViolation("UNKNOWN_SEAT", f"There is no seat {seat + 1} at this table.", rule="MW-TURN-1")


def require_phase(state: State, *phases: str, rule: str) -> None:
    if state.phase not in phases:
        raise RuleViolation(
            "WRONG_PHASE", f"That cannot be done now: the game is in its {state.phase} step.", rule=rule
        )


def require_active(state: State, seat: int) -> None:
    if seat != state.active:
        raise RuleViolation(
            "NOT_YOUR_TURN", f"It is seat {state.active + 1}'s turn, not yours.", rule="MW-TURN-1"
        )


def require_distinct_cards(cards: Sequence[str], rule: str) -> None:
    unknown = [c for c in cards if not is_card(c)]
    if unknown:
        raise RuleViolation("UNKNOWN_CARD", f"{unknown[0]!r} is not a card of this game.", rule=rule)
    if len(set(cards)) != len(cards):
        raise RuleViolation("DUPLICATE_CARD", "The same card is listed twice.", rule=rule)


def require_held(cards: Sequence[str], held: Sequence[str], rule: str) -> None:
    require_distinct_cards(cards, rule)
    missing = [c for c in cards if c not in held]
    if missing:
        raise RuleViolation("CARD_NOT_HELD", f"You do not hold the card {missing[0]}.", rule=rule)


def require_count(cards: Sequence[str], count: int, rule: str) -> None:
    if len(cards) != count:
        raise RuleViolation(
            "WRONG_CARD_COUNT", f"This needs exactly {count} cards, not {len(cards)}.", rule=rule
        )


def require_one_suit(cards: Sequence[str]) -> None:
    if not cards:
        raise RuleViolation("NO_CARDS", "Honest Labor needs at least one card.", rule="MW-HL-1")
    if len({suit(c) for c in cards}) != 1:
        raise RuleViolation("MIXED_SUITS", "Honest Labor cards must all share one suit.", rule="MW-HL-1")
