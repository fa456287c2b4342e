"""The Western Legends engine object: the contract of engines/base.py, wired to its modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.base import Command, Event, JsonValue, Outcome, Rng, Seat
from engines.western_legends import decide as decide_module
from engines.western_legends import legal, narrate, options, turn, views
from engines.western_legends.commands import COMMANDS
from engines.western_legends.events import EVENTS
from engines.western_legends.evolve import evolve
from engines.western_legends.state import State


class WesternLegendsEngine:
    game_id = "western-legends"
    title = "Western Legends"
    rules_version = "western-legends/2"  # bump when logged games would decide differently
    # options a version-1 log lacks, with the values that replay it as it was played
    legacy_defaults: dict[str, dict[str, JsonValue]] = {"western-legends/1": options.LEGACY_V1}
    min_seats = 2
    max_seats = 6
    commands: Sequence[type[Command]] = COMMANDS
    events: Sequence[type[Event]] = EVENTS

    def options(self, raw: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
        return options.validate(raw)

    def setup(self, options: Mapping[str, JsonValue], seats: int, rng: Rng) -> list[Event]:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Western Legends seats 2 to 6 players, not {seats}")
        return turn.setup(options, seats, rng)

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
        """WL-END-3: tiers by final LP, then MP or WP, nuggets, fewest wounds."""
        if state.phase != "over":
            return None
        keys = {seat: turn.ranking_key(state, seat) for seat in range(state.seats)}
        tiers = sorted(set(keys.values()), reverse=True)
        ranking = tuple(tuple(s for s in range(state.seats) if keys[s] == key) for key in tiers)
        return Outcome(ranking, scores=state.final_lp, reason=state.end_reason)

    def describe(self, event: Event, seat_names: Sequence[str]) -> str:
        return narrate.describe(event, seat_names)
