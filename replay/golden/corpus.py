"""The golden corpus: committed games that pin each engine's rules, step by step (as Ludii does).

For every game and every player count, `GAMES_PER_COUNT` games are played once by the random bot
from seeds derived from their names and kept in `seeds/golden/<game>/<n>-players-<k>.jsonl`. A file
is one header line, then one line per step (version 1 is the setup):

    {"step": 41, "seat": 1, "command": {...}, "legal": [0, 7, 0], "state": "9f2c..."}

`legal` is each seat's number of legal commands after the step, `state` the first
`STATE_HASH_CHARS` hex digits of `replay.record.state_hash` of the omniscient view (format 2). The
header names the engine's `rules_version`.

Games chosen to exercise what the games above leave out (`replay.golden.coverage`: every option value,
every older rules version's option set, every command kind) are kept in `<game>/coverage/`, one per
target not yet exercised, named after it (`badge_turns-per_badge.jsonl`). Each is the first candidate
of a fixed search (attempt, bot lean, table, player count) that exercises its target; its header
adds `covers`, the target it was chosen for.

`check` re-runs every recorded command through today's engine and names the first difference of each
file ("step 41: seat 2 had 7 legal commands, now 6"). An engine whose `rules_version` differs from the
corpus's is told to regenerate with `python -m replay.golden --write`; a difference under the same
rules_version is a rule change nobody declared. Generation is deterministic: writing twice gives the
same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from engines.base import Command, Engine, JsonValue, RuleViolation, Seat, fold
from engines.bot import Plan
from engines.codec import Codec, DecodeError, encode
from engines.registry import game_ids, get_engine
from engines.rng import SeededRng
from engines.simulate import playout
from replay.golden import coverage
from replay.golden.names import NamedGame, bot_seed, named_game_id, named_seed
from replay.golden.option_space import single_changes
from replay.record import state_hash
from replay.verify import outcome_json

FORMAT = "frontier-golden"
FORMAT_VERSION = 1
GAMES_PER_COUNT = 2
STATE_HASH_CHARS = 16  # 64 bits: ample to notice a changed state, and the files stay small
CORPUS_DIR = Path(__file__).resolve().parents[2] / "seeds" / "golden"
REGENERATE = "python -m replay.golden --write"
# The second game of each count leans towards the first listed command where a uniform bot only
# wanders (Western Legends ends by its round cap): so both of the game's ends are pinned.
LEAN: dict[tuple[str, int], float] = {("western-legends", 2): 0.7}
COVERAGE_FOLDER = "coverage"
# The search for a game that exercises a target: attempts (fresh seeds) x bot leans x tables x seats.
COVERAGE_ATTEMPTS = 3
COVERAGE_LEANS = (0.0, 0.6, 0.9)
COVERAGE_GAMES = 150  # games played for one target before the search gives up (`uncovered` names it)
PLAN_ATTEMPTS = 10  # fresh seeds for a target's plan, at each player count, once the search gave up


@dataclass(frozen=True)
class GoldenGame(NamedGame):
    """One game of the corpus: which game, how many players, which of the count's games."""

    folder: ClassVar[str] = "golden"
    game: str
    players: int
    number: int

    @property
    def file_name(self) -> str:
        return f"{self.players}-players-{self.number}.jsonl"

    @property
    def relative_path(self) -> str:
        return f"{self.game}/{self.file_name}"

    @property
    def name(self) -> str:
        return self.relative_path

    @property
    def bot_seed(self) -> int:
        return bot_seed(self.seed)

    @property
    def lean(self) -> float:
        return LEAN.get((self.game, self.number), 0.0)

    @property
    def table(self) -> dict[str, JsonValue]:
        return {}


@dataclass(frozen=True)
class CoverageGame:
    """A candidate game for `target`: its table, seats, bot lean and which attempt of the search."""

    target: coverage.Target
    options: tuple[tuple[str, JsonValue], ...]
    players: int
    lean: float
    attempt: int
    plan: str = ""  # a written position's plan (the engine's `plans`), else the bot plays

    @property
    def game(self) -> str:
        return self.target.game

    @property
    def table(self) -> dict[str, JsonValue]:
        return dict(self.options)

    @property
    def relative_path(self) -> str:
        return f"{self.game}/{COVERAGE_FOLDER}/{self.target.file_stem}.jsonl"

    @property
    def seed(self) -> bytes:
        table = _compact(self.table)
        name = f"{self.relative_path} {table} {self.players} {self.lean} {self.attempt}"
        return named_seed("golden", f"{name} plan {self.plan}" if self.plan else name)

    @property
    def game_id(self) -> str:
        return named_game_id("golden", self.seed.hex())

    @property
    def bot_seed(self) -> int:
        return bot_seed(self.seed)


@dataclass(frozen=True)
class Difference:
    """Where a corpus file and today's engine disagree, in words a reviewer acts on."""

    path: str  # relative to the corpus folder, e.g. "most-wanted/4-players-1.jsonl"
    step: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.path} step {self.step}" if self.step is not None else self.path
        return f"{where}: {self.message}"


def corpus_games(games: Iterable[str] | None = None) -> list[GoldenGame]:
    """Every game of the corpus: each game, each player count, GAMES_PER_COUNT games."""
    chosen = list(games) if games is not None else game_ids()
    return [
        GoldenGame(game, players, number)
        for game in chosen
        for players in range(get_engine(game).min_seats, get_engine(game).max_seats + 1)
        for number in range(1, GAMES_PER_COUNT + 1)
    ]


# -- generating --------------------------------------------------------------------------------


def legal_counts(engine: Engine, state: Any, players: int) -> list[int]:
    return [len(engine.legal_commands(state, seat)) for seat in range(players)]


def short_state_hash(engine: Engine, state: Any) -> str:
    return state_hash(engine.view(state, None), 2)[:STATE_HASH_CHARS]


def generate(golden: GoldenGame | CoverageGame) -> str:
    """The corpus file of one game, as text (one JSON object per line)."""
    engine = get_engine(golden.game)
    options = engine.options(golden.table)
    lines: list[dict[str, JsonValue]] = []
    state: Any = None
    for step in playout(
        engine,
        golden.players,
        seed=golden.seed,
        game_id=golden.game_id,
        options=options,
        bot_seed=golden.bot_seed,
        lean=golden.lean,
        choose=_plan_function(golden),
    ):
        state = step.state
        line: dict[str, JsonValue] = {"step": step.version}
        if step.command is not None:
            line.update(seat=step.seat, command=encode(step.command))
        line.update(legal=legal_counts(engine, state, golden.players), state=short_state_hash(engine, state))
        lines.append(line)
    header: dict[str, JsonValue] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": golden.game,
        "rules_version": engine.rules_version,
        "players": golden.players,
        "options": options,
        "game_id": golden.game_id,
        "seed": golden.seed.hex(),
        "bot": {"seed": golden.bot_seed, "lean": golden.lean, **_plan_of(golden)},
        "steps": len(lines),
        "outcome": outcome_json(engine.outcome(state)),
        "regenerate": REGENERATE,
    }
    if isinstance(golden, CoverageGame):
        header["covers"] = golden.target.label
    return "".join(_compact(line) + "\n" for line in [header, *lines])


def _plan_function(golden: GoldenGame | CoverageGame) -> Plan | None:
    """The plan that chooses a written position's commands; None: the bot chooses."""
    if isinstance(golden, CoverageGame) and golden.plan:
        return get_engine(golden.game).plans[golden.plan].plan
    return None


def _plan_of(golden: GoldenGame | CoverageGame) -> dict[str, JsonValue]:
    return {"plan": golden.plan} if isinstance(golden, CoverageGame) and golden.plan else {}


def write(folder: Path = CORPUS_DIR, games: Iterable[str] | None = None) -> list[Path]:
    """(Re)write the corpus of `games` (all by default); files no longer generated are removed."""
    written: list[Path] = []
    corpus = corpus_games(games)
    for game in sorted({g.game for g in corpus}):
        game_folder = folder / game
        game_folder.mkdir(parents=True, exist_ok=True)
        wanted = {g.file_name for g in corpus if g.game == game}
        for stale in sorted(game_folder.glob("*.jsonl")):
            if stale.name not in wanted:
                stale.unlink()
    texts: dict[str, list[str]] = {}
    for golden in corpus:
        path = folder / golden.relative_path
        text = generate(golden)
        path.write_text(text, encoding="utf-8")
        texts.setdefault(golden.game, []).append(text)
        written.append(path)
    for game, played in texts.items():
        written += _write_coverage(folder / game / COVERAGE_FOLDER, game, played)
    return written


def _write_coverage(folder: Path, game: str, played: list[str]) -> list[Path]:
    """A game for each target the games in `played` (and those found before it) leave unexercised."""
    folder.mkdir(parents=True, exist_ok=True)
    for stale in sorted(folder.glob("*.jsonl")):
        stale.unlink()
    games = [_parsed(text) for text in played]
    written: list[Path] = []
    for target in coverage.targets(game):
        if any(coverage.exercises(header, lines, target) for header, lines in games):
            continue
        found = find_coverage_game(target)
        if found is None:
            continue  # `uncovered` names it
        candidate, text = found
        path = folder / f"{target.file_stem}.jsonl"
        path.write_text(text, encoding="utf-8")
        games.append(_parsed(text))
        written.append(path)
    return written


def find_coverage_game(target: coverage.Target) -> tuple[CoverageGame, str] | None:
    """The first game of the search that exercises `target`, with its file's text; None if none does."""
    engine = get_engine(target.game)
    # A value may matter only beside another option's (a black gold die needs mystery safes): after
    # its own table, the search adds each other option value in turn; a command tries every table.
    own = target.table(engine)
    changes = single_changes(engine) + [dict(t) for t in getattr(engine, "legacy_defaults", {}).values()]
    tables = [own] + [{**change, **own} for change in changes if change and not change.keys() & own.keys()]
    candidates = [
        CoverageGame(target, tuple(sorted(table.items())), players, lean, attempt)
        for attempt in range(1, COVERAGE_ATTEMPTS + 1)
        for lean in COVERAGE_LEANS
        for table in tables
        for players in range(engine.min_seats, engine.max_seats + 1)
    ]
    played = 0
    for candidate in candidates:
        try:
            text = generate(candidate)
        except Exception:  # noqa: BLE001 -- a table refused at this seat count is no candidate
            continue
        header, lines = _parsed(text)
        if coverage.exercises(header, lines, target):
            return candidate, text
        played += 1
        if played == COVERAGE_GAMES:
            break
    return _planned_game(target, own)


def _planned_game(target: coverage.Target, table: dict[str, JsonValue]) -> tuple[CoverageGame, str] | None:
    """A written position: the first game of the target's plan (the engine's `plans`) that
    exercises it, when random play found none; None without a plan or a game."""
    engine = get_engine(target.game)
    written = engine.plans.get(target.label)
    if written is None:
        return None
    table = {**written.table, **table}
    for attempt in range(1, PLAN_ATTEMPTS + 1):
        for players in range(engine.min_seats, engine.max_seats + 1):
            candidate = CoverageGame(
                target, tuple(sorted(table.items())), players, 0.0, attempt, target.label
            )
            try:
                text = generate(candidate)
            except Exception:  # noqa: BLE001 -- a table refused at this seat count is no candidate
                continue
            header, lines = _parsed(text)
            if coverage.exercises(header, lines, target):
                return candidate, text
    return None


def uncovered(folder: Path = CORPUS_DIR, games: Iterable[str] | None = None) -> list[Difference]:
    """Each target no game in the corpus (its own games and `coverage/`) exercises."""
    differences: list[Difference] = []
    for game in sorted(set(games) if games is not None else game_ids()):
        files = sorted((folder / game).glob("*.jsonl")) + sorted(
            (folder / game / COVERAGE_FOLDER).glob("*.jsonl")
        )
        played = [_parsed(path.read_text(encoding="utf-8")) for path in files]
        for target in coverage.targets(game):
            if not any(coverage.exercises(header, lines, target) for header, lines in played):
                message = f"no game exercises {target.label}; add one with `{REGENERATE}`"
                differences.append(Difference(f"{game}/{COVERAGE_FOLDER}", None, message))
    return differences


def _parsed(text: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    header, *lines = [json.loads(line) for line in text.splitlines()]
    return header, lines


def _compact(value: JsonValue) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# -- checking ----------------------------------------------------------------------------------


def check(folder: Path = CORPUS_DIR, games: Iterable[str] | None = None) -> list[Difference]:
    """Every file's first difference with today's engines; empty when the rules are unchanged."""
    corpus = corpus_games(games)
    differences: list[Difference] = []
    expected = {g.relative_path for g in corpus}
    for game in sorted({g.game for g in corpus}):
        for path in sorted((folder / game).glob("*.jsonl")):
            relative = f"{game}/{path.name}"
            if relative not in expected:
                differences.append(
                    Difference(relative, None, f"not a corpus game any more; regenerate with `{REGENERATE}`")
                )
    for golden in corpus:
        path = folder / golden.relative_path
        if not path.is_file():
            reason = f"missing (a new game or player count?); generate it with `{REGENERATE}`"
            differences.append(Difference(golden.relative_path, None, reason))
            continue
        difference = check_file(golden.relative_path, path.read_text(encoding="utf-8"))
        if difference is not None:
            differences.append(difference)
    for game in sorted({g.game for g in corpus}):
        for path in sorted((folder / game / COVERAGE_FOLDER).glob("*.jsonl")):
            difference = check_file(f"{game}/{COVERAGE_FOLDER}/{path.name}", path.read_text(encoding="utf-8"))
            if difference is not None:
                differences.append(difference)
    return differences


def check_file(relative_path: str, text: str) -> Difference | None:
    """Replay one corpus file's commands through today's engine; its first difference, if any."""
    try:
        header, *lines = [json.loads(line) for line in text.splitlines()]
        _Replay(relative_path, header).run(lines)
    except _Found as found:
        return found.difference
    except (ValueError, KeyError, TypeError) as error:
        return Difference(relative_path, None, f"unreadable corpus file ({error!r}); regenerate it")
    return None


class _Found(Exception):
    def __init__(self, difference: Difference) -> None:
        super().__init__(str(difference))
        self.difference = difference


class _Replay:
    """One corpus file re-run: the commands it recorded, decided again by today's engine."""

    def __init__(self, path: str, header: dict[str, JsonValue]) -> None:
        self.path = path
        self.header = header
        self.engine = get_engine(header["game"])
        self.players: int = header["players"]
        self.seed = bytes.fromhex(header["seed"])
        self.game_id: str = header["game_id"]
        self.codec = Codec(self.engine.commands)

    def differ(self, step: int | None, message: str) -> _Found:
        return _Found(Difference(self.path, step, message))

    def run(self, lines: Sequence[dict[str, JsonValue]]) -> None:
        engine, header = self.engine, self.header
        if header.get("format") != FORMAT or header.get("format_version") != FORMAT_VERSION:
            raise self.differ(None, f"not a {FORMAT} {FORMAT_VERSION} file; regenerate with `{REGENERATE}`")
        if header["rules_version"] != engine.rules_version:
            raise self.differ(
                None,
                f"recorded under rules {header['rules_version']}, the engine is now {engine.rules_version}: "
                f"regenerate the corpus with `{REGENERATE}` and review the changed files",
            )
        try:
            options = engine.options(header["options"])
        except Exception as error:  # noqa: BLE001 -- any refusal of the recorded options is the finding
            raise self.differ(1, f"the recorded options are refused now: {error}") from None
        state = self.run_step(1, lambda rng: engine.setup(options, self.players, rng), None, lines[0])
        for line in lines[1:]:
            state = self.replay_command(state, line)
        recorded, now = header["outcome"], outcome_json(engine.outcome(state))
        if recorded != now:
            raise self.differ(lines[-1]["step"], f"the game ended with {recorded}, now {now}")

    def replay_command(self, state: Any, line: dict[str, JsonValue]) -> Any:
        engine, step, seat = self.engine, line["step"], line["seat"]
        if engine.outcome(state) is not None:
            raise self.differ(step, "the game is over before this step now")
        waiting = engine.seats_to_act(state)
        if seat not in waiting:
            names = ", ".join(_seat(s) for s in waiting) or "nobody"
            raise self.differ(step, f"{_seat(seat)} acted here, now the game waits for {names}")
        try:
            command = self.codec.decode(line["command"])
        except DecodeError as error:
            raise self.differ(step, f"{_seat(seat)}'s command no longer decodes: {error}") from None
        assert isinstance(command, Command)
        return self.run_step(step, lambda rng: engine.decide(state, seat, command, rng), state, line)

    def run_step(self, step: int, rules: Any, state: Any, line: dict[str, JsonValue]) -> Any:
        # The command creating version v draws with counter v - 1 (engines/simulate.py).
        rng = SeededRng(self.seed, self.game_id, step - 1)
        try:
            events = rules(rng)
        except RuleViolation as violation:
            seat = line.get("seat")
            raise self.differ(
                step,
                f"{_seat(seat)}'s command {_compact(line.get('command'))} is refused now: "
                f"{violation.code}: {violation.message}",
            ) from None
        state = fold(self.engine, state, events)
        self.compare(step, line, state)
        return state

    def compare(self, step: int, line: dict[str, JsonValue], state: Any) -> None:
        counts = legal_counts(self.engine, state, self.players)
        for seat, (was, now) in enumerate(zip(line["legal"], counts, strict=True)):
            if was != now:
                raise self.differ(step, f"{_seat(seat)} had {_commands(was)}, now {now}{self.rules_hint()}")
        was_hash, now_hash = line["state"], short_state_hash(self.engine, state)
        if was_hash != now_hash:
            raise self.differ(step, f"the state hash was {was_hash}, now {now_hash}{self.rules_hint()}")

    def rules_hint(self) -> str:
        return (
            f" (rules version {self.engine.rules_version} unchanged: if this rule change is deliberate, "
            f"bump the engine's rules_version and run `{REGENERATE}`)"
        )


def _seat(seat: Seat | None) -> str:
    return "the setup" if seat is None else f"seat {seat + 1}"


def _commands(count: int) -> str:
    return f"{count} legal command" + ("" if count == 1 else "s")
