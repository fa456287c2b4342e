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
import hashlib
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar, cast

from engines.base import Command, Engine, Event, JsonValue, OptionError, RuleViolation
from engines.codec import Codec, DecodeError, encode
from engines.recording import UNKNOWN, Seen, TableGame
from engines.registry import game_ids, get_engine
from engines.rng import Draw
from replay.recordings.filled import UnseenItems
from replay.recordings.format import Header, Line, Recording, parse
from replay.recordings.problems import Problem, RecordingRejected
from replay.recordings.seal import Expansion, Step, seal

T = TypeVar("T")
GAMES: dict[str, TableGame] = {game: get_engine(game).recording for game in game_ids()}
SUPPORTED = tuple(GAMES)  # games whose recordings this release expands
MAX_SWAPS = 2000  # far above any real game's observed cards; stops a pathological file
# Commands the engine may run in one expansion, over every replay and trial. Deterministic, so a
# file expands or is refused the same way on every machine. A 420-command five-player game with
# every card seen needs ~160,000 (about 15 s on one core); this bound is about 50 s.
MAX_ENGINE_STEPS = 600_000
MAX_PICKS = 500  # randint calls in one command: far beyond any tie a table re-rolls
REPAIR_STEPS = 60_000  # rule steps spent choosing the way past one problem (a few seconds); then: skip
MAX_MOVES = 20  # lenient mode: the legal commands tried in place of a line the rules refuse
# Lenient mode: after a line the expansion had to leave out, a problem within this many command lines
# that expand cleanly is marked as one that may follow from it (a lost move shows at once, mostly).
CLEAN_LINES = 3
LINE_CHANNELS = ("drew", "rolled", "picked", "fight_cards")  # the fields of `Line` that list observations
LOCAL_CODES = frozenset({"MALFORMED_LINE", "BAD_HEADER", "MISSING_HEADER", "BAD_COMMAND", "CARD_NOT_IN_GAME"})


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


def _spread(call: int) -> int:
    return int.from_bytes(hashlib.sha256(b"frontier-recording-pick:%d" % call).digest()[:4], "big")


class _Stop(Exception):
    def __init__(
        self,
        problem: Problem,
        swaps: Sequence[tuple[str, str]] = (),
        draw: str | None = None,
        *,
        roll: tuple[int, int, int] | None = None,
        waiting: Sequence[int] = (),
        local: bool = False,
        moves: Sequence[dict[str, JsonValue]] = (),
        recount: tuple[str, int] | None = None,
        missing: Sequence[tuple[int, dict[str, JsonValue]]] = (),
    ) -> None:
        self.problem = problem
        self.swaps = list(swaps)
        self.draw = draw  # "channel:index" of the observation at fault, if one is
        self.roll = roll  # (index, low, high) of a setup roll written as a value that cannot come up
        self.waiting = tuple(waiting)  # the seats the game waited for, when another seat's line came
        self.local = local  # the line alone shows the problem: no earlier line can have caused it
        self.moves = list(moves)  # legal commands of the line's seat and kind, had the line been another
        self.missing = list(missing)  # (seat, command): what a line missing before this one could be
        self.recount = recount  # (channel, how many the rules drew or picked) when the line lists otherwise


@dataclass
class _Repairs:
    """How lenient expansion goes on past each problem found so far."""

    skip: set[int] = field(default_factory=set)  # lines left out
    lines: dict[int, Line] = field(default_factory=dict)  # line -> the line expanded in its place
    unseen: set[tuple[int, str]] = field(default_factory=set)  # (line, channel:index) taken as "unknown"
    rewritten: dict[tuple[int, str], JsonValue] = field(default_factory=dict)  # a pick taken instead
    rolls: dict[int, int] = field(default_factory=dict)  # setup roll index -> the value taken instead
    before: dict[int, Line] = field(default_factory=dict)  # line -> a line taken as missing before it
    searched: set[int] = field(default_factory=set)  # lines left out whose place was looked for

    def but(self, **changes: Any) -> _Repairs:
        """A copy with some repairs added: {"skip": {5}} adds line 5 to those left out."""
        trial = _Repairs(
            set(self.skip),
            dict(self.lines),
            set(self.unseen),
            dict(self.rewritten),
            dict(self.rolls),
            dict(self.before),
        )
        for name, more in changes.items():
            getattr(trial, name).update(more)
        return trial


class _PlannedRng:
    """Shuffles come out as planned (else in the items' order); rolls are the observed ones."""

    def __init__(
        self, run: _Run, line: int, rolls: list[JsonValue], picks: dict[int, int] | None = None
    ) -> None:
        self._run, self._line, self._rolls = run, line, list(rolls)
        self._picks = picks  # None: randint values are written (`rolls`); else call -> value found
        self.draws: list[Draw] = []
        self.ranges: list[tuple[int, int]] = []  # (low, high) of each randint call
        self.values: list[int] = []

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
        self.draws.append({"op": "shuffle", "items": list(items), "value": list(order)})
        return tuple(order)

    def randint(self, low: int, high: int) -> int:
        self.ranges.append((low, high))
        if self._picks is not None:
            call = len(self.ranges) - 1
            if call >= MAX_PICKS:
                raise _Stop(
                    Problem(
                        self._line,
                        "MISSING_ROLL",
                        f"the rules keep rolling here ({MAX_PICKS} dice or picks): write the dice as they "
                        f"came up, ties and re-rolls included",
                    )
                )
            # A call nothing written decides: a fixed but unpatterned value, so that re-rolls of a tie end.
            value = self._picks.get(call, low + _spread(call) % (high - low + 1))
            value = value if low <= value <= high else low
            self.values.append(value)
            self.draws.append({"op": "randint", "low": low, "high": high, "value": value})
            return value
        if not self._rolls:
            raise _Stop(
                Problem(
                    self._line,
                    "MISSING_ROLL",
                    "the rules need a chance result here that the line does not give",
                )
            )
        index = len(self.ranges) - 1
        value = self._rolls.pop(0)
        if type(value) is not int or not low <= value <= high:
            sentence = _game_of(self._run).impossible_roll(value, low, high, self._run.players)
            raise _Stop(Problem(self._line, "IMPOSSIBLE_ROLL", sentence), roll=(index, low, high))
        self.draws.append({"op": "randint", "low": low, "high": high, "value": value})
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
    later: dict[str, list[JsonValue]] = field(default_factory=dict)  # setup observations still to come
    game: TableGame | None = None
    players: Sequence[str] = ()
    pending_take: int | None = None  # the line of a robbery written with its "safe", until the fight ends
    reserved: set[str] = field(default_factory=set)  # items written somewhere: unseen picks avoid them
    unseen: UnseenItems = field(default_factory=UnseenItems)  # filled-in items nobody saw, by line


def expand_text(
    text: str,
    *,
    lenient: bool = False,
    game_id: str | None = None,
    max_steps: int = MAX_ENGINE_STEPS,
    mark_unseen: bool = True,
) -> Expansion:
    """The sealed log of a recording, or RecordingRejected with the first (strict) or every problem.

    `mark_unseen`: list on each line the cards it names that nobody saw (a whole recording); a relay,
    whose lines are published one by one, cannot know yet which stay unseen."""
    recording = parse(text)
    if recording.header is None:
        raise RecordingRejected(recording.problems if lenient else recording.problems[:1])
    if recording.problems and not lenient:
        # Strict mode names the first problem in the file: a rule problem on a line before
        # the first unreadable one is real (the unreadable line cannot have caused it).
        unreadable = recording.problems[0]
        try:
            _expand(replace(recording, problems=[]), False, game_id, max_steps, mark_unseen)
        except RecordingRejected as rejected:
            if rejected.problems[0].line < unreadable.line:
                raise
        raise RecordingRejected([unreadable])
    return _expand(recording, lenient, game_id, max_steps, mark_unseen)


def _expand(
    recording: Recording, lenient: bool, game_id: str | None, max_steps: int, mark_unseen: bool
) -> Expansion:
    engine, steps = expand_steps(recording, lenient, max_steps)
    return seal(engine, recording, steps if mark_unseen else [replace(s, unseen=()) for s in steps], game_id)


def expand_steps(
    recording: Recording, lenient: bool = False, max_steps: int = MAX_ENGINE_STEPS
) -> tuple[Engine, list[Step]]:
    """The engine and every step (the setup first) of a parsed recording, or RecordingRejected."""
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
    game = GAMES[header.game]
    repairs = _Repairs()
    local: set[int] = set()  # lines whose problem the line alone shows
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
            run = _Run(plan, budget, game=game)
            try:
                _play(engine, game, recording, run, repairs)
            except _Stop as stop:
                better = _try_swaps(engine, game, recording, run, stop.swaps, repairs)
                if better is not None:
                    plan = better
                    continue
                at_header = stop.problem.line == header.line
                problem = replace(stop.problem, version=1 if at_header else len(run.steps) + 1)
                if not lenient or (at_header and stop.roll is None):
                    raise RecordingRejected([*problems, problem]) from None
                if not _in_place_of_dropped(recording, repairs, problems, stop, problem, plan):
                    problems.append(
                        problem
                        if problem.line in repairs.skip
                        else _go_on(
                            _Trial(engine, game, recording, plan, _Budget(REPAIR_STEPS)),
                            repairs,
                            stop,
                            problem,
                        )
                    )
                if stop.local:
                    local.add(problem.line)
                continue
            if problems:
                raise RecordingRejected(_consequences(problems, recording, repairs, local))
            return engine, _with_unseen(run)
    except _OutOfSteps:
        pass
    raise RecordingRejected(_consequences([*problems, too_complex], recording, repairs, local))


def _with_unseen(run: _Run) -> list[Step]:
    """The steps, each with the items its events name that nobody at the table saw."""
    lines = [(step.line, [encode(event) for event in step.events]) for step in run.steps]
    marks = run.unseen.by_line(lines)
    return [replace(step, unseen=mark) for step, mark in zip(run.steps, marks, strict=True)]


@dataclass
class _Trial:
    """A replay of the whole recording under some repairs, to see how far each lets it go."""

    engine: Engine
    game: TableGame
    recording: Recording
    plan: dict[int, list[Any]]
    budget: _Budget

    def reach(self, repairs: _Repairs, depth: int = 3) -> tuple[int, ...]:
        """The line where the replay stops under `repairs` (past every line: it finished), then where
        it stops next when the simplest way past that line is taken: two mistakes side by side must
        not make every way past the first look alike."""
        try:
            return self._reach(repairs, depth)
        except _OutOfSteps:
            return (0,)  # out of steps to judge this way: the line left out wins

    def _reach(self, repairs: _Repairs, depth: int) -> tuple[int, ...]:
        plan = dict(self.plan)
        for _ in range(MAX_SWAPS):  # what a repair moves may need other cards exchanged
            run = _Run(plan, self.budget, game=self.game)
            try:
                _play(self.engine, self.game, self.recording, run, repairs)
            except _Stop as stop:
                better = _try_swaps(self.engine, self.game, self.recording, run, stop.swaps, repairs)
                if better is not None:
                    plan = better
                    continue
                return self._onward(repairs, stop, depth)
            return (sys.maxsize,)
        return (0,)

    def _onward(self, repairs: _Repairs, stop: _Stop, depth: int) -> tuple[int, ...]:
        line = stop.problem.line
        if depth == 1 or line == self.header_line():
            return (line,)
        if stop.draw is not None:
            onward = [repairs.but(unseen={(line, stop.draw)})]
        else:
            written = self.line(repairs, line)
            seated = [repairs.but(lines={line: replace(written, seat=s)}) for s in stop.waiting]
            onward = [*seated, repairs.but(skip={line})]
        return (line, *max(self.reach(other, depth - 1) for other in onward))

    def line(self, repairs: _Repairs, number: int) -> Line:
        """The line numbered `number` as the expansion reads it under `repairs`."""
        return repairs.lines.get(number) or next(w for w in self.recording.lines if w.line == number)

    def header_line(self) -> int:
        return self.recording.header.line if self.recording.header is not None else 0

    def players(self) -> Sequence[str]:
        header = self.recording.header
        return header.players if header is not None else ()


def _in_place_of_dropped(
    recording: Recording,
    repairs: _Repairs,
    problems: list[Problem],
    stop: _Stop,
    problem: Problem,
    plan: dict[int, list[Any]],
) -> bool:
    """Whether `problem` is one with the unreadable or left-out line just before it: the move the
    following lines fit is then taken in that line's place and named there. Else, in the wake of a
    command left out, the line is left out too (no way past would fit better), and False."""
    dropped = [
        p
        for p in problems
        if p.line < problem.line and (p.line in repairs.skip or p.code == "MALFORMED_LINE")
    ]
    if not dropped:
        return False
    last = max(dropped, key=lambda p: p.line)
    clean = _clean_between(recording, repairs, last.line, problem.line)
    if clean >= CLEAN_LINES:
        return False
    if clean or last.line in repairs.searched or not stop.missing:
        if last.line in repairs.skip and stop.draw is None and stop.roll is None:
            repairs.skip.add(problem.line)  # in the wake of a command left out: no way past fits better
        return False
    repairs.searched.add(last.line)
    header = recording.header
    assert header is not None
    engine, game = get_engine(header.game), GAMES[header.game]
    trial = _Trial(engine, game, recording, plan, _Budget(REPAIR_STEPS))
    skipped = trial.reach(repairs.but(skip={problem.line}))
    missing = [Line(problem.line, s, move, None) for s, move in stop.missing]
    best = max(((trial.reach(repairs.but(before={problem.line: m})), m) for m in missing), key=lambda r: r[0])
    if best[0] <= skipped:
        return False
    repairs.before[problem.line] = best[1]
    taken = _as_written(game, {"seat": best[1].seat, "command": best[1].command})
    problems[problems.index(last)] = replace(
        last,
        message=f"{last.message}. The lines that follow fit {taken} in its place, which the expansion took",
    )
    return True


def _go_on(trial: _Trial, repairs: _Repairs, stop: _Stop, problem: Problem) -> Problem:
    """Add to `repairs` the way past `problem` the following lines fit best; the problem as reported.

    A roll or pick that cannot be what was written is replaced by the value the following lines fit
    (the sentence names it), else taken as "unknown"; a line the game did not wait for is expanded as
    the waiting seat's, or after a move taken as forgotten before it, whichever the following lines
    fit; a line the rules refuse is changed (`_changed`) or taken to follow a forgotten one; lines
    after the game's end are left out together. Every choice is judged by how far the lines after it
    then expand."""
    line, players = problem.line, trial.players()
    if stop.roll is not None:
        index, low, high = stop.roll
        value = max(range(low, high + 1), key=lambda v: trial.reach(repairs.but(rolls={index: v})))
        repairs.rolls[index] = value
        return replace(problem, message=f"{problem.message}; {trial.game.roll_taken(value, players)}")
    if stop.draw is not None:
        key = (line, stop.draw)
        others = trial.game.alternatives(stop.draw.split(":")[0], len(players))
        if not others:
            repairs.unseen.add(key)
            return problem
        taken = max(others, key=lambda v: trial.reach(repairs.but(rewritten={key: v})))
        repairs.rewritten[key] = taken
        sentence = trial.game.pick_taken(stop.draw.split(":")[0], taken, players)
        return replace(problem, message=f"{problem.message}; {sentence}")
    if stop.recount is not None and trial.game.alternatives(stop.recount[0], len(players)):
        channel = stop.recount[0]
        key = (line, f"{channel}:0")
        others = trial.game.alternatives(channel, len(players))
        taken = max(others, key=lambda v: trial.reach(repairs.but(rewritten={key: v})))
        if trial.reach(repairs.but(rewritten={key: taken})) > trial.reach(repairs.but(skip={line})):
            repairs.rewritten[key] = taken
            sentence = trial.game.pick_taken(channel, taken, players)
            return replace(problem, message=f"{problem.message}; {sentence}")
    if problem.code == "GAME_OVER":
        after = [later.line for later in trial.recording.lines if later.line >= line]
        repairs.skip.update(after)
        more = len(after) - 1
        return (
            replace(problem, message=f"{problem.message} (and the {more} line(s) after it)")
            if more
            else problem
        )
    # Every way past is judged by how far the lines after it expand; on a tie the earlier kind wins:
    # a wrong seat, a forgotten line, the line changed, and last the line left out.
    written = trial.line(repairs, line)
    ways: list[tuple[_Repairs, str]] = [
        (
            repairs.but(lines={line: replace(written, seat=seat)}),
            f'it as {_who(players, seat)}\'s line ("seat": {seat} in the file)',
        )
        for seat in stop.waiting
    ]
    ways += [
        (
            repairs.but(before={line: Line(line, seat, move, None)}),
            f"a line missing before it, {_as_written(trial.game, {'seat': seat, 'command': move})}",
        )
        for seat, move in stop.missing
    ]
    ways += [
        (repairs.but(lines={line: other}), words) for other, words in _changed(trial.game, written, stop)
    ]
    skipped = trial.reach(repairs.but(skip={line}))
    reached = [(trial.reach(way), index) for index, (way, _) in enumerate(ways)]
    best = max(reached, key=lambda r: (r[0], -r[1]), default=None)
    if best is None or best[0] <= skipped:
        repairs.skip.add(line)
        return problem
    way, words = ways[best[1]]
    repairs.lines, repairs.before = way.lines, way.before
    return replace(
        problem, message=f"{problem.message}. The lines that follow fit {words}, which the expansion took"
    )


def _changed(game: TableGame, written: Line, stop: _Stop) -> list[tuple[Line, str]]:
    """The line without its "safe", with the number of observations the rules made, or with a legal
    command of its kind: each with the words that name it."""
    changed = (
        [(replace(written, safe=None), 'the line without its "safe"')] if written.safe is not None else []
    )
    if stop.recount is not None and stop.recount[0] in LINE_CHANNELS:
        channel, count = stop.recount
        listed = list(getattr(written, channel) or [])[:count]
        fitted: list[JsonValue] = [*listed, *[UNKNOWN] * (count - len(listed))]
        recounted = _with_channel(written, channel, fitted)
        changed.append((recounted, f'"{channel}": {json.dumps(fitted, ensure_ascii=False)}'))
    changed += [
        (replace(written, command=move), f"the command {_as_written(game, move)}") for move in stop.moves
    ]
    return changed


def _as_written(game: TableGame, value: JsonValue) -> str:
    """A command as an arbiter writes it: cards by face, without the API's "v"."""

    def written(item: JsonValue) -> JsonValue:
        if isinstance(item, dict):
            return {key: written(inner) for key, inner in item.items() if key != "v"}
        if isinstance(item, list):
            return [written(inner) for inner in item]
        return (game.face_of(item) or item) if isinstance(item, str) else item

    return json.dumps(written(value), ensure_ascii=False)


def _with_channel(line: Line, channel: str, items: list[JsonValue]) -> Line:
    """The line with the observations of one channel ("drew", "rolled", ...) replaced."""
    if channel == "drew":
        return replace(line, drew=items)
    if channel == "rolled":
        return replace(line, rolled=items)
    if channel == "picked":
        return replace(line, picked=items)
    return replace(line, fight_cards=items)


def _clean_between(recording: Recording, repairs: _Repairs, first: int, last: int) -> int:
    """How many command lines between two line numbers the expansion expands (none left out)."""
    return sum(1 for line in recording.lines if first < line.line < last and line.line not in repairs.skip)


def _consequences(
    problems: list[Problem], recording: Recording, repairs: _Repairs, local: set[int]
) -> list[Problem]:
    """The problems by line, each that may follow from an earlier line left out marked with its line."""
    root = last = 0  # the first line left out of the current cascade, and its latest problem's line
    first_root = 0
    marked: list[Problem] = []
    for problem in sorted(problems, key=lambda p: p.line):
        clean = _clean_between(recording, repairs, last, problem.line)
        if root and clean >= CLEAN_LINES and problem.code != "GAME_OVER":
            root = 0
        if problem.code == "GAME_OVER" and not root:
            root = first_root
        independent = problem.code in LOCAL_CODES or problem.line in local
        if root and not independent and problem.line != root:
            problem = replace(
                problem,
                after=root,
                message=f"{problem.message} (this may follow from line {root}: fix that line first)",
            )
            last = problem.line
        elif problem.line in repairs.skip or problem.code == "MALFORMED_LINE":
            root, last = root or problem.line, problem.line
            first_root = first_root or root
        marked.append(problem)
    return marked


def _try_swaps(
    engine: Engine,
    game: TableGame,
    recording: Recording,
    failed: _Run,
    swaps: list[tuple[str, str]],
    repairs: _Repairs,
) -> dict[int, list[Any]] | None:
    for x, y in swaps:
        for index in range(len(failed.shuffles) - 1, -1, -1):
            order = list(failed.shuffles[index])
            if x not in order or y not in order:
                continue
            i, j = order.index(x), order.index(y)
            order[i], order[j] = order[j], order[i]
            plan = {**failed.plan, index: order}
            trial = _Run(plan, failed.budget, game=game)
            with contextlib.suppress(_Stop):
                _play(engine, game, recording, trial, repairs)
            if trial.passed > failed.passed:
                return plan
            break  # only the latest shuffle holding both cards can exchange them
    return None


def _play(
    engine: Engine,
    game: TableGame,
    recording: Recording,
    run: _Run,
    repairs: _Repairs,
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
    game = run.game = game.for_options(options)
    reading = game.setup_reading(header.setup, seats, options)
    if reading.problem:
        raise _Stop(Problem(header.line, reading.code, reading.problem))
    for index, order in reading.plan.items():
        run.plan.setdefault(index, order)
    run.later = {channel: list(items) for channel, items in reading.later.items()}
    run.reserved = game.written_items(header.setup, recording.lines)
    players = run.players = header.players
    context = _Context(game, run, players, repairs)
    written: dict[str, list[JsonValue] | None] = dict(reading.written)
    try:  # setup checks the options that depend on the seats (e.g. Most Wanted's first_seat)
        if game.rolls_are_values:
            rolls = [repairs.rolls.get(index, roll) for index, roll in enumerate(reading.rolls)]
            rng = _PlannedRng(run, header.line, rolls)
            events = engine.setup(options, seats, rng)
            if rng.leftover():
                raise _Stop(Problem(header.line, "BAD_SETUP", game.extra_rolls))
        else:
            events, rng = _with_picks(
                context, header.line, written, lambda r: engine.setup(options, seats, r)
            )
    except OptionError as error:
        raise _Stop(Problem(header.line, "BAD_OPTIONS", str(error))) from None
    state = _fold(engine, None, events)
    _check_shuffled(context, header.line, events, written)
    run.steps.append(Step(header.line, None, None, events, rng.draws, state))
    codec = Codec(engine.commands)
    for line in recording.lines:
        if line.line in repairs.skip:
            continue
        if line.line in repairs.before:
            state = _apply(engine, codec, context, repairs.before[line.line], state)
        line = repairs.lines.get(line.line, line)
        state = _apply(engine, codec, context, line, state)


@dataclass
class _Context:
    game: TableGame
    run: _Run
    players: Sequence[str]
    repairs: _Repairs


def _who(players: Sequence[str], seat: int) -> str:
    if seat == -1:
        return "the centre"
    # People count seats from 1; the file's "seat" field counts from 0.
    return f"seat {seat + 1} ({players[seat]})" if 0 <= seat < len(players) else f"seat {seat + 1}"


def _apply(engine: Engine, codec: Codec, context: _Context, line: Line, state: Any) -> Any:
    game, run, players = context.game, context.run, context.players
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
            ),
            waiting=sorted(to_act),
            missing=_forgotten(engine, game, state, line, to_act),
        )
    command, missing, found = game.resolve_command(state, line.seat, line.command)
    run.passed += found
    for card in game.played(command):
        run.filled.pop(card, None)  # named by a player: no longer free to stand for another card
    for card in game.named(command):
        run.unseen.named(card)
    if missing is not None:
        held = game.held(state, line.seat)
        swaps = [(x, y) for x in held if x in run.filled for y in game.faces.get(missing, ()) if y != x]
        raise _Stop(
            Problem(
                line.line,
                "CARD_NOT_HELD",
                f"{_who(players, line.seat)} cannot play a {missing} here: the recording never gives them "
                f'one (drawn cards written "unknown" can stand for it only while a copy is free)',
            ),
            swaps,
            moves=_moves(engine, game, state, line),
        )
    foreign = game.foreign(command)
    if foreign is not None:
        raise _Stop(
            Problem(line.line, "CARD_NOT_IN_GAME", game.not_an_item(foreign)),
            local=True,
            moves=_moves(engine, game, state, line),
        )
    command, off_target = game.aim(state, line.seat, command, line.safe)
    if off_target:
        # A safe dealt "unknown" in that row may stand for the one named: try exchanging it.
        offers = game.aim_swaps(state, line.seat, command, line.safe)
        swaps = [(x, y) for x, y in offers if x in run.filled and x != y]
        raise _Stop(
            Problem(line.line, "SAFE_NOT_HELD", off_target), swaps, moves=_moves(engine, game, state, line)
        )
    if line.safe is not None:
        for item in game.aimed(state, line.seat, command):
            run.unseen.named(item)  # the line names the face-down safe it moves
    try:
        decoded = codec.decode(command)
    except DecodeError as error:
        raise _Stop(
            Problem(line.line, "BAD_COMMAND", f"the command does not read: {error}"), local=True
        ) from None
    written = game.line_written(line.drew, line.rolled, line.picked, line.fight_cards)

    def decide(rng: _PlannedRng) -> list[Event]:
        try:
            return engine.decide(state, line.seat, cast(Command, decoded), rng)
        except RuleViolation as violation:
            raise _Stop(
                Problem(
                    line.line,
                    violation.code,
                    f"{violation.message} (rule {violation.rule}): the table allowed a move the rules "
                    f"forbid, or the line is wrong",
                ),
                moves=_moves(engine, game, state, line),
                missing=_forgotten(engine, game, state, line, to_act),
            ) from None

    if game.rolls_are_values:
        rng = _PlannedRng(run, line.line, [])
        events = decide(rng)
    else:
        events, rng = _with_picks(context, line.line, written, decide)
    run.passed += 1
    if line.safe is not None and game.takes(line.command):
        run.pending_take = line.line
    outcome = game.taken(events)
    if outcome is not None:
        if outcome is False and run.pending_take is not None:
            raise _Stop(
                Problem(
                    run.pending_take,
                    "NOTHING_TAKEN",
                    f"the robbery of this line fails by the dice of line {line.line}: it took nothing, "
                    'remove "safe"',
                )
            )
        run.pending_take = None
    state = _fold(engine, state, events)
    _check_shuffled(context, line.line, events, written)
    run.steps.append(Step(line.line, line.seat, encode(decoded), events, rng.draws, state))
    return state


def _forgotten(
    engine: Engine, game: TableGame, state: Any, line: Line, to_act: Sequence[int]
) -> list[tuple[int, dict[str, JsonValue]]]:
    """(seat, command) for each move a line forgotten before this one could be, the simplest first."""
    return [(seat, move) for seat in sorted(to_act) for move in _moves(engine, game, state, line, seat)]


def _moves(
    engine: Engine, game: TableGame, state: Any, line: Line, seat: int | None = None
) -> list[dict[str, JsonValue]]:
    """The legal commands of the line's seat and kind, closest to what the line writes first; for
    another `seat`, its legal commands, the simplest first (a line forgotten is mostly a short one)."""
    legal = [encode(c) for c in engine.legal_commands(state, line.seat if seat is None else seat)]
    if seat is not None:
        return sorted((c for c in legal if isinstance(c, dict)), key=lambda c: len(json.dumps(c)))[:MAX_MOVES]
    kind = line.command.get("kind")
    same = [c for c in legal if isinstance(c, dict) and c.get("kind") == kind]

    def faces(items: list[JsonValue]) -> set[str]:
        return {game.face_of(item) or str(item) for item in items}

    def likeness(command: dict[str, JsonValue]) -> int:
        return sum(
            len(faces(value) & faces(written))
            if isinstance(value, list) and isinstance(written, list)
            else int(value == written)
            for key, value in command.items()
            for written in [line.command.get(key)]
        )

    return sorted(same, key=likeness, reverse=True)[:MAX_MOVES]


def _with_picks(
    context: _Context,
    number: int,
    written: dict[str, list[JsonValue] | None],
    run_step: Callable[[_PlannedRng], list[Event]],
) -> tuple[list[Event], _PlannedRng]:
    """Run one step, finding call by call the randint values that show the table what was written."""
    game, run = context.game, context.run
    carried = {c: items for c, items in run.later.items() if written.get(c) is None}
    wanted: dict[str, list[JsonValue] | None] = {**written, **carried}
    for (line, key), value in context.repairs.rewritten.items():  # a setup pick the file left out
        channel = key.split(":")[0]
        if line == number and wanted.get(channel) is None:
            wanted[channel] = [value]
    picks: dict[int, int] = {}
    mark = len(run.shuffles)
    while True:
        rng, events, seen = _trial(run, number, picks, mark, run_step)
        disagreement = _first_disagreement(context, number, seen, wanted)
        if disagreement is None:
            break
        call, accept, stop = disagreement
        low, high = rng.ranges[call]
        fixed = dict(enumerate(rng.values[:call]))
        for value in range(low, high + 1):
            trial_picks = {**fixed, call: value}
            try:
                _, _, trial_seen = _trial(run, number, trial_picks, mark, run_step)
            except _Stop:
                continue  # this value leads the rules somewhere the recording does not go
            if len(trial_seen) > call and accept(trial_seen[call]):
                picks = trial_picks
                break
        else:
            if stop is not None:
                raise stop
            picks = {**fixed, call: rng.values[call]}  # an unseen pick that cannot avoid a written item
            context.run.reserved = set()  # ...then any item will do
    counts: dict[str, int] = {}
    for item in seen:
        counts[item.channel] = counts.get(item.channel, 0) + 1
        _note_drawn_pick(context, number, item, counts["drew"] - 1 if item.channel == "drew" else -1, wanted)
    for channel in carried:
        if counts.get(channel):
            del run.later[channel]
    for channel in counts.keys() - wanted.keys():
        raise _Stop(
            _count_problem(game, number, channel, counts[channel], None), recount=(channel, counts[channel])
        )
    for channel, items in written.items():
        got = counts.get(channel, 0)
        if channel in game.shuffled(events) or (items is not None and len(items) == got):
            continue
        if items is None and got == 0:
            continue
        raise _Stop(_count_problem(game, number, channel, got, items), recount=(channel, got))
    run.passed += len(seen)
    return events, rng


def _note_drawn_pick(
    context: _Context, number: int, item: Seen, index: int, wanted: dict[str, list[JsonValue] | None]
) -> None:
    """A card drawn by a pick (a pool, not a shuffle: Western Legends' poker deck) written "unknown" is
    one nobody saw; one written as seen ends the unseen time of the card it is."""
    if index < 0 or not isinstance(item.item, str):
        return
    key = f"drew:{index}"
    items = wanted.get("drew")
    written = items[index] if items is not None and index < len(items) else None
    written = context.repairs.rewritten.get((number, key), written)
    if written == UNKNOWN or (number, key) in context.repairs.unseen:
        context.run.unseen.filled(item.item, number)
    elif written is not None:
        context.run.unseen.dealt_again(item.item, number)


def _trial(
    run: _Run, number: int, picks: dict[int, int], mark: int, run_step: Callable[[_PlannedRng], list[Event]]
) -> tuple[_PlannedRng, list[Event], list[Seen]]:
    run.budget.spend()
    del run.shuffles[mark:]
    rng = _PlannedRng(run, number, [], picks)
    events = run_step(rng)
    return rng, events, _game_of(run).picks(events, len(rng.ranges))


def _game_of(run: _Run) -> TableGame:
    assert run.game is not None
    return run.game


def _first_disagreement(
    context: _Context, number: int, seen: list[Seen], wanted: dict[str, list[JsonValue] | None]
) -> tuple[int, Callable[[Seen], bool], _Stop | None] | None:
    """The first pick that shows something else than written: (call, what would do, the problem)."""
    game, run = context.game, context.run
    index: dict[str, int] = {}
    for call, item in enumerate(seen):
        i = index[item.channel] = index.get(item.channel, -1) + 1
        items = wanted.get(item.channel)
        if items is None or i >= len(items):
            continue  # counted after the step
        written = items[i]
        key = f"{item.channel}:{i}"
        written = context.repairs.rewritten.get((number, key), written)
        if written == UNKNOWN or (number, key) in context.repairs.unseen:
            if str(item.item) in run.reserved:
                return call, lambda s: str(s.item) not in run.reserved, None
            continue
        if not game.valid(item.channel, written):
            problem = Problem(
                number,
                "IMPOSSIBLE_ROLL" if item.channel == "rolled" else "CARD_NOT_IN_GAME",
                f"{_ordinal(item.channel, i)}: "
                f"{game.not_a_die(written) if item.channel == 'rolled' else game.not_an_item(written)}",
            )
            raise _Stop(problem, draw=key, local=True)
        if not game.matches(item, written):
            code, sentence = game.cannot_pick(item, written, i)
            stop = _Stop(Problem(number, code, f"{_ordinal(item.channel, i)}: {sentence}"), draw=key)
            return call, lambda s, w=written: game.matches(s, w), stop
    return None


def _ordinal(channel: str, index: int) -> str:
    noun = {
        "drew": "card",
        "rolled": "die",
        "picked": "pick",
        "fight_cards": "fight card",
        "first": "first player",
    }.get(channel, channel)
    return f"{noun} #{index + 1} {'drawn' if channel == 'drew' else 'written'}"


def _count_problem(
    game: TableGame, number: int, channel: str, got: int, items: list[JsonValue] | None
) -> Problem:
    wrote = 0 if items is None else len(items)
    if channel in game.setup_channels:
        return Problem(number, "MISSING_ROLL", game.setup_channels[channel])
    if channel in ("drew", "fight_cards"):
        noun = "card" if channel == "drew" else "fight card"
        if items is None:
            return Problem(
                number,
                "MISSING_DRAW",
                f'the rules draw {got} {noun}(s) here: write them in "{channel}", in the order drawn '
                f'("unknown" for a card nobody saw)',
            )
        return Problem(
            number, "WRONG_DRAW_COUNT", f"the rules draw {got} {noun}(s) here; the line lists {wrote}"
        )
    what = "dice" if channel == "rolled" else "random picks"
    if got > wrote:
        return Problem(
            number,
            "MISSING_ROLL",
            f'the rules roll or pick {got} time(s) here: write {what} as they came up in "{channel}" '
            f"(the line gives {wrote})",
        )
    return Problem(
        number,
        "IMPOSSIBLE_ROLL",
        f'"{channel}" lists {wrote} but the rules roll or pick only {got} time(s) here',
    )


def _check_shuffled(
    context: _Context, number: int, events: list[Event], written: dict[str, list[JsonValue] | None]
) -> None:
    for channel, got in context.game.shuffled(events).items():
        _check_draws(context, number, got, written.get(channel), channel)


def _check_draws(
    context: _Context,
    number: int,
    got: list[tuple[int, str]],
    written: list[JsonValue] | None,
    channel: str,
) -> None:
    game, run, players = context.game, context.run, context.players
    if written is None:
        if got:
            raise _Stop(_count_problem(game, number, channel, len(got), None), recount=(channel, len(got)))
        return
    if len(written) != len(got):
        raise _Stop(
            Problem(
                number,
                "WRONG_DRAW_COUNT",
                f"the rules {'draw' if channel == 'drew' else 'deal'} {len(got)} "
                f"{'card' if channel == 'drew' else 'item'}(s) here ({_draw_summary(got, players)}); "
                f"the line lists {len(written)}",
            ),
            recount=(channel, len(got)),
        )
    for index, ((seat, card), wrote) in enumerate(zip(got, written, strict=True)):
        key = f"{channel}:{index}"
        if wrote == UNKNOWN or (number, key) in context.repairs.unseen:
            run.filled[card] = number
            run.unseen.filled(card, number)
            continue
        face = game.face_in(channel, wrote)
        noun = {"drew": "card", "fight_cards": "fight card"}.get(channel, channel.rstrip("s"))
        if face is None:
            raise _Stop(
                Problem(
                    number,
                    "CARD_NOT_IN_GAME",
                    f"{noun} #{index + 1} {_verb(channel)}: {game.not_an_item_in(channel, wrote)}",
                ),
                draw=key,
            )
        if game.item_face(card) != face:
            swaps = [(card, y) for y in game.faces[face]]
            raise _Stop(
                Problem(
                    number,
                    "CARD_NOT_AVAILABLE",
                    f"{noun} #{index + 1} {_verb(channel)} "
                    f"({_who(players, seat)}) "
                    f"cannot be a {face}: {game.unavailable(channel, face, len(game.faces[face]))}",
                ),
                swaps,
                draw=key,
            )
        run.filled.pop(card, None)
        run.unseen.dealt_again(card, number)
        run.passed += 1


def _verb(channel: str) -> str:
    return "drawn" if channel in ("drew", "fight_cards") else "dealt"


def _draw_summary(got: list[tuple[int, str]], players: Sequence[str]) -> str:
    counts: dict[int, int] = {}
    for seat, _ in got:
        counts[seat] = counts.get(seat, 0) + 1
    return ", ".join(f"{_who(players, seat)} draws {n}" for seat, n in counts.items())


def _fold(engine: Engine, state: Any, events: list[Event]) -> Any:
    for event in events:
        state = engine.evolve(state, event)
    return state


def expand_next(
    header: Header,
    state: Any,
    line: Line,
    *,
    version: int = 0,
    max_steps: int = MAX_ENGINE_STEPS,
) -> Step:
    """One command line against a game in progress (a live relay): its command, events, draws and the
    new state; or RecordingRejected with the line's problem. What is already published is fixed, so no
    earlier shuffle is rearranged: a card drawn here must be the one the arranged deck gives (write
    every card of the setup for a relayed card game), while dice and picks are found as in a whole file.
    `header` is the recording's header (its setup may say what a later line shows: a tied first player).
    """
    game = header.game
    if game not in GAMES:
        raise RecordingRejected(
            [Problem(line.line, "UNKNOWN_GAME", f"recordings of {game!r} cannot be expanded")]
        )
    table, engine = GAMES[game], get_engine(game)
    try:
        options = engine.options(header.options)
    except OptionError as error:
        raise RecordingRejected([Problem(header.line, "BAD_OPTIONS", str(error))]) from None
    table = table.for_options(options)
    run = _Run({}, _Budget(max_steps), game=table)
    run.later = table.setup_reading(header.setup, len(header.players), options).later
    context = _Context(table, run, header.players, _Repairs())
    try:
        _apply(engine, Codec(engine.commands), context, line, state)
    except _Stop as stop:
        raise RecordingRejected([replace(stop.problem, version=version)]) from None
    except _OutOfSteps:
        raise RecordingRejected(
            [Problem(line.line, "TOO_COMPLEX", f"expanding this line needs more than {max_steps} rule steps")]
        ) from None
    return run.steps[-1]
