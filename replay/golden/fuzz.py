"""Rules fuzzing: random and adversarial playouts that hunt for broken rules, not for good moves.

Each playout picks its commands by a strategy (`STRATEGIES`): uniformly; always the first or the last
legal command; stalling (the passive commands — pass, decline, withdraw, stay, end — whenever one is
legal) or busy (anything but those). When several seats are to act, one of them is picked at random,
or always the first or the last. Tables range over the fewest and the most seats and every value of
every option (`replay.golden.option_space`). After every step the playout checks that

- every engine call (`decide`, `evolve`, `legal_commands`, `seats_to_act`, `view`, `redact`,
  `outcome`) returns without an exception (`CRASH`);
- `decide` accepts the command `legal_commands` listed (`LISTED_BUT_REFUSED`), and decides it the
  same way twice from the same state and seed (`NONDETERMINISTIC`: engines are pure);
- an unfinished game waits for a seat, and every seat it waits for has a legal command (`DEAD_END`);
- the game ends within its step cap (`NO_END`, `step_cap`): the engine's `step_bound`, where an
  option caps the game's length a bound on the steps that cap allows, else many times the longest
  game seen; a game past it has lost its end;
- the views of the organiser and, in turn, of the spectator and each seat, and every event as each
  of them sees it, encode as canonical JSON (`NOT_ENCODABLE`).

A failure is written as a match log (`replay.golden.failure_log`) and reported with the commands that
reproduce it. `python -m replay.golden --fuzz GAMES` runs `plan(GAMES)`;
tests/replay/golden/test_fuzz.py sizes its run by FRONTIER_FUZZ_GAMES.
"""

from __future__ import annotations

import hashlib
import random
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from engines.base import SPECTATOR, Command, Engine, Event, JsonValue, OptionError, RuleViolation, Seat
from engines.codec import encode
from engines.registry import game_ids, get_engine
from engines.rng import SeededRng
from engines.simulate import Step
from replay.golden.failure_log import FailedStep, write_failure_log
from replay.golden.names import NamedGame
from replay.golden.option_space import option_values, single_changes
from replay.record import canonical_json

T = TypeVar("T")

# Command kinds that hold the game back rather than move it on (matched as words of the kind).
PASSIVE_WORDS = frozenset({"pass", "decline", "withdraw", "stay", "end", "skip", "wait", "labor"})
SEAT_ORDERS = ("random", "first", "last")


def _uniform(commands: Sequence[Command], chooser: random.Random) -> Command:
    return chooser.choice(commands)


def _first(commands: Sequence[Command], chooser: random.Random) -> Command:
    return commands[0]


def _last(commands: Sequence[Command], chooser: random.Random) -> Command:
    return commands[-1]


def _is_passive(command: Command) -> bool:
    return bool(PASSIVE_WORDS.intersection(command.kind.split("_")))


def _stall(commands: Sequence[Command], chooser: random.Random) -> Command:
    passive = [c for c in commands if _is_passive(c)]
    return chooser.choice(passive or commands)


def _busy(commands: Sequence[Command], chooser: random.Random) -> Command:
    active = [c for c in commands if not _is_passive(c)]
    return chooser.choice(active or commands)


STRATEGIES: dict[str, Callable[[Sequence[Command], random.Random], Command]] = {
    "uniform": _uniform,
    "first": _first,
    "last": _last,
    "stall": _stall,
    "busy": _busy,
}


@dataclass(frozen=True)
class Playout(NamedGame):
    """One fuzzing game: the table and how its seats choose. Its seeds come from its name."""

    folder: ClassVar[str] = "fuzz"
    game: str
    players: int
    options: dict[str, JsonValue] = field(default_factory=dict)
    strategy: str = "uniform"
    seat_order: str = "random"
    number: int = 0

    @property
    def name(self) -> str:
        options = ",".join(f"{k}={v}" for k, v in sorted(self.options.items())) or "defaults"
        return f"{self.game}-{self.players}p-{self.strategy}-{self.seat_order}-{options}-{self.number}"


@dataclass(frozen=True)
class Finding:
    """A rule broken by a playout, where, and the log that reproduces it."""

    kind: str  # CRASH, LISTED_BUT_REFUSED, NONDETERMINISTIC, DEAD_END, NO_END, NOT_ENCODABLE
    playout: Playout
    version: int  # the game version at which it showed
    message: str
    log: Path | None

    def report(self) -> str:
        text = f"{self.kind} in {self.playout.name} at version {self.version}: {self.message}"
        if self.log is not None:
            text += (
                f"\n  log: {self.log}\n  reproduce: frontier audit {self.log}"
                f"\n         or: frontier import --server HOST:PORT --token ORGANISER {self.log}"
            )
        return text


def plan(games: int, only: Iterable[str] | None = None) -> list[Playout]:
    """`games` playouts per game that cover, before repeating, every strategy, seat order, the fewest
    and the most seats and every option value (one option changed per table); later playouts draw
    them at random, every other one with every option drawn at once (extremes meet: the smallest
    location capacity at the largest table)."""
    playouts: list[Playout] = []
    for game in only or game_ids():
        engine = get_engine(game)
        tables = single_changes(engine)
        values = option_values(engine)
        counts = sorted({engine.min_seats, engine.max_seats})
        strategies = list(STRATEGIES)
        mixer = random.Random(game)
        for number in range(games):
            if number < max(len(tables), len(strategies) * len(SEAT_ORDERS)):
                options = tables[number % len(tables)]
                players = counts[number % len(counts)]
                strategy = strategies[number % len(strategies)]
                order = SEAT_ORDERS[(number // len(strategies)) % len(SEAT_ORDERS)]
            else:
                options = mixer.choice(tables) if number % 2 else _mixed_table(values, mixer)
                players = mixer.randint(engine.min_seats, engine.max_seats)
                strategy, order = mixer.choice(strategies), mixer.choice(SEAT_ORDERS)
            playouts.append(Playout(game, players, dict(options), strategy, order, number))
    return playouts


def step_cap(game: str, options: dict[str, JsonValue], players: int) -> int:
    """The steps within which a game must end: generous bounds on what its own caps allow."""
    return get_engine(game).step_bound(options, players)


def _mixed_table(values: dict[str, list[JsonValue]], mixer: random.Random) -> dict[str, JsonValue]:
    return {name: mixer.choice(accepted) for name, accepted in values.items()}


def run(playouts: Iterable[Playout], out: Path) -> list[Finding]:
    """Play each playout; the findings, their logs written under `out`."""
    return [finding for p in playouts if (finding := play(p, out)) is not None]


class _Failure(Exception):
    def __init__(self, kind: str, message: str, failed: FailedStep | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.failed = failed


def _call(where: str, function: Callable[[], T]) -> T:
    """Run one engine call; any exception becomes a CRASH naming the call and the line that raised."""
    try:
        return function()
    except _Failure:
        raise
    except Exception as error:  # noqa: BLE001 -- every exception from an engine is the finding
        frame = traceback.extract_tb(error.__traceback__)[-1]
        raise _Failure("CRASH", f"{where} raised {error!r} at {frame.filename}:{frame.lineno}") from error


class _Game:
    """One playout in progress: the engine, the state and the steps so far."""

    def __init__(self, playout: Playout, engine: Engine) -> None:
        self.playout = playout
        self.engine = engine
        self.options = self.engine.options(playout.options)
        self.chooser = random.Random(playout.seed)
        self.choose = STRATEGIES[playout.strategy]
        self.steps: list[Step] = []
        self.state: Any = None
        self.version = 0

    def fold(self, events: Sequence[Event], where: str) -> None:
        state = self.state
        for event in events:
            state = _call(f"evolve({event.kind}) {where}", partial(self.engine.evolve, state, event))
        self.state = state

    def setup(self) -> bool:
        """Deal; False when the rules refuse the table, as the server does (BAD_OPTION).

        Options that depend on the seat count (e.g. Most Wanted's first_seat) are checked by
        setup with an OptionError: that is the engine's contract, not a crash.
        """
        rng = SeededRng(self.playout.seed, self.playout.game_id, 0)
        engine = self.engine

        def deal() -> Sequence[Event] | None:
            try:
                return engine.setup(self.options, self.playout.players, rng)
            except OptionError:
                return None

        events = _call("setup", deal)
        if events is None:
            return False
        self.fold(events, "of the setup")
        self.version = 1
        self.steps.append(Step(1, None, None, tuple(events), tuple(rng.draws), self.state))
        self.check_views(events)
        return True

    def step(self) -> None:
        engine, state, version = self.engine, self.state, self.version
        waiting = _call("seats_to_act", lambda: engine.seats_to_act(state))
        if not waiting:
            raise _Failure("DEAD_END", "the game is not over but no seat is to act")
        legal: dict[Seat, list[Command]] = {}
        for seat in waiting:
            legal[seat] = _call(
                f"legal_commands(seat {seat + 1})", partial(engine.legal_commands, state, seat)
            )
            if not legal[seat]:
                raise _Failure("DEAD_END", f"seat {seat + 1} is to act but has no legal command")
        seat = self.pick_seat(waiting)
        command = self.choose(legal[seat], self.chooser)
        rng = SeededRng(self.playout.seed, self.playout.game_id, version)
        where = f"decide(seat {seat + 1}, {canonical_json(encode(command), 2)})"
        try:
            events = engine.decide(state, seat, command, rng)
        except RuleViolation as violation:
            raise _Failure(
                "LISTED_BUT_REFUSED",
                f"{where}: listed as legal, refused with {violation.code}: {violation.message}",
                FailedStep(version + 1, seat, command, tuple(rng.draws), ()),
            ) from None
        except Exception as error:  # noqa: BLE001 -- the crash is the finding
            frame = traceback.extract_tb(error.__traceback__)[-1]
            raise _Failure(
                "CRASH",
                f"{where} raised {error!r} at {frame.filename}:{frame.lineno}",
                FailedStep(version + 1, seat, command, tuple(rng.draws), ()),
            ) from error
        self.check_deterministic(where, seat, command, events, rng)
        try:
            self.fold(events, f"after {where}")
        except _Failure as failure:
            failure.failed = FailedStep(version + 1, seat, command, tuple(rng.draws), tuple(events))
            raise
        self.version += 1
        self.steps.append(Step(self.version, seat, command, tuple(events), tuple(rng.draws), self.state))
        self.check_views(events)

    def check_deterministic(
        self, where: str, seat: Seat, command: Command, events: Sequence[Event], rng: SeededRng
    ) -> None:
        """The same command on the same state with the same seed gives the same draws and events."""
        again = SeededRng(self.playout.seed, self.playout.game_id, self.version)
        repeated = _call(f"{where} again", partial(self.engine.decide, self.state, seat, command, again))
        if again.draws != rng.draws or [encode(e) for e in repeated] != [encode(e) for e in events]:
            raise _Failure(
                "NONDETERMINISTIC",
                f"{where} decided twice on the same state and seed gives different draws or events",
                FailedStep(self.version + 1, seat, command, tuple(rng.draws), tuple(events)),
            )

    def pick_seat(self, waiting: Sequence[Seat]) -> Seat:
        order = self.playout.seat_order
        if order == "first":
            return waiting[0]
        if order == "last":
            return waiting[-1]
        return self.chooser.choice(waiting)

    def check_views(self, events: Sequence[Event]) -> None:
        # Views cost most of a playout: every step checks the organiser's and one other viewer's
        # in turn (each seat and the spectator every few steps); every event is checked for all.
        engine, state = self.engine, self.state
        others: list[Seat] = [SPECTATOR, *range(self.playout.players)]
        for viewer in (None, others[self.version % len(others)]):
            who = _viewer_name(viewer)
            view = _call(f"view for {who}", partial(engine.view, state, viewer))
            _encodable(view, f"the view for {who}")
        for viewer in [None, *others]:
            who = _viewer_name(viewer)
            for event in events:
                redacted = _call(f"redact({event.kind}) for {who}", partial(engine.redact, event, viewer))
                encoded = _call(f"encode({event.kind})", partial(encode, redacted))
                _encodable(encoded, f"{event.kind} as {who} sees it")

    def over(self) -> bool:
        engine, state = self.engine, self.state
        return _call("outcome", lambda: engine.outcome(state)) is not None


def _viewer_name(viewer: Seat | None) -> str:
    if viewer is None:
        return "the organiser"
    return "a spectator" if viewer == SPECTATOR else f"seat {viewer + 1}"


def _encodable(value: JsonValue, what: str) -> None:
    try:
        canonical_json(value, 2)
    except Exception as error:  # noqa: BLE001 -- what cannot be spelled is the finding
        raise _Failure("NOT_ENCODABLE", f"{what} does not encode as JSON: {error!r}") from None


def play(
    playout: Playout, out: Path, *, engine: Engine | None = None, cap: int | None = None
) -> Finding | None:
    """Play one playout to its end; a Finding (with its log written under `out`) if a rule broke.

    `engine` defaults to the registered one (tests hand in deliberately broken ones), `cap` to
    `step_cap`.
    """
    game = _Game(playout, engine or get_engine(playout.game))
    if cap is None:
        cap = step_cap(playout.game, game.options, playout.players)
    try:
        if not game.setup():
            return None  # a table the rules refuse: nothing to play
        while not game.over():
            if game.version > cap:
                raise _Failure("NO_END", f"the game has not ended after {cap} steps")
            game.step()
    except _Failure as failure:
        return Finding(failure.kind, playout, game.version, failure.message, _write_log(game, out, failure))
    return None


def _write_log(game: _Game, out: Path, failure: _Failure) -> Path | None:
    if not game.steps:  # the setup itself failed: there is no log to write
        return None
    playout = game.playout
    path = out / f"{failure.kind.lower()}-{hashlib.sha256(playout.name.encode()).hexdigest()[:12]}.jsonl"
    return write_failure_log(
        path,
        game_id=playout.game_id,
        game=playout.game,
        options=game.options,
        players=playout.players,
        seed=playout.seed,
        steps=game.steps,
        failed=failure.failed,
    )
