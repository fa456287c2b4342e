"""Verify a match log: the hash chain, every command against the rules, the seed, the result.

`verify` re-runs the game through its engine and reports the first line where
the log and the rules disagree, and why. When the trailer reveals the seed,
every die roll and shuffle is re-derived from it (the audit of randomness).
`build_record` seals a simulated playout as a record; `steps` folds a verified
record step by step for replay.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, NamedTuple

from engines.base import (
    Command,
    Engine,
    Event,
    JsonValue,
    Message,
    OptionError,
    Outcome,
    Rng,
    RuleViolation,
    Seat,
    UnknownRulesVersion,
    fold,
    known_rules_versions,
    options_for_log,
    same_json,
)
from engines.bot import autopilot_command
from engines.codec import Codec, DecodeError, encode
from engines.registry import UnknownGame, get_engine
from engines.rng import GENERATORS, SEEDED_RNG_ID, Draw, ObservedRng, SeededRng, rng_key, seed_commitment
from engines.simulate import Step
from engines.wording import counted
from replay.checked_draws import CheckedDraws
from replay.clock import FORFEIT, ClockError, Clocks, TimeControl, parse_policy, parse_time_control
from replay.entropy import client_commitment, reveal_problems, seat_salt_4
from replay.forks import ForkStartError, fork_start
from replay.record import (
    AUTOPILOT,
    DRAW_QUESTIONS_FORMAT,
    FORMAT_VERSION,
    GENESIS,
    DealLine,
    Entry,
    Header,
    Line,
    LineSalts,
    RulingLine,
    SeatLine,
    Trailer,
    UpgradeLine,
    chain_hash,
    deal_salt,
    line_salt,
    mixed_seed,
    seat_salt,
    state_hash,
    written_draws,
)
from replay.same_events import events_difference, same_events
from replay.seat_signatures import SignatureFinding, check_signatures
from replay.setup_migration import migrated_setup, migrates, recorded_rules, upgrade_events
from replay.table import (
    FOR_A_SEAT,
    MADE_BY,
    RESUME,
    TIMEOUT,
    RulingRefused,
    Table,
    seat_name,
)
from replay.table import outcome as table_outcome
from replay.table_fold import TableRules, TableSide
from replay.takebacks import TAKEBACK, Horizon, remake


@dataclass(frozen=True)
class Problem:
    """The first place a log and the rules (or its own hashes) disagree."""

    version: int  # the game version the bad line creates (1 for the header)
    line: int  # 1-based line number in the match-log file
    code: str  # UPPER_SNAKE, e.g. EVENTS_DIFFER, BROKEN_CHAIN or the engine's RuleViolation code
    reason: str

    def __str__(self) -> str:
        return f"line {self.line} (version {self.version}): {self.code}: {self.reason}"


@dataclass(frozen=True)
class Verification:
    """What `verify` found: the checks that passed, the first problem, the state reached."""

    ok: bool
    checks: tuple[str, ...]
    problem: Problem | None
    state: Any  # the state after the last agreeing step (None if setup failed)
    steps: int  # commands re-run and agreeing with the log
    draws_rederived: int = 0  # draws re-derived from the revealed seed and found equal
    seed_revealed: bool = False
    seed_matches: bool | None = None  # None when no seed is revealed
    outcome: Outcome | None = field(default=None)
    finished: bool = False  # the log closes with a `finished` trailer that was checked
    players: tuple[str, ...] = ()  # the names after every seat line ("" for a seat nobody named)
    client_seeds: tuple[str | None, ...] = ()  # per seat, from the seat lines (None: none given)
    dealt: bool = True  # False: a player-entropy game still waiting for seats
    rules_version: str | None = None  # the rules in force after the last line checked
    # The table after the last agreeing line, as the shared fold gave it (replay/table_fold.py).
    table_side: TableSide | None = None
    # Which lines key-holding seats signed and which the server decided (replay/seat_signatures.py).
    signatures: SignatureFinding | None = None

    @property
    def verdict(self) -> str:
        """`passed` (a finished game, fully checked), `failed`, or `incomplete`.

        A log without a trailer, or with an `in_progress` one, is never a finished
        game: every line it has may agree with the rules, but its result is unknown.
        """
        if self.problem is not None:
            return FAILED
        return PASSED if self.finished else INCOMPLETE


PASSED, FAILED, INCOMPLETE = "passed", "failed", "incomplete"


class _Failed(Exception):
    """Internal: stops the run at the first problem."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


def outcome_json(outcome: Outcome | None) -> dict[str, JsonValue] | None:
    """The trailer's form of a result (the same as the service's)."""
    if outcome is None:
        return None
    spelled: dict[str, JsonValue] = {
        "ranking": [list(tier) for tier in outcome.ranking],
        "scores": list(outcome.scores),
        "reason": outcome.reason,
    }
    if outcome.ended:  # absent for a game that ended by its rules, so those trailers hash as before
        spelled["ended"] = outcome.ended
    return spelled


def verify(
    header: Header,
    entries: Sequence[Line],
    trailer: Trailer | None,
    *,
    bodies: Sequence[str | None] | None = None,
    rules_version: str | None = None,
) -> Verification:
    """Check a match log; report the problem on the earliest line, if any.

    `bodies`, from `logfile.read_lines(..., bodies=...)` of the same lines, gives per entry
    the canonical text its hash covers where the reader had it (None: spelled here).
    `rules_version` re-runs the whole log under those rules instead of the ones it names
    (replay/rerun.py: would it have been played the same under them?).
    """
    if bodies is not None and len(bodies) != len(entries):
        raise ValueError(f"{len(bodies)} bodies for {len(entries)} entries")
    run = _Run(header, entries, trailer, bodies, rules_version)
    try:
        run.check_chain()
        run.check_unseen()
        run.check_seat_signatures()
        seed_problem = run.check_seed()
        run.replay()
        # A bad seed is a trailer problem: the rules are re-run first (with the draws
        # checked as possible) so that a problem on an earlier line is the one reported.
        if seed_problem is not None:
            raise _Failed(seed_problem)
        run.check_trailer()
    except _Failed as failed:
        return run.result(failed.problem)
    return run.result(None)


class _Run:
    """One verification: the checks passed so far and the state reached."""

    # The fold of each line's table effects, shared with the server's record (replay/table_fold.py),
    # set by `replay` from the header as parsed here: it is given nothing the server says.
    rules: TableRules

    def __init__(
        self,
        header: Header,
        entries: Sequence[Line],
        trailer: Trailer | None,
        bodies: Sequence[str | None] | None = None,
        rules_version: str | None = None,
    ) -> None:
        self.header = header
        # The rules in force: the header's, or the ones a re-run is asked for (then every line's).
        self.forced_rules = rules_version
        self.rules_in_force = rules_version or header.rules_version
        self.entries = entries
        self.trailer = trailer
        # Per line (header, entries, trailer): the canonical text its hash covers, if known.
        self.bodies: list[str | None] = [None, *(bodies or [None] * len(entries)), None]
        self.checks: list[str] = []
        self.state: Any = None
        self.steps = 0
        self.draws_rederived = 0
        self.seed: bytes | None = None
        self.salts: LineSalts | None = None  # the revealed seed's line salts, keyed once
        self.seed_matches: bool | None = None
        self.engine: Engine | None = None
        self.events_codec = Codec(())
        # Format 1 predates the rng field: its one generator is the first released.
        self.generator: type[SeededRng] = SeededRng
        self.options: dict[str, JsonValue] = {}
        self.rng_seed: bytes | None = None  # what the generator is keyed with: the seed, or mixed
        # Seats are taken at creation when the header names them, later by seat lines.
        self.players = list(header.players)
        self.taken = [bool(name) for name in header.players]
        self.client_seeds: list[str | None] = [None] * len(header.players)
        self.commitments: list[str | None] = [None] * len(header.players)  # format 4, from seat lines
        self.table = Table()  # the rulings so far: seats out, a ruled end (replay/table.py)
        self.rulings = 0
        self.control: TimeControl | None = None  # the game's clock, if it has one (replay/clock.py)
        self.timeout_policy = ""
        self.clocks: Clocks | None = None  # every seat's time, from the first line after the deal
        self.past: Horizon | None = None  # the states a takeback may return to (replay/takebacks.py)
        self.takebacks = 0
        self.upgrades: list[str] = []  # each upgrade re-made, "<from> to <to> at version v"
        # A re-run under later rules that migrates the setup: (the recorded rules, their options).
        self.migrating: tuple[str, dict[str, JsonValue]] | None = None
        self.signatures: SignatureFinding | None = None

    @property
    def trailer_line(self) -> int:
        return len(self.entries) + 2

    def result(self, problem: Problem | None) -> Verification:
        outcome = table_outcome(self.engine, self.state, self.table) if self.engine else None
        dealt = self.state is not None or not self.header.player_entropy
        return Verification(
            ok=problem is None,
            checks=tuple(self.checks),
            problem=problem,
            state=self.state,
            steps=self.steps,
            draws_rederived=self.draws_rederived,
            seed_revealed=self.trailer is not None and self.trailer.seed is not None,
            seed_matches=self.seed_matches,
            outcome=outcome,
            finished=problem is None and self.trailer is not None and self.trailer.status == "finished",
            players=tuple(self.players),
            client_seeds=tuple(self.client_seeds),
            dealt=dealt,
            rules_version=self.rules_in_force,
            table_side=self.side,
            signatures=self.signatures,
        )

    # -- (a) the hash chain -------------------------------------------------------------

    def check_chain(self) -> None:
        lines: list[Header | Line | Trailer] = [self.header, *self.entries]
        if self.trailer is not None:
            lines.append(self.trailer)
        previous = GENESIS
        expected_version = 1
        for number, record in enumerate(lines, start=1):
            version = record.version if not isinstance(record, Header) else 1
            if isinstance(record, (Entry, SeatLine, DealLine, RulingLine, UpgradeLine)):
                # An entry, a ruling or an upgrade makes the next version; a seat or deal line repeats it.
                expected_version += 1 if isinstance(record, (Entry, RulingLine, UpgradeLine)) else 0
                if record.version != expected_version:
                    raise _Failed(
                        Problem(
                            record.version,
                            number,
                            "OUT_OF_ORDER",
                            f"version {record.version} where version {expected_version} was expected "
                            "(a line was removed, repeated or moved)",
                        )
                    )
            if record.prev != previous:
                raise _Failed(
                    Problem(
                        version,
                        number,
                        "BROKEN_CHAIN",
                        f"prev {record.prev[:12]}... does not link to the previous line's hash "
                        f"{previous[:12]}...",
                    )
                )
            body = self.bodies[number - 1]
            recomputed = (
                chain_hash(record.body(), self.header.format_version)
                if body is None
                else hashlib.sha256(body.encode()).hexdigest()
            )
            if record.hash != recomputed:
                raise _Failed(
                    Problem(
                        version,
                        number,
                        "BROKEN_CHAIN",
                        f"the line was changed after it was sealed: its hash is {record.hash[:12]}..., "
                        f"its content hashes to {recomputed[:12]}...",
                    )
                )
            previous = record.hash
        self.checks.append(f"hash chain: {len(lines)} lines recompute and link")

    def check_unseen(self) -> None:
        """Only an expanded tabletop recording has items nobody saw: a server deals every card from
        its committed seed and knows each one, so a seeded log listing `unseen` was not written by it."""
        if self.header.seed_commitment is None:
            return
        lines: list[Header | Line] = [self.header, *self.entries]
        for number, record in enumerate(lines, start=1):
            if isinstance(record, (Header, Entry)) and record.unseen:
                version = record.version if isinstance(record, Entry) else 1
                raise _Failed(
                    Problem(
                        version,
                        number,
                        "UNSEEN_IN_SEEDED_LOG",
                        "the line lists items nobody saw (unseen), but the header commits to a seed: "
                        "a server knows every item it deals; only a tabletop log (no seed) has unseen items",
                    )
                )

    def check_seat_signatures(self) -> None:
        """A seat that claimed with a key signed each of its moves: the server holds no seat's key, so a
        move it wrote for that seat fails here even when every line is re-sealed with its own key."""
        found = check_signatures(self.header.game_id, self.entries)
        self.signatures = found
        if found.bad_line is not None:
            raise _Failed(Problem(found.bad_version, found.bad_line, "SEAT_SIGNATURE", found.bad_reason))
        if found.keyed_seats:
            counts = ", ".join(f"seat {seat + 1}: {found.signed[seat]}" for seat in found.keyed_seats)
            self.checks.append(
                f"seat signatures: every move of a key-holding seat is signed by it ({counts})"
            )

    # -- (c) the seed against its commitment --------------------------------------------

    def check_seed(self) -> Problem | None:
        """Check the revealed seed; its problem, if any, is returned for later."""
        if self.trailer is None:
            return None
        line, version = self.trailer_line, self.trailer.version
        if self.trailer.seed is None:
            if self.trailer.status == "finished" and self.header.seed_commitment is not None:
                # Without the seed no draw can be re-derived: a forger who re-rolled a die
                # and re-sealed every line would otherwise pass as a finished game.
                reason = "the trailer says finished but withholds the seed the header commits to"
                return Problem(version, line, "SEED_WITHHELD", reason)
            return None
        if self.header.seed_commitment is None:
            return Problem(
                version, line, "NO_COMMITMENT", "a seed is revealed but the header commits to none"
            )
        try:
            seed = bytes.fromhex(self.trailer.seed)
        except ValueError:
            return Problem(version, line, "BAD_SEED", f"the revealed seed {self.trailer.seed!r} is not hex")
        if seed_commitment(seed) != self.header.seed_commitment:
            self.seed_matches = False
            reason = "the revealed seed does not match the header's seed commitment"
            return Problem(version, line, "SEED_MISMATCH", reason)
        self.seed_matches = True
        self.seed = seed
        self.salts = LineSalts(seed, self.header.game_id)
        self.rng_seed = seed  # a player-entropy game mixes in the client seeds at its deal
        self.checks.append("seed: the revealed seed matches the commitment published at creation")
        return None

    # -- (b) the rules ------------------------------------------------------------------

    def check_salt(self, number: int, version: int, salt: str | None) -> None:
        """Format 2 with the seed revealed: each line's salt is the one the seed derives."""
        if self.salts is None or self.header.format_version < 2:
            return
        if salt != self.salts(version):
            raise _Failed(
                Problem(
                    version,
                    number,
                    "SALT_DIFFERS",
                    "the line's salt is not the one the revealed seed derives",
                )
            )

    def check_versions(self, engine: Engine) -> None:
        """Format 2 names its generator and its rules version: both must be ones this verifier has."""
        header = self.header
        if header.format_version < 2:
            return
        rng_id = header.rng or ""
        if rng_id not in GENERATORS:
            known = ", ".join(sorted(GENERATORS))
            raise _Failed(
                Problem(
                    1, 1, "UNKNOWN_RNG", f"unknown random generator {rng_id!r}; this verifier has {known}"
                )
            )
        self.generator = GENERATORS[rng_id]
        versions = known_rules_versions(engine)
        for named in (header.rules_version, self.rules_in_force):
            if named not in versions:
                # Re-running it under any rules this verifier has would guess at the ones it was played by.
                reason = str(UnknownRulesVersion(named, versions))
                raise _Failed(Problem(1, 1, "UNKNOWN_RULES_VERSION", reason))
        if self.forced_rules is not None:
            self.checks.append(
                f"rules version: recorded under {header.rules_version}, re-run under {self.forced_rules}"
            )
        elif header.rules_version != engine.rules_version:
            # An older version it knows: re-run with the option values that reproduce it.
            self.checks.append(
                f"rules version: the log was recorded under {header.rules_version}, "
                f"re-run under {engine.rules_version}"
            )

    def replay(self) -> None:
        header = self.header
        try:
            engine = get_engine(header.game)
        except UnknownGame as error:
            raise _Failed(Problem(1, 1, "UNKNOWN_GAME", str(error.args[0]))) from None
        self.engine = engine
        self.check_versions(engine)
        self.events_codec = shared_codec(engine.events)
        self.check_salt(1, 1, header.salt)
        if not engine.min_seats <= header.seats <= engine.max_seats:
            raise _Failed(
                Problem(
                    1,
                    1,
                    "BAD_SEATS",
                    f"{engine.title} takes {engine.min_seats}-{engine.max_seats} seats, not {header.seats}",
                )
            )
        try:
            # The header holds the options as stored; an option added since takes the value
            # that reproduces the rules the log was recorded under.
            options = options_for_log(engine, header.options, self.rules_in_force)
            recorded = recorded_rules(header.game, header.rules_version)
            # A re-run under later rules whose versions declare setup migrations sets up as
            # recorded, then migrates (replay/setup_migration.py).
            if self.forced_rules is not None and migrates(engine, recorded, self.forced_rules):
                self.migrating = (recorded, options_for_log(engine, header.options, recorded))
        except Exception as error:  # noqa: BLE001 -- untrusted options may break more than OptionError
            raise _Failed(Problem(1, 1, "BAD_OPTIONS", str(error) or repr(error))) from None
        self.options = options
        if header.clock is not None:
            try:
                self.control = parse_time_control(str(header.clock["time_control"]))
                self.timeout_policy = parse_policy(str(header.clock["timeout_policy"]))
            except ClockError as error:
                raise _Failed(Problem(1, 1, "BAD_CLOCK", str(error))) from None
            if self.control is None:
                raise _Failed(Problem(1, 1, "BAD_CLOCK", "a clock field that names no time control"))
        keeps_past = header.takeback_policy is not None
        self.rules = TableRules(engine, header.seats, self.control, self.timeout_policy, keeps_past)
        if header.player_entropy:
            if header.setup_events or header.setup_draws:
                reason = (
                    "a player-entropy game deals nothing at creation: "
                    "the header's events and draws must be empty"
                )
                raise _Failed(Problem(1, 1, "EVENTS_DIFFER", reason))
            self.rng_seed = None  # until the deal, when the client seeds are known
        elif header.forked_from is not None:  # a fork starts from a copied position (replay/forks.py)
            try:
                start, fresh = fork_start(engine, header)
            except ForkStartError as error:
                raise _Failed(Problem(1, 1, error.code, error.reason)) from None
            events, _ = self._run_checked(
                1,
                1,
                header.setup_draws,
                fresh,
                0,
                lambda rng: (engine.reshuffle_unseen(start, rng), None),
            )
            self.state = fold(engine, start, events)
        else:
            self._setup(1, 1, header.setup_draws, header.setup_events)
        commands = shared_codec(engine.commands)
        self._keep_past(1)
        for number, line in enumerate(self.entries, start=2):
            if isinstance(line, SeatLine):
                self._seat(number, line)
            elif isinstance(line, DealLine):
                self._deal(number, line)
                self._keep_past(line.version)
            elif isinstance(line, RulingLine):  # its table effects keep its state for takebacks
                self._rule(engine, number, line)
            elif isinstance(line, UpgradeLine):
                self._upgrade(engine, number, line)
                self._keep_past(line.version)
            else:
                if self.state is None:
                    raise _Failed(
                        Problem(line.version, number, "NOT_DEALT", "a command before the game was dealt")
                    )
                self._apply(engine, commands, number, line)
                self.steps += 1
        rules = f"rules: the setup and {counted(self.steps, 'command')} re-run, every event as recorded"
        self.checks.append(rules)
        if self.rulings:
            self.checks.append(
                f"rulings: {counted(self.rulings, 'ruling')} re-made (resignations, timeouts, resume marks, "
                "the organiser's end), and every move the server played for a seat that was out is the "
                "autopilot's choice"
            )
        if self.upgrades:
            self.checks.append(
                f"upgrades: {'; '.join(self.upgrades)}, each after its history re-ran under the new rules; "
                "every later line re-run under them"
            )
        if self.takebacks:
            self.checks.append(
                f"takebacks: {counted(self.takebacks, 'takeback')} re-made: each granted as the game's "
                "policy asks, and none undid a draw, a reveal or a ruling"
            )
        if self.seed is not None:
            keyed = f" (keyed by duplicate deal {header.deal})" if header.deal is not None else ""
            derived = counted(self.draws_rederived, "draw")
            self.checks.append(f"randomness: {derived} re-derived from the seed{keyed}, all equal")
        elif self.trailer is not None and self.trailer.seed is not None:
            self.checks.append("randomness: the revealed seed is unusable; every outcome was possible")
        elif self.header.seed_commitment is None:
            self.checks.append("randomness: no seed (tabletop log); every observed outcome was possible")
        else:
            self.checks.append("randomness: seed not revealed yet; every recorded outcome was possible")

    def _setup(
        self, version: int, number: int, draws: Sequence[Draw], events: Sequence[Mapping[str, JsonValue]]
    ) -> None:
        engine, header, options = self.engine, self.header, self.options
        assert engine is not None
        if self.migrating is not None:
            options = self.migrating[1]
        setup, _ = self._run_checked(
            version, number, draws, events, 0, lambda rng: (engine.setup(options, header.seats, rng), None)
        )
        self.state = fold(engine, None, setup)
        if self.migrating is not None and self.forced_rules is not None:
            self.state, differs = migrated_setup(
                engine,
                self.state,
                header.options,
                self.options,
                header.seats,
                draws,
                self.migrating[0],
                self.forced_rules,
            )
            if differs is not None:
                raise _Failed(Problem(version, number, "SETUP_DIFFERS", differs))

    def _seat(self, number: int, line: SeatLine) -> None:
        """A seat taken after creation: an open seat, with a client seed exactly when the game asks."""
        version, seat, entropy = line.version, line.seat, self.header.player_entropy
        if not 0 <= seat < self.header.seats:
            raise _Failed(
                Problem(version, number, "BAD_SEAT", f"seat {seat + 1} does not exist (field seat={seat})")
            )
        if self.taken[seat]:
            holder = self.players[seat] or f"seat {seat + 1}'s first claimant"
            raise _Failed(
                Problem(version, number, "SEAT_TAKEN", f"seat {seat + 1} was already taken by {holder}")
            )
        committed = line.format_version >= 4
        given = line.client_commitment if committed else line.client_seed
        what = "client commitment" if committed else "client seed"
        if entropy and given is None:
            reason = f"seat {seat + 1} of a player-entropy game was taken without a {what}"
            raise _Failed(Problem(version, number, "MISSING_CLIENT_SEED", reason))
        if not entropy and given is not None:
            reason = f"seat {seat + 1} gives a {what}, but this game was dealt at creation"
            raise _Failed(Problem(version, number, "UNEXPECTED_CLIENT_SEED", reason))
        if self.seed is not None:
            expected = (
                seat_salt_4(self.seed, self.header.game_id, seat, line.player, line.client_commitment)
                if committed
                else seat_salt(self.seed, self.header.game_id, seat, line.player, line.client_seed)
            )
            if line.salt != expected:
                reason = (
                    f"seat {seat + 1}'s line does not carry the salt the revealed seed derives for its "
                    f"player and {what}: the name or the {what} was changed after it was recorded"
                )
                raise _Failed(Problem(version, number, "SEAT_ALTERED", reason))
        self.taken[seat] = True
        self.players[seat] = line.player
        if committed:
            self.commitments[seat] = line.client_commitment
        else:
            self.client_seeds[seat] = line.client_seed

    def _deal(self, number: int, line: DealLine) -> None:
        """The deal of a player-entropy game: once, when the last seat is taken, from the mixed seed."""
        if not self.header.player_entropy or self.state is not None:
            reason = (
                "a deal line in a game that was already dealt"
                if self.state is not None
                else ("a deal line in a game dealt at creation")
            )
            raise _Failed(Problem(1, number, "UNEXPECTED_DEAL", reason))
        open_seats = [seat + 1 for seat, taken in enumerate(self.taken) if not taken]
        if open_seats:
            reason = f"the game is dealt while seat(s) {', '.join(map(str, open_seats))} are still open"
            raise _Failed(Problem(1, number, "SEATS_OPEN", reason))
        if line.format_version >= 4:  # commit, then reveal: each seed must be the one committed to
            problem = reveal_problems(self.commitments, line.client_seeds)
            if problem is not None:
                raise _Failed(Problem(1, number, problem[0], problem[2]))
            self.client_seeds = list(line.client_seeds)
        if self.seed is not None:
            if line.salt != deal_salt(self.seed, self.header.game_id):
                reason = "the deal line's salt is not the one the revealed seed derives"
                raise _Failed(Problem(1, number, "SALT_DIFFERS", reason))
            self.rng_seed = mixed_seed(self.seed, self.client_seeds)
        self._setup(1, number, line.draws, line.events)
        given = [seat + 1 for seat, client_seed in enumerate(self.client_seeds) if client_seed is not None]
        mixed = "mixed with" if self.seed is not None else "to be mixed (once the seed is revealed) with"
        if line.format_version >= 4:
            mixed = "committed to before any seed was revealed, and " + mixed
        self.checks.append(
            f"player entropy: dealt at line {number} once every seat was taken; the server seed "
            f"{mixed} the client seeds of seat(s) {', '.join(map(str, given)) or 'none'} "
            "(seats named at creation give none)"
        )

    def _keep_past(self, version: int) -> None:
        """Remember the state at `version` for takebacks, in a game that takes them; nothing
        before it may be returned to."""
        self.past = self.rules.kept(self.past, version, self.state, final=True)

    @property
    def side(self) -> TableSide:
        return TableSide(self.table, self.clocks, self.past)

    def _fold(self, side: TableSide) -> None:
        """Take a line's table effects, as the shared fold gives them."""
        self.table, self.clocks, self.past = side

    def _take_back(self, engine: Engine, number: int, line: RulingLine) -> None:
        """A takeback (replay/takebacks.py): granted as the policy asks, undoing no draw, reveal
        or ruling; the game goes on from the state at its `to_version`."""
        charged = self._clock_before(number, line)
        if charged is not None:
            self._check_no_timeout_missed(number, line, None, charged)
        to_version = line.to_version or 0
        undone = [
            kept
            for kept in self.entries
            if to_version < kept.version < line.version and not isinstance(kept, SeatLine)
        ]
        try:
            self.state = remake(
                engine,
                self.header.takeback_policy,
                self.header.seats,
                self.table,
                line,
                self.past,
                undone,
                self.events_codec.decode,
                over=self.state is not None and engine.outcome(self.state) is not None,
            )
        except RulingRefused as refused:
            raise _Failed(Problem(line.version, number, refused.code, refused.message)) from None
        self._fold(self.rules.after_takeback(self.side, line.version, self.state, charged))
        self.check_salt(number, line.version, line.salt)
        self._check_readings(number, line)
        self.rulings += 1
        self.takebacks += 1

    def _rule(self, engine: Engine, number: int, line: RulingLine) -> None:
        """A ruling (replay/table.py): made by whom the table lets make it, when it may be made."""
        version = line.version
        if line.ruling == TAKEBACK:
            self._take_back(engine, number, line)
            return
        makers = MADE_BY.get(line.ruling, ())
        if line.by not in makers or (line.ruling in FOR_A_SEAT) != (line.seat is not None):
            who = " or ".join(makers) or "nobody"
            reason = f"a {line.ruling} ruling by {line.by!r} for seat {line.seat}: only {who} makes it"
            raise _Failed(Problem(version, number, "BAD_RULING", reason))
        charged = self._clock_before(number, line)
        to_act = charged.to_act if charged is not None else ()
        if line.ruling == TIMEOUT and charged is not None and line.seat is not None and line.seat in to_act:
            self._check_think(number, line, line.seat, charged, due="late")
            self._check_first_to_run_out(number, line, line.seat, charged)
        elif charged is not None:
            self._check_no_timeout_missed(number, line, None, charged)
        try:
            self._fold(self.rules.after_ruling(self.side, line, self.state, charged))
        except RulingRefused as refused:
            raise _Failed(Problem(version, number, refused.code, refused.message)) from None
        self.check_salt(number, version, line.salt)
        self._check_readings(number, line)
        self.rulings += 1

    def _upgrade(self, engine: Engine, number: int, line: UpgradeLine) -> None:
        """An upgrade: from the rules in force, of a game in progress without a clock or takebacks,
        to a later version this verifier knows and under which the history so far re-runs line for line."""
        version = line.version
        self.check_salt(number, version, line.salt)
        if self.forced_rules is not None:  # a re-run under one version plays every part under it
            return
        header = self.header
        refusal = None
        if line.by != "organiser":
            refusal = f"an upgrade by {line.by!r}: only the organiser upgrades a game"
        elif line.from_rules != self.rules_in_force:
            refusal = f"an upgrade from {line.from_rules}, but the game is played under {self.rules_in_force}"
        elif _rules_number(line.to_rules) <= _rules_number(line.from_rules):
            refusal = f"an upgrade from {line.from_rules} to {line.to_rules}: it must go to a later version"
        elif header.clock is not None or header.takeback_policy is not None:
            refusal = "a game with a clock or takebacks is not upgraded"
        elif self.state is not None and table_outcome(engine, self.state, self.table) is not None:
            refusal = "an upgrade after the game was over"
        if refusal is not None:
            raise _Failed(Problem(version, number, "BAD_UPGRADE", refusal))
        versions = known_rules_versions(engine)
        if line.to_rules not in versions:
            reason = str(UnknownRulesVersion(line.to_rules, versions))
            raise _Failed(Problem(version, number, "UNKNOWN_RULES_VERSION", reason))
        history = self.entries[: number - 2]
        rerun = verify(header, history, None, bodies=self.bodies[1 : number - 1], rules_version=line.to_rules)
        if rerun.problem is not None:
            where = rerun.problem
            reason = (
                f"the history does not re-run under {line.to_rules}: it diverges at version {where.version} "
                f"(line {where.line}): {where.code}: {where.reason}"
            )
            raise _Failed(Problem(version, number, "UPGRADE_DIVERGES", reason))
        # The setup migration the engine declares for the pair, re-derived from the state here.
        migration = upgrade_events(engine, self.state, header.options, line.from_rules, line.to_rules)
        same = same_events(self.events_codec, line.events, migration)
        differs = None if same else events_difference(line.events, migration)
        if differs is not None:
            reason = f"the upgrade's setup migration is not the one {line.to_rules} declares: {differs}"
            raise _Failed(Problem(version, number, "MIGRATION_DIFFERS", reason))
        self.state = fold(engine, self.state, migration)
        self.rules_in_force = line.to_rules
        self.options = options_for_log(engine, header.options, line.to_rules)
        migrated = f" ({counted(len(migration), 'setup migration event')})" if migration else ""
        self.upgrades.append(f"{line.from_rules} to {line.to_rules} at version {version}{migrated}")

    # -- the clock (replay/clock.py) ------------------------------------------------------

    def _clock_before(self, number: int, line: Entry | RulingLine) -> Clocks | None:
        """The clocks with this line's elapsed time charged; a line has a clock iff its game has."""
        if self.control is None:
            if line.clock is not None:
                reason = "a clock reading in a game without a clock"
                raise _Failed(Problem(line.version, number, "UNEXPECTED_CLOCK", reason))
            return None
        if line.clock is None:
            reason = "the game has a clock, but this line has no clock reading"
            raise _Failed(Problem(line.version, number, "MISSING_CLOCK", reason))
        # Only a resume mark says how long the clocks stopped, and it always does.
        resume = isinstance(line, RulingLine) and line.ruling == RESUME
        if resume and "stopped_ms" not in line.clock:
            reason = "a resume mark that does not say how long the clocks stopped (stopped_ms)"
            raise _Failed(Problem(line.version, number, "MISSING_CLOCK", reason))
        if not resume and "stopped_ms" in line.clock:
            reason = "stopped_ms on a line that is not a resume mark: only a resume stops the clocks"
            raise _Failed(Problem(line.version, number, "UNEXPECTED_CLOCK", reason))
        if self.clocks is None:  # the clock starts with the first line after the deal
            self.clocks = self.rules.started(self.state, self.table)
            assert self.clocks is not None
        elapsed = line.clock["elapsed_ms"]
        assert isinstance(elapsed, int)  # the reader checked it
        return self.clocks.charged(elapsed)

    def _check_think(
        self, number: int, line: Entry | RulingLine, seat: int, charged: Clocks, *, due: str
    ) -> None:
        """A seat's move must come within its time (`due` "on time"), a timeout only once the time
        has run out ("late"), the server's autopilot move at any time ("any"); each records the
        seat's think as the clocks give it."""
        assert self.control is not None and line.clock is not None
        think, allowance = charged.think_ms[seat], charged.allowance(self.control, seat)
        if line.clock.get("used_ms") != think:
            said = line.clock.get("used_ms")
            reason = f"the line says {seat_name(seat)} used {said} ms; the clocks give {think} ms"
            raise _Failed(Problem(line.version, number, "CLOCK_DIFFERS", reason))
        if due == "on time" and think > allowance:
            reason = f"{seat_name(seat)} moved after {think} ms of its {allowance} ms: its time had run out"
            raise _Failed(Problem(line.version, number, "LATE_MOVE", reason))
        if due == "late" and think < allowance:
            reason = f"a timeout of {seat_name(seat)} after {think} ms of its {allowance} ms: time was left"
            raise _Failed(Problem(line.version, number, "EARLY_TIMEOUT", reason))

    def _check_first_to_run_out(self, number: int, line: RulingLine, seat: int, charged: Clocks) -> None:
        """Of several seats out of time at once, the one whose time ran out first (the lower seat of
        a tie) times out first: the server's order, so nobody can choose who loses on time."""
        assert self.control is not None
        control = self.control
        first = min((charged.remaining(control, s), s) for s in charged.to_act)[1]
        if seat != first:
            reason = f"{seat_name(first)}'s time ran out before {seat_name(seat)}'s: its timeout comes first"
            raise _Failed(Problem(line.version, number, "WRONG_TIMEOUT", reason))

    def _check_no_timeout_missed(
        self, number: int, line: Entry | RulingLine, mover: int | None, charged: Clocks
    ) -> None:
        """No line but a timeout comes after a seat's time has run out: the server records it first."""
        assert self.control is not None
        for seat in sorted(charged.to_act):
            if seat != mover and charged.remaining(self.control, seat) < 0:
                reason = f"{seat_name(seat)}'s time had run out before this line: its timeout comes first"
                raise _Failed(Problem(line.version, number, "TIMEOUT_MISSED", reason))

    def _check_readings(self, number: int, line: Entry | RulingLine) -> None:
        """The line's `left_ms` must be the clocks' after it, as the fold re-derived them."""
        if self.clocks is None or self.control is None:
            return
        assert line.clock is not None
        readings = list(self.clocks.readings(self.control))
        if line.clock.get("left_ms") != readings:
            said = line.clock.get("left_ms")
            reason = f"the line says the seats have {said} ms left; the clocks give {readings}"
            raise _Failed(Problem(line.version, number, "CLOCK_DIFFERS", reason))

    def _apply(self, engine: Engine, commands: Codec, number: int, entry: Entry) -> None:
        version = entry.version
        # The command creating version v draws with counter v - 1 (see engines/simulate.py).
        self._check_recorded_draws(version, number, entry.draws, version - 1)
        if table_outcome(engine, self.state, self.table) is not None:
            raise _Failed(Problem(version, number, "GAME_OVER", "a command after the game was over"))
        out = entry.seat in self.table.out or entry.seat == self.table.autopilot_now
        if out != (entry.by == AUTOPILOT):
            reason = (
                f"{seat_name(entry.seat)} is out of the game: the server plays its moves (by autopilot)"
                if out
                else f"a move by autopilot for {seat_name(entry.seat)}, which is not out of the game"
            )
            raise _Failed(Problem(version, number, "NOT_AUTOPILOT" if out else "BAD_AUTOPILOT", reason))
        try:
            command = commands.decode(entry.command)
        except DecodeError as error:
            raise _Failed(
                Problem(version, number, "BAD_COMMAND", f"the command is malformed: {error}")
            ) from None
        assert isinstance(command, Command)
        waiting = engine.seats_to_act(self.state)
        charged = self._clock_before(number, entry)
        if charged is not None and entry.seat in charged.to_act:
            self._check_think(number, entry, entry.seat, charged, due="any" if out else "on time")
        if charged is not None and not out:
            self._check_no_timeout_missed(number, entry, entry.seat, charged)
        if out and entry.seat in waiting and command != autopilot_command(engine, self.state, entry.seat):
            reason = (
                f"the server played {entry.command} for {seat_name(entry.seat)}, not the autopilot's choice"
            )
            raise _Failed(Problem(version, number, "BAD_AUTOPILOT", reason))
        if entry.seat not in waiting:
            names = ", ".join(f"seat {s + 1}" for s in waiting) or "nobody"
            raise _Failed(
                Problem(
                    version,
                    number,
                    "NOT_TO_ACT",
                    f"seat {entry.seat + 1} may not act now (waiting for {names})",
                )
            )
        events, folded = self._run_checked(
            version,
            number,
            entry.draws,
            entry.events,
            version - 1,
            lambda rng: _decide_folded(engine, self.state, entry.seat, command, rng),
            draws_checked=True,
        )
        # After the rules, so a moved or renumbered line is named by the rule it breaks.
        self.check_salt(number, version, entry.salt)
        self.state = fold(engine, self.state, events) if folded is None else folded
        self._fold(
            self.rules.after_move(
                self.side, entry.seat, version, self.state, charged, final=bool(entry.draws)
            )
        )
        self._check_readings(number, entry)

    def _run_checked(
        self,
        version: int,
        number: int,
        draws: Sequence[Draw],
        recorded: Sequence[Mapping[str, JsonValue]],
        counter: int,
        rules: Rules,
        *,
        draws_checked: bool = False,
    ) -> tuple[list[Event], Any]:
        """Run one step's rules and check its draws and events against the log.

        Returns the rules' events and the state they fold into, if the rules gave it.
        """
        if self.rng_seed is None:
            events, folded = _run_rules(version, number, rules, ObservedRng(draws))
            self._compare_events(version, number, recorded, events)
            return events, folded
        format_version = self.header.format_version
        if not draws_checked:
            self._check_recorded_draws(version, number, draws, counter)
        if format_version >= DRAW_QUESTIONS_FORMAT and self.generator is SeededRng:
            # Every draw was just re-derived for its recorded question: if the rules ask those,
            # they get those outcomes, and the seeded run below would only derive them again.
            served = _rules_on_checked_draws(rules, draws)
            if served is not None:
                self._compare_events(version, number, recorded, served[0])
                self.draws_rederived += len(draws)
                return served
        # With the seed, one run both re-derives the draws and re-checks the events.
        seeded = self.generator(self.rng_seed, rng_key(self.header.game_id, self.header.deal), counter)
        events, folded = _run_rules(version, number, rules, seeded)
        written = written_draws(seeded.draws, format_version)
        if not same_json(written, list(draws)):
            # Tell a command the rules reject apart from edited randomness: serve the
            # recorded outcomes; if the rules accept them, the randomness was edited.
            observed, _ = _run_rules(version, number, rules, ObservedRng(draws))
            self._compare_events(version, number, recorded, observed)
            # From format 5 every outcome matched its recorded question: the questions differ.
            code = "DRAW_QUESTION_DIFFERS" if format_version >= DRAW_QUESTIONS_FORMAT else "DRAW_DIFFERS"
            raise _Failed(Problem(version, number, code, _draw_difference(draws, written)))
        self._compare_events(version, number, recorded, events)
        self.draws_rederived += len(seeded.draws)
        return events, folded

    def _check_recorded_draws(self, version: int, number: int, draws: Sequence[Draw], counter: int) -> None:
        """From format 5 each draw names its question: with a usable seed its outcome is checked
        before any rule of its line, as a verifier without the rules engines checks it, so that
        both name the same problem (DRAW_DIFFERS)."""
        if not draws or self.rng_seed is None or self.header.format_version < DRAW_QUESTIONS_FORMAT:
            return  # most lines draw nothing: no generator to key
        asked = self.generator(self.rng_seed, rng_key(self.header.game_id, self.header.deal), counter)
        for index, draw in enumerate(draws, start=1):
            derived = asked.rederive(draw)
            if derived is None or not same_json(derived, draw):
                reason = f"draw {index} differs: recorded {draw}, the seed gives {derived}"
                raise _Failed(Problem(version, number, "DRAW_DIFFERS", reason))

    def _compare_events(
        self,
        version: int,
        number: int,
        recorded: Sequence[Mapping[str, JsonValue]],
        produced: Sequence[Event],
    ) -> None:
        if not same_events(self.events_codec, recorded, produced):
            reason = events_difference(recorded, produced)
            if reason is not None:
                raise _Failed(Problem(version, number, "EVENTS_DIFFER", reason))

    # -- (d) the trailer ----------------------------------------------------------------

    def check_trailer(self) -> None:
        trailer, engine = self.trailer, self.engine
        if trailer is None or engine is None:
            return
        line, version = self.trailer_line, trailer.version
        last = self.entries[-1].version if self.entries else 1
        if version != last:
            raise _Failed(
                Problem(version, line, "OUT_OF_ORDER", f"trailer at version {version}, log ends at {last}")
            )
        outcome = outcome_json(table_outcome(engine, self.state, self.table))
        if not same_json(trailer.outcome, outcome):
            raise _Failed(
                Problem(
                    version,
                    line,
                    "OUTCOME_DIFFERS",
                    f"recorded result {trailer.outcome}, rules give {outcome}",
                )
            )
        status = "in_progress" if outcome is None else "finished"
        if trailer.status != status:
            raise _Failed(
                Problem(
                    version, line, "STATUS_DIFFERS", f"recorded status {trailer.status}, rules give {status}"
                )
            )
        if self.migrating is not None:
            # The trailer hashes the state of the recorded rules; the migrated setup made another.
            self.checks.append(f"result: the result ({status}) matches the trailer (the setup migrated)")
            return
        reached = final_state_hash(engine, self.state, self.header.format_version)
        if trailer.state_hash != reached:
            raise _Failed(
                Problem(
                    version,
                    line,
                    "STATE_HASH_DIFFERS",
                    f"recorded final state {trailer.state_hash[:12]}..., "
                    f"the replay reaches {reached[:12]}...",
                )
            )
        self.checks.append(f"result: the final state hash and the result ({status}) match the trailer")


def _rules_number(rules_version: str) -> int:
    """The n of "<game>/<n>" (-1 when it has none, so nothing counts as later than a malformed name)."""
    number = rules_version.rpartition("/")[2]
    return int(number) if number.isdigit() else -1


def shared_codec(classes: Sequence[type[Message]]) -> Codec:
    """The codec of these message classes, made once: making one reads each class's fields,
    which costs a short log's rebuild a few percent (callers never change a codec)."""
    return _codec_of(tuple(classes))


@cache
def _codec_of(classes: tuple[type[Message], ...]) -> Codec:
    return Codec(classes)


def final_state_hash(engine: Engine, state: Any, format_version: int) -> str:
    """The trailer's state hash: of the omniscient view, or of `null` for a game not dealt yet."""
    return state_hash(None if state is None else engine.view(state, None), format_version)


# One step's rules: its events, and the state they fold into where the rules folded them already.
Rules = Callable[[Rng], tuple[list[Event], Any]]


def _decide_folded(
    engine: Engine, state: Any, seat: Seat, command: Command, rng: Rng
) -> tuple[list[Event], Any]:
    """`engine.decide`, and the state its events fold into if the engine gives it.

    An engine's `decide_folded` returns the state its decide reached by folding each event
    with its own `evolve` as it made it (engines/*/decide.py), which is the fold of the
    events it returns (tests/replay/test_fold_once.py): an audit need not fold them again.
    """
    decide_folded = getattr(engine, "decide_folded", None)
    if decide_folded is None:
        return engine.decide(state, seat, command, rng), None
    result: tuple[list[Event], Any] = decide_folded(state, seat, command, rng)
    return result


def _run_rules(version: int, number: int, rules: Rules, rng: Rng) -> tuple[list[Event], Any]:
    try:
        result = rules(rng)
        if isinstance(rng, ObservedRng):
            rng.finish()
    except RuleViolation as violation:
        reason = f"{violation.message} [{violation.rule}]" if violation.rule else violation.message
        raise _Failed(Problem(version, number, violation.code, reason)) from None
    except OptionError as error:  # the deal checks the options against the seats: say which and why
        reason = f"the rules refuse the table's options: {error}"
        raise _Failed(Problem(version, number, "BAD_OPTIONS", reason)) from None
    except Exception as error:  # noqa: BLE001 -- an untrusted log must not crash the verifier
        raise _Failed(
            Problem(version, number, "ENGINE_ERROR", f"the rules engine failed: {error!r}")
        ) from None
    return result


def _rules_on_checked_draws(rules: Rules, draws: Sequence[Draw]) -> tuple[list[Event], Any] | None:
    """The rules' result on the recorded draws, if they ask exactly the recorded questions (all of
    them) and succeed; None leaves the step to the seeded run, which names any problem."""
    served = CheckedDraws(draws)
    try:
        result = rules(served)
    except Exception:  # noqa: BLE001 -- Diverged, or a refusal: the seeded run decides and words it
        return None
    return result if served.finished else None


def _draw_difference(recorded: Sequence[Draw], derived: Sequence[Draw]) -> str:
    for index, (mine, theirs) in enumerate(zip(recorded, derived, strict=False)):
        if not same_json(mine, theirs):
            return f"draw {index + 1} differs: recorded {mine}, the seed gives {theirs}"
    return f"recorded {counted(len(recorded), 'draw')}, the seed gives {len(derived)}"


# -- building and stepping through records ----------------------------------------------


def build_record(
    game_id: str,
    game: str,
    options: Mapping[str, JsonValue],
    seats: int,
    players: Sequence[str],
    tag: str,
    seed: bytes,
    steps: Sequence[Step],
    *,
    reveal_seed: bool | None = None,
    format_version: int = FORMAT_VERSION,
    deal: str | None = None,
    claims: Sequence[tuple[int, str, str | None]] = (),
    player_entropy: bool = False,
) -> tuple[Header, list[Line], Trailer]:
    """Seal a playout (`engines.simulate.playout` with the same seed and game_id) as a record.

    `options` are the complete options (`engine.options(raw)`). The seed is
    revealed in the trailer when the game is over, unless `reveal_seed` says otherwise.
    A duplicate deal's playout is keyed by its `deal` key (playout's game_id) instead.
    `claims` (format 3) are seats taken after creation, (seat, player, client seed), written
    as seat lines after the header (format 4: with the seed's commitment, the seed in the deal
    line). With `player_entropy` the setup goes in a deal line after
    them, and the playout must have drawn from `mixed_seed(seed, client seeds)`.
    """
    if not steps or steps[0].command is not None:
        raise ValueError("steps must start with the setup step of a playout")
    engine = get_engine(game)
    setup = steps[0]
    header = Header(
        game_id=game_id,
        game=game,
        options=dict(options),
        seats=seats,
        players=tuple(players),
        tag=tag,
        seed_commitment=seed_commitment(seed),
        setup_events=() if player_entropy else tuple(encode(e) for e in setup.events),
        setup_draws=() if player_entropy else tuple(written_draws(setup.draws, format_version)),
        **_format_fields(format_version, engine, seed, game_id, 1, header=True),
        deal=deal,
    ).sealed()
    if format_version >= 3:
        header = replace(header, player_entropy=player_entropy).sealed()
    entries: list[Line] = []
    previous = header.hash
    revealed: list[str | None] = [None] * seats
    for seat, player, client_seed in claims:
        if format_version >= 4:  # commit, then reveal in the deal line
            commitment = None if client_seed is None else client_commitment(client_seed)
            salt = seat_salt_4(seed, game_id, seat, player, commitment)
            revealed[seat] = client_seed
        else:
            commitment, salt = None, seat_salt(seed, game_id, seat, player, client_seed)
        line = SeatLine(
            version=1,
            seat=seat,
            player=player,
            client_seed=None if format_version >= 4 else client_seed,
            prev=previous,
            salt=salt,
            format_version=format_version,
            client_commitment=commitment,
        ).sealed()
        entries.append(line)
        previous = line.hash
    if player_entropy:
        dealt = DealLine(
            events=tuple(encode(e) for e in setup.events),
            draws=tuple(written_draws(setup.draws, format_version)),
            prev=previous,
            salt=deal_salt(seed, game_id),
            format_version=format_version,
            client_seeds=tuple(revealed),
        ).sealed()
        entries.append(dealt)
        previous = dealt.hash
    for step in steps[1:]:
        assert step.command is not None and step.seat is not None
        entry = Entry(
            version=step.version,
            seat=step.seat,
            command=encode(step.command),
            draws=tuple(written_draws(step.draws, format_version)),
            events=tuple(encode(e) for e in step.events),
            prev=previous,
            **_format_fields(format_version, engine, seed, game_id, step.version),
        ).sealed()
        entries.append(entry)
        previous = entry.hash
    final = steps[-1].state
    outcome = engine.outcome(final)
    reveal = outcome is not None if reveal_seed is None else reveal_seed
    trailer = Trailer(
        version=steps[-1].version,
        status="in_progress" if outcome is None else "finished",
        outcome=outcome_json(outcome),
        state_hash=final_state_hash(engine, final, format_version),
        seed=seed.hex() if reveal else None,
        prev=previous,
        format_version=format_version,
    ).sealed()
    return header, entries, trailer


def _format_fields(
    format_version: int, engine: Engine, seed: bytes, game_id: str, version: int, *, header: bool = False
) -> dict[str, Any]:
    """The fields a line of `format_version` adds: its salt; the header's versions."""
    if format_version < 2:
        return {"format_version": format_version}
    fields: dict[str, Any] = {"format_version": format_version, "salt": line_salt(seed, game_id, version)}
    if header:
        fields.update(rules_version=engine.rules_version, rng=SEEDED_RNG_ID)
    return fields


class ReplayStep(NamedTuple):
    """One step of a replay: version 1 is the setup (no seat, no command)."""

    version: int
    seat: Seat | None
    command: Command | None
    events: tuple[Event, ...]
    state: Any
    ruling: RulingLine | None = None  # a ruling's step: no command, no events, the state unchanged
    table: Table = Table()  # the rulings up to this step (replay/table.py)
    clock: dict[str, JsonValue] | None = None  # the line's clock reading, in a game with a clock
    upgrade: UpgradeLine | None = None  # an upgrade's step: no seat, command or events, the state unchanged


def steps(header: Header, entries: Iterable[Line]) -> Iterator[ReplayStep]:
    """Fold a record's recorded events step by step; for a log that `verify` accepted.

    Folding trusts the events (no decide, no rolls), so it is cheaper than
    verifying; on an unverified log it may raise DecodeError or worse. Seat lines
    change no state and make no step; a player-entropy game's setup step is its deal.
    An upgrade line makes a version, so it is a step of its own (with its setup migration's events).
    """
    engine = get_engine(header.game)
    events_codec, commands_codec = shared_codec(engine.events), shared_codec(engine.commands)
    # Bound once: a rebuild runs these for every line and event of the log.
    decode_event, decode_command = events_codec.decode, commands_codec.decode

    def decode_events(data: Iterable[Mapping[str, JsonValue]]) -> tuple[Event, ...]:
        decoded: tuple[Any, ...] = tuple(map(decode_event, data))  # Codec(engine.events): events
        return decoded

    state: Any = None
    table = Table()
    keeps_past = header.takeback_policy is not None
    past: Horizon | None = None  # the states a takeback may return to (replay/takebacks.py)
    # A timeout is re-made by the game's policy, for a seat on the clock (as `verify` re-makes it).
    policy = parse_policy(str(header.clock["timeout_policy"])) if header.clock else ""
    # A forfeit timeout needs the seats out of time with it (TABLE-CLOCK-4): only then are the
    # clocks kept, from the lines' readings as the audit keeps them.
    control = (
        parse_time_control(str(header.clock["time_control"])) if header.clock and policy == FORFEIT else None
    )
    rules = TableRules(engine, header.seats, control=control, timeout_policy=policy, takebacks=keeps_past)
    clocks: Clocks | None = None

    def charged(line: Entry | RulingLine) -> Clocks | None:
        """The clocks with `line`'s elapsed time charged (None: none kept)."""
        nonlocal clocks
        if control is None or line.clock is None:
            return None
        if clocks is None:  # the clock starts with the first line after the deal
            clocks = rules.started(state, table)
            assert clocks is not None
        elapsed = line.clock["elapsed_ms"]
        assert isinstance(elapsed, int)  # the reader checked it
        return clocks.charged(elapsed)

    if not header.player_entropy:
        setup = decode_events(header.setup_events)
        state = fold(engine, None, setup)
        past = rules.kept(None, 1, state, final=True)
        yield ReplayStep(1, None, None, setup, state)
    for entry in entries:
        if type(entry) is not Entry:  # exactly an Entry is the common case: no isinstance walks
            if isinstance(entry, DealLine):
                setup = decode_events(entry.events)
                state = fold(engine, None, setup)
                past = rules.kept(None, 1, state, final=True)
                yield ReplayStep(1, None, None, setup, state)
                continue
            if isinstance(entry, SeatLine):  # it changes no state and makes no version
                continue
            if isinstance(entry, UpgradeLine):  # its setup migration, if any, folds in
                migration = decode_events(entry.events)
                state = fold(engine, state, migration)
                yield ReplayStep(entry.version, None, None, migration, state, None, table, None, entry)
                continue
            if isinstance(entry, RulingLine) and entry.ruling == TAKEBACK and entry.to_version is not None:
                assert past is not None, "a verified record keeps its takebacks' states"
                now = charged(entry) if control is not None else None
                state = past.state_at(entry.to_version)
                past = rules.kept(past, entry.version, state, final=True)
                if control is not None:
                    clocks = rules.clocks_after(now, state, table)
                yield ReplayStep(entry.version, entry.seat, None, (), state, entry, table)
                continue
            if isinstance(entry, RulingLine):
                now = charged(entry) if control is not None else None
                past = rules.kept(past, entry.version, state, final=True)
                table = rules.ruled_table(table, entry, state, rules.on_clock(state, table), now)
                if control is not None:
                    timed_out = entry.seat if entry.ruling == TIMEOUT else None
                    clocks = rules.clocks_after(now, state, table, timed_out=timed_out)
                yield ReplayStep(entry.version, entry.seat, None, (), state, entry, table, entry.clock)
                continue
        command = decode_command(entry.command)
        assert isinstance(command, Command)
        events = decode_events(entry.events)
        now = charged(entry) if control is not None else None
        state = fold(engine, state, events)
        if control is not None:
            clocks = rules.clocks_after(now, state, table, moved=entry.seat)
        if keeps_past:
            past = rules.kept(past, entry.version, state, final=bool(entry.draws))
        yield ReplayStep(entry.version, entry.seat, command, events, state, None, table, entry.clock)
