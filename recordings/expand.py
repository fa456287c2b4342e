"""Expanding a recording through the engine into the full tabletop match log.

The table saw only some cards. The engine is run with a *planned* deck: every
shuffle first comes out in the components' own order, and whenever the rules
deal a card other than the one the table saw (or a player names a card the
plan did not give them), two cards of that shuffle are swapped and the game is
run again from the start. A swap is kept only if every observation up to the
failing one still holds, so no card is ever in two places and every card comes
from the components. Cards written "unknown" keep whatever the plan leaves
there: the first cards of the components' order not needed elsewhere.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar, cast

from engines.base import Command, Engine, Event, JsonValue, OptionError, RuleViolation
from engines.codec import Codec, DecodeError, encode
from engines.registry import get_engine
from engines.rng import Draw
from recordings import most_wanted as mw
from recordings.format import Line, Recording, parse
from recordings.problems import Problem, RecordingRejected
from recordings.seal import Expansion, Step, seal

T = TypeVar("T")
SUPPORTED = (mw.GAME,)  # games whose recordings this release expands
MAX_SWAPS = 2000  # far above any real game's observed cards; stops a pathological file
# Commands the engine may run in one expansion, over every replay and trial. Deterministic, so a
# file expands or is refused the same way on every machine. A 420-command five-player game with
# every card seen needs ~160,000 (about 15 s on one core); this bound is about 50 s.
MAX_ENGINE_STEPS = 600_000


class _OutOfSteps(Exception):
    """The expansion would cost more engine steps than any real game needs."""


@dataclass
class _Budget:
    left: int
    used: int = 0

    def spend(self) -> None:
        self.used += 1
        if self.used > self.left:
            raise _OutOfSteps


class _Stop(Exception):
    def __init__(
        self, problem: Problem, swaps: Sequence[tuple[str, str]] = (), draw: int | None = None
    ) -> None:
        self.problem = problem
        self.swaps = list(swaps)
        self.draw = draw  # the index of the drawn card at fault, if a draw is


class _PlannedRng:
    """Shuffles come out as planned (else in the items' order); rolls are the observed ones."""

    def __init__(self, run: _Run, line: int, rolls: list[JsonValue]) -> None:
        self._run, self._line, self._rolls = run, line, list(rolls)
        self.draws: list[Draw] = []

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        index = len(self._run.shuffles)
        planned = self._run.plan.get(index, [])
        pool = list(items)
        order: list[Any] = []
        for item in planned:  # keep the plan's order for the items still being shuffled
            if item in pool:
                pool.remove(item)
                order.append(item)
        order += pool
        self._run.shuffles.append(tuple(order))
        self.draws.append({"op": "shuffle", "value": list(order)})
        return tuple(order)

    def randint(self, low: int, high: int) -> int:
        if not self._rolls:
            raise _Stop(
                Problem(
                    self._line,
                    "MISSING_ROLL",
                    "the rules need a chance result here that the line does not give",
                )
            )
        value = self._rolls.pop(0)
        if type(value) is not int or not low <= value <= high:
            raise _Stop(
                Problem(
                    self._line,
                    "IMPOSSIBLE_ROLL",
                    f"{value!r} cannot come up here: it must be from {low} to {high}",
                )
            )
        self.draws.append({"op": "randint", "value": value})
        return value

    def leftover(self) -> list[JsonValue]:
        return self._rolls


@dataclass
class _Run:
    plan: dict[int, list[Any]]
    budget: _Budget
    shuffles: list[tuple[Any, ...]] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    passed: int = 0  # observations and commands that held: a swap must raise this
    filled: dict[str, int] = field(default_factory=dict)  # card -> line where it was drawn unseen


def expand_text(
    text: str, *, lenient: bool = False, game_id: str | None = None, max_steps: int = MAX_ENGINE_STEPS
) -> Expansion:
    """The sealed log of a recording, or RecordingRejected with the first (strict) or every problem."""
    recording = parse(text)
    if recording.header is None:
        raise RecordingRejected(recording.problems if lenient else recording.problems[:1])
    if recording.problems and not lenient:
        # Strict mode names the first problem in the file: a rule problem on a line before
        # the first unreadable one is real (the unreadable line cannot have caused it).
        unreadable = recording.problems[0]
        try:
            _expand(replace(recording, problems=[]), False, game_id, max_steps)
        except RecordingRejected as rejected:
            if rejected.problems[0].line < unreadable.line:
                raise
        raise RecordingRejected([unreadable])
    return _expand(recording, lenient, game_id, max_steps)


def _expand(recording: Recording, lenient: bool, game_id: str | None, max_steps: int) -> Expansion:
    problems = list(recording.problems)
    header = recording.header
    assert header is not None
    if header.game not in SUPPORTED:
        raise RecordingRejected(
            [
                Problem(
                    header.line,
                    "UNKNOWN_GAME",
                    f"recordings of {header.game!r} cannot be expanded; supported: {', '.join(SUPPORTED)}",
                )
            ]
        )
    engine = get_engine(header.game)
    skip: set[int] = set()
    unseen: set[tuple[int, int]] = set()  # (line, index) of draws treated as unknown after a reported problem
    plan: dict[int, list[Any]] = {}
    budget = _Budget(max_steps)
    too_complex = Problem(
        header.line,
        "TOO_COMPLEX",
        f"expanding this recording needs more than {MAX_SWAPS} card exchanges or "
        f"{max_steps} rule steps, far more than a game played at a table",
    )
    try:
        for _ in range(MAX_SWAPS):
            run = _Run(plan, budget)
            try:
                _play(engine, recording, run, skip, unseen)
            except _Stop as stop:
                better = _try_swaps(engine, recording, run, stop.swaps, skip, unseen)
                if better is not None:
                    plan = better
                    continue
                at_header = stop.problem.line == header.line
                problems.append(replace(stop.problem, version=1 if at_header else len(run.steps) + 1))
                if not lenient or at_header:
                    raise RecordingRejected(problems) from None
                if stop.draw is not None:  # go on as if that card had been written "unknown"
                    unseen.add((stop.problem.line, stop.draw))
                else:
                    skip.add(stop.problem.line)
                continue
            if problems:
                raise RecordingRejected(sorted(problems, key=lambda p: p.line))
            return seal(engine, recording, run.steps, game_id)
    except _OutOfSteps:
        pass
    raise RecordingRejected([*problems, too_complex])


def _try_swaps(
    engine: Engine,
    recording: Recording,
    failed: _Run,
    swaps: list[tuple[str, str]],
    skip: set[int],
    unseen: set[tuple[int, int]],
) -> dict[int, list[Any]] | None:
    for x, y in swaps:
        for index in range(len(failed.shuffles) - 1, -1, -1):
            order = list(failed.shuffles[index])
            if x not in order or y not in order:
                continue
            i, j = order.index(x), order.index(y)
            order[i], order[j] = order[j], order[i]
            plan = {**failed.plan, index: order}
            trial = _Run(plan, failed.budget)
            with contextlib.suppress(_Stop):
                _play(engine, recording, trial, skip, unseen)
            if trial.passed > failed.passed:
                return plan
            break  # only the latest shuffle holding both cards can exchange them
    return None


def _play(
    engine: Engine, recording: Recording, run: _Run, skip: set[int], unseen: set[tuple[int, int]]
) -> None:
    header = recording.header
    assert header is not None
    seats = len(header.players)
    if not engine.min_seats <= seats <= engine.max_seats:
        raise _Stop(
            Problem(
                header.line,
                "BAD_SEATS",
                f"{engine.title} is played by {engine.min_seats} to {engine.max_seats}; the header names "
                f"{seats} players",
            )
        )
    try:
        options = engine.options(header.options)
    except OptionError as error:
        raise _Stop(Problem(header.line, "BAD_OPTIONS", str(error))) from None
    observed, rolls, sentence = mw.setup_observations(header.setup, seats)
    if observed is None:
        raise _Stop(Problem(header.line, "BAD_SETUP", sentence))
    if options["first_player"] == "random" and not rolls:
        raise _Stop(
            Problem(
                header.line, "MISSING_ROLL", 'write "setup.first_player": the seat the table drew to start'
            )
        )
    rng = _PlannedRng(run, header.line, rolls)
    try:
        events = engine.setup(options, seats, rng)  # checks options that depend on the seats
    except OptionError as error:
        raise _Stop(Problem(header.line, "BAD_OPTIONS", str(error))) from None
    if rng.leftover():
        raise _Stop(
            Problem(
                header.line,
                "BAD_SETUP",
                '"setup.first_player" is only written when the option first_player is "random"',
            )
        )
    state = _fold(engine, None, events)
    _check_draws(header.line, mw.drawn(events), observed, run, state, header.players, unseen)
    run.steps.append(Step(header.line, None, None, events, rng.draws, state))
    codec = Codec(engine.commands)
    for line in recording.lines:
        if line.line in skip:
            continue
        state = _apply(engine, codec, line, run, state, header.players, unseen)


def _who(players: Sequence[str], seat: int) -> str:
    return f"seat {seat} ({players[seat]})" if 0 <= seat < len(players) else f"seat {seat}"


def _apply(
    engine: Engine,
    codec: Codec,
    line: Line,
    run: _Run,
    state: Any,
    players: Sequence[str],
    unseen: set[tuple[int, int]],
) -> Any:
    run.budget.spend()
    if engine.outcome(state) is not None:
        raise _Stop(
            Problem(
                line.line,
                "GAME_OVER",
                "the game was already over before this line: remove it or look for a wrong line before it",
            )
        )
    to_act = engine.seats_to_act(state)
    if line.seat not in to_act:
        waiting = " or ".join(_who(players, s) for s in to_act)
        raise _Stop(
            Problem(
                line.line,
                "NOT_TO_ACT",
                f"the game waits for {waiting} here, not {_who(players, line.seat)}: a wrong seat, or a "
                f"line missing before this one?",
            )
        )
    command, missing, found = mw.resolve_command(state, line.seat, line.command)
    run.passed += found
    for card in command.get("cards", []) if isinstance(command.get("cards"), list) else []:
        run.filled.pop(str(card), None)  # named by a player: no longer free to stand for another card
    if missing is not None:
        held = mw.held_cards(state, line.seat)
        swaps = [(x, y) for x in held if x in run.filled for y in mw.FACES[missing] if y != x]
        raise _Stop(
            Problem(
                line.line,
                "CARD_NOT_HELD",
                f"{_who(players, line.seat)} cannot play a {missing} here: the recording never gives them "
                f'one (drawn cards written "unknown" can stand for it only while a copy is free)',
            ),
            swaps,
        )
    for written in command.get("cards", []) if isinstance(command.get("cards"), list) else []:
        if mw.face_of(written) is None:
            raise _Stop(Problem(line.line, "CARD_NOT_IN_GAME", mw.not_a_card(written)))
    try:
        decoded = codec.decode(command)
    except DecodeError as error:
        raise _Stop(Problem(line.line, "BAD_COMMAND", f"the command does not read: {error}")) from None
    rng = _PlannedRng(run, line.line, [])
    try:
        events = engine.decide(state, line.seat, cast(Command, decoded), rng)
    except RuleViolation as violation:
        raise _Stop(
            Problem(
                line.line,
                violation.code,
                f"{violation.message} (rule {violation.rule}): the table allowed a move the rules forbid, "
                f"or the line is wrong",
            )
        ) from None
    run.passed += 1
    state = _fold(engine, state, events)
    _check_draws(line.line, mw.drawn(events), line.drew, run, state, players, unseen)
    run.steps.append(Step(line.line, line.seat, encode(decoded), events, rng.draws, state))
    return state


def _check_draws(
    number: int,
    got: list[tuple[int, str]],
    written: list[JsonValue] | None,
    run: _Run,
    state: Any,
    players: Sequence[str],
    unseen: set[tuple[int, int]],
) -> None:
    if written is None:
        if got:
            raise _Stop(
                Problem(
                    number,
                    "MISSING_DRAW",
                    f'the rules draw {len(got)} card(s) here: write them in "drew", in the order drawn '
                    f'("unknown" for a card nobody saw)',
                )
            )
        return
    if len(written) != len(got):
        raise _Stop(
            Problem(
                number,
                "WRONG_DRAW_COUNT",
                f"the rules draw {len(got)} card(s) here ({_draw_summary(got, players)}); the line lists "
                f"{len(written)}",
            )
        )
    for index, ((seat, card), wrote) in enumerate(zip(got, written, strict=True)):
        if wrote == mw.UNKNOWN or (number, index) in unseen:
            run.filled[card] = number
            continue
        face = mw.face_of(wrote)
        if face is None:
            raise _Stop(
                Problem(number, "CARD_NOT_IN_GAME", f"card #{index + 1} drawn: {mw.not_a_card(wrote)}"),
                draw=index,
            )
        if mw.card_face(card) != face:
            swaps = [(card, y) for y in mw.FACES[face]]
            raise _Stop(
                Problem(
                    number,
                    "CARD_NOT_AVAILABLE",
                    f"card #{index + 1} drawn ({_who(players, seat)}) cannot be a {face}: both copies are "
                    f"already dealt, played or recorded earlier (a card written twice?)",
                ),
                swaps,
                draw=index,
            )
        run.filled.pop(card, None)
        run.passed += 1


def _draw_summary(got: list[tuple[int, str]], players: Sequence[str]) -> str:
    counts: dict[int, int] = {}
    for seat, _ in got:
        counts[seat] = counts.get(seat, 0) + 1
    return ", ".join(f"{_who(players, seat)} draws {n}" for seat, n in counts.items())


def _fold(engine: Engine, state: Any, events: list[Event]) -> Any:
    for event in events:
        state = engine.evolve(state, event)
    return state
