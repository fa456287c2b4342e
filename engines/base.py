"""The engine contract every game implements: pure, deterministic rules with no I/O.

An engine never touches the clock, the network, the store or a global random
generator. Chance comes only through the `Rng` it is handed, and every outcome
of chance is written into an event, so folding events (`evolve`) never rolls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

Seat = int  # 0-based seat index; seat 0 is the first seat listed at creation.
SPECTATOR: Seat = -1  # the viewer who holds no seat: `view`/`redact` show public information only
JsonValue = Any  # what json.loads returns; kept loose on purpose

T = TypeVar("T")
P = TypeVar("P")


def same_json(a: object, b: object) -> bool:
    """`a == b` as JSON sees it: Python's == holds `True == 1` and `False == 0`, JSON does not.

    Without this an edited log spelling a seat 1 as `true` audited as the rules' own record.
    A tuple and a list are the same JSON array.
    """
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same_json(v, b[k]) for k, v in a.items())
    if isinstance(a, list | tuple):
        if not isinstance(b, list | tuple) or len(a) != len(b):
            return False
        if len(a) >= _LONG:
            kinds = list(map(type, a))
            if _PLAIN_TYPES.issuperset(kinds) and kinds == list(map(type, b)):
                # Pairwise of one plain type (a shuffle's cards): == on each pair is same_json
                # on it, and the sequences' own == compares them in C.
                return a == b if type(a) is type(b) else list(a) == list(b)
        return all(map(same_json, a, b))
    return type(a) is type(b) and a == b


# The values == compares as JSON does once both sides have the same type (no float: NaN).
_PLAIN_TYPES = frozenset((int, str, bool, type(None)))
_LONG = 4  # a shorter list is compared item by item: looking at its types first costs more


class RuleViolation(Exception):
    """The rules forbid this command. Raised by decide(), never by evolve().

    `code` is a stable UPPER_SNAKE reason for machines, `rule` the rule id in the
    game's spec (e.g. "MW-ROB-2"), `message` a sentence a player understands.
    """

    def __init__(self, code: str, message: str, *, rule: str, **details: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.details: dict[str, str] = {k: str(v) for k, v in details.items()}

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.message!r}, rule={self.rule!r})"


class OptionError(ValueError):
    """A game option is unknown or has a value the game does not allow."""


@dataclass(frozen=True)
class Message:
    """Base of every command and event: a frozen record with a stable JSON kind.

    Subclasses set `kind` (snake_case, never changed once released) and may bump
    `version` when their fields change; see engines/codec.py for the JSON form.
    """

    kind: ClassVar[str] = ""
    version: ClassVar[int] = 1


class Command(Message):
    """An imperative from one seat, e.g. DeclareRobbery."""


class Event(Message):
    """A fact the engine decided, e.g. RobberyDeclared. Outcomes of chance live here."""


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: ranking[0] holds the winner(s).

    `ranking` is a list of tiers, best first; seats in one tier are tied.
    `scores` maps each seat to its final score in the game's own unit.
    `ended` says how a game ended other than by its rules' end ("resigned",
    "timeout", "adjudicated", "abandoned"); engines never set it.
    """

    ranking: tuple[tuple[Seat, ...], ...]
    scores: tuple[int, ...] = ()
    reason: str = ""
    ended: str = ""
    winners: tuple[Seat, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "winners", self.ranking[0] if self.ranking else ())


class Rng(Protocol):
    """The only source of chance an engine may use.

    A live game's Rng derives every outcome from (secret seed, game id, version,
    draw index); an imported tabletop log's Rng serves the outcomes that were
    observed at the table and checks that each one was possible.
    """

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included (a die: 1, 6)."""
        ...

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        """A uniformly random permutation of `items` (JSON scalars: str or int)."""
        ...


class Engine(Protocol):
    """One game's rules. Implementations are stateless objects; state is data.

    `State` is any immutable value the engine chooses (usually a frozen
    dataclass). The service never looks inside it: it only passes it back to
    the engine, and shows clients `view(state, seat)`.
    """

    game_id: str
    title: str
    rules_version: str  # "<game>/<n>": named in every format-2 log header
    min_seats: int
    max_seats: int
    commands: Sequence[type[Command]]  # every command class, for the codec and the API
    events: Sequence[type[Event]]  # every event class, for the codec

    def options(self, raw: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
        """Validate table options; return them complete with defaults filled in.

        Raises OptionError naming the bad option. The returned dict is what the
        game stores and what `setup` receives.
        """
        ...

    def setup(self, options: Mapping[str, JsonValue], seats: int, rng: Rng) -> list[Event]:
        """The opening events: the first one makes the state from nothing."""
        ...

    def evolve(self, state: Any, event: Event) -> Any:
        """Fold one event into the state (state is None for the first event).

        Trusts the event: never raises on a log the engine produced.
        """
        ...

    def decide(self, state: Any, seat: Seat, command: Command, rng: Rng) -> list[Event]:
        """Return the events `command` causes, or raise RuleViolation."""
        ...

    def legal_commands(self, state: Any, seat: Seat) -> list[Command]:
        """Every command `seat` may send now (empty when it has nothing to do)."""
        ...

    def seats_to_act(self, state: Any) -> tuple[Seat, ...]:
        """Seats whose input the game is waiting for now (several when simultaneous)."""
        ...

    def view(self, state: Any, seat: Seat | None) -> dict[str, JsonValue]:
        """The state as `seat` may see it, as JSON data.

        None is the omniscient (organiser) view; SPECTATOR sees public information only.
        """
        ...

    def redact(self, event: Event, seat: Seat | None) -> Event:
        """The event as `seat` may see it; None returns it whole, SPECTATOR keeps only what is public."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """The result once the game is over, else None."""
        ...

    def describe(self, event: Event, seat_names: Sequence[str]) -> str:
        """One sentence of narrative for the event, e.g. "seat 2 joins the Stagecoach robbery"."""
        ...

    def reshuffle_unseen(self, state: Any, rng: Rng) -> list[Event]:
        """The events that re-deal from `rng` every order nobody has seen (a face-down deck), for a
        game forked at `state`: the fork must not replay its source's future."""
        ...


def fold(engine: Engine, state: Any, events: Sequence[Event]) -> Any:
    """`state` after `events` (one log line's, or a header's setup), in order.

    An engine with an `evolve_all` folds them all with one private copy of its state, not one each.
    """
    evolve_all = getattr(engine, "evolve_all", None)
    if evolve_all is not None:
        return evolve_all(state, events)
    for event in events:
        state = engine.evolve(state, event)
    return state


Changes = dict[str, Any]  # the fields of a record that one event changes, by name


def fold_run(
    state: Any,
    events: Iterable[Event],
    folds: Mapping[type, Callable[[Any, Any], Changes]],
    fold_of: Callable[[type], Callable[[Any, Any], Changes]],
    started: type[Event],
    start: Callable[[Any], Any],
) -> Any:
    """An engine's `evolve_all`: each event's fold in turn, with one copy of the state for them all.

    `folds` maps an event class to the fold that returns the fields it changes, `fold_of` finds
    one for any other class, and an event of class `started` makes a new state with `start`.
    The first change copies `state`; later ones are written into that copy, which no one else
    holds until it is returned, so `state` itself is never changed. (None only for a None state
    and no events.)
    """
    working: dict[str, Any] | None = None  # the fields of the copy this call made, once it has one
    for event in events:
        fold = folds.get(type(event))
        if fold is None:  # not a kind of the table: the first event, or a subclass (or a stranger)
            if isinstance(event, started):
                state = start(event)
                working = state.__dict__  # made here, so as private as a copy
                continue
            fold = fold_of(type(event))
        assert state is not None, f"{event.kind} before game_started"
        changes = fold(state, event)
        if working is not None:
            working.update(changes)
        elif changes:
            state = copied(state, changes)
            working = state.__dict__
    return state


def copied(record: T, changes: Changes) -> T:
    """`changed(record, **changes)` for changes already in a dict: no unpacking and re-packing."""
    new = object.__new__(type(record))
    object.__setattr__(new, "__dict__", record.__dict__ | changes)
    return new


def players_with(players: tuple[T, ...], seat: int, **changes: object) -> tuple[T, ...]:
    """The per-seat records with the record of `seat` changed; every other record is shared."""
    changed_players = list(players)
    changed_players[seat] = copied(players[seat], changes)
    return tuple(changed_players)


def changed(record: T, **changes: object) -> T:
    """`dataclasses.replace` for frozen records without `__post_init__`, minus its per-call cost.

    Folding events is the hot path of every simulation, rebuild and replay; the stdlib
    version re-reads the fields and re-runs `__init__`, which is ~5x slower. Unlike it,
    this does not check the names in `changes`: callers pass field names only.
    """
    new = object.__new__(type(record))
    # dict | dict copies the fields as a block (~4x faster than {**a, **b}): same keys, same order.
    object.__setattr__(new, "__dict__", record.__dict__ | changes)
    return new


def options_for_log(
    engine: Engine, raw: Mapping[str, JsonValue], rules_version: str | None
) -> dict[str, JsonValue]:
    """The complete options of a logged game, read under the rules it was recorded with.

    A rule changed in a later rules version becomes a named option whose default is the
    new behaviour. An engine lists, per older rules version, the values that reproduce the
    rules then in force (`legacy_defaults`); an option missing from an older log's header
    takes that value, so the game re-verifies as it was played. A format 1 log predates
    `rules_version` and was recorded under `<game>/1`. A version the engine does not know
    raises `UnknownRulesVersion`: today's rules are never a guess at older ones.
    """
    recorded = rules_version or f"{engine.game_id}/1"
    if recorded not in known_rules_versions(engine):
        raise UnknownRulesVersion(recorded, known_rules_versions(engine))
    legacy: Mapping[str, Mapping[str, JsonValue]] = getattr(engine, "legacy_defaults", {})
    complete = {**legacy.get(recorded, {}), **raw}
    _refuse_log_only(engine, complete, recorded)
    return engine.options(complete)


def options_for_table(engine: Engine, raw: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    """The complete options of a new table under the engine's newest rules.

    A value an engine keeps only to read the logs of older rules versions (`log_only`) is
    refused when a new table names it: it exists to replay how those games were played.
    """
    _refuse_log_only(engine, raw, None)
    return engine.options(raw)


def _refuse_newer(engine: Engine, raw: Mapping[str, JsonValue], rules_version: str) -> None:
    """OptionError for an option named in a new table under an older rules version than the one
    that added it (`options_since`): that version's verifiers do not know it."""
    since: Mapping[str, str] = getattr(engine, "options_since", {})
    for name in sorted(raw.keys() & since.keys()):
        if _version_number(rules_version) < _version_number(since[name]):
            raise OptionError(
                f"option {name} came with rules version {since[name]}; a table under "
                f"{rules_version} cannot name it (that version's verifiers do not know it)"
            )


def _version_number(rules_version: str) -> int:
    """The number of a rules version "<game>/<n>"."""
    return int(rules_version.rsplit("/", 1)[1])


def _refuse_log_only(engine: Engine, raw: Mapping[str, JsonValue], recorded: str | None) -> None:
    """OptionError for a log-only option value (`log_only`) outside the versions that played it
    (`recorded` None: a new table, which no such value belongs to)."""
    log_only: Mapping[str, Mapping[str, tuple[str, ...]]] = getattr(engine, "log_only", {})
    for name, values in log_only.items():
        value = raw.get(name)
        if not isinstance(value, str) or value not in values:
            continue
        versions = values[value]
        if recorded is None or recorded not in versions:
            under = "a new table" if recorded is None else f"a log of {recorded}"
            raise OptionError(
                f"option {name}={value!r} is refused in {under}: it only replays logs of "
                f"{', '.join(versions)}, which played it"
            )


def options_as_recorded(
    engine: Engine, raw: Mapping[str, JsonValue], rules_version: str
) -> tuple[dict[str, JsonValue], dict[str, JsonValue]]:
    """(the complete options a game under `rules_version` plays, the options its header stores).

    The header leaves out what the older version's defaults supply unless `raw` names it, as a
    game stored by that version's server did: re-run under newer rules, it takes their defaults.
    """
    legacy: Mapping[str, Mapping[str, JsonValue]] = getattr(engine, "legacy_defaults", {})
    _refuse_log_only(engine, raw, None)  # the older version's defaults may supply one; a table may not
    _refuse_newer(engine, raw, rules_version)
    complete = options_for_log(engine, raw, rules_version)
    supplied = legacy.get(rules_version, {})
    return complete, {name: value for name, value in complete.items() if name not in supplied or name in raw}


def known_rules_versions(engine: Engine) -> tuple[str, ...]:
    """The rules versions whose logs `engine` re-runs as played: its own and each it keeps defaults for."""
    legacy: Mapping[str, Mapping[str, JsonValue]] = getattr(engine, "legacy_defaults", {})
    return tuple(sorted({engine.rules_version, *legacy}))


class UnknownRulesVersion(ValueError):
    """A log recorded under rules this engine does not know: re-running it would guess."""

    def __init__(self, recorded: str | None, known: Sequence[str]) -> None:
        super().__init__(f"unknown rules version {recorded!r}; this verifier knows {', '.join(known)}")
        self.recorded = recorded
        self.known = tuple(known)


class SeatedState(Generic[P]):
    """Base of a game's frozen state whose `players` tuple holds one record per seat."""

    players: tuple[P, ...]

    def player(self, seat: int) -> P:
        return self.players[seat]

    def with_player(self, seat: int, **changes: object) -> Self:
        """The state with the record of `seat` changed: one copy of the players tuple, no more."""
        return changed(self, players=players_with(self.players, seat, **changes))
