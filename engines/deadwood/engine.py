"""The Deadwood 1876 engine object: the contract of engines/base.py, wired to its modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.base import Command, Event, JsonValue, Outcome, Rng, Seat
from engines.deadwood import decide as decide_module
from engines.deadwood import evolve as evolve_module
from engines.deadwood import legal, narrate, options, setup, views
from engines.deadwood.commands import COMMANDS
from engines.deadwood.events import EVENTS
from engines.deadwood.state import OVER, State


class DeadwoodEngine:
    game_id = "deadwood-1876"
    title = "Deadwood 1876"
    rules_version = "deadwood-1876/2"  # bump when logged games would decide differently
    # Options added or changed in a later rules version, with the values that replay older logs.
    legacy_defaults: dict[str, dict[str, JsonValue]] = options.LEGACY_DEFAULTS
    min_seats = 2
    max_seats = 9
    commands: Sequence[type[Command]] = COMMANDS
    events: Sequence[type[Event]] = EVENTS

    def options(self, raw: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
        return options.validate(raw)

    def setup(self, options: Mapping[str, JsonValue], seats: int, rng: Rng) -> list[Event]:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Deadwood 1876 seats 2 to 9 players, not {seats}")
        return setup.setup(options, seats, rng)

    # The module functions themselves, not methods that call them: a rebuild folds every event
    # of a log and an audit decides every command, and a wrapper would double each call.
    evolve = staticmethod(evolve_module.evolve)
    # One log line's events folded with one copy of the state (replay.verify.steps uses it).
    evolve_all = staticmethod(evolve_module.evolve_all)
    decide = staticmethod(decide_module.decide)
    # decide, and the state its events fold into: decide folds them as it goes, so an audit
    # need not fold them again (replay.verify).
    decide_folded = staticmethod(decide_module.decide_folded)

    def legal_commands(self, state: State, seat: Seat) -> list[Command]:
        return legal.legal_commands(state, seat)

    def seats_to_act(self, state: State) -> tuple[Seat, ...]:
        return legal.seats_to_act(state)

    def view(self, state: State, seat: Seat | None) -> dict[str, JsonValue]:
        return views.view(state, seat)

    def redact(self, event: Event, seat: Seat | None) -> Event:
        return views.redact(event, seat)

    def outcome(self, state: State) -> Outcome | None:
        """Winner first; then finalists by how long they lasted; then everyone else."""
        if state.phase != OVER:
            return None
        winner = state.winner
        living = tuple(s for s in state.finalists if s != winner and state.player(s).alive)
        ranking: list[tuple[Seat, ...]] = [(winner,)]
        if living:
            ranking.append(living)
        ranking += [(s,) for s in reversed(state.eliminated)]
        rest = tuple(s for s in range(state.seats) if s not in state.finalists and s != winner)
        if rest:
            ranking.append(rest)
        return Outcome(tuple(ranking), scores=state.gold, reason=state.win_reason)

    def describe(self, event: Event, seat_names: Sequence[str]) -> str:
        return narrate.describe(event, seat_names)
