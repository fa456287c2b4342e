"""A small but complete engine for testing the replay package: a dice-and-cards race.

2-4 seats race along a track to `target`. On your turn either roll a die and
move that far, or play a card from your hidden hand, move its value and draw a
replacement from the shuffled deck. First to reach the target wins. It has all
the parts a real game has -- a shuffle, dice, hidden hands, rule violations --
and satisfies the whole Engine protocol, so the real engines need not exist yet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engines.base import (
    SPECTATOR,
    Command,
    Engine,
    Event,
    JsonValue,
    OptionError,
    Outcome,
    Rng,
    RuleViolation,
    Seat,
)

DECK = tuple(value for value in range(1, 6) for _ in range(3))  # three each of 1..5


@dataclass(frozen=True)
class Roll(Command):
    kind = "roll"


@dataclass(frozen=True)
class PlayCard(Command):
    kind = "play_card"
    card: int


@dataclass(frozen=True)
class RaceStarted(Event):
    kind = "race_started"
    seats: int
    target: int
    deck: tuple[int, ...]  # the shuffled order: secret from every seat


@dataclass(frozen=True)
class CardsDealt(Event):
    kind = "cards_dealt"
    seat: int
    cards: tuple[int, ...]  # secret from the other seats


@dataclass(frozen=True)
class DieRolled(Event):
    kind = "die_rolled"
    seat: int
    value: int
    position: int


@dataclass(frozen=True)
class CardPlayed(Event):
    kind = "card_played"
    seat: int
    card: int
    position: int


@dataclass(frozen=True)
class CardDrawn(Event):
    kind = "card_drawn"
    seat: int
    card: int  # secret from the other seats; 0 when redacted


@dataclass(frozen=True)
class TurnPassed(Event):
    kind = "turn_passed"
    seat: int  # the seat now to act


@dataclass(frozen=True)
class RaceWon(Event):
    kind = "race_won"
    seat: int


@dataclass(frozen=True)
class State:
    target: int
    positions: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    turn: Seat
    winner: Seat | None = None


class ToyRace:
    game_id: str = "toy-race"
    title: str = "Toy Race"
    rules_version: str = "toy-race/1"
    min_seats: int = 2
    max_seats: int = 4
    commands: Sequence[type[Command]] = (Roll, PlayCard)
    events: Sequence[type[Event]] = (
        RaceStarted,
        CardsDealt,
        DieRolled,
        CardPlayed,
        CardDrawn,
        TurnPassed,
        RaceWon,
    )

    def options(self, raw: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
        unknown = set(raw) - {"target", "hand_size"}
        if unknown:
            raise OptionError(f"unknown option(s) {sorted(unknown)}")
        complete = {"target": 20, "hand_size": 2, **raw}
        for name in ("target", "hand_size"):
            if type(complete[name]) is not int or not 1 <= complete[name] <= 50:
                raise OptionError(f"{name} must be an integer from 1 to 50")
        return complete

    def setup(self, options: Mapping[str, JsonValue], seats: int, rng: Rng) -> list[Event]:
        deck = rng.shuffle(DECK)
        size = int(options["hand_size"])
        dealt: list[Event] = [
            CardsDealt(seat=s, cards=tuple(deck[s * size : (s + 1) * size])) for s in range(seats)
        ]
        return [RaceStarted(seats=seats, target=int(options["target"]), deck=deck), *dealt]

    def evolve(self, state: Any, event: Event) -> Any:
        match event:
            case RaceStarted(seats=seats, target=target, deck=deck):
                return State(target, (0,) * seats, ((),) * seats, deck, 0)
            case CardsDealt(seat=seat, cards=cards):
                hands = _with(state.hands, seat, state.hands[seat] + cards)
                return replace(state, hands=hands, deck=state.deck[len(cards) :])
            case DieRolled(seat=seat, position=position):
                return replace(state, positions=_with(state.positions, seat, position))
            case CardPlayed(seat=seat, card=card, position=position):
                hand = list(state.hands[seat])
                hand.remove(card)
                positions = _with(state.positions, seat, position)
                return replace(state, positions=positions, hands=_with(state.hands, seat, tuple(hand)))
            case CardDrawn(seat=seat, card=card):
                hands = _with(state.hands, seat, (*state.hands[seat], card))
                return replace(state, hands=hands, deck=state.deck[1:])
            case TurnPassed(seat=seat):
                return replace(state, turn=seat)
            case RaceWon(seat=seat):
                return replace(state, winner=seat)
        return state

    def decide(self, state: Any, seat: Seat, command: Command, rng: Rng) -> list[Event]:
        if state.winner is not None:
            raise RuleViolation("GAME_OVER", "the race is over", rule="TOY-END")
        if seat != state.turn:
            raise RuleViolation("NOT_YOUR_TURN", f"it is seat {state.turn + 1}'s turn", rule="TOY-TURN")
        events: list[Event]
        match command:
            case Roll():
                value = rng.randint(1, 6)
                position = state.positions[seat] + value
                events = [DieRolled(seat=seat, value=value, position=position)]
            case PlayCard(card=card):
                if card not in state.hands[seat]:
                    raise RuleViolation(
                        "CARD_NOT_IN_HAND",
                        f"card {card} is not in your hand",
                        rule="TOY-CARD",
                        card=str(card),
                    )
                position = state.positions[seat] + card
                events = [CardPlayed(seat=seat, card=card, position=position)]
                if state.deck:
                    events.append(CardDrawn(seat=seat, card=state.deck[0]))
            case _:
                raise RuleViolation("UNKNOWN_COMMAND", f"{command.kind} is not a command", rule="TOY")
        if position >= state.target:
            events.append(RaceWon(seat=seat))
        else:
            events.append(TurnPassed(seat=(seat + 1) % len(state.positions)))
        return events

    def legal_commands(self, state: Any, seat: Seat) -> list[Command]:
        if state.winner is not None or seat != state.turn:
            return []
        return [Roll(), *(PlayCard(card=c) for c in sorted(set(state.hands[seat])))]

    def seats_to_act(self, state: Any) -> tuple[Seat, ...]:
        return () if state.winner is not None else (state.turn,)

    def view(self, state: Any, seat: Seat | None) -> dict[str, JsonValue]:
        shown: dict[str, JsonValue] = {
            "target": state.target,
            "positions": list(state.positions),
            "turn": state.turn,
            "winner": state.winner,
            "hand_sizes": [len(h) for h in state.hands],
            "deck_size": len(state.deck),
        }
        if seat is None:
            shown["hands"] = [list(h) for h in state.hands]
            shown["deck"] = list(state.deck)
        elif seat != SPECTATOR:
            shown["hand"] = list(state.hands[seat])
        return shown

    def redact(self, event: Event, seat: Seat | None) -> Event:
        if seat is None:
            return event
        match event:
            case RaceStarted():
                return replace(event, deck=())
            case CardsDealt(seat=owner) if owner != seat:
                return replace(event, cards=(0,) * len(event.cards))
            case CardDrawn(seat=owner) if owner != seat:
                return replace(event, card=0)
        return event

    def outcome(self, state: Any) -> Outcome | None:
        if state is None or state.winner is None:
            return None
        others = sorted({p for s, p in enumerate(state.positions) if s != state.winner}, reverse=True)
        tiers = [
            tuple(s for s, p in enumerate(state.positions) if p == mark and s != state.winner)
            for mark in others
        ]
        return Outcome(ranking=((state.winner,), *tiers), scores=state.positions, reason="reached the target")

    def describe(self, event: Event, seat_names: Sequence[str]) -> str:
        def name(seat: int) -> str:
            return seat_names[seat] if seat < len(seat_names) else f"seat {seat + 1}"

        match event:
            case RaceStarted(seats=seats, target=target):
                return f"a race to {target} starts for {seats} players; the deck is shuffled"
            case CardsDealt(seat=seat, cards=cards):
                return f"{name(seat)} is dealt {len(cards)} card(s)"
            case DieRolled(seat=seat, value=value, position=position):
                return f"{name(seat)} rolls a {value} and moves to {position}"
            case CardPlayed(seat=seat, card=card, position=position):
                return f"{name(seat)} plays a {card} and moves to {position}"
            case CardDrawn(seat=seat):
                return f"{name(seat)} draws a card"
            case TurnPassed(seat=seat):
                return f"{name(seat)} is next"
            case RaceWon(seat=seat):
                return f"{name(seat)} reaches the finish"
        return event.kind


def _with(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


ENGINE: Engine = ToyRace()  # typed so mypy checks the whole protocol
