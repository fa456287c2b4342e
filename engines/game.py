"""The one engine object: a game's folder fills it with its module functions (engines/base.py's contract).

Every callable field is a game's module function itself, stored on the instance, so
`engine.evolve(state, event)` calls it with no wrapper in between: a rebuild folds
every event of a log and an audit decides every command, and a wrapper would double
each call.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.base import Command, Event, JsonValue, Outcome, Rng, Seat
from engines.bot import Written
from engines.picture import Picture
from engines.recording import TableGame
from engines.wording import as_written


@dataclass(eq=False)
class GameEngine:
    game_id: str
    title: str
    rules_version: str  # "<game>/<n>": bump when logged games would decide differently
    min_seats: int
    max_seats: int
    commands: Sequence[type[Command]]
    events: Sequence[type[Event]]
    options: Callable[[Mapping[str, JsonValue]], dict[str, JsonValue]]
    deal: Callable[[Mapping[str, JsonValue], int, Rng], list[Event]]  # `setup` once the seats are checked
    evolve: Callable[[Any, Event], Any]
    decide: Callable[[Any, Seat, Command, Rng], list[Event]]
    # decide, and the state its events fold into: decide folds them as it goes, so an audit
    # need not fold them again (replay.verify)
    decide_folded: Callable[[Any, Seat, Command, Rng], tuple[list[Event], Any]]
    legal_commands: Callable[[Any, Seat], list[Command]]
    seats_to_act: Callable[[Any], tuple[Seat, ...]]
    view: Callable[[Any, Seat | None], dict[str, JsonValue]]
    redact: Callable[[Event, Seat | None], Event]
    outcome: Callable[[Any], Outcome | None]
    describe: Callable[[Event, Sequence[str]], str]
    # the events that re-deal, from a fork's own seed, every order nobody has seen yet
    reshuffle_unseen: Callable[[Any, Rng], list[Event]]
    recording: TableGame  # what an arbiter writes down at the table, read onto this engine
    picture: Picture  # the table drawn from a view (the web layer renders it)
    proto_field: str  # the field of this game in the oneofs of frontier.v1 (Command, GameEvent, ...)
    # the steps within which a game under these options and players ends (rules fuzzing's bound)
    step_bound: Callable[[Mapping[str, JsonValue], int], int]
    # per older rules version, the option values that replay its logs as they were played
    legacy_defaults: Mapping[str, Mapping[str, JsonValue]] = field(default_factory=dict)
    # per (older, newer) rules version pair, the setup migration an upgrade writes (engines/migrations.py)
    migrations: Mapping[tuple[str, str], Callable[[Any, Mapping[str, JsonValue]], list[Event]]] = field(
        default_factory=dict
    )
    # option -> value -> the older rules versions whose logs it replays; no new table may name it
    log_only: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    # option -> the rules version that added it, where it came without changing a rule's default
    options_since: Mapping[str, str] = field(default_factory=dict)
    # golden corpus target label -> the written position that reaches it (engines/bot.py)
    plans: Mapping[str, Written] = field(default_factory=dict)
    # one log line's events folded with one private copy of the state (engines.base.fold)
    evolve_all: Callable[[Any, Sequence[Event]], Any] | None = None
    # an outcome's reason as people read it (the log keeps the reason as the engine recorded it)
    describe_reason: Callable[[str], str] = as_written

    def setup(self, options: Mapping[str, JsonValue], seats: int, rng: Rng) -> list[Event]:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"{self.title} seats {self.min_seats} to {self.max_seats} players, not {seats}")
        return self.deal(options, seats, rng)


def _written_positions(package: str) -> Mapping[str, Written]:
    """A game folder's written positions (its optional `plans` module), else none."""
    try:
        plans = importlib.import_module(f"{package}.plans")
    except ModuleNotFoundError:
        return {}
    found: Mapping[str, Written] = plans.PLANS
    return found


def engine_in(
    package: str, game_id: str, title: str, *, rules_version: str, seats: tuple[int, int]
) -> GameEngine:
    """The engine of the game whose folder is `package`, from the names every game folder defines
    (docs/adding-a-game.md); `seats` is the (fewest, most) players the game seats. Bump
    `rules_version` when logged games would decide differently. The game's field in every
    per-game oneof of the API is its id with underscores (`deadwood-1876`: `deadwood_1876`)."""

    def module(name: str) -> Any:
        return importlib.import_module(f"{package}.{name}")

    # A game whose rules versions all set up alike has no migrations module.
    has_migrations = importlib.util.find_spec(f"{package}.migrations") is not None

    options, setup, evolve, decide = module("options"), module("setup"), module("evolve"), module("decide")
    legal, views = module("legal"), module("views")
    return GameEngine(
        game_id=game_id,
        title=title,
        rules_version=rules_version,
        min_seats=seats[0],
        max_seats=seats[1],
        commands=module("commands").COMMANDS,
        events=module("events").EVENTS,
        options=options.validate,
        legacy_defaults=options.LEGACY_DEFAULTS,
        migrations=module("migrations").MIGRATIONS if has_migrations else {},
        log_only=getattr(options, "LOG_ONLY", {}),
        options_since=getattr(options, "OPTIONS_SINCE", {}),
        plans=_written_positions(package),
        step_bound=options.step_bound,
        deal=setup.setup,
        reshuffle_unseen=setup.reshuffle_unseen,
        evolve=evolve.evolve,
        evolve_all=getattr(evolve, "evolve_all", None),
        decide=decide.decide,
        decide_folded=decide.decide_folded,
        legal_commands=legal.legal_commands,
        seats_to_act=legal.seats_to_act,
        view=views.view,
        redact=views.redact,
        outcome=module("outcome").outcome,
        describe=module("narrate").describe,
        describe_reason=getattr(module("narrate"), "describe_reason", as_written),
        recording=module("recording").RECORDING,
        picture=module("picture").PICTURE,
        proto_field=game_id.replace("-", "_"),
    )
