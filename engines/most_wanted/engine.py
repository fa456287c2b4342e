"""The Most Wanted engine object: the contract of engines/base.py, wired to its modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.base import Command, Event, JsonValue, Outcome, Rng, Seat
from engines.most_wanted import decide as decide_module
from engines.most_wanted import legal, narrate, options, setup, views
from engines.most_wanted.commands import COMMANDS
from engines.most_wanted.events import EVENTS
from engines.most_wanted.evolve import evolve
from engines.most_wanted.state import State


class MostWantedEngine:
    game_id = "most-wanted"
    title = "Most Wanted"
    rules_version = "most-wanted/2"  # bump when logged games would decide differently
    # Options added in a later rules version, with the values that replay older logs.
    legacy_defaults: dict[str, dict[str, JsonValue]] = options.LEGACY_DEFAULTS
    min_seats = 2
    max_seats = 8
    commands: Sequence[type[Command]] = COMMANDS
    events: Sequence[type[Event]] = EVENTS

    def options(self, raw: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
        return options.validate(raw)

    def setup(self, options: Mapping[str, JsonValue], seats: int, rng: Rng) -> list[Event]:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Most Wanted seats 2 to 8 players, not {seats}")
        return setup.setup(options, seats, rng)

    def evolve(self, state: State | None, event: Event) -> State:
        return evolve(state, event)

    def decide(self, state: State, seat: Seat, command: Command, rng: Rng) -> list[Event]:
        return decide_module.decide(state, seat, command, rng)

    def decide_folded(
        self, state: State, seat: Seat, command: Command, rng: Rng
    ) -> tuple[list[Event], State]:
        """`decide`, and the state its events fold into: decide folds them as it goes, so an
        audit need not fold them again (replay.verify)."""
        return decide_module.decide_folded(state, seat, command, rng)

    def legal_commands(self, state: State, seat: Seat) -> list[Command]:
        return legal.legal_commands(state, seat)

    def seats_to_act(self, state: State) -> tuple[Seat, ...]:
        return legal.seats_to_act(state)

    def view(self, state: State, seat: Seat | None) -> dict[str, JsonValue]:
        return views.view(state, seat)

    def redact(self, event: Event, seat: Seat | None) -> Event:
        return views.redact(event, seat)

    def outcome(self, state: State) -> Outcome | None:
        """Winners first, then everyone else in tiers by notoriety."""
        if state.phase != "over":
            return None
        scores = tuple(p.notoriety for p in state.players)
        rest = sorted({scores[s] for s in range(state.seats) if s not in state.winners}, reverse=True)
        ranking = [state.winners] + [
            tuple(s for s in range(state.seats) if scores[s] == score and s not in state.winners)
            for score in rest
        ]
        return Outcome(tuple(ranking), scores=scores, reason=state.end_reason)

    def describe(self, event: Event, seat_names: Sequence[str]) -> str:
        return narrate.describe(event, seat_names)
