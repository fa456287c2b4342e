"""The peer's trivial game as an engine of ours: a counter, for the benchmark only.

The same game as tests/benchmarks/peer/counter.js on boardgame.io, move for move: one command,
`increment`, adds one to the counter; every turn is one move, the seats taking turns from seat 0;
the match ends once the counter reaches its goal (the peer's MOVES_PER_MATCH, 1,000). With it one
benchmark row measures the service alone, the same game on both sides.

It is not a served game (so not in engines/): a server plays it only when started with
`frontier serve --engine tests.benchmarks.counter_game:ENGINE`. It has no typed protobuf messages, so
its commands travel as JSON in `Command.json`. Pure and deterministic: it never draws from the Rng.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.base import Command, Event, JsonValue, OptionError, Outcome, Rng, RuleViolation, Seat
from engines.game import GameEngine
from engines.picture import Canvas, NewCanvas, Picture
from engines.recording import TableGame

GAME_ID = "counter"
MOVES_PER_MATCH = 1000  # the peer's, in peer/counter.js (a test reads it there)
MAX_GOAL = 1_000_000


@dataclass(frozen=True)
class Increment(Command):
    kind = "increment"


@dataclass(frozen=True)
class CounterStarted(Event):
    kind = "counter_started"
    seats: int
    goal: int


@dataclass(frozen=True)
class Incremented(Event):
    kind = "incremented"
    seat: int
    value: int  # the counter after this move


@dataclass(frozen=True)
class State:
    seats: int
    goal: int
    value: int = 0

    @property
    def over(self) -> bool:
        return self.value >= self.goal

    @property
    def current(self) -> Seat:
        """The seat whose turn it is: one move a turn, round the table from seat 0."""
        return self.value % self.seats


def options(raw: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    unknown = sorted(set(raw) - {"goal"})
    if unknown:
        raise OptionError(f"unknown option {unknown[0]!r}: the counter takes only 'goal'")
    goal = raw.get("goal", MOVES_PER_MATCH)
    if type(goal) is not int or not 1 <= goal <= MAX_GOAL:
        raise OptionError(f"goal must be a whole number from 1 to {MAX_GOAL}, not {goal!r}")
    return {"goal": goal}


def deal(options: Mapping[str, JsonValue], seats: int, rng: Rng) -> list[Event]:
    return [CounterStarted(seats=seats, goal=options["goal"])]


def evolve(state: State | None, event: Event) -> State:
    if isinstance(event, CounterStarted):
        return State(seats=event.seats, goal=event.goal)
    assert state is not None and isinstance(event, Incremented)
    return State(seats=state.seats, goal=state.goal, value=event.value)


def decide(state: State, seat: Seat, command: Command, rng: Rng) -> list[Event]:
    if state.over:
        raise RuleViolation("GAME_OVER", "The counter has reached its goal.", rule="COUNTER-END")
    if seat != state.current:
        raise RuleViolation("NOT_YOUR_TURN", f"It is seat {state.current + 1}'s turn.", rule="COUNTER-TURN")
    if not isinstance(command, Increment):
        raise RuleViolation("UNKNOWN_COMMAND", "The counter only increments.", rule="COUNTER-MOVE")
    return [Incremented(seat=seat, value=state.value + 1)]


def decide_folded(state: State, seat: Seat, command: Command, rng: Rng) -> tuple[list[Event], State]:
    events = decide(state, seat, command, rng)
    return events, evolve(state, events[0])


def legal_commands(state: State, seat: Seat) -> list[Command]:
    return [Increment()] if not state.over and seat == state.current else []


def seats_to_act(state: State) -> tuple[Seat, ...]:
    return () if state.over else (state.current,)


def view(state: State, seat: Seat | None) -> dict[str, JsonValue]:
    return {"value": state.value, "goal": state.goal}  # nothing is hidden


def redact(event: Event, seat: Seat | None) -> Event:
    return event


def outcome(state: State) -> Outcome | None:
    """Every seat shares the end, as the peer's `endIf` names no winner."""
    return Outcome(ranking=(tuple(range(state.seats)),), reason="goal_reached") if state.over else None


def describe(event: Event, seat_names: Sequence[str]) -> str:
    if isinstance(event, CounterStarted):
        return f"the counter starts at 0 and goes to {event.goal}"
    assert isinstance(event, Incremented)
    name = seat_names[event.seat] if event.seat < len(seat_names) else f"seat {event.seat + 1}"
    return f"{name} counts {event.value}"


def reshuffle_unseen(state: State, rng: Rng) -> list[Event]:
    return []  # nothing is dealt face down


def step_bound(options: Mapping[str, JsonValue], players: int) -> int:
    return int(options["goal"]) + 1


def draw(new_canvas: NewCanvas, view: dict[str, Any], labels: Sequence[str]) -> Canvas:
    canvas = new_canvas(240, 60, "the counter")
    canvas.text(20, 36, f"{view['value']} of {view['goal']}", font_size=20)
    return canvas


ENGINE = GameEngine(
    game_id=GAME_ID,
    title="Counter (benchmark)",
    rules_version="counter/1",
    min_seats=1,
    max_seats=8,
    commands=(Increment,),
    events=(CounterStarted, Incremented),
    options=options,
    deal=deal,
    evolve=evolve,
    decide=decide,
    decide_folded=decide_folded,
    legal_commands=legal_commands,
    seats_to_act=seats_to_act,
    view=view,
    redact=redact,
    outcome=outcome,
    describe=describe,
    reshuffle_unseen=reshuffle_unseen,
    recording=TableGame(),  # a counter is never recorded at a table
    picture=Picture(draw=draw),
    proto_field="",  # no typed messages: its commands travel in Command.json
    step_bound=step_bound,
)
